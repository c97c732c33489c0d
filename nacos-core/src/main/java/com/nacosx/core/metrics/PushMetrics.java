package com.nacosx.core.metrics;

import com.nacosx.api.remote.ServerRequest;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * {@code nacos_push{module,type,result}}: each push to a 2.x client, from its first send to the
 * client's ack ({@code result="success"}) or to being given up ({@code "failure"}): the count of
 * each outcome and the push delay, retries included.
 */
public final class PushMetrics {

    public static final String PUSH = "nacos_push";

    private final MeterRegistry registry;
    private final Map<Class<?>, Timer[]> byType = new ConcurrentHashMap<>();

    public PushMetrics(MeterRegistry registry) {
        this.registry = registry;
    }

    public void record(ServerRequest push, boolean acked, long startNanos) {
        timersOf(push)[acked ? 0 : 1].record(System.nanoTime() - startNanos, TimeUnit.NANOSECONDS);
    }

    /**
     * Registers the meters of a kind of push before the first is sent, so that Prometheus sees
     * them at zero first: a series that appears with its first push hides that push from rate().
     */
    public void expect(ServerRequest kind) {
        timersOf(kind);
    }

    private Timer[] timersOf(ServerRequest push) {
        return byType.computeIfAbsent(push.getClass(),
                type -> new Timer[] {timer(push, "success"), timer(push, "failure")});
    }

    private Timer timer(ServerRequest push, String result) {
        return Timer.builder(PUSH).tag("module", push.getModule()).tag("type", push.getClass().getSimpleName())
                .tag("result", result).register(registry);
    }
}
