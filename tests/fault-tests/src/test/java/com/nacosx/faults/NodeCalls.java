package com.nacosx.faults;

import com.nacosx.testsupport.HttpCall;
import java.net.http.HttpResponse;
import java.time.Duration;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The Open API calls the checker makes of one node, each bounded by a client timeout. */
final class NodeCalls {

    static final Duration WRITE_TIMEOUT = Duration.ofSeconds(8);
    static final Duration READ_TIMEOUT = Duration.ofSeconds(3);
    static final String GROUP = "FAULTS";
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private NodeCalls() {
    }

    /** A config's content, null when the node says it does not exist; throws when the node does not answer. */
    static String readConfig(FaultNode node, String dataId) {
        HttpResponse<String> response = configRead(node, dataId).send();
        if (response.statusCode() == 404) {
            return null;
        }
        if (response.statusCode() != 200) {
            throw new IllegalStateException("read " + dataId + " from node " + node.index() + ": " + response.statusCode());
        }
        return response.body();
    }

    /** Whether a config read was answered (200 or 404) within the client's timeout, and marked stale. */
    record StaleRead(boolean answered, boolean markedStale) {
    }

    static StaleRead readMarked(FaultNode node, String dataId) {
        try {
            HttpResponse<String> response = configRead(node, dataId).send();
            return new StaleRead(response.statusCode() == 200 || response.statusCode() == 404,
                    response.headers().firstValue("Nacos-Stale").isPresent());
        } catch (RuntimeException noAnswer) {
            return new StaleRead(false, false);
        }
    }

    /** A publish, compare-and-set when {@code casMd5} is not null. */
    static Outcome publish(FaultNode node, String dataId, String content, String casMd5) {
        HttpCall call = configPublish(node, dataId, content);
        if (casMd5 != null) {
            call.header("casMd5", casMd5);
        }
        return outcomeOf(call);
    }

    /** An answer as the client saw it: status and body, or status -1 when none came. */
    record Answer(Outcome outcome, int status, String body) {
    }

    /** A plain publish, with the server's answer. */
    static Answer publishAnswer(FaultNode node, String dataId, String content) {
        try {
            HttpResponse<String> response = configPublish(node, dataId, content).send();
            return new Answer(outcomeOf(response), response.statusCode(), response.body());
        } catch (RuntimeException noAnswer) {
            return new Answer(Outcome.UNKNOWN, -1, String.valueOf(noAnswer.getMessage()));
        }
    }

    private static HttpCall configRead(FaultNode node, String dataId) {
        return HttpCall.get(node.baseUrl() + "/v1/cs/configs").param("dataId", dataId).param("group", GROUP)
                .timeout(READ_TIMEOUT);
    }

    private static HttpCall configPublish(FaultNode node, String dataId, String content) {
        return HttpCall.post(node.baseUrl() + "/v1/cs/configs").param("dataId", dataId).param("group", GROUP)
                .param("content", content).timeout(WRITE_TIMEOUT);
    }

    static Outcome delete(FaultNode node, String dataId) {
        return outcomeOf(HttpCall.delete(node.baseUrl() + "/v1/cs/configs").param("dataId", dataId).param("group", GROUP)
                .timeout(WRITE_TIMEOUT));
    }

    static Outcome registerPersistent(FaultNode node, String service, String ip) {
        return outcomeOf(HttpCall.post(node.baseUrl() + "/v1/ns/instance").param("serviceName", service).param("ip", ip)
                .param("port", "80").param("ephemeral", "false").timeout(WRITE_TIMEOUT));
    }

    static Outcome deregisterPersistent(FaultNode node, String service, String ip) {
        return outcomeOf(HttpCall.delete(node.baseUrl() + "/v1/ns/instance").param("serviceName", service).param("ip", ip)
                .param("port", "80").param("ephemeral", "false").timeout(WRITE_TIMEOUT));
    }

    /** The instance list of a service as the node answers it (all instances, healthy or not). */
    static String listInstances(FaultNode node, String service) {
        HttpResponse<String> response = HttpCall.get(node.baseUrl() + "/v1/ns/instance/list").param("serviceName", service)
                .timeout(READ_TIMEOUT).send();
        if (response.statusCode() != 200) {
            throw new IllegalStateException("list " + service + " on node " + node.index() + ": " + response.statusCode());
        }
        return response.body();
    }

    /** How many client (SDK) connections the node holds, peers' left out; -1 when it does not answer. */
    static int clientConnections(FaultNode node) {
        try {
            JsonNode answer = JSON.readTree(HttpCall.get(node.baseUrl() + "/v2/core/loader/current").timeout(READ_TIMEOUT)
                    .send().body());
            JsonNode connections = answer.has("data") ? answer.get("data") : answer;
            int clients = 0;
            for (JsonNode connection : connections) {
                if (!"cluster".equals(connection.path("metaInfo").path("labels").path("source").asString(""))) {
                    clients++;
                }
            }
            return clients;
        } catch (RuntimeException noAnswer) {
            return -1;
        }
    }

    private static Outcome outcomeOf(HttpCall call) {
        try {
            return outcomeOf(call.send());
        } catch (RuntimeException noAnswer) {
            return Outcome.UNKNOWN;
        }
    }

    /** 200: done; 504: the server does not know whether it was applied; any other answer: refused. */
    private static Outcome outcomeOf(HttpResponse<String> response) {
        if (response.statusCode() == 504) {
            return Outcome.UNKNOWN;
        }
        return response.statusCode() == 200 && !response.body().strip().equals("false") ? Outcome.ACK : Outcome.REFUSED;
    }
}
