package com.nacosx.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nacosx.testsupport.RawHttp;
import com.nacosx.testsupport.ServerProcess;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Connections that hold a server's resources without finishing a request, against a server whose
 * idle and request-read timeouts are 2 s. Every exchange here is on its own socket: a pooled
 * client connection would race the server's idle close and fail a request for a reason that is
 * not under test.
 */
class SlowHttpConnectionTest {

    static final Duration ANSWER = Duration.ofSeconds(10);
    static ServerProcess server;

    @BeforeAll
    static void start() {
        server = ServerProcess.startStandalone("nacos.http.idle-timeout=2s", "nacos.http.request-read-timeout=2s");
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    static String publishLine(String dataId) {
        return "POST /nacos/v1/cs/configs?dataId=" + dataId + "&group=G&content=executed HTTP/1.1\r\nHost: x\r\n";
    }

    static int read(String dataId) {
        return RawHttp.exchange(server.port(), "GET /nacos/v1/cs/configs?dataId=" + dataId
                + "&group=G HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", ANSWER).status();
    }

    @Test
    void anIdleConnectionIsClosed() {
        try (RawHttp idle = RawHttp.open(server.port())) {
            assertTrue(idle.read(ANSWER).closed(), "closed after the 2 s idle timeout");
        }
    }

    @Test
    void aHeadSentByteByByteIsCutOff() throws Exception {
        try (RawHttp slow = RawHttp.open(server.port())) {
            String head = publishLine("slowloris");
            boolean closed = false;
            for (int i = 0; i < head.length() && !closed; i++) {
                try {
                    slow.send(head.substring(i, i + 1));
                } catch (RuntimeException resetByServer) {
                    closed = true;
                }
                Thread.sleep(200);
                closed = closed || slow.read(Duration.ofMillis(1)).closed();
            }
            assertTrue(closed, "a head still incomplete after the idle timeout ends the connection");
        }
        assertEquals(404, read("slowloris"));
    }

    @Test
    void aBodyThatDoesNotArriveIsAnswered408() {
        try (RawHttp slow = RawHttp.open(server.port())) {
            slow.send(publishLine("slow-body") + "Content-Length: 100\r\n\r\n0123456789");
            RawHttp.Answer answer = slow.read(ANSWER);
            assertEquals(408, answer.status(), answer.text());
            assertTrue(answer.closed());
        }
        assertEquals(404, read("slow-body"));
    }

    @Test
    void aHeldLongPollOutlivesTheIdleTimeout() {
        String body = "Listening-Configs=held%02G%02%01";
        long start = System.nanoTime();
        try (RawHttp poll = RawHttp.open(server.port())) {
            poll.send("POST /nacos/v1/cs/configs/listener HTTP/1.1\r\nHost: x\r\nLong-Pulling-Timeout: 5000\r\n"
                    + "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: " + body.length()
                    + "\r\n\r\n" + body);
            RawHttp.Answer answer = poll.readResponse(Duration.ofSeconds(30));
            assertEquals(200, answer.status(), answer.text());
        }
        assertTrue(System.nanoTime() - start > Duration.ofSeconds(4).toNanos(), "held to its own timeout");
    }
}
