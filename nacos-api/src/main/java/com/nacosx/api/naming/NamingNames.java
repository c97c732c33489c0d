package com.nacosx.api.naming;

/**
 * The naming defaults and the grouped-name format ({@code group@@service}) the clients use.
 */
public final class NamingNames {

    public static final String DEFAULT_CLUSTER = "DEFAULT";
    public static final String GROUP_SEPARATOR = "@@";

    private NamingNames() {
    }

    public static String grouped(String group, String service) {
        return group + GROUP_SEPARATOR + service;
    }

    /** The instance id the official server gives: {@code ip#port#cluster#group@@service}. */
    public static String instanceId(String ip, int port, String cluster, String groupedService) {
        return ip + '#' + port + '#' + cluster + '#' + groupedService;
    }
}
