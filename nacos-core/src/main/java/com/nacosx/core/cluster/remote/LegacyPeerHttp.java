package com.nacosx.core.cluster.remote;

import com.nacosx.core.auth.AuthSettings;
import com.nacosx.core.cluster.Member;
import com.nacosx.core.cluster.ServerMemberManager;
import com.nacosx.core.http.HttpExchange;
import com.nacosx.core.http.HttpServerProperties;
import com.nacosx.core.util.MadeOnFirstUse;
import org.springframework.stereotype.Component;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * HTTP calls to peers that speak only the 1.x cluster protocols (official Nacos 1.4.x nodes
 * during a rolling upgrade): on the peer's main port under the context path every member shares,
 * with the headers a 1.4 node sends ({@code User-Agent} and {@code Nacos-Server} naming a server,
 * JSON bodies) and the server identity when one is configured. 1.x nodes have no cluster gRPC port,
 * so this is the only way to reach them.
 */
@Component
public class LegacyPeerHttp {

    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(2);
    /** The content type 1.x peers send and expect on JSON bodies. */
    public static final String JSON = "application/json;charset=UTF-8";
    private static final String SERVER_AGENT = HttpExchange.SERVER_AGENT + ':' + ServerMemberManager.PROTOCOL_VERSION;

    private final MadeOnFirstUse<HttpClient> http = new MadeOnFirstUse<>(() -> HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1).connectTimeout(CONNECT_TIMEOUT).build());
    private final String contextPath;
    private final AuthSettings auth;

    public LegacyPeerHttp(HttpServerProperties server, AuthSettings auth) {
        this.contextPath = server.servlet().contextPath();
        this.auth = auth;
    }

    /**
     * Posts a JSON body to {@code path} (under the context path) of the peer; the future fails on a
     * transport error or after {@code timeout}, and otherwise holds whatever the peer answered.
     */
    public CompletableFuture<HttpResponse<String>> postJson(Member peer, String path, byte[] json, Duration timeout) {
        return send(peer, "POST", path, Map.of("Content-Type", JSON), json, timeout);
    }

    /**
     * Sends a GET for {@code pathAndQuery} (under the context path, the query already encoded) with
     * these extra headers; fails and answers as {@link #postJson} does.
     */
    public CompletableFuture<HttpResponse<String>> get(Member peer, String pathAndQuery, Map<String, String> headers,
            Duration timeout) {
        return send(peer, "GET", pathAndQuery, headers, null, timeout);
    }

    /**
     * Sends any request (a 1.x peer reads some GETs' bodies, and takes PUTs) with these headers,
     * which may replace the server's own {@code User-Agent}; a null body sends none. Fails and
     * answers as {@link #postJson} does.
     */
    public CompletableFuture<HttpResponse<String>> send(Member peer, String method, String pathAndQuery,
            Map<String, String> headers, byte[] body, Duration timeout) {
        HttpRequest.Builder request = request(peer, pathAndQuery, timeout).method(method,
                body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofByteArray(body));
        headers.forEach(request::setHeader);
        return http.get().sendAsync(request.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    }

    private HttpRequest.Builder request(Member peer, String pathAndQuery, Duration timeout) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://" + peer.address() + contextPath
                        + pathAndQuery))
                .timeout(timeout)
                .header("User-Agent", SERVER_AGENT)
                .header("Nacos-Server", ServerMemberManager.PROTOCOL_VERSION);
        if (!auth.identityKey().isEmpty()) {
            request.header(auth.identityKey(), auth.identityValue());
        }
        return request;
    }
}
