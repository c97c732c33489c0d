package com.nacosx.testsupport;

import com.alibaba.nacos.consistency.entity.ReadRequest;
import com.alibaba.nacos.consistency.entity.Response;
import com.alibaba.nacos.consistency.entity.WriteRequest;
import com.alipay.sofa.jraft.option.CliOptions;
import com.alipay.sofa.jraft.rpc.impl.GrpcRaftRpcFactory;
import com.alipay.sofa.jraft.rpc.impl.cli.CliClientServiceImpl;
import com.alipay.sofa.jraft.util.Endpoint;
import com.alipay.sofa.jraft.util.RpcFactoryHelper;
import com.google.protobuf.ByteString;
import com.google.protobuf.Message;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.StringJoiner;

/**
 * An official Nacos 1.4.8 node on the Raft port, for its persistent naming group
 * {@code naming_persistent_service}: it passes a write or a read on to a peer as 1.4.8 does (JRaft's
 * gRPC transport, the consistency module's protobuf messages, a batch of keys and values in JSON
 * with each value base64), and the values it writes are datums captured off a real 1.4.8 node
 * (resources {@code nacos-1.4.8/persistent-*.json}).
 */
public final class Nacos148Raft implements AutoCloseable {

    public static final String GROUP = "naming_persistent_service";
    private static final long TIMEOUT_MILLIS = Patience.millis(10_000);

    private final CliClientServiceImpl client = new CliClientServiceImpl();

    public Nacos148Raft() {
        GrpcRaftRpcFactory transport = (GrpcRaftRpcFactory) RpcFactoryHelper.rpcFactory();
        for (Message request : List.of(WriteRequest.getDefaultInstance(), ReadRequest.getDefaultInstance())) {
            transport.registerProtobufSerializer(request.getClass().getName(), request);
            transport.getMarshallerRegistry().registerResponseInstance(request.getClass().getName(),
                    Response.getDefaultInstance());
        }
        transport.registerProtobufSerializer(Response.class.getName(), Response.getDefaultInstance());
        client.init(new CliOptions());
    }

    /** A datum captured off a real 1.4.8 node, by its fixture name ({@code persistent-service}, ...). */
    public static String fixture(String name) {
        try (InputStream in = Nacos148Raft.class.getResourceAsStream("/nacos-1.4.8/" + name + ".json")) {
            if (in == null) {
                throw new IllegalArgumentException("no fixture nacos-1.4.8/" + name + ".json on the class path");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).strip();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The batch 1.4.8 writes: {@code {"keys":[base64...],"values":[base64...]}}. */
    public static byte[] batch(List<String> keys, List<String> values) {
        return ("{\"keys\":" + base64s(keys) + ",\"values\":" + base64s(values) + "}").getBytes(StandardCharsets.UTF_8);
    }

    private static String base64s(List<String> texts) {
        StringJoiner array = new StringJoiner(",", "[", "]");
        texts.forEach(text -> array.add('"' + Base64.getEncoder().encodeToString(text.getBytes(StandardCharsets.UTF_8))
                + '"'));
        return array.toString();
    }

    /** Passes a write on to the node whose Raft port is {@code raftPort}, as a 1.4.8 follower does. */
    public Response write(int raftPort, String operation, byte[] batch) {
        return call(raftPort, WriteRequest.newBuilder().setGroup(GROUP).setOperation(operation)
                .setData(ByteString.copyFrom(batch)).build());
    }

    /** Reads keys from the node whose Raft port is {@code raftPort}; the answer's data is a batch. */
    public Response read(int raftPort, List<String> keys) {
        StringJoiner array = new StringJoiner(",", "[", "]");
        keys.forEach(key -> array.add('"' + Base64.getEncoder().encodeToString(key.getBytes(StandardCharsets.UTF_8))
                + '"'));
        return call(raftPort, ReadRequest.newBuilder().setGroup(GROUP)
                .setData(ByteString.copyFromUtf8(array.toString())).build());
    }

    private Response call(int raftPort, Message request) {
        try {
            return (Response) client.getRpcClient().invokeSync(new Endpoint("127.0.0.1", raftPort), request,
                    TIMEOUT_MILLIS);
        } catch (Exception e) {
            throw new IllegalStateException("the Raft port " + raftPort + " did not answer: " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        client.shutdown();
    }
}
