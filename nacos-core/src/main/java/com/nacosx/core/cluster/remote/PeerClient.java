package com.nacosx.core.cluster.remote;

import com.google.common.util.concurrent.FutureCallback;
import com.google.common.util.concurrent.Futures;
import com.google.common.util.concurrent.ListenableFuture;
import com.google.common.util.concurrent.MoreExecutors;
import com.nacosx.api.grpc.auto.BiRequestStreamGrpc;
import com.nacosx.api.grpc.auto.Payload;
import com.nacosx.api.grpc.auto.RequestGrpc;
import com.nacosx.api.remote.ErrorCodes;
import com.nacosx.api.remote.PayloadCodec;
import com.nacosx.api.remote.Request;
import com.nacosx.api.remote.Response;
import com.nacosx.api.remote.ServerRequest;
import com.nacosx.api.remote.core.ClientDetectionRequest;
import com.nacosx.api.remote.core.ClientDetectionResponse;
import com.nacosx.api.remote.core.ConnectResetRequest;
import com.nacosx.api.remote.core.ConnectResetResponse;
import com.nacosx.api.remote.core.ConnectionSetupRequest;
import com.nacosx.api.remote.core.ErrorResponse;
import com.nacosx.api.remote.core.ServerCheckRequest;
import com.nacosx.api.remote.core.ServerCheckResponse;
import com.nacosx.api.remote.core.SetupAckRequest;
import io.grpc.Context;
import io.grpc.ManagedChannel;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.shaded.io.netty.channel.ChannelOption;
import io.grpc.stub.StreamObserver;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * This node's connection to one peer's cluster port (P+1001), set up as any 2.x client's (server
 * check, bi-stream, ConnectionSetupRequest labelled {@code source=cluster}, the peer's SetupAck).
 * A broken connection is set up again by the next request. Requests a peer pushes down the
 * stream (client detection, reset) are answered so the peer keeps the connection.
 */
final class PeerClient implements AutoCloseable {

    /** Above the cluster port's most frequent allowed ping (4 s by default). */
    private static final long KEEP_ALIVE_SECONDS = 5;
    private static final PeerAnswers ANSWERS = PeerAnswers.shared();

    private final String address;
    private final String selfIp;
    private final String version;
    private final ManagedChannel channel;
    private final RequestGrpc.RequestFutureStub unary;
    private volatile CompletableFuture<Void> ready;
    private volatile StreamObserver<Payload> stream;
    private final Object sendLock = new Object();

    PeerClient(String ip, int clusterPort, String selfIp, String version) {
        this.address = ip + ":" + clusterPort;
        this.selfIp = selfIp;
        this.version = version;
        // A fixed HTTP/2 window, as on the server side: no BDP pings per call. Pings every 5 s find a
        // link that died without a reset (a cut, a switch gone): the connection is replaced, and once
        // the link is back a new one connects within the 3 s connect bound. Without them the old
        // connection lived on through a cut, and after the heal every request waited for TCP's
        // retransmission, backed off for as long as the cut lasted (found by the fault tests: ~10 s
        // after a 20 s cut before Distro and reports got through).
        this.channel = NettyChannelBuilder.forAddress(ip, clusterPort).usePlaintext()
                .flowControlWindow(1024 * 1024).maxInboundMessageSize(64 * 1024 * 1024)
                .keepAliveTime(KEEP_ALIVE_SECONDS, TimeUnit.SECONDS).keepAliveTimeout(3, TimeUnit.SECONDS)
                .keepAliveWithoutCalls(true).withOption(ChannelOption.CONNECT_TIMEOUT_MILLIS, 3000)
                .directExecutor().build();
        this.unary = RequestGrpc.newFutureStub(channel);
    }

    /**
     * Sends the request once the connection is set up; fails on any transport error or timeout,
     * with {@link PeerUnreachable} when the request cannot have reached the peer.
     */
    CompletableFuture<Response> request(Request request, Duration timeout) {
        return connected(timeout)
                .exceptionallyCompose(noConnection -> CompletableFuture.failedFuture(
                        new PeerUnreachable(address, noConnection)))
                .thenCompose(ok -> call(request, timeout)).thenApply(answer -> {
            if (answer.errorCode == ErrorCodes.UN_REGISTER) {
                // The peer lost this connection (it restarted, or the transport was replaced).
                reset(new IllegalStateException("peer " + address + " no longer knows this connection"));
            }
            return answer;
        });
    }

