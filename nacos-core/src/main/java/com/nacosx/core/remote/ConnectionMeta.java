package com.nacosx.core.remote;

import java.util.Map;

/**
 * What a connection is, fixed at setup.
 *
 * @param clientIp     the IP the client reports; {@code remoteIp} is the socket's peer
 * @param source       {@code sdk} for clients, {@code cluster} for peer nodes (label "source")
 * @param abilityTable null when the client does not negotiate abilities
 */
public record ConnectionMeta(String connectionId, String clientIp, String remoteIp, int remotePort, int localPort,
                             String clientVersion, String appName, String tenant, String source,
                             Map<String, String> labels, Map<String, Boolean> abilityTable, long createTime) {

    /** The source label of client SDK connections; peers say {@code cluster}. */
    public static final String SDK_SOURCE = "sdk";

    public boolean isSdk() {
        return SDK_SOURCE.equals(source);
    }
}
