package com.nacosx.core.raft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import com.alipay.sofa.jraft.option.RpcOptions;
import com.alipay.sofa.jraft.rpc.RaftRpcServerFactory;
import com.alipay.sofa.jraft.rpc.RpcClient;
import com.alipay.sofa.jraft.rpc.RpcContext;
import com.alipay.sofa.jraft.rpc.RpcProcessor;
import com.alipay.sofa.jraft.rpc.RpcRequests.PingRequest;
import com.alipay.sofa.jraft.rpc.RpcServer;
import com.alipay.sofa.jraft.util.Endpoint;
import com.alipay.sofa.jraft.util.RpcFactoryHelper;
import java.net.ServerSocket;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A peer that takes calls and never answers them stands for a connection whose peer was lost
 * mid-stream (gRPC keeps such a channel READY): once calls have only timed out for the reconnect
 * time, the next call goes over a connection of its own. Which connection a call came over is told
 * by its source port.
 */
class ReconnectingGrpcClientTest {

    private final CallerPorts callers = new CallerPorts();
    private final List<Integer> callerPorts = callers.ports();
    private final AtomicLong clock = new AtomicLong();
    private RpcServer server;
    private RpcClient client;
    private Endpoint peer;

    @BeforeEach
    void startASilentPeer() throws Exception {
        RaftTransport transport = (RaftTransport) RpcFactoryHelper.rpcFactory();
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        server = transport.serverOn("127.0.0.1", port, callers);
        // JRaft's processors (and with them its messages); ours then takes the place of its ping's.
        RaftRpcServerFactory.addRaftRequestProcessors(server);
        server.registerProcessor(new Silent());
        server.init(null);
        peer = new Endpoint("127.0.0.1", port);
        client = transport.clientOn(clock::get);
        client.init(new RpcOptions());
    }

    @AfterEach
    void stop() {
        client.shutdown();
        server.shutdown();
    }

    @Test
    void aPeerThatOnlyTimesOutIsConnectedToAnew() throws Exception {
        ping();
        ping();
        assertEquals(callerPorts.get(0), callerPorts.get(1), "calls share one connection while it may still answer");

        clock.addAndGet(ReconnectingGrpcClient.RECONNECT_AFTER_MILLIS);
        ping();
        ping();
        assertEquals(4, callerPorts.size());
        assertNotEquals(callerPorts.get(2), callerPorts.get(3), "after only timeouts for the reconnect time, a new connection");
    }

    /** One ping that the peer never answers: it times out. */
    private void ping() throws Exception {
        CompletableFuture<Throwable> done = new CompletableFuture<>();
        PingRequest ping = PingRequest.newBuilder().setSendTimestamp(System.currentTimeMillis()).build();
        client.invokeAsync(peer, ping, null, (result, error) -> done.complete(error), 1500);
        assertNotNull(done.get(30, TimeUnit.SECONDS), "the silent peer's call timed out");
    }

    /** Answers nothing. */
    private static final class Silent implements RpcProcessor<PingRequest> {
        @Override
        public void handleRequest(RpcContext context, PingRequest request) {
        }

        @Override
        public String interest() {
            return PingRequest.class.getName();
        }
    }
}
