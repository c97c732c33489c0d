package com.nacosx.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.Any;
import com.google.protobuf.ByteString;
import com.nacosx.api.grpc.auto.Metadata;
import com.nacosx.api.grpc.auto.Payload;
import com.nacosx.api.remote.ErrorCodes;
import com.nacosx.api.remote.PayloadCodec;
import com.nacosx.api.remote.Response;
import com.nacosx.api.remote.cluster.HttpForwardBatchRequest;
import com.nacosx.api.remote.cluster.HttpForwardBatchResponse;
import com.nacosx.api.remote.cluster.HttpForwardRequest;
import com.nacosx.api.remote.cluster.HttpForwardResponse;
import com.nacosx.api.remote.ServerRequest;
import com.nacosx.api.remote.config.ConfigBatchListenRequest;
import com.nacosx.api.remote.config.ConfigChangeBatchListenResponse;
import com.nacosx.api.remote.config.ConfigChangeNotifyRequest;
import com.nacosx.api.remote.config.ConfigPublishRequest;
import com.nacosx.api.remote.config.ConfigPublishResponse;
import com.nacosx.api.remote.config.ConfigQueryRequest;
import com.nacosx.api.remote.config.ConfigQueryResponse;
import com.nacosx.api.remote.core.ErrorResponse;
import com.nacosx.api.remote.core.HealthCheckRequest;
import com.nacosx.api.remote.core.HealthCheckResponse;
import com.nacosx.api.remote.core.ServerLoaderInfoRequest;
import com.nacosx.api.remote.core.ServerCheckRequest;
import com.nacosx.api.remote.core.ServerLoaderInfoResponse;
import com.nacosx.testsupport.HttpCall;
import com.nacosx.testsupport.NacosGrpcClient;
import com.nacosx.testsupport.Patience;
import com.nacosx.testsupport.RawGrpc;
import com.nacosx.testsupport.ServerProcess;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The gRPC doors spoken to directly: the handshake, the official error codes for requests the
 * server cannot serve, config requests and pushes. After every bad request the server still
 * answers.
 */
class GrpcProtocolTest {

    static ServerProcess server;

