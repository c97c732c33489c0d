package com.nacosx.core.raft;

import com.alibaba.nacos.consistency.entity.GetRequest;
import com.alibaba.nacos.consistency.entity.Log;
import com.alibaba.nacos.consistency.entity.ReadRequest;
import com.alibaba.nacos.consistency.entity.Response;
import com.alibaba.nacos.consistency.entity.WriteRequest;
import com.alipay.sofa.jraft.entity.PeerId;
import com.alipay.sofa.jraft.error.RemotingException;
import com.alipay.sofa.jraft.option.CliOptions;
import com.alipay.sofa.jraft.rpc.InvokeCallback;
import com.alipay.sofa.jraft.rpc.RpcContext;
import com.alipay.sofa.jraft.rpc.RpcProcessor;
import com.alipay.sofa.jraft.rpc.RpcServer;
import com.alipay.sofa.jraft.rpc.impl.cli.CliClientServiceImpl;
import com.google.protobuf.Message;
import com.nacosx.core.util.Futures;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * The calls official 1.4 nodes make on the Raft port for the groups they share with ours: a write
 * or a read passed on to the group's leader ({@code WriteRequest}, {@code ReadRequest}, and their
 * older names {@code Log}, {@code GetRequest}), answered with a {@code Response}. Served here for
 * them, and made by this node when a 1.4 node leads.
 */
final class LegacyRaftRpc {

    private final CliClientServiceImpl client = new CliClientServiceImpl();

    /** Teaches JRaft's transport the 1.x messages; before the Raft server and the client start. */
    static void registerMessages(RaftTransport transport) {
        for (Message request : List.of(WriteRequest.getDefaultInstance(), ReadRequest.getDefaultInstance(),
                Log.getDefaultInstance(), GetRequest.getDefaultInstance())) {
            transport.registerProtobufSerializer(request.getClass().getName(), request);
            transport.getMarshallerRegistry().registerResponseInstance(request.getClass().getName(),
                    Response.getDefaultInstance());
        }
        transport.registerProtobufSerializer(Response.class.getName(), Response.getDefaultInstance());
    }

    /** Answers 1.4 nodes' writes and reads for the shared groups through {@code groups}. */
    static void serve(RpcServer server, RaftGroups groups) {
        server.registerProcessor(processor(WriteRequest.class, write -> groups.writeLegacy(write)));
        server.registerProcessor(processor(Log.class, log -> groups.writeLegacy(LegacyGroupStateMachine.asWrite(log))));
        server.registerProcessor(processor(ReadRequest.class, groups::readLegacy));
        server.registerProcessor(processor(GetRequest.class, get -> groups.readLegacy(ReadRequest.newBuilder()
                .setGroup(get.getGroup()).setData(get.getData()).putAllExtendInfo(get.getExtendInfoMap()).build())));
    }

    private static <T extends Message> RpcProcessor<T> processor(Class<T> type,
            Function<T, CompletableFuture<Response>> handler) {
        return new RpcProcessor<>() {
            @Override
            public void handleRequest(RpcContext context, T request) {
                handler.apply(request).whenComplete((response, error) -> context.sendResponse(error == null ? response
                        : LegacyGroupStateMachine.failure(Futures.causeOf(error).getMessage())));
            }

            @Override
            public String interest() {
                return type.getName();
            }
        };
    }

    void start() {
        client.init(new CliOptions());
    }

    /**
     * Passes a write or read on to {@code leader}; completes with its answer, a refusal included,
     * and fails only when it cannot be reached.
     */
    CompletableFuture<Response> send(PeerId leader, Message request, Duration timeout) {
        CompletableFuture<Response> answered = new CompletableFuture<>();
        InvokeCallback callback = (answer, error) -> {
            if (error != null) {
                answered.completeExceptionally(error);
            } else if (answer instanceof Response response) {
                answered.complete(response);
            } else {
                answered.completeExceptionally(new IllegalStateException("the leader " + leader + " answered " + answer));
            }
        };
        try {
            client.getRpcClient().invokeAsync(leader.getEndpoint(), request, callback, timeout.toMillis());
        } catch (RemotingException | RuntimeException e) {
            answered.completeExceptionally(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            answered.completeExceptionally(e);
        }
        return answered;
    }

    void shutdown() {
        client.shutdown();
    }
}
