package com.nacosx.console;

import com.nacosx.core.auth.Access;
import com.nacosx.core.http.HttpApi;
import com.nacosx.core.http.HttpExchange;
import com.nacosx.core.http.HttpRoutes;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpResponseStatus;

/**
 * Serves the console at {@code /nacos/}: each built file at its own path, the app's page for
 * {@code /}, {@code /index.html} and any address of the app a browser opens ({@link HttpRoutes#pages}),
 * and {@code /nacos} sent on to {@code /nacos/}. Hashed assets are cached for a year, the page
 * never (so a new build is seen at once); both go gzipped to a browser that takes it.
 */
final class ConsoleUiHttpApi implements HttpApi {

    /** What the page may load and run: only this server's own files (CodeMirror adds inline styles). */
    private static final String CONTENT_SECURITY_POLICY = "default-src 'self'; style-src 'self' 'unsafe-inline'; "
            + "img-src 'self' data:; object-src 'none'; frame-ancestors 'none'; base-uri 'self'";

    private final ConsoleBundle bundle;
    private final String contextPath;

    ConsoleUiHttpApi(ConsoleBundle bundle, String contextPath) {
        this.bundle = bundle;
        this.contextPath = contextPath;
    }

    @Override
    public void register(HttpRoutes routes) {
        bundle.files().values().forEach(file -> routes.get(file.path()).access(Access.open())
                .inline(exchange -> send(exchange, file)));
        routes.get("/").access(Access.open()).inline(this::sendPage);
        routes.get("").access(Access.open()).inline(exchange -> exchange.respond(HttpResponseStatus.FOUND,
                "text/plain;charset=UTF-8", new byte[0], new DefaultHttpHeaders().set("Location", contextPath + "/")));
        routes.pages(this::sendPage);
    }

    private void sendPage(HttpExchange exchange) {
        send(exchange, bundle.index());
    }

    private void send(HttpExchange exchange, ConsoleBundle.File file) {
        HttpHeaders headers = new DefaultHttpHeaders()
                .set("Cache-Control", file.immutable() ? "public, max-age=31536000, immutable" : "no-cache")
                .set("X-Content-Type-Options", "nosniff")
                .set("Vary", "Accept-Encoding");
        if (file.contentType().startsWith("text/html")) {
            headers.set("Content-Security-Policy", CONTENT_SECURITY_POLICY).set("Referrer-Policy", "same-origin");
        }
        byte[] body = file.bytes();
        String encodings = exchange.header("Accept-Encoding");
        if (file.gzipped() != null && encodings != null && encodings.contains("gzip")) {
            headers.set("Content-Encoding", "gzip");
            body = file.gzipped();
        }
        exchange.respond(HttpResponseStatus.OK, file.contentType(), body, headers);
    }
}
