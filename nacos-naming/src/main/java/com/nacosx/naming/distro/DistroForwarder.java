package com.nacosx.naming.distro;

import com.nacosx.core.cluster.Member;
import com.nacosx.core.http.HttpExchange;
import com.nacosx.core.http.HttpServerProperties;
import com.nacosx.naming.registry.ClientIds;
import io.netty.handler.codec.http.HttpResponseStatus;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

/**
 * In a cluster, a 1.x client may send an instance's writes and beats to any node; each is passed
 * on, as it came, to the instance's responsible node, whose answer is relayed. A request that was
 * passed on once is served where it lands, so a membership change cannot bounce it around; the
 * node that serves it takes the client over if a peer held it before.
 */
@Component
public class DistroForwarder {

    private static final Logger LOG = LoggerFactory.getLogger(DistroForwarder.class);
    static final String FORWARDED_HEADER = "Nacos-Distro-Forwarded";

    private final DistroMapper mapper;
    private final DistroProtocol distro;
    private final String contextPath;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    public DistroForwarder(DistroMapper mapper, DistroProtocol distro, HttpServerProperties server) {
        this.mapper = mapper;
        this.distro = distro;
        this.contextPath = server.servlet().contextPath();
    }

    /**
     * Passes the request on when another node is responsible for {@code ip:port}.
     *
     * @return true when the request was passed on (the answer will follow); false to serve it here
     */
    public boolean forwarded(HttpExchange exchange, String ip, int port) {
        Member target = mapper.responsible(ip, port);
        if (exchange.header(FORWARDED_HEADER) != null || mapper.isSelf(target)) {
            distro.claim(ClientIds.ofAddress(ip, port, true));
            return false;
        }
        String form = encode(exchange.params());
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://" + target.address() + contextPath
                        + exchange.path()))
                .timeout(Duration.ofSeconds(5))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .header(FORWARDED_HEADER, "true")
                .method(exchange.method(), HttpRequest.BodyPublishers.ofString(form))
                .build();
        http.sendAsync(request, HttpResponse.BodyHandlers.ofByteArray()).whenComplete((answer, error) -> {
            if (error != null) {
                LOG.warn("[distro] passing {} {} on to {} failed: {}", exchange.method(), exchange.path(),
                        target.address(), error.toString());
                exchange.respondText(503, "caused: the node responsible for " + ip + ":" + port + " ("
                        + target.address() + ") did not answer; retry, the cluster will route to another node;");
                return;
            }
            exchange.respond(HttpResponseStatus.valueOf(answer.statusCode()),
                    answer.headers().firstValue("Content-Type").orElse("text/plain;charset=UTF-8"), answer.body(),
                    null);
        });
        return true;
    }

    private static String encode(Map<String, List<String>> params) {
        StringJoiner form = new StringJoiner("&");
        params.forEach((name, values) -> values.forEach(value -> form.add(
                URLEncoder.encode(name, StandardCharsets.UTF_8) + "=" + URLEncoder.encode(value, StandardCharsets.UTF_8))));
        return form.toString();
    }
}
