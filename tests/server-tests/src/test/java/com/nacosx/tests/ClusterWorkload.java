package com.nacosx.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nacosx.testsupport.Await;
import com.nacosx.testsupport.HttpCall;
import com.nacosx.testsupport.MariaDb;
import com.nacosx.testsupport.ServerProcess;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;

/** What the cluster tests of both storage modes do alike: read a config, write through random nodes under a restart. */
final class ClusterWorkload {

    private ClusterWorkload() {
    }

    static String read(ServerProcess node, String dataId) {
        return get(node, dataId).body();
    }

    /** The HTTP status a read of the config answers: 404 when the node does not serve it. */
    static int status(ServerProcess node, String dataId) {
        return get(node, dataId).statusCode();
    }

    private static HttpResponse<String> get(ServerProcess node, String dataId) {
        return HttpCall.get(node.baseUrl() + "/v1/cs/configs").param("dataId", dataId).param("group", "DEFAULT_GROUP")
                .send();
    }

    static String md5(String content) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(content.getBytes(StandardCharsets.UTF_8)));
    }

    /** Changes a config's row in the shared MariaDB directly, as another server sharing it would. */
    static void changeInStore(String dataId, String content) throws Exception {
        try (Connection db = MariaDb.connect(); PreparedStatement update = db.prepareStatement(
                "UPDATE config_info SET content = ?, md5 = ? WHERE data_id = ?")) {
            update.setString(1, content);
            update.setString(2, md5(content));
            update.setString(3, dataId);
            assertEquals(1, update.executeUpdate());
        }
    }

    /** Creates a config's row in the shared MariaDB directly, as another server sharing it would. */
    static void createInStore(String dataId, String content) throws Exception {
        try (Connection db = MariaDb.connect(); PreparedStatement insert = db.prepareStatement(
                "INSERT INTO config_info (data_id, group_id, content, md5, tenant_id) VALUES (?, 'DEFAULT_GROUP', ?, ?, '')")) {
            insert.setString(1, dataId);
            insert.setString(2, content);
            insert.setString(3, md5(content));
            assertEquals(1, insert.executeUpdate());
        }
    }

    static int publish(ServerProcess node, String dataId, String content) {
        return HttpCall.post(node.baseUrl() + "/v1/cs/configs").param("dataId", dataId).param("group", "DEFAULT_GROUP")
                .param("content", content).send().statusCode();
    }

    /**
     * Publishes configs through random nodes while {@code victim} is killed and restarted, then
     * checks that every node serves every publish that was acknowledged, with its content.
     */
    static void noAcknowledgedWriteIsLost(List<ServerProcess> nodes, ServerProcess victim) throws Exception {
        Map<String, String> acknowledged = new ConcurrentHashMap<>();
        Random random = new Random(7);
        CompletableFuture<Void> killAndRestart = CompletableFuture.runAsync(() -> {
            try {
                Thread.sleep(500);
                victim.kill();
                Thread.sleep(2000);
                victim.restart();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        int attempt = 0;
        while (!killAndRestart.isDone() || attempt < 60) {
            ServerProcess node = nodes.get(random.nextInt(nodes.size()));
            String dataId = "durable-" + attempt;
            String content = "content " + attempt;
            try {
                if (publish(node, dataId, content) == 200) {
                    acknowledged.put(dataId, content);
                }
            } catch (RuntimeException nodeDown) {
                // not acknowledged: the client would retry elsewhere
            }
            attempt++;
            Thread.sleep(20);
        }
        killAndRestart.join();
        assertTrue(acknowledged.size() >= 40, "most publishes were acknowledged: " + acknowledged.size());
        for (ServerProcess node : nodes) {
            Await.until(8000, () -> acknowledged.entrySet().stream()
                    .allMatch(e -> e.getValue().equals(read(node, e.getKey()))),
                    "node " + node.port() + " serves all " + acknowledged.size() + " acknowledged configs");
        }
    }
}
