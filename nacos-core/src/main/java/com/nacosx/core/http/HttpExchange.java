package com.nacosx.core.http;

import com.nacosx.api.exception.NacosException;
import com.nacosx.api.exception.Shown;
import com.nacosx.core.util.Futures;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufInputStream;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.DefaultHttpHeadersFactory;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.QueryStringDecoder;
import io.netty.util.AsciiString;
import io.netty.util.concurrent.Future;
import io.netty.util.concurrent.GenericFutureListener;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.zip.GZIPInputStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One HTTP request and its answer. The parameters (query string, then a form body) and headers
 * are copied out of the request when the exchange is made, so handlers may read them on any
 * thread and answer later ({@link #respond} is thread-safe and answers at most once).
 */
public final class HttpExchange {

    private static final Logger LOG = LoggerFactory.getLogger(HttpExchange.class);

    private static final String FORM = "application/x-www-form-urlencoded";
    private static final String JSON = "application/json";
    /** A gzipped body inflates to at most this many bytes. */
    private static final int MOST_INFLATED = 64 << 20;
    /** An IPv6 address with a zone fits; so does the {@code src_ip} column (50). */
    private static final int MAX_ADDRESS_CHARS = 50;
    private static final AsciiString X_FORWARDED_FOR = AsciiString.cached("X-Forwarded-For");
    private static final AsciiString X_REAL_IP = AsciiString.cached("X-Real-IP");
    /**
     * A peer passed the headers on after its own HTTP decoder had checked them, and they are only
     * read here, never sent on: checking each character again cost ~1% of a node's CPU under 1.x beats.
     */
    private static final DefaultHttpHeadersFactory PASSED_ON_HEADERS =
            DefaultHttpHeadersFactory.headersFactory().withValidation(false);

    /** Where a request that came from a peer instead of a socket sends its answer. */
    @FunctionalInterface
    public interface Answer {
        void send(HttpResponseStatus status, CharSequence contentType, byte[] body);
    }

    private final Channel channel;
    private final Answer answer;
    private final String peerClientIp;
    private final String method;
    private final String path;
    private final Map<String, List<String>> query;
    private final Map<String, List<String>> form;
    private final String jsonBody;
    private final Map<String, byte[]> files;
    private final HttpHeaders headers;
    private final boolean keepAlive;
    private final AtomicBoolean answered = new AtomicBoolean();
    private final long receivedNanos = System.nanoTime();
    private final String uri;
    private final HttpVersion protocol;
    private volatile String route = NO_ROUTE;
    private volatile AnswerObserver observer;
    private volatile Throwable failure;
    private Map<String, String> pathVariables = Map.of();

    /** The {@link #route} of a request that no route serves. */
    public static final String NO_ROUTE = "NOT_FOUND";
    /** The {@code User-Agent} a server sends its peers, before {@code :<version>}. */
    public static final String SERVER_AGENT = "Nacos-Server";

    /** Told once, on the answering thread, when the exchange is answered. */
    @FunctionalInterface
    interface AnswerObserver {
        void answered(HttpExchange exchange, int status, int bodyBytes);
    }

    private HttpExchange(Channel channel, FullHttpRequest request, String path, Map<String, List<String>> query,
            Map<String, List<String>> form, Map<String, byte[]> files) {
        this.channel = channel;
        this.uri = request.uri();
        this.protocol = request.protocolVersion();
        this.answer = null;
        this.peerClientIp = null;
        this.method = request.method().name();
        this.path = path;
        this.query = query;
        this.form = form;
        this.jsonBody = jsonOf(request);
        this.files = files;
        this.headers = request.headers();
        this.keepAlive = HttpUtil.isKeepAlive(request);
    }

    private HttpExchange(String method, String path, Map<String, List<String>> params, Map<String, String> headers,
            String clientIp, Answer answer) {
        this.channel = null;
        this.uri = path;
        this.protocol = null;
        this.answer = answer;
        this.peerClientIp = clientIp;
        this.method = method;
        this.path = path;
        this.query = params;
        this.form = Collections.emptyMap();
        this.jsonBody = null;
        this.files = Map.of();
        this.headers = PASSED_ON_HEADERS.newHeaders();
        headers.forEach(this.headers::set);
        this.keepAlive = true;
    }

    /**
     * A request a peer passed on (over the cluster port) as a client sent it to that peer; it is
     * served as if it had come here, and its answer goes to {@code answer}.
     */
    public static HttpExchange passedOn(String method, String path, Map<String, List<String>> params,
            Map<String, String> headers, String clientIp, Answer answer) {
        return new HttpExchange(method, path, params, headers, clientIp, answer);
    }

    /**
     * Reads a request's parameters.
     *
     * @param path the path below the context path, or null when outside it
     * @throws IllegalArgumentException when the query string or form body is not valid URL encoding
     */
    static HttpExchange parse(Channel channel, FullHttpRequest request, String path, QueryStringDecoder uri) {
        MultipartBody multipart = MultipartBody.of(request);
        Map<String, List<String>> form = multipart == MultipartBody.NONE ? formOf(request) : multipart.fields();
        return new HttpExchange(channel, request, path, uri.parameters(), form, multipart.files());
    }

    /** An exchange without parameters, to answer a request whose parameters could not be read. */
    static HttpExchange unparsed(Channel channel, FullHttpRequest request) {
        return new HttpExchange(channel, request, null, Collections.emptyMap(), Collections.emptyMap(), Map.of());
    }

    private static Map<String, List<String>> formOf(FullHttpRequest request) {
        if (!request.content().isReadable()) {
            return Collections.emptyMap();
        }
        String contentType = request.headers().get(HttpHeaderNames.CONTENT_TYPE);
        if (contentType != null && !contentType.regionMatches(true, 0, FORM, 0, FORM.length())) {
            return Collections.emptyMap();
        }
        String body = request.content().toString(StandardCharsets.UTF_8);
        return new QueryStringDecoder(body, StandardCharsets.UTF_8, false, 10_000).parameters();
    }

    /**
     * The JSON body; inflated first when it is gzipped, as a 1.x leader sends its Raft beats (1.x
     * nodes inflate any body that starts as gzip does).
     */
    private static String jsonOf(FullHttpRequest request) {
        String contentType = request.headers().get(HttpHeaderNames.CONTENT_TYPE);
        if (contentType == null || !contentType.regionMatches(true, 0, JSON, 0, JSON.length())) {
            return null;
        }
        ByteBuf content = request.content();
        if (content.readableBytes() >= 2 && content.getUnsignedByte(content.readerIndex()) == 0x1f
                && content.getUnsignedByte(content.readerIndex() + 1) == 0x8b) {
            return new String(inflate(content), StandardCharsets.UTF_8);
        }
        return content.toString(StandardCharsets.UTF_8);
    }

    private static byte[] inflate(ByteBuf gzipped) {
        try (InputStream in = new GZIPInputStream(new ByteBufInputStream(gzipped.duplicate()))) {
            byte[] inflated = in.readNBytes(MOST_INFLATED + 1);
            if (inflated.length > MOST_INFLATED) {
                throw new IllegalArgumentException("the gzipped body inflates to more than " + MOST_INFLATED
                        + " bytes; send it in smaller parts");
            }
            return inflated;
        } catch (IOException e) {
            throw new IllegalArgumentException("the body starts as gzip does but is not valid gzip: " + e.getMessage());
        }
    }

    /** A file of a {@code multipart/form-data} request, by its field name; null when absent. */
    public byte[] file(String name) {
        return files.get(name);
    }

    /** The body of a request sent as {@code application/json}, else null. */
    public String jsonBody() {
        return jsonBody;
    }

    public String method() {
        return method;
    }

    /** The path below the context path, without a trailing slash. */
    public String path() {
        return path;
    }

    /** A variable of the route's path ({@code {namespaceId}}), decoded; null when the route has none such. */
    public String pathVariable(String name) {
        return pathVariables.get(name);
    }

    void pathVariables(Map<String, String> values) {
        this.pathVariables = values;
    }

    /** The path of the route that serves the request, or {@link #NO_ROUTE}. */
    public String route() {
        return route;
    }

    /** The request line as the client sent it, for the access log. */
    String requestLine() {
        return method + ' ' + uri + ' ' + (protocol == null ? "(passed on by a peer)" : protocol.text());
    }

    /** When the request was read, a {@link System#nanoTime} reading. */
    long receivedNanos() {
        return receivedNanos;
    }

    /** What the exchange was answered for, when it was answered with an error; else null. */
    Throwable failure() {
        return failure;
    }

    void failed(Throwable failure) {
        this.failure = failure;
    }

    /** Set by the dispatcher before the exchange is served. */
    void observe(String route, AnswerObserver observer) {
        this.route = route;
        this.observer = observer;
    }

    /** A parameter from the query string, else from the form body; null when absent. */
    public String param(String name) {
        List<String> values = query.get(name);
        if (values == null) {
            values = form.get(name);
        }
        return values == null || values.isEmpty() ? null : values.get(0);
    }

    /**
     * A parameter that API versions name differently ({@code tenant} in 1.x, {@code namespaceId}
     * after): the first name's value unless it is absent or blank, else the other's.
     */
    public String firstParam(String name, String otherName) {
        String value = param(name);
        return value == null || value.isBlank() ? param(otherName) : value;
    }

    /** Every parameter, from the query string and the form body, to pass a request on as it came. */
    public Map<String, List<String>> params() {
        Map<String, List<String>> all = new LinkedHashMap<>(form);
        all.putAll(query);
        return all;
    }

    /** A parameter that must be present (it may be empty). */
    public String requiredParam(String name) {
        String value = param(name);
        if (value == null) {
            throw NacosException.missingParameter(name);
        }
        return value;
    }

    public int intParam(String name, int defaultValue) {
        String value = param(name);
        return value == null || value.isBlank() ? defaultValue
                : (int) number(name, value, Integer.MIN_VALUE, Integer.MAX_VALUE);
    }

    public long longParam(String name, long defaultValue) {
        String value = param(name);
        return value == null || value.isBlank() ? defaultValue : number(name, value, Long.MIN_VALUE, Long.MAX_VALUE);
    }

    /** A true/false parameter, {@code defaultValue} when absent or blank; any text but "true" is false. */
    public boolean boolParam(String name, boolean defaultValue) {
        String value = param(name);
        return value == null || value.isBlank() ? defaultValue : Boolean.parseBoolean(value.trim());
    }

    /** A parameter holding comma-separated numbers (ids); empty when absent. */
    public List<Long> longListParam(String name) {
        String value = param(name);
        if (value == null || value.isBlank()) {
            return List.of();
        }
        try {
            return Arrays.stream(value.split(",")).map(String::trim).filter(id -> !id.isEmpty()).map(Long::valueOf)
                    .toList();
        } catch (NumberFormatException e) {
            throw NacosException.badRequest("parameter '" + name + "' must be comma-separated numbers, got '"
                    + Shown.bounded(value) + "'");
        }
    }

    public int requiredIntParam(String name) {
        return (int) number(name, requiredParam(name), Integer.MIN_VALUE, Integer.MAX_VALUE);
    }

    public long requiredLongParam(String name) {
        return number(name, requiredParam(name), Long.MIN_VALUE, Long.MAX_VALUE);
    }

    private static long number(String name, String value, long min, long max) {
        try {
            long number = Long.parseLong(value.trim());
            if (number >= min && number <= max) {
                return number;
            }
        } catch (NumberFormatException notANumber) {
            // answered below, like a number out of range
        }
        throw NacosException.badRequest("parameter '" + name + "' must be a number, got '" + Shown.bounded(value) + "'");
    }

    /**
     * @param name an {@link AsciiString} constant for a lookup on every request: its hash is kept,
     *             where a {@code String} name is hashed again, character by character, on each lookup
     */
    public String header(CharSequence name) {
        return headers.get(name);
    }

    /**
     * Whether a peer passed this request on over the cluster port: the peer proved itself with
     * the server identity and checked the client's access before passing it on.
     */
    public boolean isPassedOn() {
        return answer != null;
    }

    /**
     * Whether a server sent this request: an official 1.x node's {@code User-Agent} is
     * {@code Nacos-Server:<version>}.
     */
    public boolean isFromServer() {
        String agent = header(HttpHeaderNames.USER_AGENT);
        return agent != null && agent.startsWith(SERVER_AGENT);
    }

    /**
     * The caller as Nacos sees it: a proxy's X-Forwarded-For or X-Real-IP wins over the socket's
     * address, unless it is longer than any address can be (it is stored as {@code src_ip}).
     */
    public String clientIp() {
        String forwarded = headers.get(X_FORWARDED_FOR);
        if (forwarded != null && !forwarded.isBlank()) {
            int comma = forwarded.indexOf(',');
            String first = (comma < 0 ? forwarded : forwarded.substring(0, comma)).trim();
            if (first.length() <= MAX_ADDRESS_CHARS) {
                return first;
            }
        }
        String realIp = headers.get(X_REAL_IP);
        if (realIp != null && !realIp.isBlank() && realIp.trim().length() <= MAX_ADDRESS_CHARS) {
            return realIp.trim();
        }
        return remoteIp();
    }

    /**
     * The address the connection comes from (for a request a peer passed on, the one the client
     * came from there); unlike {@link #clientIp} no header can change it, so limits key on it.
     */
    public String remoteIp() {
        if (channel == null) {
            return peerClientIp;
        }
        return ((InetSocketAddress) channel.remoteAddress()).getAddress().getHostAddress();
    }

    /**
     * Runs {@code action} when the client's connection closes (at once if it already has).
     *
     * @return cancels the watch; call it once the exchange is answered, or a keep-alive
     *         connection that carries many exchanges would collect their actions
     */
    public Runnable onClose(Runnable action) {
        if (channel == null) {
            return () -> { };
        }
        GenericFutureListener<Future<? super Void>> listener = future -> action.run();
        channel.closeFuture().addListener(listener);
        return () -> channel.closeFuture().removeListener(listener);
    }

    /** Answers with a body and headers; later calls are ignored. The body array is not copied. */
    public void respond(HttpResponseStatus status, CharSequence contentType, byte[] body, HttpHeaders extraHeaders) {
        if (!answered.compareAndSet(false, true)) {
            return;
        }
        if (observer != null) {
            observer.answered(this, status.code(), body.length);
        }
        if (channel == null) {
            answer.send(status, contentType, body);
            return;
        }
        FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status,
                Unpooled.wrappedBuffer(body));
        HttpHeaders out = response.headers();
        if (extraHeaders != null) {
            extraHeaders.forEach(header -> setIfValid(out, header.getKey(), header.getValue()));
        }
        out.set(HttpHeaderNames.CONTENT_TYPE, contentType);
        out.setInt(HttpHeaderNames.CONTENT_LENGTH, body.length);
        if (keepAlive) {
            channel.writeAndFlush(response, channel.voidPromise());
        } else {
            out.set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
            channel.writeAndFlush(response).addListener(ChannelFutureListener.CLOSE);
        }
    }

    /**
     * A stored value (an encrypted data key written before values were checked, or straight into
     * the database) with a line break would end the header early: it is left out, not sent.
     */
    private static void setIfValid(HttpHeaders out, String name, String value) {
        if (value.chars().anyMatch(c -> c == '\r' || c == '\n' || c == 0)) {
            LOG.warn("left the header {} out of an answer: its value holds a line break or NUL", name);
            return;
        }
        out.add(name, value);
    }

    public void respondText(int status, String text) {
        respond(HttpResponseStatus.valueOf(status), "text/plain;charset=UTF-8", text.getBytes(StandardCharsets.UTF_8), null);
    }

    /** Answers 200 with {@code value} as JSON. */
    public void respondJson(Object value) {
        respondJson(200, value);
    }

    public void respondJson(int status, Object value) {
        respond(HttpResponseStatus.valueOf(status), "application/json;charset=UTF-8", Json.bytes(value), null);
    }

    /**
     * Answers 200 with {@code value} as JSON once {@code work} completes, or its failure as any
     * handler's would be; the handler returns at once and no thread waits for the work.
     */
    public void respondJsonWhenDone(CompletionStage<?> work, Object value) {
        work.whenComplete((result, failure) -> {
            if (failure == null) {
                respondJson(value);
            } else {
                fail(failure);
            }
        });
    }

    /** Answers a failure that arrived after the handler returned, as a handler's thrown one would be. */
    public void fail(Throwable failure) {
        HttpErrors.answer(this, Futures.causeOf(failure));
    }
}
