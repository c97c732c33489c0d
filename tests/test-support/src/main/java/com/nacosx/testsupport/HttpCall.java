package com.nacosx.testsupport;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.StringJoiner;

/** A small HTTP client for the 1.x Open API: form-encoded parameters, string answers. */
public final class HttpCall {

    private static final HttpClient CLIENT = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private final String method;
    private final String url;
    private final Map<String, String> params = new LinkedHashMap<>();
    private final Map<String, String> headers = new LinkedHashMap<>();
    private Duration timeout = Duration.ofSeconds(30);
    private String json;
    private FilePart file;

    private HttpCall(String method, String url) {
        this.method = method;
        this.url = url;
    }

    public static HttpCall get(String url) {
        return new HttpCall("GET", url);
    }

    public static HttpCall post(String url) {
        return new HttpCall("POST", url);
    }

    public static HttpCall put(String url) {
        return new HttpCall("PUT", url);
    }

    public static HttpCall patch(String url) {
        return new HttpCall("PATCH", url);
    }

    public static HttpCall delete(String url) {
        return new HttpCall("DELETE", url);
    }

    public HttpCall param(String name, String value) {
        params.put(name, value);
        return this;
    }

    public HttpCall header(String name, String value) {
        headers.put(name, value);
        return this;
    }

    /** Sends a {@code multipart/form-data} body with this file; parameters then go in the query string. */
    public HttpCall file(String field, String fileName, byte[] data) {
        this.file = new FilePart(field, fileName, data);
        return this;
    }

    private record FilePart(String field, String fileName, byte[] data) {
    }

    /** Sends {@code body} as {@code application/json}; parameters then go in the query string. */
    public HttpCall json(String body) {
        this.json = body;
        return this;
    }

    public HttpCall timeout(Duration value) {
        this.timeout = value;
        return this;
    }

    public HttpResponse<String> send() {
        return send(HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    }

    /** The same, keeping the body as bytes (an archive). */
    public HttpResponse<byte[]> sendForBytes() {
        return send(HttpResponse.BodyHandlers.ofByteArray());
    }

    private <T> HttpResponse<T> send(HttpResponse.BodyHandler<T> bodyHandler) {
        String form = encode(params);
        boolean inBody = json == null && file == null && (method.equals("POST") || method.equals("PUT"));
        String target = inBody || form.isEmpty() ? url : url + (url.contains("?") ? "&" : "?") + form;
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(target)).timeout(timeout);
        headers.forEach(request::header);
        if (file != null) {
            String boundary = "nacosx-test-boundary";
            request.header("Content-Type", "multipart/form-data; boundary=" + boundary);
            byte[] head = ("--" + boundary + "\r\nContent-Disposition: form-data; name=\"" + file.field()
                    + "\"; filename=\"" + file.fileName() + "\"\r\nContent-Type: application/zip\r\n\r\n")
                    .getBytes(StandardCharsets.UTF_8);
            byte[] tail = ("\r\n--" + boundary + "--\r\n").getBytes(StandardCharsets.UTF_8);
            request.method(method, HttpRequest.BodyPublishers.concat(HttpRequest.BodyPublishers.ofByteArray(head),
                    HttpRequest.BodyPublishers.ofByteArray(file.data()), HttpRequest.BodyPublishers.ofByteArray(tail)));
        } else if (json != null) {
            request.header("Content-Type", "application/json");
            request.method(method, HttpRequest.BodyPublishers.ofString(json));
        } else if (inBody) {
            request.header("Content-Type", "application/x-www-form-urlencoded; charset=UTF-8");
            request.method(method, HttpRequest.BodyPublishers.ofString(form));
        } else {
            request.method(method, HttpRequest.BodyPublishers.noBody());
        }
        try {
            return CLIENT.send(request.build(), bodyHandler);
        } catch (IOException e) {
            throw new IllegalStateException(method + " " + target + " failed: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static String encode(Map<String, String> values) {
        StringJoiner joined = new StringJoiner("&");
        values.forEach((k, v) -> joined.add(URLEncoder.encode(k, StandardCharsets.UTF_8) + "="
                + URLEncoder.encode(v, StandardCharsets.UTF_8)));
        return joined.toString();
    }
}
