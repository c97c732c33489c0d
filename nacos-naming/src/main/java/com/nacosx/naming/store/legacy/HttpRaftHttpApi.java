package com.nacosx.naming.store.legacy;

import com.nacosx.core.cluster.remote.LegacyPeerHttp;
import com.nacosx.core.http.HttpApi;
import com.nacosx.core.http.HttpExchange;
import com.nacosx.core.http.HttpRoutes;
import com.nacosx.core.http.Json;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.springframework.stereotype.Component;

/**
 * {@code /v1/ns/raft/*}: the old HTTP Raft as official 1.x members call it ({@link HttpRaft}), also
 * under {@code /nacos/v1/ns/raft}, where 1.x maps it as well. {@code POST vote} (form {@code vote}),
 * {@code POST beat} (the gzipped beat), {@code POST|DELETE datum/commit} (the leader's writes),
 * {@code POST|DELETE datum} (writes passed on to the leader; ours name in {@code basedOn} the
 * timestamp a write was made from: {@link HttpRaft.Basis}), {@code GET datum?keys=}, {@code GET
 * peer|leader|state} and {@code PUT datum/reload}. Only members call them. Once every member runs
 * 1.4.0 or later they answer 500 "old raft protocol already stop", as 1.x does.
 */
@Component
public class HttpRaftHttpApi implements HttpApi {

    private static final String OK = "ok";

    private final HttpRaft raft;

    public HttpRaftHttpApi(HttpRaft raft) {
        this.raft = raft;
    }

    @Override
    public void register(HttpRoutes routes) {
        for (String base : new String[] {HttpRaft.PATH, "/nacos" + HttpRaft.PATH}) {
            routes.post(base + "/vote").blocking(exchange -> respond(exchange,
                    raft.vote(HttpRaftWire.readPeer(exchange.requiredParam("vote")))));
            routes.post(base + "/beat").blocking(exchange -> respond(exchange,
                    raft.beat(HttpRaftWire.readBeat(body(exchange)))));
            routes.post(base + "/datum/commit").blocking(exchange -> {
                raft.committed(HttpRaftWire.readCommit(body(exchange)));
                exchange.respondText(200, OK);
            });
            routes.delete(base + "/datum/commit").blocking(exchange -> {
                raft.removed(HttpRaftWire.readCommit(body(exchange)));
                exchange.respondText(200, OK);
            });
            routes.post(base + "/datum").blocking(exchange -> {
                HttpRaftWire.Proposal proposal = HttpRaftWire.readProposal(body(exchange));
                String basedOn = exchange.param(HttpRaft.BASED_ON);
                okWhenDone(exchange, raft.publish(proposal.key(), proposal.value(),
                        basedOn == null ? null : Long.valueOf(basedOn)));
            });
            routes.delete(base + "/datum").blocking(exchange ->
                    okWhenDone(exchange, raft.remove(key(exchange.requiredParam("key")))));
            routes.get(base + "/datum").blocking(exchange -> respond(exchange,
                    raft.datums(Arrays.stream(key(exchange.requiredParam("keys")).split(",")).toList())));
            routes.put(base + "/datum/reload").blocking(exchange -> {
                raft.reload(key(exchange.requiredParam("key")));
                exchange.respondText(200, OK);
            });
            routes.get(base + "/peer").blocking(exchange -> respond(exchange, raft.peer()));
            routes.get(base + "/leader").blocking(exchange -> {
                Map<String, String> leader = new LinkedHashMap<>();
                leader.put("leader", Json.text(raft.leader()));
                respond(exchange, leader);
            });
            routes.get(base + "/state").blocking(exchange -> {
                Map<String, Object> state = new LinkedHashMap<>();
                state.put("datums", raft.datumCount());
                state.put("peers", raft.peers());
                respond(exchange, state);
            });
        }
    }

    private static void okWhenDone(HttpExchange exchange, CompletableFuture<Void> write) {
        write.whenComplete((done, failure) -> {
            if (failure == null) {
                exchange.respondText(200, OK);
            } else {
                exchange.fail(failure);
            }
        });
    }

    /** A key as 1.x sends it in a query: encoded once more than the query is. */
    private static String key(String param) {
        return param.contains("%") ? URLDecoder.decode(param, StandardCharsets.UTF_8) : param;
    }

    private static String body(HttpExchange exchange) {
        String body = exchange.jsonBody();
        if (body == null || body.isBlank()) {
            throw new IllegalArgumentException("the body is missing: send it as application/json");
        }
        return body;
    }

    private static void respond(HttpExchange exchange, Object value) {
        exchange.respond(HttpResponseStatus.OK, LegacyPeerHttp.JSON, Json.bytes(value), null);
    }
}
