package com.nacosx.naming.registry;

/**
 * The ids of clients that are not gRPC connections (whose id is the connection id): a 1.x HTTP
 * instance, and the owner of persistent instances, are named by the instance's address, as the
 * official server does ({@code ip:port#ephemeral}).
 */
public final class ClientIds {

    private ClientIds() {
    }

    public static String ofAddress(String ip, int port, boolean ephemeral) {
        return ip + ':' + port + '#' + ephemeral;
    }

    /** Whether the client is a 1.x HTTP instance that must keep beating. */
    public static boolean isBeating(String clientId) {
        return clientId.endsWith("#true");
    }

    public static boolean isPersistent(String clientId) {
        return clientId.endsWith("#false");
    }
}
