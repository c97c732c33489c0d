package com.nacosx.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nacosx.testsupport.Await;
import com.nacosx.testsupport.HttpCall;
import com.nacosx.testsupport.LocalCluster;
import com.nacosx.testsupport.RawGrpc;
import com.nacosx.testsupport.ServerAuth;
import com.nacosx.testsupport.ServerProcess;
import io.grpc.Attributes;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/**
 * Three embedded-storage nodes with auth on: users live in the replicated store, members reach
 * each other with the server identity (Raft, Distro, requests passed on), and the Raft port
 * serves members only.
 */
class ClusterAuthTest {

    static final JsonMapper JSON = JsonMapper.builder().build();
    static final String PING = "com.alipay.sofa.jraft.rpc.RpcRequests$PingRequest/_call";
    static final List<ServerProcess> nodes = new ArrayList<>();
    static String admin;

    @BeforeAll
    static void start() throws InterruptedException {
        nodes.addAll(LocalCluster.start(3, ServerAuth.enabled()));
        LocalCluster.awaitAllUp(nodes);
        // A token is honoured only where its user exists: wait until the admin has reached every member.
        nodes.forEach(ServerAuth::adminToken);
        admin = ServerAuth.adminToken(nodes.get(0));
    }

    @AfterAll
    static void stop() {
        nodes.forEach(ServerProcess::close);
    }

    @Test
    void aUserCreatedThroughOneMemberLogsInThroughEvery() {
        ServerAuth.createUser(nodes.get(0), admin, "everywhere", "pw-everywhere", ":*:*", "rw");
        for (ServerProcess node : nodes) {
            String token = ServerAuth.awaitToken(node, "everywhere", "pw-everywhere");
            assertEquals(200, HttpCall.post(node.baseUrl() + "/v1/cs/configs").param("dataId", "from-" + node.port())
                    .param("group", "G").param("content", "by everywhere").param("accessToken", token).send()
                    .statusCode());
        }
        String token = ServerAuth.awaitToken(nodes.get(2), "everywhere", "pw-everywhere");
        for (ServerProcess node : nodes) {
            assertEquals("by everywhere", HttpCall.get(nodes.get(2).baseUrl() + "/v1/cs/configs")
                    .param("dataId", "from-" + node.port()).param("group", "G").param("accessToken", token).send()
                    .body());
        }
    }

    @Test
    void instancesRegisteredThroughAnyMemberAreSeenThroughEvery() throws InterruptedException {
        // Each service belongs to one member: most registrations are passed on to it, then synced to the third.
        for (int i = 0; i < 6; i++) {
            assertEquals(200, HttpCall.post(nodes.get(i % 3).baseUrl() + "/v1/ns/instance")
                    .param("serviceName", "auth-svc-" + i).param("ip", "10.0.1." + i).param("port", "80")
                    .param("accessToken", admin).send().statusCode());
        }
        for (ServerProcess node : nodes) {
            for (int i = 0; i < 6; i++) {
                String service = "auth-svc-" + i;
                Await.until(10_000, () -> JSON.readTree(HttpCall.get(node.baseUrl() + "/v1/ns/instance/list")
                        .param("serviceName", service).param("accessToken", admin).send().body())
                        .path("hosts").size() == 1, service + " seen through " + node.port());
            }
        }
    }

    static ManagedChannel channelFrom(String localIp, int port) {
        InetSocketAddress local = new InetSocketAddress(localIp, 0);
        return NettyChannelBuilder.forAddress("127.0.0.1", port).usePlaintext()
                .localSocketPicker(new NettyChannelBuilder.LocalSocketPicker() {
                    @Override
                    public SocketAddress createSocketAddress(SocketAddress remote, Attributes attrs) {
                        return local;
                    }
                }).build();
    }

    @Test
    void theRaftPortServesMembersOnly() {
        int raftPort = nodes.get(0).port() - 1000;
        ManagedChannel stranger = channelFrom("127.0.0.2", raftPort);
        ManagedChannel member = channelFrom("127.0.0.1", raftPort);
        try {
            StatusRuntimeException refused = assertThrows(StatusRuntimeException.class,
                    () -> RawGrpc.unary(stranger, PING, new byte[0]));
            assertEquals(Status.Code.PERMISSION_DENIED, refused.getStatus().getCode());
            Status memberAnswer = statusOf(() -> RawGrpc.unary(member, PING, new byte[0]));
            assertNotEquals(Status.Code.PERMISSION_DENIED, memberAnswer.getCode(), "a member's address is served");
        } finally {
            stranger.shutdownNow();
            member.shutdownNow();
        }
        String token = ServerAuth.awaitToken(nodes.get(1), "nacos", ServerAuth.ADMIN_PASSWORD);
        assertEquals(200, HttpCall.post(nodes.get(1).baseUrl() + "/v1/cs/configs").param("dataId", "after-stranger")
                .param("group", "G").param("content", "fine").param("accessToken", token).send().statusCode());
    }

    static Status statusOf(Runnable call) {
        try {
            call.run();
            return Status.OK;
        } catch (StatusRuntimeException e) {
            return e.getStatus();
        }
    }

    @Test
    void membersAnswerPeersOnlyWithTheIdentity() {
        ServerProcess node = nodes.get(1);
        assertEquals(401, HttpCall.get(node.baseUrl() + "/v1/core/cluster/nodes").send().statusCode());
        assertTrue(HttpCall.get(node.baseUrl() + "/v1/core/cluster/nodes")
                .header(ServerAuth.IDENTITY_KEY, ServerAuth.IDENTITY_VALUE).send().body().contains("\"UP\""));
    }
}