    private synchronized void reset(Throwable cause) {
        ready = CompletableFuture.failedFuture(cause);
    }

    private synchronized CompletableFuture<Void> connected(Duration timeout) {
        CompletableFuture<Void> current = ready;
        if (current == null || current.isCompletedExceptionally()) {
            current = setUp(timeout);
            ready = current;
        }
        return current;
    }

    private CompletableFuture<Void> setUp(Duration timeout) {
        CompletableFuture<Void> acked = new CompletableFuture<>();
        return call(new ServerCheckRequest(), timeout).thenCompose(answer -> {
            if (!(answer instanceof ServerCheckResponse)) {
                return CompletableFuture.failedFuture(new IllegalStateException(
                        "peer " + address + " refused the server check: " + answer.message));
            }
            StreamObserver<Payload> opened = BiRequestStreamGrpc.newStub(channel).requestBiStream(new Pushes(acked));
            stream = opened;
            ConnectionSetupRequest setup = new ConnectionSetupRequest();
            setup.clientVersion = "Nacos-Server:v" + version;
            setup.labels = new HashMap<>(Map.of("source", "cluster"));
            setup.abilityTable = Map.of();
            send(opened, PayloadCodec.encode(setup, selfIp));
            return acked.orTimeout(timeout.toMillis(), TimeUnit.MILLISECONDS);
        });
    }

    private CompletableFuture<Response> call(Request request, Duration timeout) {
        CompletableFuture<Response> answer = new CompletableFuture<>();
        // Not in the context of the client call being served, if any: a call inherits it and is
        // cancelled when that call is answered, and a client's write is answered once this node
        // applied it, which may be before the leader's own answer to the forwarded write comes.
        ListenableFuture<Payload> sent;
        Context served = Context.ROOT.attach();
        try {
            sent = unary.withDeadlineAfter(timeout.toMillis(), TimeUnit.MILLISECONDS)
                    .request(PayloadCodec.encode(request, selfIp));
        } finally {
            Context.ROOT.detach(served);
        }
        Futures.addCallback(sent, new FutureCallback<>() {
                    @Override
                    public void onSuccess(Payload result) {
                        ANSWERS.complete(result, answer);
                    }

                    @Override
                    public void onFailure(Throwable error) {
                        answer.completeExceptionally(PeerUnreachable.refusedConnection(error)
                                ? new PeerUnreachable(address, error) : error);
                    }
                }, MoreExecutors.directExecutor());
        return answer;
    }

    private void send(StreamObserver<Payload> target, Payload payload) {
        synchronized (sendLock) {
            target.onNext(payload);
        }
    }

    /** The peer's pushes: its SetupAck completes the set-up; detection and reset are answered. */
    private final class Pushes implements StreamObserver<Payload> {

        private final CompletableFuture<Void> acked;

        Pushes(CompletableFuture<Void> acked) {
            this.acked = acked;
        }

        @Override
        public void onNext(Payload payload) {
            Object push = PayloadCodec.decode(payload);
            if (push instanceof SetupAckRequest) {
                acked.complete(null);
                return;
            }
            if (!(push instanceof ServerRequest request)) {
                return;
            }
            Response answer = request instanceof ClientDetectionRequest ? new ClientDetectionResponse()
                    : request instanceof ConnectResetRequest ? new ConnectResetResponse()
                    : ErrorResponse.of(500, "a peer does not serve " + request.getClass().getSimpleName());
            answer.requestId = request.requestId;
            StreamObserver<Payload> current = stream;
            if (current != null) {
                send(current, PayloadCodec.encode(answer));
            }
        }

        @Override
        public void onError(Throwable error) {
            broken(error);
        }

        @Override
        public void onCompleted() {
            broken(new IllegalStateException("peer " + address + " ended the stream"));
        }

        private void broken(Throwable cause) {
            acked.completeExceptionally(cause);
            reset(cause);
        }
    }

    /** Ends the channel's back-off after a failed connection, so the next request connects at once. */
    void reconnectNow() {
        channel.resetConnectBackoff();
    }

    @Override
    public void close() {
        channel.shutdownNow();
    }
}
