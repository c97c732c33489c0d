package com.nacosx.naming.registry;

/**
 * The ids of clients that are not gRPC connections (whose id is the connection id): a 1.x HTTP
 * instance, and the owner of persistent instances, are named by the instance's address, as the
 * official server does ({@code ip:port#ephemeral}); the instances an official 1.x member sent for
 * one of its services by 1.x Distro are one client named by the service's 1.x Distro key.
 */
public final class ClientIds {

    private ClientIds() {
    }

    public static String ofAddress(String ip, int port, boolean ephemeral) {
        return ip + ':' + port + '#' + ephemeral;
    }

    private static final String LEGACY_DATUM = "#legacy-distro";

    public static String ofLegacyDatum(String distroKey) {
        return distroKey + LEGACY_DATUM;
    }

    /** Whether the client holds a service an official 1.x member owns (it expires and replicates it). */
    public static boolean isLegacyDatum(String clientId) {
        return clientId.endsWith(LEGACY_DATUM);
    }

    /** Whether the client is a 1.x HTTP instance that must keep beating. */
    public static boolean isBeating(String clientId) {
        return clientId.endsWith("#true");
    }

    public static boolean isPersistent(String clientId) {
        return clientId.endsWith("#false");
    }

    /** Whether the client is a 2.x gRPC connection: its instances live as long as it does. */
    public static boolean isConnection(String clientId) {
        return !isBeating(clientId) && !isPersistent(clientId) && !isLegacyDatum(clientId);
    }
}
