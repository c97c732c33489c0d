package com.nacosx.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nacosx.api.remote.Request;
import com.nacosx.api.remote.Response;
import com.nacosx.api.remote.config.ConfigPublishRequest;
import com.nacosx.api.remote.config.ConfigQueryRequest;
import com.nacosx.api.remote.config.ConfigQueryResponse;
import com.nacosx.api.remote.config.ConfigRemoveRequest;
import com.nacosx.testsupport.NacosGrpcClient;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The order promise for config writes: writes a connection sends without waiting for their
 * answers are applied in the order they were sent, so the last one sent is what stays.
 */
final class WriteOrder {

    private static final String GROUP = "ORDER";

    private WriteOrder() {
    }

    /** Sends many publishes and a remove in the middle, then a run that ends with a remove, without waiting. */
    static void assertLastSentWins(NacosGrpcClient client, String dataId) {
        List<Request> writes = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            writes.add(i == 50 ? remove(dataId) : publish(dataId, "v" + i));
        }
        sendAllAtOnce(client, writes);
        ConfigQueryResponse kept = assertInstanceOf(ConfigQueryResponse.class, client.requestNow(query(dataId)));
        assertEquals("v99", kept.content, dataId + ": the last publish sent is the one kept");

        List<Request> endingWithRemove = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            endingWithRemove.add(publish(dataId, "w" + i));
        }
        endingWithRemove.add(remove(dataId));
        sendAllAtOnce(client, endingWithRemove);
        ConfigQueryResponse gone = assertInstanceOf(ConfigQueryResponse.class, client.requestNow(query(dataId)));
        assertEquals(300, gone.errorCode, dataId + ": the remove sent last is applied last, but " + gone.content
                + " stayed");
    }

    private static void sendAllAtOnce(NacosGrpcClient client, List<Request> writes) {
        List<CompletableFuture<Response>> answers = writes.stream().map(client::request).toList();
        for (CompletableFuture<Response> answer : answers) {
            Response response = answer.join();
            assertTrue(response.isSuccess(), response.message);
        }
    }

    private static ConfigPublishRequest publish(String dataId, String content) {
        ConfigPublishRequest publish = new ConfigPublishRequest();
        publish.dataId = dataId;
        publish.group = GROUP;
        publish.content = content;
        return publish;
    }

    private static ConfigRemoveRequest remove(String dataId) {
        ConfigRemoveRequest remove = new ConfigRemoveRequest();
        remove.dataId = dataId;
        remove.group = GROUP;
        return remove;
    }

    private static ConfigQueryRequest query(String dataId) {
        ConfigQueryRequest query = new ConfigQueryRequest();
        query.dataId = dataId;
        query.group = GROUP;
        return query;
    }
}
