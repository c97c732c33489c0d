package com.nacosx.core.remote;

import com.nacosx.core.auth.TokenMemo;
import java.util.Map;

/**
 * Who sent a request: the connection it came on and what the client said of itself at setup.
 *
 * @param clientIp the IP the client reports (its own view), not the socket's peer address
 * @param remoteIp the socket's peer address, which the client cannot choose: limits key on it
 * @param tokenMemo the access token this connection showed last, once verified
 */
public record RequestMeta(String connectionId, String clientIp, String remoteIp, String clientVersion,
                          Map<String, String> labels, TokenMemo tokenMemo) {

    public String label(String name) {
        return labels.get(name);
    }
}
