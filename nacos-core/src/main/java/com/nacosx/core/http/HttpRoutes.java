package com.nacosx.core.http;

import com.nacosx.core.auth.Access;
import io.netty.handler.codec.http.QueryStringDecoder;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The route table: method and path, optionally narrowed by one parameter's value (the official
 * API tells {@code GET /v1/cs/configs?show=all} from a plain read this way), to a handler that
 * runs either on the event loop ({@code inline}: in-memory work only, never blocking) or on the
 * worker pool ({@code blocking}: anything that may wait, such as the database). A path may hold
 * variables ({@code /prometheus/namespaceId/{namespaceId}}), each matching one segment; they are
 * tried after the exact paths and read with {@link HttpExchange#pathVariable}. Filled once at
 * start, read-only afterwards.
 */
public final class HttpRoutes {

    /** One registered route. */
    public record Route(String method, String path, String param, String value, boolean blocking,
                        Access<HttpExchange> access, String tpsPoint, HttpHandler handler) {

        boolean matches(HttpExchange exchange) {
            return param == null || value.equals(exchange.param(param));
        }
    }

    /** A route whose path holds variables: its segments, with null where a variable stands. */
    private record Template(Route route, String[] segments, String[] variables) {

        static Template of(Route route) {
            String[] segments = route.path().split("/", -1);
            String[] variables = new String[segments.length];
            for (int i = 0; i < segments.length; i++) {
                if (segments[i].startsWith("{") && segments[i].endsWith("}")) {
                    variables[i] = segments[i].substring(1, segments[i].length() - 1);
                    segments[i] = null;
                }
            }
            return new Template(route, segments, variables);
        }

        /** The variables' values when the path matches, else null. */
        Map<String, String> match(String path) {
            String[] parts = path.split("/", -1);
            if (parts.length != segments.length) {
                return null;
            }
            Map<String, String> values = new HashMap<>();
            for (int i = 0; i < parts.length; i++) {
                if (segments[i] == null) {
                    if (parts[i].isEmpty()) {
                        return null;
                    }
                    values.put(variables[i], QueryStringDecoder.decodeComponent(parts[i]));
                } else if (!segments[i].equals(parts[i])) {
                    return null;
                }
            }
            return values;
        }
    }

    /** The path a page route is observed under in the metrics and the access log. */
    public static final String PAGE_PATH = "/{page}";

    private final Map<String, List<Route>> byPath = new HashMap<>();
    private final List<Template> templates = new ArrayList<>();
    private Route pages;

    public RouteBuilder get(String path) {
        return new RouteBuilder("GET", path);
    }

    public RouteBuilder post(String path) {
        return new RouteBuilder("POST", path);
    }

    public RouteBuilder put(String path) {
        return new RouteBuilder("PUT", path);
    }

    public RouteBuilder delete(String path) {
        return new RouteBuilder("DELETE", path);
    }

    public RouteBuilder patch(String path) {
        return new RouteBuilder("PATCH", path);
    }

    /** Builds one route; finish it with {@link #inline} or {@link #blocking}. */
    public final class RouteBuilder {
        private final String method;
        private final String path;
        private String param;
        private String value;
        private Access<HttpExchange> access = Access.admin();
        private String tpsPoint;

        private RouteBuilder(String method, String path) {
            this.method = method;
            this.path = path;
        }

        /** Only when the request's parameter {@code name} equals {@code expected}. */
        public RouteBuilder when(String name, String expected) {
            this.param = name;
            this.value = expected;
            return this;
        }

        /**
         * What the request needs when auth is on; a route that does not say is for admins only,
         * so a route added without thought is closed rather than open.
         */
        public RouteBuilder access(Access<HttpExchange> needed) {
            this.access = needed;
            return this;
        }

        /** The control point the request counts against (the official names, such as {@code ConfigPublish}). */
        public RouteBuilder tps(String point) {
            this.tpsPoint = point;
            return this;
        }

        /** The handler runs on the event loop and must not block. */
        public void inline(HttpHandler handler) {
            add(new Route(method, path, param, value, false, access, tpsPoint, handler));
        }

        /** The handler runs on the worker pool. */
        public void blocking(HttpHandler handler) {
            add(new Route(method, path, param, value, true, access, tpsPoint, handler));
        }
    }

    /**
     * Serves what a browser asks for as a page ({@code Accept: text/html}) at a path no route
     * serves: a single-page app's own addresses (its links and reloads) get the app, while an API
     * client asking for a path that does not exist still gets "no API at". Open to everyone: the
     * app asks for its data through the API, which checks access.
     */
    public void pages(HttpHandler handler) {
        if (pages != null) {
            throw new IllegalStateException("pages registered twice");
        }
        pages = new Route("GET", PAGE_PATH, null, null, false, Access.open(), null, handler);
    }

    private void add(Route route) {
        if (route.path().contains("{")) {
            templates.add(Template.of(route));
            return;
        }
        List<Route> routes = byPath.computeIfAbsent(route.path(), p -> new ArrayList<>());
        boolean duplicate = routes.stream().anyMatch(r -> r.method().equals(route.method())
                && java.util.Objects.equals(r.param(), route.param()) && java.util.Objects.equals(r.value(), route.value()));
        if (duplicate) {
            throw new IllegalStateException("route registered twice: " + route.method() + " " + route.path());
        }
        // Narrowed routes are tried before the plain route of the same method.
        if (route.param() != null) {
            routes.add(0, route);
        } else {
            routes.add(route);
        }
    }

    /** The route serving this request, or null. */
    public Route find(HttpExchange exchange) {
        List<Route> routes = byPath.get(exchange.path());
        if (routes != null) {
            for (Route route : routes) {
                if (route.method().equals(exchange.method()) && route.matches(exchange)) {
                    return route;
                }
            }
            return null;
        }
        for (Template template : templates) {
            Map<String, String> variables = template.match(exchange.path());
            if (variables != null && template.route().method().equals(exchange.method())) {
                exchange.pathVariables(variables);
                return template.route();
            }
        }
        return isPageRequest(exchange) && !hasPath(exchange.path()) ? pages : null;
    }

    private boolean isPageRequest(HttpExchange exchange) {
        if (pages == null || !"GET".equals(exchange.method())) {
            return false;
        }
        String accept = exchange.header("Accept");
        return accept != null && accept.contains("text/html");
    }

    /** Whether any route serves this path, whatever the method. */
    public boolean hasPath(String path) {
        return byPath.containsKey(path) || templates.stream().anyMatch(template -> template.match(path) != null);
    }
}
