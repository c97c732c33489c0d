package com.nacosx.api.remote;

import com.google.protobuf.Any;
import com.google.protobuf.ByteString;
import com.google.protobuf.UnsafeByteOperations;
import com.nacosx.api.grpc.auto.Metadata;
import com.nacosx.api.grpc.auto.Payload;
import com.nacosx.api.remote.ai.AgentEndpointRequest;
import com.nacosx.api.remote.ai.AgentEndpointResponse;
import com.nacosx.api.remote.ai.BatchAgentEndpointRequest;
import com.nacosx.api.remote.ai.McpServerEndpointRequest;
import com.nacosx.api.remote.ai.McpServerEndpointResponse;
import com.nacosx.api.remote.ai.QueryAgentCardRequest;
import com.nacosx.api.remote.ai.QueryAgentCardResponse;
import com.nacosx.api.remote.ai.QueryMcpServerRequest;
import com.nacosx.api.remote.ai.QueryMcpServerResponse;
import com.nacosx.api.remote.ai.ReleaseAgentCardRequest;
import com.nacosx.api.remote.ai.ReleaseAgentCardResponse;
import com.nacosx.api.remote.ai.ReleaseMcpServerRequest;
import com.nacosx.api.remote.ai.ReleaseMcpServerResponse;
import com.nacosx.api.remote.cluster.HttpForwardBatchRequest;
import com.nacosx.api.remote.cluster.HttpForwardBatchResponse;
import com.nacosx.api.remote.cluster.HttpForwardRequest;
import com.nacosx.api.remote.cluster.HttpForwardResponse;
import com.nacosx.api.remote.cluster.MemberReportRequest;
import com.nacosx.api.remote.cluster.MemberReportResponse;
import com.nacosx.api.remote.cluster.RaftPeerStartedRequest;
import com.nacosx.api.remote.cluster.RaftPeerStartedResponse;
import com.nacosx.api.remote.cluster.RaftWriteRequest;
import com.nacosx.api.remote.cluster.RaftWriteResponse;
import com.nacosx.api.remote.config.ConfigFuzzyWatchRequest;
import com.nacosx.api.remote.config.ConfigFuzzyWatchResponse;
import com.nacosx.api.remote.config.ConfigFuzzyWatchSyncRequest;
import com.nacosx.api.remote.config.ConfigFuzzyWatchSyncResponse;
import com.nacosx.api.remote.config.ConfigFuzzyWatchChangeNotifyRequest;
import com.nacosx.api.remote.config.ConfigFuzzyWatchChangeNotifyResponse;
import com.nacosx.api.remote.naming.NamingFuzzyWatchRequest;
import com.nacosx.api.remote.naming.NamingFuzzyWatchResponse;
import com.nacosx.api.remote.naming.NamingFuzzyWatchSyncRequest;
import com.nacosx.api.remote.naming.NamingFuzzyWatchSyncResponse;
import com.nacosx.api.remote.naming.NamingFuzzyWatchChangeNotifyRequest;
import com.nacosx.api.remote.naming.NamingFuzzyWatchChangeNotifyResponse;
import com.nacosx.api.remote.config.ClientConfigMetricRequest;
import com.nacosx.api.remote.config.ClientConfigMetricResponse;
import com.nacosx.api.remote.config.ConfigBatchListenRequest;
import com.nacosx.api.remote.config.ConfigChangeBatchListenResponse;
import com.nacosx.api.remote.config.ConfigChangeClusterSyncRequest;
import com.nacosx.api.remote.config.ConfigChangeClusterSyncResponse;
import com.nacosx.api.remote.config.ConfigChangeNotifyRequest;
import com.nacosx.api.remote.config.ConfigChangeNotifyResponse;
import com.nacosx.api.remote.config.ConfigPublishRequest;
import com.nacosx.api.remote.config.ConfigPublishResponse;
import com.nacosx.api.remote.config.ConfigQueryRequest;
import com.nacosx.api.remote.config.ConfigQueryResponse;
import com.nacosx.api.remote.config.ConfigRemoveRequest;
import com.nacosx.api.remote.config.ConfigRemoveResponse;
import com.nacosx.api.remote.core.ClientDetectionRequest;
import com.nacosx.api.remote.core.ClientDetectionResponse;
import com.nacosx.api.remote.core.ConnectResetRequest;
import com.nacosx.api.remote.core.ConnectResetResponse;
import com.nacosx.api.remote.core.ConnectionSetupRequest;
import com.nacosx.api.remote.core.ErrorResponse;
import com.nacosx.api.remote.core.HealthCheckRequest;
import com.nacosx.api.remote.core.HealthCheckResponse;
import com.nacosx.api.remote.core.ServerCheckRequest;
import com.nacosx.api.remote.core.ServerCheckResponse;
import com.nacosx.api.remote.core.ServerLoaderInfoRequest;
import com.nacosx.api.remote.core.ServerLoaderInfoResponse;
import com.nacosx.api.remote.core.ServerReloadRequest;
import com.nacosx.api.remote.core.ServerReloadResponse;
import com.nacosx.api.remote.core.SetupAckRequest;
import com.nacosx.api.remote.core.SetupAckResponse;
import com.nacosx.api.remote.distro.DistroDataRequest;
import com.nacosx.api.remote.distro.DistroDataResponse;
import com.nacosx.api.remote.naming.BatchInstanceRequest;
import com.nacosx.api.remote.naming.BatchInstanceResponse;
import com.nacosx.api.remote.naming.InstanceRequest;
import com.nacosx.api.remote.naming.InstanceResponse;
import com.nacosx.api.remote.naming.NotifySubscriberRequest;
import com.nacosx.api.remote.naming.NotifySubscriberResponse;
import com.nacosx.api.remote.naming.PersistentInstanceRequest;
import com.nacosx.api.remote.naming.QueryServiceResponse;
import com.nacosx.api.remote.naming.ServiceListRequest;
import com.nacosx.api.remote.naming.ServiceListResponse;
import com.nacosx.api.remote.naming.ServiceQueryRequest;
import com.nacosx.api.remote.naming.SubscribeServiceRequest;
import com.nacosx.api.remote.naming.SubscribeServiceResponse;
import com.fasterxml.jackson.annotation.JsonInclude;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.ObjectReader;
import tools.jackson.databind.ObjectWriter;
import tools.jackson.databind.json.JsonMapper;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Turns requests and responses into gRPC payloads and back, as the official clients do: the
 * metadata names the simple class name, the body's value is the object's JSON, request headers
 * ride in the metadata. Thread-safe.
 */
