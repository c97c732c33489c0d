package com.nacosx.naming.model;

import com.nacosx.api.common.Constants;
import com.nacosx.api.exception.NacosException;
import com.nacosx.api.exception.Shown;
import com.nacosx.api.naming.NamingNames;
import java.util.Objects;

/** Names one service: namespace, group and name. */
public record ServiceKey(String namespace, String group, String name) {

    /**
     * The service a client names, as the official server reads it: a name of the form
     * {@code group@@service} carries its group, otherwise {@code group} (default DEFAULT_GROUP) applies.
     *
     * @throws NacosException 400 when the name is empty or malformed
     */
    public static ServiceKey of(String namespace, String group, String serviceName) {
        if (serviceName == null || serviceName.isBlank()) {
            throw NacosException.missingParameter("serviceName");
        }
        NamingLimits.checkName("serviceName", serviceName, NamingLimits.SERVICE_NAME_MAX);
        String ns = namespace == null || namespace.isBlank() ? Constants.PUBLIC_NAMESPACE_ID : namespace;
        NamingLimits.checkName("namespaceId", ns, NamingLimits.NAMESPACE_MAX);
        int separator = serviceName.indexOf(NamingNames.GROUP_SEPARATOR);
        if (separator < 0) {
            String named = group == null || group.isBlank() ? Constants.DEFAULT_GROUP : group;
            NamingLimits.checkName("groupName", named, NamingLimits.GROUP_MAX);
            return new ServiceKey(ns, named, serviceName);
        }
        String namedGroup = serviceName.substring(0, separator);
        String name = serviceName.substring(separator + NamingNames.GROUP_SEPARATOR.length());
        if (namedGroup.isEmpty() || name.isEmpty() || name.contains(NamingNames.GROUP_SEPARATOR)) {
            throw NacosException.badRequest("Param 'serviceName' is illegal: '" + Shown.bounded(serviceName)
                    + "'; it should be 'serviceName' or 'groupName@@serviceName'");
        }
        NamingLimits.checkName("groupName", namedGroup, NamingLimits.GROUP_MAX);
        return new ServiceKey(ns, namedGroup, name);
    }

    /*
     * equals and hashCode are written out: a record's own go through method handles, which a
     * loaded node's JIT takes minutes to compile, and each beat looks its service up several times
     * (~7% of a node's CPU samples in its first minutes under 1.x beats).
     */
    @Override
    public boolean equals(Object other) {
        return other == this || other instanceof ServiceKey key && Objects.equals(name, key.name)
                && Objects.equals(group, key.group) && Objects.equals(namespace, key.namespace);
    }

    @Override
    public int hashCode() {
        return (Objects.hashCode(namespace) * 31 + Objects.hashCode(group)) * 31 + Objects.hashCode(name);
    }

    public String grouped() {
        return NamingNames.grouped(group, name);
    }

    @Override
    public String toString() {
        return namespace + "##" + grouped();
    }
}
