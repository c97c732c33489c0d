package com.nacosx.core.remote;

import java.util.Map;

/**
 * Who sent a request: the connection it came on and what the client said of itself at setup.
 *
 * @param clientIp the IP the client reports (its own view), not the socket's peer address
 */
public record RequestMeta(String connectionId, String clientIp, String clientVersion, Map<String, String> labels) {

    public String label(String name) {
        return labels.get(name);
    }
}