public final class PayloadCodec {

    private static final JsonMapper MAPPER = JsonMapper.builder()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            // Jackson 3 refuses null for primitives by default; clients built on Jackson 2 send them.
            .disable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .changeDefaultPropertyInclusion(inclusion -> inclusion.withValueInclusion(JsonInclude.Include.NON_NULL))
            .build();

    /** Every payload type, by simple class name. */
    private static final Map<String, Class<?>> TYPES = List.<Class<?>>of(
            ServerCheckRequest.class, ServerCheckResponse.class, ConnectionSetupRequest.class,
            SetupAckRequest.class, SetupAckResponse.class, HealthCheckRequest.class, HealthCheckResponse.class,
            ClientDetectionRequest.class, ClientDetectionResponse.class, ConnectResetRequest.class,
            ConnectResetResponse.class, ServerLoaderInfoRequest.class, ServerLoaderInfoResponse.class,
            ServerReloadRequest.class, ServerReloadResponse.class, ErrorResponse.class,
            ConfigQueryRequest.class, ConfigQueryResponse.class, ConfigPublishRequest.class,
            ConfigPublishResponse.class, ConfigRemoveRequest.class, ConfigRemoveResponse.class,
            ConfigBatchListenRequest.class, ConfigChangeBatchListenResponse.class,
            ConfigChangeNotifyRequest.class, ConfigChangeNotifyResponse.class, ClientConfigMetricRequest.class,
            ClientConfigMetricResponse.class, ConfigChangeClusterSyncRequest.class,
            ConfigChangeClusterSyncResponse.class, ConfigFuzzyWatchRequest.class, ConfigFuzzyWatchResponse.class,
            ConfigFuzzyWatchSyncRequest.class, ConfigFuzzyWatchSyncResponse.class,
            ConfigFuzzyWatchChangeNotifyRequest.class, ConfigFuzzyWatchChangeNotifyResponse.class,
            NamingFuzzyWatchRequest.class, NamingFuzzyWatchResponse.class, NamingFuzzyWatchSyncRequest.class,
            NamingFuzzyWatchSyncResponse.class, NamingFuzzyWatchChangeNotifyRequest.class,
            NamingFuzzyWatchChangeNotifyResponse.class,
            InstanceRequest.class, InstanceResponse.class, BatchInstanceRequest.class, BatchInstanceResponse.class,
            PersistentInstanceRequest.class, ServiceQueryRequest.class, QueryServiceResponse.class,
            SubscribeServiceRequest.class, SubscribeServiceResponse.class, ServiceListRequest.class,
            ServiceListResponse.class, NotifySubscriberRequest.class, NotifySubscriberResponse.class,
            MemberReportRequest.class, MemberReportResponse.class, DistroDataRequest.class, DistroDataResponse.class,
            HttpForwardRequest.class, HttpForwardResponse.class, HttpForwardBatchRequest.class,
            HttpForwardBatchResponse.class, RaftWriteRequest.class, RaftWriteResponse.class,
            RaftPeerStartedRequest.class, RaftPeerStartedResponse.class,
            QueryMcpServerRequest.class, QueryMcpServerResponse.class, ReleaseMcpServerRequest.class,
            ReleaseMcpServerResponse.class, McpServerEndpointRequest.class, McpServerEndpointResponse.class,
            QueryAgentCardRequest.class, QueryAgentCardResponse.class, ReleaseAgentCardRequest.class,
            ReleaseAgentCardResponse.class, AgentEndpointRequest.class, BatchAgentEndpointRequest.class,
            AgentEndpointResponse.class)
            .stream().collect(Collectors.toUnmodifiableMap(Class::getSimpleName, type -> type));

