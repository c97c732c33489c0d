package com.nacosx.core.raft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.alipay.sofa.jraft.Status;
import com.alipay.sofa.jraft.option.RpcOptions;
import com.alipay.sofa.jraft.rpc.RaftRpcServerFactory;
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
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A Raft peer that says it has just started: the transport's clients whose last call to it failed
 * connect anew, and a client whose connection works keeps it. Which connection a call came over is
 * told by its source port.
 */
class PeerStartedReconnectTest {

    private final RaftTransport transport = (RaftTransport) RpcFactoryHelper.rpcFactory();
    private final CallerPorts callers = new CallerPorts();
    private final List<Integer> callerPorts = callers.ports();
    private RpcServer server;
    private ReconnectingGrpcClient client;
    private Endpoint peer;

    @BeforeEach
    void startAPeer() throws Exception {
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        peer = new Endpoint("127.0.0.1", port);
        server = answeringServer();
        client = transport.clientOn(System::currentTimeMillis);
        client.init(new RpcOptions());
    }

    @AfterEach
    void stop() {
        client.shutdown();
        server.shutdown();
    }

    @Test
    void aWorkingConnectionIsKept() throws Exception {
        assertNull(ping(), "the peer answers");
        transport.peerStarted(peer);
        assertNull(ping(), "the peer answers after its notice");
        assertEquals(callerPorts.get(0), callerPorts.get(1), "one connection throughout");
    }

    @Test
    void aPeerThatWasDownIsReachedOnceItSaysItStarted() throws Exception {
        assertNull(ping(), "the peer answers");
        server.shutdown();
        assertNotNull(ping(), "a call to the stopped peer fails");

        server = answeringServer();
        transport.peerStarted(peer);
        assertNull(ping(), "the restarted peer answers the first call after its notice");
        assertEquals(2, callerPorts.size());
    }

    private RpcServer answeringServer() {
        RpcServer started = transport.serverOn(peer.getIp(), peer.getPort(), callers);
        RaftRpcServerFactory.addRaftRequestProcessors(started);
        started.registerProcessor(new Answering());
        started.init(null);
        return started;
    }

    /** One ping; null when it was answered, else why it failed. */
    private Throwable ping() throws Exception {
        CompletableFuture<Throwable> done = new CompletableFuture<>();
        PingRequest ping = PingRequest.newBuilder().setSendTimestamp(System.currentTimeMillis()).build();
        client.invokeAsync(peer, ping, null, (result, error) -> done.complete(error), 10_000);
        return done.get(30, TimeUnit.SECONDS);
    }

    /** Answers every ping. */
    private static final class Answering implements RpcProcessor<PingRequest> {
        @Override
        public void handleRequest(RpcContext context, PingRequest request) {
            context.sendResponse(RpcFactoryHelper.responseFactory().newResponse(null, Status.OK()));
        }

        @Override
        public String interest() {
            return PingRequest.class.getName();
        }
    }
}
