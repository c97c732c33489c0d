package com.nacosx.core.http;

import com.nacosx.core.util.DaemonThreads;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.util.AsciiString;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code logs/access_log.log}: one line per answered request (time, client, request line, status,
 * bytes, milliseconds, User-Agent, Request-Source). A request only queues its line; a writer
 * thread hands what queued to the log every {@link #FLUSH_MILLIS} ms as one event, so the file
 * gets one write per batch instead of one per request, which at tens of thousands of requests a
 * second costs a large part of a core. Past {@link #MAX_QUEUED} lines waiting, lines are dropped
 * and counted in {@code nacos_access_log_dropped_total} rather than slowing requests down.
 */
final class HttpAccessLog implements AutoCloseable {

    /** Its level is changed like any other's (logName {@code access}): OFF silences it at run time. */
    static final Logger ACCESS = LoggerFactory.getLogger("com.nacosx.access");

    static final long FLUSH_MILLIS = 200;
    static final int MAX_QUEUED = 200_000;
    private static final AsciiString REQUEST_SOURCE = AsciiString.cached("Request-Source");
    private static final DateTimeFormatter SECOND = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss")
            .withZone(ZoneId.systemDefault());

    private record FormattedSecond(long epochSecond, String text) {
    }

    private final ConcurrentLinkedQueue<String> lines = new ConcurrentLinkedQueue<>();
    private final AtomicInteger queued = new AtomicInteger();
    private final Counter dropped;
    private final ScheduledExecutorService writer =
            Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("http-access-log"));
    private volatile FormattedSecond second = new FormattedSecond(-1, "");

    HttpAccessLog(MeterRegistry registry) {
        this.dropped = Counter.builder("nacos_access_log_dropped").register(registry);
        writer.scheduleWithFixedDelay(this::flush, FLUSH_MILLIS, FLUSH_MILLIS, TimeUnit.MILLISECONDS);
    }

    void add(HttpExchange exchange, int status, int bodyBytes) {
        if (!ACCESS.isInfoEnabled()) {
            return;
        }
        if (queued.incrementAndGet() > MAX_QUEUED) {
            queued.decrementAndGet();
            dropped.increment();
            return;
        }
        long now = System.currentTimeMillis();
        long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - exchange.receivedNanos());
        lines.add(new StringBuilder(160).append(timestamp(now)).append(' ').append(exchange.clientIp())
                .append(" \"").append(exchange.requestLine()).append("\" ").append(status).append(' ')
                .append(bodyBytes).append(' ').append(millis).append(' ')
                .append(orDash(exchange.header(HttpHeaderNames.USER_AGENT))).append(' ')
                .append(orDash(exchange.header(REQUEST_SOURCE))).toString());
    }

    /** {@code yyyy-MM-dd HH:mm:ss,SSS}, the second formatted once per second. */
    private String timestamp(long epochMillis) {
        long epochSecond = epochMillis / 1000;
        FormattedSecond formatted = second;
        if (formatted.epochSecond() != epochSecond) {
            formatted = new FormattedSecond(epochSecond, SECOND.format(Instant.ofEpochSecond(epochSecond)));
            second = formatted;
        }
        int millis = (int) (epochMillis % 1000);
        return formatted.text() + (millis < 10 ? ",00" : millis < 100 ? ",0" : ",") + millis;
    }

    private static String orDash(String value) {
        return value == null ? "-" : value;
    }

    private void flush() {
        StringBuilder batch = new StringBuilder();
        for (String line = lines.poll(); line != null; line = lines.poll()) {
            queued.decrementAndGet();
            if (!batch.isEmpty()) {
                batch.append('\n');
            }
            batch.append(line);
        }
        if (!batch.isEmpty()) {
            ACCESS.info(batch.toString());
        }
    }

    /** Writes what is queued, then stops the writer. */
    @Override
    public void close() {
        writer.shutdown();
        flush();
    }
}
