package com.nacosx.testsupport;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.zip.GZIPInputStream;

/**
 * An official Nacos 1.4.8 node as its peers see it over HTTP (it has no gRPC port): it answers
 * the cluster endpoints the way 1.4.8 does and records every request it receives; and it sends the
 * requests a 1.4.8 node sends, replayed byte for byte from fixtures captured off a real one
 * (resources {@code nacos-1.4.8/*.http} of this module: a request line, headers, a blank line, the body;
 * {@code ${name}} placeholders are filled in at replay).
 */
public final class Nacos148Peer implements AutoCloseable {

    /** What 1.4.8 answers to a member report: the update's outcome as a string. */
    public static final String REPORT_ANSWER = "{\"code\":200,\"message\":null,\"data\":\"true\"}";
    /** Headers the JDK client sets itself and refuses to be given. */
    private static final Set<String> SET_BY_CLIENT = Set.of("host", "content-length", "connection");

    private final HttpServer server;
    private final List<Received> received = new CopyOnWriteArrayList<>();
    private final Map<String, String> answers = new ConcurrentHashMap<>();
    private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    /** One request this peer received. */
    public record Received(String method, String path, String query, Map<String, List<String>> headers, String body) {

        public String header(String name) {
            return headers.entrySet().stream().filter(entry -> entry.getKey().equalsIgnoreCase(name))
                    .map(entry -> entry.getValue().get(0)).findFirst().orElse(null);
        }
    }

    private Nacos148Peer(int port) throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", port), 64);
        answers.put("/nacos/v1/core/cluster/report", REPORT_ANSWER);
        answers.put("/nacos/v1/core/cluster/self", "{\"code\":200,\"message\":null,\"data\":{\"ip\":\"127.0.0.1\",\"port\":"
                + port + ",\"state\":\"UP\",\"address\":\"127.0.0.1:" + port
                + "\",\"extendInfo\":{\"version\":\"1.4.8\"},\"failAccessCnt\":0,\"abilities\":null}}");
        server.createContext("/", this::serve);
        server.start();
    }

    /** Listens on 127.0.0.1:{@code port}, as a 1.4.8 node with its main port there would. */
    public static Nacos148Peer start(int port) {
        try {
            return new Nacos148Peer(port);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public int port() {
        return server.getAddress().getPort();
    }

    public String address() {
        return "127.0.0.1:" + port();
    }

    /**
     * The member a 1.4.8 node makes responsible for a service: its {@code group@@service} name's
     * Java hash over the healthy members' addresses sorted as strings (1.4.8's DistroMapper).
     */
    public static String serviceOwner(String groupedService, List<String> addresses) {
        List<String> sorted = addresses.stream().sorted().toList();
        return sorted.get(Math.abs(groupedService.hashCode() % Integer.MAX_VALUE) % sorted.size());
    }

    /** Answers 200 with {@code body} to requests for {@code path}; paths without an answer get 404, as 1.4.8's. */
    public void answer(String path, String body) {
        answers.put(path, body);
    }

    /** Answers 404 to requests for {@code path} from now on. */
    public void forget(String path) {
        answers.remove(path);
    }

    /** The requests received for {@code path} so far, oldest first. */
    public List<Received> received(String path) {
        return received.stream().filter(request -> request.path().equals(path)).toList();
    }

    private void serve(HttpExchange exchange) throws IOException {
        try (exchange; InputStream body = exchange.getRequestBody()) {
            String path = exchange.getRequestURI().getPath();
            received.add(new Received(exchange.getRequestMethod(), path, exchange.getRequestURI().getRawQuery(),
                    Map.copyOf(exchange.getRequestHeaders()), new String(inflated(body.readAllBytes()),
                    StandardCharsets.UTF_8)));
            String answer = answers.get(path);
            byte[] bytes = (answer == null ? "{\"timestamp\":0,\"status\":404,\"error\":\"Not Found\"}" : answer)
                    .getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "application/json;charset=UTF-8");
            exchange.sendResponseHeaders(answer == null ? 404 : 200, bytes.length);
            exchange.getResponseBody().write(bytes);
        }
    }

    /** The body inflated when it is gzipped, as 1.4.8 reads any body (a Raft leader's beat is). */
    private static byte[] inflated(byte[] body) throws IOException {
        if (body.length < 2 || (body[0] & 0xff) != 0x1f || (body[1] & 0xff) != 0x8b) {
            return body;
        }
        try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(body))) {
            return in.readAllBytes();
        }
    }

    /**
     * Sends the captured request {@code fixture} to {@code target} as this node, with
     * {@code ${selfIp}}, {@code ${selfPort}}, {@code ${raftPort}}, {@code ${now}}, {@code ${version}}
     * (1.4.8 unless given: a member report played as an older node) and the given values filled in.
     */
    public HttpResponse<String> send(String fixture, ServerProcess target, Map<String, String> values) {
        String text = filled(fixture, values);
        int headersEnd = text.indexOf("\n\n");
        String[] head = (headersEnd < 0 ? text : text.substring(0, headersEnd)).split("\n");
        String body = bodyOf(text);
        String[] requestLine = head[0].split(" ");
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://" + target.address() + requestLine[1]))
                .timeout(Duration.ofSeconds(30))
                .method(requestLine[0], body.isEmpty() ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body));
        for (int i = 1; i < head.length; i++) {
            int colon = head[i].indexOf(':');
            String name = head[i].substring(0, colon).trim();
            if (!SET_BY_CLIENT.contains(name.toLowerCase())) {
                request.header(name, head[i].substring(colon + 1).trim());
            }
        }
        try {
            return client.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** The body of the captured request {@code fixture}, filled in as {@link #send} fills it. */
    public String body(String fixture, Map<String, String> values) {
        return bodyOf(filled(fixture, values));
    }

    private static String bodyOf(String request) {
        int headersEnd = request.indexOf("\n\n");
        return headersEnd < 0 ? "" : request.substring(headersEnd + 2);
    }

    private String filled(String fixture, Map<String, String> values) {
        Map<String, String> all = new ConcurrentHashMap<>(values);
        all.putIfAbsent("selfIp", "127.0.0.1");
        all.putIfAbsent("selfPort", String.valueOf(port()));
        all.putIfAbsent("raftPort", String.valueOf(Integer.parseInt(all.get("selfPort")) - 1000));
        all.putIfAbsent("now", String.valueOf(System.currentTimeMillis()));
        all.putIfAbsent("version", "1.4.8");
        return fill(fixture(fixture), all);
    }

    private static String fixture(String name) {
        try (InputStream in = Nacos148Peer.class.getResourceAsStream("/nacos-1.4.8/" + name + ".http")) {
            if (in == null) {
                throw new IllegalArgumentException("no fixture nacos-1.4.8/" + name + ".http on the class path");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).replace("\r\n", "\n");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String fill(String text, Map<String, String> values) {
        String filled = text;
        for (Map.Entry<String, String> value : values.entrySet()) {
            filled = filled.replace("${" + value.getKey() + "}", value.getValue());
        }
        List<String> unfilled = new ArrayList<>();
        for (int at = filled.indexOf("${"); at >= 0; at = filled.indexOf("${", at + 2)) {
            unfilled.add(filled.substring(at, Math.max(at + 2, filled.indexOf('}', at) + 1)));
        }
        if (!unfilled.isEmpty()) {
            throw new IllegalArgumentException("the fixture needs values for " + unfilled);
        }
        return filled;
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
