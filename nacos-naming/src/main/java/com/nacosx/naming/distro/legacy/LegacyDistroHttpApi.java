package com.nacosx.naming.distro.legacy;

import com.nacosx.core.cluster.remote.LegacyPeerHttp;
import com.nacosx.core.http.HttpApi;
import com.nacosx.core.http.HttpExchange;
import com.nacosx.core.http.HttpRoutes;
import com.nacosx.core.http.Json;
import io.netty.handler.codec.http.HttpResponseStatus;
import org.springframework.stereotype.Component;
import tools.jackson.core.type.TypeReference;

import java.util.Arrays;
import java.util.Map;

/**
 * {@code /v1/ns/distro/*}: 1.x Distro as official 1.x members call it during a rolling upgrade.
 * {@code PUT datum} (whole instance lists of services the sender owns), {@code PUT checksum?source=}
 * (their checksums), {@code GET datum} (the services named by {@code keys} in a JSON body) and
 * {@code GET datums} (everything, for a starting member); and {@code POST /v1/ns/service/status}, a
 * member's gossip of its services' checksums. Only members call them (admin or server identity
 * when auth is on).
 */
@Component
public class LegacyDistroHttpApi implements HttpApi {

    private final LegacyDistro distro;

    public LegacyDistroHttpApi(LegacyDistro distro) {
        this.distro = distro;
    }

    @Override
    public void register(HttpRoutes routes) {
        routes.put(LegacyDistro.DATUM_PATH).blocking(exchange -> {
            distro.acceptDatums(body(exchange));
            exchange.respondText(200, "ok");
        });
        routes.put(LegacyDistro.CHECKSUM_PATH).blocking(exchange -> {
            distro.acceptChecksums(exchange.requiredParam("source"), Json.readBody(body(exchange),
                    new TypeReference<Map<String, String>>() { }, "checksums"));
            exchange.respondText(200, "ok");
        });
        routes.get(LegacyDistro.DATUM_PATH).blocking(exchange -> {
            String keys = Json.readBody(body(exchange), KeysBody.class, "keys").keys();
            if (keys == null || keys.isBlank()) {
                throw new IllegalArgumentException("'keys' is missing: send {\"keys\":\"<key>,<key>\"} as the JSON body");
            }
            respond(exchange, distro.datums(Arrays.asList(keys.split(","))));
        });
        routes.get(LegacyDistro.DATUM_PATH + "s").blocking(exchange -> respond(exchange, distro.snapshot()));
        routes.post(LegacyDistro.STATUS_PATH).blocking(exchange -> {
            StatusBody status = Json.readBody(body(exchange), StatusBody.class, "body");
            distro.acceptStatuses(status.clientIP(), status.statuses());
            exchange.respondText(200, "ok");
        });
    }

    private record KeysBody(String keys) {
    }

    /** What a 1.x member posts to {@code /v1/ns/service/status}: its checksums as a JSON text, and its address. */
    private record StatusBody(String statuses, String clientIP) {
    }

    private static String body(HttpExchange exchange) {
        String body = exchange.jsonBody();
        if (body == null || body.isBlank()) {
            throw new IllegalArgumentException("the body is missing: send it as application/json");
        }
        return body;
    }

    private static void respond(HttpExchange exchange, byte[] json) {
        exchange.respond(HttpResponseStatus.OK, LegacyPeerHttp.JSON, json, null);
    }
}
