package com.nacosx.core.remote.grpc;

import com.nacosx.core.remote.RemoteProperties;
import com.nacosx.testsupport.RawGrpc;
import io.grpc.BindableService;
import io.grpc.CallOptions;
import io.grpc.ManagedChannel;
import io.grpc.MethodDescriptor;
import io.grpc.ServerServiceDefinition;
import io.grpc.ServerTransportFilter;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.stub.ClientCalls;
import io.grpc.stub.ServerCalls;
import io.grpc.stub.StreamObserver;
import org.junit.jupiter.api.Test;

import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A gRPC port stops beside the other doors of its phase: it refuses new calls at once and lets a
 * stream under way (a peer's, which never ends by itself) hold up only its own end of the stop.
 */
class GrpcServerStopTest {

    private static final MethodDescriptor<byte[], byte[]> HOLD =
            RawGrpc.descriptor(MethodDescriptor.MethodType.BIDI_STREAMING, "test.Held/hold");

    /** Answers each message and never ends the stream, as the peers' streams do not. */
    private static BindableService heldStreams(CountDownLatch opened) {
        return () -> ServerServiceDefinition.builder("test.Held")
                .addMethod(HOLD, ServerCalls.asyncBidiStreamingCall(answers -> new StreamObserver<byte[]>() {
                    @Override
                    public void onNext(byte[] message) {
                        answers.onNext(message);
                        opened.countDown();
                    }

                    @Override
                    public void onError(Throwable t) {
                    }

                    @Override
                    public void onCompleted() {
                    }
                }))
                .build();
    }

    @Test
    void stopReturnsAtOnceAndReportsStoppedOnceTheCallsUnderWayAreOver() throws Exception {
        CountDownLatch opened = new CountDownLatch(1);
        GrpcServer server = new GrpcServer("test", new InetSocketAddress("127.0.0.1", 0),
                new RemoteProperties.Grpc(null, null).sdk(), List.of(heldStreams(opened)),
                new ServerTransportFilter() {
                }, List.of(), 1);
        server.start();
        ManagedChannel channel = NettyChannelBuilder.forAddress("127.0.0.1", server.port()).usePlaintext().build();
        try {
            StreamObserver<byte[]> stream = ClientCalls.asyncBidiStreamingCall(
                    channel.newCall(HOLD, CallOptions.DEFAULT), new StreamObserver<byte[]>() {
                        @Override
                        public void onNext(byte[] value) {
                        }

                        @Override
                        public void onError(Throwable t) {
                        }

                        @Override
                        public void onCompleted() {
                        }
                    });
            stream.onNext(new byte[] {1});
            assertTrue(opened.await(30, TimeUnit.SECONDS), "the stream was never opened");

            CountDownLatch stopped = new CountDownLatch(1);
            server.stop(stopped::countDown);

            assertEquals(1, stopped.getCount(), "the stop waited for the stream under way");
            assertFalse(server.isRunning(), "new calls are refused from the moment the stop begins");
            assertTrue(stopped.await(60, TimeUnit.SECONDS), "the stop was never reported done");
        } finally {
            channel.shutdownNow();
        }
    }
}
