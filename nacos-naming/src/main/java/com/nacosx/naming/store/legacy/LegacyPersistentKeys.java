package com.nacosx.naming.store.legacy;

import com.nacosx.naming.distro.legacy.LegacyDatums;
import com.nacosx.naming.model.ServiceKey;

/**
 * The keys of official 1.4 nodes' persistent naming data: a service's instance list
 * ({@code com.alibaba.nacos.naming.iplist.<namespace>##<group>@@<service>}), its metadata
 * ({@code com.alibaba.nacos.naming.domains.meta.<namespace>##...}) and the cluster's switches (a
 * metadata key whose service is the switch domain).
 */
final class LegacyPersistentKeys {

    static final String INSTANCE_LIST_PREFIX = "com.alibaba.nacos.naming.iplist.";
    static final String SERVICE_META_PREFIX = "com.alibaba.nacos.naming.domains.meta.";
    private static final String EPHEMERAL = "ephemeral.";
    private static final String SWITCH_DOMAIN = "00-00---000-NACOS_SWITCH_DOMAIN-000---00-00";
    private static final String NAMESPACE_SEPARATOR = "##";

    private LegacyPersistentKeys() {
    }

    static String instanceList(ServiceKey service) {
        return INSTANCE_LIST_PREFIX + service.namespace() + NAMESPACE_SEPARATOR + service.grouped();
    }

    static String serviceMeta(ServiceKey service) {
        return SERVICE_META_PREFIX + service.namespace() + NAMESPACE_SEPARATOR + service.grouped();
    }

    /** Whether a 1.4 node takes the key (it refuses a whole batch holding any other). */
    static boolean isValid(String key) {
        return key.startsWith(INSTANCE_LIST_PREFIX) || key.startsWith(SERVICE_META_PREFIX) || isSwitches(key)
                || key.startsWith("iplist.") || key.startsWith("meta.");
    }

    static boolean isSwitches(String key) {
        return key.endsWith(SWITCH_DOMAIN);
    }

    /** The service of a persistent instance-list key, or null for any other key. */
    static ServiceKey instanceListService(String key) {
        return key.startsWith(INSTANCE_LIST_PREFIX) && !key.startsWith(INSTANCE_LIST_PREFIX + EPHEMERAL)
                ? LegacyDatums.namespacedService(key.substring(INSTANCE_LIST_PREFIX.length())) : null;
    }

    /** The service of a metadata key, or null for any other key and for the switches. */
    static ServiceKey serviceMetaService(String key) {
        return key.startsWith(SERVICE_META_PREFIX) && !isSwitches(key)
                ? LegacyDatums.namespacedService(key.substring(SERVICE_META_PREFIX.length())) : null;
    }

    /**
     * The directory a 1.4 node keeps the key's file in, under its data directory and in its
     * snapshots: the key's namespace, none for the switches.
     */
    static String namespaceDirectory(String key) {
        if (isSwitches(key)) {
            return "";
        }
        String rest = key.startsWith(INSTANCE_LIST_PREFIX) ? key.substring(INSTANCE_LIST_PREFIX.length())
                : key.startsWith(SERVICE_META_PREFIX) ? key.substring(SERVICE_META_PREFIX.length()) : "";
        int separator = rest.indexOf(NAMESPACE_SEPARATOR);
        return separator <= 0 ? "" : rest.substring(0, separator);
    }
}
