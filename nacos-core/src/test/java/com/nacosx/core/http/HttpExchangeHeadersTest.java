package com.nacosx.core.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.util.AsciiString;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HttpExchangeHeadersTest {

    static HttpExchange passedOn(Map<String, String> headers) {
        return HttpExchange.passedOn("PUT", "/v1/ns/instance/beat", Map.of(), headers, null, (status, type, body) -> { });
    }

    @Test
    void aHeaderIsFoundByAConstantOrAStringInAnyCase() {
        HttpExchange exchange = passedOn(Map.of("user-agent", "Nacos-Java-Client:v1.4.8", "Nacos-Distro-Forwarded", "true"));
        assertEquals("Nacos-Java-Client:v1.4.8", exchange.header(HttpHeaderNames.USER_AGENT));
        assertEquals("Nacos-Java-Client:v1.4.8", exchange.header("User-Agent"));
        assertEquals("true", exchange.header(AsciiString.cached("nacos-distro-forwarded")));
        assertNull(exchange.header("Request-Source"));
    }

    @Test
    void aPeersHeadersAreTakenAsTheyCameAndTheClientAddressComesFromTheProxyHeaders() {
        HttpExchange exchange = passedOn(Map.of("X-Forwarded-For", "10.0.0.7, 10.0.0.1", "X-Real-IP", "10.0.0.9"));
        assertEquals("10.0.0.7", exchange.clientIp(), "the first address a proxy names is the client's");
        assertEquals("10.0.0.9", passedOn(Map.of("x-real-ip", "10.0.0.9")).clientIp());
    }

    @Test
    void aServersUserAgentMarksARequestFromAServer() {
        assertTrue(passedOn(Map.of("User-Agent", "Nacos-Server:1.4.8")).isFromServer());
    }
}
