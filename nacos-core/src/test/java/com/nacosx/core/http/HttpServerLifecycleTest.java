package com.nacosx.core.http;

import com.nacosx.core.ModuleDoors;
import com.nacosx.core.auth.Access;
import com.nacosx.core.metrics.ExceptionCounters;
import com.nacosx.testsupport.ServerProcess;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;
import org.springframework.context.SmartLifecycle;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;

import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The HTTP port opens after every component has started and the server has answered its warm-up
 * requests; it closes with the context, resetting its clients.
 */
class HttpServerLifecycleTest {

    /** A component that starts last, as the member manager and the Raft groups do, and looks at the port. */
    private static final class LastToStart implements SmartLifecycle {
        private final int port;
        private final Runnable startWork;
        private volatile boolean running;
        private volatile boolean portOpenAtItsStart;

        LastToStart(int port) {
            this(port, () -> { });
        }

        /** One whose start runs {@code startWork}, as a slow start's components take their time. */
        LastToStart(int port, Runnable startWork) {
            this.port = port;
            this.startWork = startWork;
        }

        @Override
        public void start() {
            portOpenAtItsStart = listening(port);
            startWork.run();
            running = true;
        }

        @Override
        public void stop() {
            running = false;
        }

        @Override
        public boolean isRunning() {
            return running;
        }
    }

    private static boolean listening(int port) {
        try (Socket ignored = new Socket("127.0.0.1", port)) {
            return true;
        } catch (IOException refused) {
            return false;
        }
    }

    /** Counts the readiness probes it answers, and which of them came while the server's port was open. */
    private static final class ReadinessProbes implements HttpApi {
        private final int port;
        private final AtomicInteger answered = new AtomicInteger();
        private final AtomicInteger whilePortOpen = new AtomicInteger();

        ReadinessProbes(int port) {
            this.port = port;
        }

        @Override
        public void register(HttpRoutes routes) {
            routes.get("/v1/console/health/readiness").access(Access.open()).blocking(exchange -> {
                if (listening(port)) {
                    whilePortOpen.incrementAndGet();
                }
                answered.incrementAndGet();
                exchange.respondText(200, "UP");
            });
        }

        @Override
        public List<String> warmUpRequests() {
            return List.of("/v1/console/health/readiness");
        }
    }

    private static AnnotationConfigApplicationContext serverContext(int port, LastToStart last) {
        return serverContext(port, last, 0, new ReadinessProbes(port));
    }

    private static AnnotationConfigApplicationContext serverContext(int port, LastToStart last, int warmUpRequests,
            ReadinessProbes probes) {
        SimpleMeterRegistry meters = new SimpleMeterRegistry();
        AnnotationConfigApplicationContext context = new AnnotationConfigApplicationContext();
        context.registerBean(HttpServer.class, () -> new HttpServer(
                new HttpServerProperties(port, "127.0.0.1", null, null, null),
                new HttpTuning(1, 1, null, null, null, warmUpRequests),
                List.of(new ModuleDoors("test", List.of(probes), List.of())), meters, new ExceptionCounters(meters),
                List.of()));
        context.registerBean(LastToStart.class, () -> last);
        context.refresh();
        return context;
    }

    @Test
    void clientsAreRefusedUntilEveryComponentHasStarted() throws Exception {
        int port = ServerProcess.freePort();
        LastToStart last = new LastToStart(port);
        try (AnnotationConfigApplicationContext context = serverContext(port, last)) {

            assertTrue(last.isRunning());
            assertFalse(last.portOpenAtItsStart, "the port was open before the last component started");
            assertTrue(listening(port), "the port is open once the context has started");
        }
        assertFalse(listening(port), "the port closes with the context");
    }

    @Test
    void aStartThatTakesLongerThanTheWarmUpSendsEveryWarmUpRequestBeforeThePortOpens() throws Exception {
        int port = ServerProcess.freePort();
        ReadinessProbes probes = new ReadinessProbes(port);
        LastToStart slow = new LastToStart(port, () -> awaitAnswered(probes, 300));
        try (AnnotationConfigApplicationContext context = serverContext(port, slow, 300, probes)) {

            assertEquals(300, probes.answered.get(), "every warm-up request was answered by the server's own routes");
            assertEquals(0, probes.whilePortOpen.get(), "a warm-up request came while the port was open");
            assertTrue(listening(port), "the port is open once the warm-up is over");
        }
    }

    @Test
    void aQuickStartEndsTheWarmUpOnceAThirdOfItIsAnswered() throws Exception {
        int port = ServerProcess.freePort();
        ReadinessProbes probes = new ReadinessProbes(port);
        try (AnnotationConfigApplicationContext context = serverContext(port, new LastToStart(port), 30_000, probes)) {

            int answered = probes.answered.get();
            assertTrue(answered >= 10_000, "at least a third of the warm-up is answered: " + answered);
            assertTrue(answered < 30_000, "the rest was left once the start was done: " + answered);
            assertEquals(0, probes.whilePortOpen.get(), "a warm-up request came while the port was open");
        }
    }

    private static void awaitAnswered(ReadinessProbes probes, int count) {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
        try {
            while (probes.answered.get() < count && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    void noWarmUpWhenTurnedOff() throws Exception {
        int port = ServerProcess.freePort();
        ReadinessProbes probes = new ReadinessProbes(port);
        try (AnnotationConfigApplicationContext context = serverContext(port, new LastToStart(port), 0, probes)) {

            assertTrue(listening(port));
            assertEquals(0, probes.answered.get());
        }
    }

    /**
     * A connection the stopping server closes is reset, not ended: an ended one leaves a TIME_WAIT
     * socket on the server's side, on which a client's next connection to the port can hang.
     */
    @Test
    void aStoppingServerResetsItsClientsConnections() throws Exception {
        int port = ServerProcess.freePort();
        AnnotationConfigApplicationContext context = serverContext(port, new LastToStart(port));
        try (Socket client = new Socket("127.0.0.1", port)) {
            client.getOutputStream().write("GET /nacos/nowhere HTTP/1.1\r\nHost: x\r\n\r\n"
                    .getBytes(StandardCharsets.US_ASCII));
            InputStream answer = client.getInputStream();
            byte[] head = answer.readNBytes(12);
            assertTrue(new String(head, StandardCharsets.US_ASCII).startsWith("HTTP/1.1"), "answered, kept alive");
            answer.skip(answer.available());

            context.close();

            SocketException reset = assertThrows(SocketException.class, () -> {
                while (answer.read() >= 0) {
                    answer.skip(answer.available());
                }
            }, "the connection was ended (FIN), not reset");
            assertTrue(reset.getMessage().contains("reset"), reset.getMessage());
        }
    }
}