    /**
     * A reader per payload type, made when the type is first read: a bound reader skips the mapper's
     * type lookup, and making one builds the type's deserializer, which for all of them took 0.1-0.2 s
     * of a start for types most clients never send.
     */
    private static final ClassValue<ObjectReader> READERS = new ClassValue<>() {
        @Override
        protected ObjectReader computeValue(Class<?> type) {
            return MAPPER.readerFor(type);
        }
    };

    private static final ClassValue<ObjectWriter> WRITERS = new ClassValue<>() {
        @Override
        protected ObjectWriter computeValue(Class<?> type) {
            return MAPPER.writerFor(type);
        }
    };

    private static final PlainPayloads PLAIN = new PlainPayloads(PayloadCodec::responsePayload);

    private PayloadCodec() {
    }

    /** The simple class names of every payload type this codec reads. */
    public static Set<String> types() {
        return TYPES.keySet();
    }

    /** A request as the server pushes it: no client IP in the metadata. */
    public static Payload encode(Request request) {
        return encode(request, "");
    }

    public static Payload encode(Response response) {
        Payload plain = PLAIN.success(response);
        return plain != null ? plain : responsePayload(response);
    }

    private static Payload responsePayload(Object response) {
        return payload(Metadata.newBuilder().setType(response.getClass().getSimpleName()).build(), response);
    }

    /** A request as a client sends it: with the client's IP in the metadata. */
    public static Payload encode(Request request, String clientIp) {
        Metadata metadata = Metadata.newBuilder()
                .setType(request.getClass().getSimpleName())
                .setClientIp(clientIp)
                .putAllHeaders(request.headers())
                .build();
        return payload(metadata, request);
    }

    private static Payload payload(Metadata metadata, Object body) {
        byte[] json = WRITERS.get(body.getClass()).writeValueAsBytes(body);
        return Payload.newBuilder()
                .setMetadata(metadata)
                .setBody(Any.newBuilder().setValue(UnsafeByteOperations.unsafeWrap(json)))
                .build();
    }

    /**
     * Reads the object a payload carries; a request gets the metadata's headers.
     *
     * @throws MalformedPayloadException when the type is unknown or the body is not its JSON
     */
    public static Object decode(Payload payload) {
        String type = payload.getMetadata().getType();
        Class<?> payloadType = TYPES.get(type);
        if (payloadType == null) {
            throw new MalformedPayloadException("Unknown payload type '" + type + "'");
        }
        ByteString body = payload.getBody().getValue();
        Object value = PLAIN.request(type, body);
        if (value == null) {
            value = parsed(type, READERS.get(payloadType), body);
            PLAIN.learn(type, body, value);
        }
        if (value instanceof Request request && payload.getMetadata().getHeadersCount() > 0) {
            request.headers().putAll(payload.getMetadata().getHeadersMap());
        }
        return value;
    }

    private static Object parsed(String type, ObjectReader reader, ByteString body) {
        Object value;
        try {
            value = reader.readValue(body.toByteArray());
        } catch (JacksonException e) {
            throw new MalformedPayloadException("The body of " + type + " is not valid JSON for it: "
                    + e.getOriginalMessage());
        }
        if (value == null) {
            throw new MalformedPayloadException("The body of " + type + " is empty");
        }
        return value;
    }

    /** A payload that names no known type or whose body cannot be read as that type. */
    public static final class MalformedPayloadException extends RuntimeException {

        public MalformedPayloadException(String message) {
            super(message);
        }
    }
}
