package com.nacosx.api.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.Any;
import com.google.protobuf.ByteString;
import com.nacosx.api.grpc.auto.Metadata;
import com.nacosx.api.grpc.auto.Payload;
import com.nacosx.api.remote.config.ConfigQueryRequest;
import com.nacosx.api.remote.config.ConfigQueryResponse;
import com.nacosx.api.remote.core.HealthCheckRequest;
import com.nacosx.api.remote.core.HealthCheckResponse;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The payload format the official clients speak: type in the metadata, JSON in the body, headers beside it. */
class PayloadCodecTest {

    static Payload payload(String type, String json) {
        return Payload.newBuilder().setMetadata(Metadata.newBuilder().setType(type))
                .setBody(Any.newBuilder().setValue(ByteString.copyFrom(json, StandardCharsets.UTF_8))).build();
    }

    @Test
    void aRequestTravelsWithItsHeadersAndTheClientsIp() {
        ConfigQueryRequest query = new ConfigQueryRequest();
        query.dataId = "app.yaml";
        query.group = "G";
        query.headers().put("accessToken", "t");
        Payload payload = PayloadCodec.encode(query, "10.0.0.1");
        assertEquals("ConfigQueryRequest", payload.getMetadata().getType());
        assertEquals("10.0.0.1", payload.getMetadata().getClientIp());
        ConfigQueryRequest decoded = (ConfigQueryRequest) PayloadCodec.decode(payload);
        assertEquals("app.yaml", decoded.dataId);
        assertEquals("t", decoded.header("accessToken"));
    }

    @Test
    void aResponseLeavesOutWhatIsNullAsTheOfficialServerDoes() {
        ConfigQueryResponse response = new ConfigQueryResponse();
        response.content = "a: 1";
        String json = PayloadCodec.encode(response).getBody().getValue().toStringUtf8();
        assertTrue(json.contains("\"content\":\"a: 1\""), json);
        assertTrue(!json.contains("encryptedDataKey"), json);
    }

    @Test
    void aPlainSuccessIsEncodedOnceAndAnythingElseEachTime() {
        Payload plain = PayloadCodec.encode(new HealthCheckResponse());
        assertSame(plain, PayloadCodec.encode(new HealthCheckResponse()));
        assertEquals("HealthCheckResponse", plain.getMetadata().getType());
        assertEquals("{\"errorCode\":0,\"resultCode\":200,\"success\":true}", plain.getBody().getValue().toStringUtf8());

        HealthCheckResponse answered = new HealthCheckResponse();
        answered.requestId = "7";
        assertTrue(PayloadCodec.encode(answered).getBody().getValue().toStringUtf8().contains("\"requestId\":\"7\""));
        String failed = PayloadCodec.encode(new HealthCheckResponse().fail(503, "Tps Flow restricted"))
                .getBody().getValue().toStringUtf8();
        assertTrue(failed.contains("\"errorCode\":503") && failed.contains("Tps Flow restricted"), failed);
        ConfigQueryResponse withFields = new ConfigQueryResponse();
        withFields.content = "b";
        assertNotSame(PayloadCodec.encode(withFields), PayloadCodec.encode(withFields));
    }

    @Test
    void aPlainRequestSeenBeforeIsReadAsAFreshOneWithItsOwnHeaders() {
        String sdkBody = "{\"headers\":{},\"module\":\"internal\"}";
        HealthCheckRequest first = (HealthCheckRequest) PayloadCodec.decode(payload("HealthCheckRequest", sdkBody));
        Payload withHeader = payload("HealthCheckRequest", sdkBody).toBuilder()
                .setMetadata(Metadata.newBuilder().setType("HealthCheckRequest").putHeaders("accessToken", "t")).build();
        HealthCheckRequest second = (HealthCheckRequest) PayloadCodec.decode(withHeader);
        assertNotSame(first, second);
        assertNull(first.header("accessToken"));
        assertEquals("t", second.header("accessToken"));
        assertNull(second.requestId);

        HealthCheckRequest identified = (HealthCheckRequest) PayloadCodec.decode(
                payload("HealthCheckRequest", "{\"headers\":{},\"module\":\"internal\",\"requestId\":\"9\"}"));
        assertEquals("9", identified.requestId);
        assertThrows(PayloadCodec.MalformedPayloadException.class,
                () -> PayloadCodec.decode(payload("HealthCheckRequest", sdkBody.substring(1))));
    }

    @Test
    void unknownFieldsAndNullPrimitivesFromOtherClientsAreAccepted() {
        Object decoded = PayloadCodec.decode(payload("ConfigQueryResponse",
                "{\"content\":\"x\",\"lastModified\":null,\"addedIn3x\":true}"));
        ConfigQueryResponse response = assertInstanceOf(ConfigQueryResponse.class, decoded);
        assertEquals("x", response.content);
        assertEquals(0, response.lastModified);
        assertNull(response.tag);
    }

    @Test
    void anUnknownTypeOrABodyThatIsNotItsJsonIsRefusedWithTheReason() {
        var unknown = assertThrows(PayloadCodec.MalformedPayloadException.class,
                () -> PayloadCodec.decode(payload("NoSuchRequest", "{}")));
        assertTrue(unknown.getMessage().contains("NoSuchRequest"));
        var broken = assertThrows(PayloadCodec.MalformedPayloadException.class,
                () -> PayloadCodec.decode(payload("ConfigQueryRequest", "{\"dataId\":")));
        assertTrue(broken.getMessage().contains("ConfigQueryRequest"));
        assertThrows(PayloadCodec.MalformedPayloadException.class,
                () -> PayloadCodec.decode(payload("ConfigQueryRequest", "null")));
    }

    @Test
    void everyKnownTypeReadsAnEmptyObject() {
        for (String type : PayloadCodec.types()) {
            assertEquals(type, PayloadCodec.decode(payload(type, "{}")).getClass().getSimpleName());
        }
    }
}
