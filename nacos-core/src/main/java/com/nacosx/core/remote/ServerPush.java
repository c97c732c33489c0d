package com.nacosx.core.remote;

import com.nacosx.api.remote.Response;
import com.nacosx.api.remote.ServerRequest;
import com.nacosx.core.metrics.PushMetrics;
import com.nacosx.core.util.DaemonThreads;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.stereotype.Component;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Pushes a request to a client and waits for its ack; a push that times out or is refused is
 * sent again after a growing delay, until it is acked, the connection is gone, or the tries run
 * out. A push to a connection that is not registered fails at once.
 */
@Component
public class ServerPush {

    private static final long MAX_RETRY_DELAY_MILLIS = 10_000;

    private final ConnectionManager connections;
    private final PushMetrics metrics;
    private final ScheduledExecutorService retries =
            Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("push-retry"));

    public ServerPush(ConnectionManager connections, MeterRegistry registry) {
        this.connections = connections;
        this.metrics = new PushMetrics(registry);
    }

    /** Meters pushes like {@code kind} from now on, at zero until the first (see {@link PushMetrics#expect}). */
    public void expect(ServerRequest kind) {
        metrics.expect(kind);
    }

    /**
     * @param push     the request, {@linkplain Connection#prepare prepared} once for every
     *                 connection it goes to; each try sends it again
     * @param ackWait  how long one try waits for the client's answer
     * @param maxTries tries in all, at least one
     * @return completes with true when the client acked, false when the push was given up
     */
    public CompletableFuture<Boolean> push(String connectionId, OutboundPush push, Duration ackWait, int maxTries) {
        return push(connectionId, List.of(push), ackWait, maxTries).get(0);
    }

    /**
     * Pushes several requests to one connection together (one network write where the transport
     * can); each is acked, retried and given up on its own.
     *
     * @return the outcome of each push, in the same order
     */
    public List<CompletableFuture<Boolean>> push(String connectionId, List<OutboundPush> pushes, Duration ackWait,
            int maxTries) {
        long start = System.nanoTime();
        long ackWaitMillis = ackWait.toMillis();
        int tries = Math.max(1, maxTries);
        List<CompletableFuture<Boolean>> outcomes = new ArrayList<>(pushes.size());
        Connection connection = connections.get(connectionId);
        List<CompletableFuture<Response>> answers = connection == null ? null
                : connection.request(pushes, ackWaitMillis);
        for (int i = 0; i < pushes.size(); i++) {
            CompletableFuture<Boolean> outcome = new CompletableFuture<>();
            ServerRequest request = pushes.get(i).request();
            outcome.thenAccept(acked -> metrics.record(request, acked, start));
            outcomes.add(outcome);
            if (answers == null) {
                outcome.complete(false);
            } else {
                settle(answers.get(i), connectionId, pushes.get(i), ackWaitMillis, tries, 1, outcome);
            }
        }
        return outcomes;
    }

    private void attempt(String connectionId, OutboundPush push, long ackWait, int maxTries, int attempt,
            CompletableFuture<Boolean> outcome) {
        Connection connection = connections.get(connectionId);
        if (connection == null) {
            outcome.complete(false);
            return;
        }
        settle(connection.request(push, ackWait), connectionId, push, ackWait, maxTries, attempt, outcome);
    }

    /** Completes the outcome from a try's answer, or schedules the next try. */
    private void settle(CompletableFuture<Response> answer, String connectionId, OutboundPush push, long ackWait,
            int maxTries, int attempt, CompletableFuture<Boolean> outcome) {
        answer.whenComplete((response, error) -> {
            if (error == null && response.isSuccess()) {
                outcome.complete(true);
            } else if (attempt >= maxTries || error instanceof Connection.ConnectionClosedException) {
                outcome.complete(false);
            } else {
                long delay = Math.min(MAX_RETRY_DELAY_MILLIS, 1000L * attempt);
                retries.schedule(() -> attempt(connectionId, push, ackWait, maxTries, attempt + 1, outcome),
                        delay, TimeUnit.MILLISECONDS);
            }
        });
    }
}