    @BeforeAll
    static void start() {
        server = ServerProcess.startStandalone();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    static NacosGrpcClient connected() {
        return NacosGrpcClient.connect("127.0.0.1", server.grpcPort());
    }

    static NacosGrpcClient notSetUp() {
        return NacosGrpcClient.open("127.0.0.1", server.grpcPort(), null, null, null);
    }

    static Payload payload(String type, byte[] body) {
        return Payload.newBuilder().setMetadata(Metadata.newBuilder().setType(type))
                .setBody(Any.newBuilder().setValue(ByteString.copyFrom(body))).build();
    }

    static void assertError(int code, Response response) {
        ErrorResponse error = assertInstanceOf(ErrorResponse.class, response);
        assertEquals(500, error.resultCode);
        assertEquals(code, error.errorCode, error.message);
    }

    static void assertServerStillAnswers(NacosGrpcClient client) {
        assertInstanceOf(HealthCheckResponse.class, client.requestNow(new HealthCheckRequest()));
    }

    @Test
    void requestBeforeSetupIsUnregistered() {
        NacosGrpcClient raw = NacosGrpcClient.open("127.0.0.1", server.grpcPort(), null, null, null);
        try {
            assertError(301, raw.requestNow(new HealthCheckRequest()));
        } finally {
            raw.close();
        }
    }

    @Test
    void unknownTypeGets302() {
        try (NacosGrpcClient client = connected()) {
            Payload answer = client.raw(payload("NoSuchRequest", "{}".getBytes(StandardCharsets.UTF_8))).join();
            assertError(302, (Response) PayloadCodec.decode(answer));
            assertServerStillAnswers(client);
        }
    }

    /** What only peers send (Raft writes, passed-on HTTP requests, member reports) is refused on the SDK port. */
    @Test
    void peerRequestsAreRefusedOnTheSdkPort() {
        try (NacosGrpcClient client = connected()) {
            for (String type : List.of("RaftWriteRequest", "RaftPeerStartedRequest", "HttpForwardRequest",
                    "HttpForwardBatchRequest", "MemberReportRequest", "DistroDataRequest",
                    "ConfigChangeClusterSyncRequest")) {
                Payload answer = client.raw(payload(type, "{}".getBytes(StandardCharsets.UTF_8))).join();
                Response response = (Response) PayloadCodec.decode(answer);
                assertError(302, response);
                assertTrue(response.message.contains("cluster port"), response.message);
            }
            assertServerStillAnswers(client);
        }
    }

    @Test
    void missingMetadataGets302() {
        try (NacosGrpcClient client = connected()) {
            Payload answer = client.raw(Payload.getDefaultInstance()).join();
            assertError(302, (Response) PayloadCodec.decode(answer));
            assertServerStillAnswers(client);
        }
    }

    @Test
    void garbageBodyGets502() {
        try (NacosGrpcClient client = connected()) {
            Payload answer = client.raw(payload("ConfigQueryRequest", "{not json".getBytes(StandardCharsets.UTF_8))).join();
            Response response = (Response) PayloadCodec.decode(answer);
            assertError(502, response);
            assertTrue(response.message.contains("ConfigQueryRequest"), response.message);
            assertServerStillAnswers(client);
        }
    }

    /** It once failed inside the handler (a NullPointerException answered as error 500). */
    @Test
    void aNullListenEntryIsRefusedAsABadRequestAndKeepsTheConnection() {
        try (NacosGrpcClient client = connected()) {
            for (String contexts : List.of("[null]", "null", "[{\"dataId\":null,\"group\":\"G\"}]")) {
                byte[] body = ("{\"listen\":true,\"configListenContexts\":" + contexts + "}")
                        .getBytes(StandardCharsets.UTF_8);
                Response response = (Response) PayloadCodec.decode(
                        client.raw(payload("ConfigBatchListenRequest", body)).join());
                assertInstanceOf(ConfigChangeBatchListenResponse.class, response);
                assertEquals(500, response.resultCode);
                assertEquals(400, response.errorCode, response.message);
            }
            assertServerStillAnswers(client);
        }
    }

    @Test
    void bodyOverTheInboundLimitIsRefusedByTheTransport() {
        try (NacosGrpcClient client = connected()) {
            byte[] huge = new byte[11 * 1024 * 1024];
            CompletionException failure = assertThrows(CompletionException.class,
                    () -> client.raw(payload("ConfigPublishRequest", huge)).join());
            assertEquals(Status.Code.RESOURCE_EXHAUSTED, ((StatusRuntimeException) failure.getCause()).getStatus().getCode());
        }
        try (NacosGrpcClient next = connected()) {
            assertServerStillAnswers(next);
        }
    }

    @Test
    void invalidRequestGetsTypedFailureNamingTheParameter() {
        try (NacosGrpcClient client = connected()) {
            ConfigQueryRequest query = new ConfigQueryRequest();
            query.group = "DEFAULT_GROUP";
            ConfigQueryResponse response = assertInstanceOf(ConfigQueryResponse.class, client.requestNow(query));
            assertEquals(400, response.errorCode);
            assertTrue(response.message.contains("dataId"), response.message);
            assertServerStillAnswers(client);
        }
    }

    static ConfigQueryRequest query(String dataId, String tag) {
        ConfigQueryRequest query = new ConfigQueryRequest();
        query.dataId = dataId;
        query.group = "DEFAULT_GROUP";
        query.tag = tag;
        return query;
    }

    static void publishOverHttp(String dataId, String content, String header, String value) {
        HttpCall call = HttpCall.post(server.baseUrl() + "/v1/cs/configs").param("dataId", dataId)
                .param("group", "DEFAULT_GROUP").param("content", content);
        if (header != null) {
            call.header(header, value);
        }
        assertEquals(200, call.send().statusCode());
    }

    @Test
    void queryServesFormalBetaAndTagVariants() {
        try (NacosGrpcClient client = connected()) {
            ConfigQueryResponse missing = (ConfigQueryResponse) client.requestNow(query("variants.txt", null));
            assertEquals(300, missing.errorCode);
            assertEquals("config data not exist", missing.message);

            publishOverHttp("variants.txt", "formal", null, null);
            publishOverHttp("variants.txt", "for beta", "betaIps", "127.0.0.1");
            publishOverHttp("tagged.txt", "formal", null, null);
            HttpCall.post(server.baseUrl() + "/v1/cs/configs").param("dataId", "tagged.txt")
                    .param("group", "DEFAULT_GROUP").param("content", "for gray").param("tag", "gray").send();

            ConfigQueryResponse beta = (ConfigQueryResponse) client.requestNow(query("variants.txt", null));
            assertEquals("for beta", beta.content);
            assertTrue(beta.beta);
            ConfigQueryResponse tagged = (ConfigQueryResponse) client.requestNow(query("tagged.txt", "gray"));
            assertEquals("for gray", tagged.content);
            assertEquals("gray", tagged.tag);
            assertEquals("formal", ((ConfigQueryResponse) client.requestNow(query("tagged.txt", null))).content);
        }
    }

    @Test
    void publishCarriesTypeAndRefusesStaleCas() {
        try (NacosGrpcClient client = connected()) {
            ConfigPublishRequest publish = new ConfigPublishRequest();
            publish.dataId = "typed.yaml";
            publish.group = "DEFAULT_GROUP";
            publish.content = "a: 1";
            publish.additionMap = Map.of("type", "yaml", "desc", "over grpc");
            assertTrue(client.requestNow(publish).isSuccess());
            ConfigQueryResponse read = (ConfigQueryResponse) client.requestNow(query("typed.yaml", null));
            assertEquals("yaml", read.contentType);

            publish.content = "a: 2";
            publish.casMd5 = "0123456789abcdef0123456789abcdef";
            ConfigPublishResponse refused = assertInstanceOf(ConfigPublishResponse.class, client.requestNow(publish));
            assertFalse(refused.isSuccess());
            assertTrue(refused.message.contains("Cas publish fail"), refused.message);
            assertEquals("a: 1", ((ConfigQueryResponse) client.requestNow(query("typed.yaml", null))).content);
        }
    }

    @Test
    void writesSentWithoutWaitingApplyInTheOrderSent() {
        try (NacosGrpcClient client = connected()) {
            WriteOrder.assertLastSentWins(client, "ordered.txt");
        }
    }

    static ConfigBatchListenRequest listen(boolean listen, String dataId, String md5) {
        return listen(listen, "DEFAULT_GROUP", dataId, md5);
    }

    static ConfigBatchListenRequest listen(boolean listen, String group, String dataId, String md5) {
        ConfigBatchListenRequest request = new ConfigBatchListenRequest();
        request.listen = listen;
        ConfigBatchListenRequest.ConfigListenContext context = new ConfigBatchListenRequest.ConfigListenContext();
        context.dataId = dataId;
        context.group = group;
        context.tenant = "";
        context.md5 = md5;
        request.configListenContexts.add(context);
        return request;
    }

    @Test
    void listenAnswersStaleConfigsAndPushesChangesUntilUnlisten() throws Exception {
        publishOverHttp("watched.txt", "v1", null, null);
        BlockingQueue<ServerRequest> pushes = new LinkedBlockingQueue<>();
        NacosGrpcClient client = NacosGrpcClient.open("127.0.0.1", server.grpcPort(), null, null, pushes::add);
        try {
            client.setUp(Map.of()).join();
            ConfigChangeBatchListenResponse stale = (ConfigChangeBatchListenResponse) client.requestNow(
                    listen(true, "watched.txt", "old-md5"));
            assertEquals(1, stale.changedConfigs.size());
            assertEquals("watched.txt", stale.changedConfigs.get(0).dataId);

            publishOverHttp("watched.txt", "v2", null, null);
            ServerRequest push = pollPush(pushes);
            ConfigChangeNotifyRequest notify = assertInstanceOf(ConfigChangeNotifyRequest.class, push);
            assertEquals("watched.txt", notify.dataId);

            publishOverHttp("watched.txt", "v2", null, null);
            assertEquals(null, pushes.poll(1, TimeUnit.SECONDS), "republishing the same content notifies no one");

            assertTrue(client.requestNow(listen(false, "watched.txt", "")).isSuccess());
            publishOverHttp("watched.txt", "v3", null, null);
            assertEquals(null, pushes.poll(1, TimeUnit.SECONDS), "no push after unlisten");
        } finally {
            client.close();
        }
    }

    static ServerRequest pollPush(BlockingQueue<ServerRequest> pushes) throws InterruptedException {
        while (true) {
            ServerRequest push = pushes.poll(Patience.millis(2000), TimeUnit.MILLISECONDS);
            if (push == null || !push.getClass().getSimpleName().equals("SetupAckRequest")) {
                return push;
            }
        }
    }

    @Test
    void closingTheStreamUnregistersAtOnce() throws Exception {
        NacosGrpcClient client = connected();
        String id = client.connectionId();
        assertTrue(loaderCurrent().contains(id));
        client.close();
        long deadline = System.currentTimeMillis() + Patience.millis(2000);
        while (loaderCurrent().contains(id) && System.currentTimeMillis() < deadline) {
            Thread.sleep(50);
        }
        assertFalse(loaderCurrent().contains(id));
    }

    static String loaderCurrent() {
        return HttpCall.get(server.baseUrl() + "/v2/core/loader/current").send().body();
    }

    @Test
    void loaderInfoReportsConnections() {
        try (NacosGrpcClient client = connected()) {
            ServerLoaderInfoResponse info = (ServerLoaderInfoResponse) client.requestNow(new ServerLoaderInfoRequest());
            assertTrue(Integer.parseInt(info.loaderMetrics.get("conCount")) >= 1, info.loaderMetrics.toString());
        }
    }

    @Test
    void bytesThatAreNotAPayloadAreAnsweredAsAnUnreadableRequest() throws Exception {
        ManagedChannel channel = NettyChannelBuilder.forAddress("127.0.0.1", server.grpcPort()).usePlaintext().build();
        try {
            byte[] answer = RawGrpc.unary(channel, "Request/request", new byte[] {(byte) 0xff, (byte) 0xff, 0x0f, 0x01});
            Response response = (Response) PayloadCodec.decode(Payload.parseFrom(answer));
            assertError(ErrorCodes.BAD_GATEWAY, response);
            assertTrue(response.message.contains("not a Nacos Payload"), response.message);
        } finally {
            channel.shutdownNow();
        }
        try (NacosGrpcClient client = connected()) {
            client.setUp(Map.of()).join();
            assertServerStillAnswers(client);
        }
    }

    @Test
    void aUnaryCallWithTwoRequestsOrNoneIsRefused() throws Exception {
        ManagedChannel channel = NettyChannelBuilder.forAddress("127.0.0.1", server.grpcPort()).usePlaintext().build();
        try {
            byte[] check = PayloadCodec.encode(new HealthCheckRequest(), "127.0.0.1").toByteArray();
            Status twice = RawGrpc.streamed(channel, "Request/request", List.of(check, check));
            assertEquals(Status.Code.INTERNAL, twice.getCode());
            assertTrue(twice.getDescription().contains("Too many requests"), twice.getDescription());
            Status none = RawGrpc.streamed(channel, "Request/request", List.of());
            assertEquals(Status.Code.INTERNAL, none.getCode());
            assertTrue(none.getDescription().contains("without a request"), none.getDescription());
        } finally {
            channel.shutdownNow();
        }
    }

    @Test
    void aSetupWithANullLabelValueRegistersTheConnection() throws Exception {
        try (NacosGrpcClient client = notSetUp()) {
            Map<String, String> labels = new HashMap<>();
            labels.put("AppName", null);
            labels.put("module", "config");
            client.setUp(labels).get(Patience.millis(10_000), TimeUnit.MILLISECONDS);
            assertServerStillAnswers(client);
            assertTrue(HttpCall.get(server.baseUrl() + "/v2/core/loader/current").send().body()
                    .contains(client.connectionId()));
        }
    }

    @Test
    void anUnreadableSetupEndsItsStreamWithTheReason() throws Exception {
        try (NacosGrpcClient client = notSetUp()) {
            client.requestNow(new ServerCheckRequest());
            for (byte[] body : List.of("not json".getBytes(StandardCharsets.UTF_8),
                    "{\"labels\":[1,2],\"abilityTable\":\"garbage\"}".getBytes(StandardCharsets.UTF_8))) {
                Throwable ended = client.openStreamWith(payload("ConnectionSetupRequest", body))
                        .get(Patience.millis(10_000), TimeUnit.MILLISECONDS);
                Status status = Status.fromThrowable(ended);
                assertEquals(Status.Code.INVALID_ARGUMENT, status.getCode(), String.valueOf(ended));
                assertTrue(status.getDescription().contains("ConnectionSetupRequest"), status.getDescription());
            }
        }
    }

    /**
     * A publish passed on over the cluster port is answered with what it did: it used to be applied
     * and answered as a failure, since the route answers from the write's future.
     */
    @Test
    void aPublishPassedOnOverTheClusterPortIsAnsweredWithItsOutcome() throws Exception {
        try (NacosGrpcClient peer = NacosGrpcClient.connect("127.0.0.1", server.port() + 1001)) {
            for (String[] attempt : List.of(new String[] {"forwarded.txt", "applied", "200"},
                    new String[] {"bad/id", "refused", "400"})) {
                HttpForwardRequest forward = new HttpForwardRequest();
                forward.method = "POST";
                forward.path = "/v1/cs/configs";
                forward.params = Map.of("dataId", List.of(attempt[0]), "group", List.of("G"),
                        "content", List.of(attempt[1]));
                HttpForwardResponse answer = (HttpForwardResponse) peer.request(forward)
                        .get(Patience.millis(10_000), TimeUnit.MILLISECONDS);
                assertTrue(answer.isSuccess(), answer.message);
                assertEquals(Integer.parseInt(attempt[2]), answer.status, answer.body);
            }
        }
        assertEquals("applied", HttpCall.get(server.baseUrl() + "/v1/cs/configs").param("dataId", "forwarded.txt")
                .param("group", "G").send().body());
    }

    /**
     * Requests passed on together are each served as one alone would be and answered in their
     * order; a refused one is answered as refused without failing the others.
     */
    @Test
    void requestsPassedOnTogetherAreAnsweredEachInTheirOrder() throws Exception {
        HttpForwardBatchRequest batch = new HttpForwardBatchRequest();
        for (String[] publish : List.of(new String[] {"batched-1.txt", "first"}, new String[] {"bad/id", "refused"},
                new String[] {"batched-2.txt", "second"})) {
            HttpForwardRequest forward = new HttpForwardRequest();
            forward.method = "POST";
            forward.path = "/v1/cs/configs";
            forward.params = Map.of("dataId", List.of(publish[0]), "group", List.of("G"),
                    "content", List.of(publish[1]));
            batch.requests.add(forward);
        }
        try (NacosGrpcClient peer = NacosGrpcClient.connect("127.0.0.1", server.port() + 1001)) {
            HttpForwardBatchResponse answer = (HttpForwardBatchResponse) peer.request(batch)
                    .get(Patience.millis(10_000), TimeUnit.MILLISECONDS);
            assertTrue(answer.isSuccess(), answer.message);
            assertEquals(List.of(200, 400, 200), answer.responses.stream().map(response -> response.status).toList(),
                    answer.responses.toString());
            assertTrue(answer.responses.get(1).body.contains("dataId"), answer.responses.get(1).body);
        }
        for (String[] applied : List.of(new String[] {"batched-1.txt", "first"}, new String[] {"batched-2.txt", "second"})) {
            assertEquals(applied[1], HttpCall.get(server.baseUrl() + "/v1/cs/configs").param("dataId", applied[0])
                    .param("group", "G").send().body());
        }
    }
}
