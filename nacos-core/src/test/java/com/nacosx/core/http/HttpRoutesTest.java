package com.nacosx.core.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

class HttpRoutesTest {

    final HttpRoutes routes = new HttpRoutes();
    final HttpHandler exact = exchange -> { };
    final HttpHandler byNamespace = exchange -> { };
    final HttpHandler byService = exchange -> { };

    HttpRoutesTest() {
        routes.get("/prometheus/namespaceId/public").inline(exact);
        routes.get("/prometheus/namespaceId/{namespaceId}").inline(byNamespace);
        routes.get("/prometheus/namespaceId/{namespaceId}/service/{service}").blocking(byService);
    }

    static HttpExchange request(String method, String path) {
        return HttpExchange.passedOn(method, path, Map.of(), Map.of(), "127.0.0.1", (status, type, body) -> { });
    }

    @Test
    void anExactPathWinsOverAPathWithVariables() {
        assertEquals(exact, routes.find(request("GET", "/prometheus/namespaceId/public")).handler());
    }

    @Test
    void variablesMatchOneSegmentEachAndAreDecoded() {
        HttpExchange exchange = request("GET", "/prometheus/namespaceId/team%20a/service/orders");
        HttpRoutes.Route route = routes.find(exchange);
        assertEquals(byService, route.handler());
        assertEquals("/prometheus/namespaceId/{namespaceId}/service/{service}", route.path(),
                "the route's path is what metrics and logs name it by");
        assertEquals("team a", exchange.pathVariable("namespaceId"));
        assertEquals("orders", exchange.pathVariable("service"));
    }

    @Test
    void anEmptySegmentAnotherLengthOrAnotherMethodDoesNotMatch() {
        assertNull(routes.find(request("GET", "/prometheus/namespaceId/")));
        assertNull(routes.find(request("GET", "/prometheus/namespaceId/a/service")));
        assertNull(routes.find(request("GET", "/prometheus/namespaceId/a/services/b")));
        assertNull(routes.find(request("POST", "/prometheus/namespaceId/a")));
        assertTrue(routes.hasPath("/prometheus/namespaceId/a"), "a 405, not a 404");
        assertFalse(routes.hasPath("/prometheus/other/a"));
    }
}
