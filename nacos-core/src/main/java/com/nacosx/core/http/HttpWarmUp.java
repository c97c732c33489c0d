package com.nacosx.core.http;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Before a node opens its port, it sends itself requests on a loopback port of its own, through
 * the same server, so that the JVM has compiled the path every request takes (event loop, HTTP
 * codec, routing, filters, answer, access log) before its clients arrive. A restarted node under
 * 1.x load is otherwise handed hundreds of requests at once by a JVM that still interprets that
 * path: the first ones waited 1.2-1.8 s for answers the node wrote in under 55 ms
 * (bench/RESULTS.md). The requests are those the HTTP APIs name ({@link HttpApi#warmUpRequests}),
 * in turn; the access log shows them with the user agent {@code Nacos-Server-Warm-Up}.
 * <p>
 * The warm-up runs beside the rest of the start. Once that is done ({@link #finishSoon}) it stops
 * after a third of its requests: on a quick start the main thread otherwise waited 0.3-0.6 s for
 * it (bench/RESULTS.md), where a slow one warms the path fully at no cost.
 */
final class HttpWarmUp {

    private static final Logger LOG = LoggerFactory.getLogger(HttpWarmUp.class);
    private static final String USER_AGENT = "Nacos-Server-Warm-Up";
    private static final int CONNECTIONS = 4;
    private static final int ANSWER_BUFFER_BYTES = 8192;

    /** On a host too busy to answer them all within this, the node opens its port without the rest. */
    private static final Duration AT_MOST = Duration.ofSeconds(30);

    private final int requests;
    private final List<String> pathsAndQueries;
    private final AtomicInteger answered = new AtomicInteger();
    private volatile boolean finishSoon;

    HttpWarmUp(int requests, List<String> pathsAndQueries) {
        this.requests = requests;
        this.pathsAndQueries = pathsAndQueries;
    }

    /** Sends the requests to a loopback port {@code bootstrap} serves until they are answered or the time is up. */
    void run(ServerBootstrap bootstrap, String contextPath) {
        if (requests <= 0 || pathsAndQueries.isEmpty()) {
            return;
        }
        long start = System.nanoTime();
        Channel listening;
        try {
            listening = bootstrap.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0)).sync().channel();
        } catch (Exception e) {
            LOG.warn("HTTP warm-up skipped: cannot listen on a loopback port ({})", e.toString());
            return;
        }
        int port = ((InetSocketAddress) listening.localAddress()).getPort();
        List<byte[]> requestsInTurn = pathsAndQueries.stream().map(pathAndQuery -> ("GET " + contextPath + pathAndQuery
                + " HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nUser-Agent: " + USER_AGENT + "\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII)).toList();
        AtomicInteger toSend = new AtomicInteger(requests);
        long deadline = start + AT_MOST.toNanos();
        List<Thread> senders = new ArrayList<>();
        for (int i = 0; i < CONNECTIONS; i++) {
            Thread sender = new Thread(() -> send(port, requestsInTurn, toSend, deadline), "http-warm-up-" + i);
            sender.start();
            senders.add(sender);
        }
        for (Thread sender : senders) {
            try {
                sender.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        listening.close().syncUninterruptibly();
        LOG.info("HTTP path warmed up: {} requests answered in {} ms", answered.get(),
                Duration.ofNanos(System.nanoTime() - start).toMillis());
    }

    /** The rest of the start is done: the warm-up ends once a third of its requests are answered. */
    void finishSoon() {
        finishSoon = true;
    }

    private boolean enough() {
        return finishSoon && answered.get() * 3 >= requests;
    }

    private void send(int port, List<byte[]> requestsInTurn, AtomicInteger toSend, long deadline) {
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            HttpAnswerReader answers = new HttpAnswerReader(socket.getInputStream(), ANSWER_BUFFER_BYTES);
            for (int turn = toSend.getAndDecrement(); turn > 0 && System.nanoTime() < deadline && !enough();
                    turn = toSend.getAndDecrement()) {
                out.write(requestsInTurn.get(turn % requestsInTurn.size()));
                out.flush();
                answers.skipAnswer();
                answered.incrementAndGet();
            }
        } catch (IOException e) {
            LOG.warn("HTTP warm-up stopped early: {}", e.toString());
        }
    }
}
