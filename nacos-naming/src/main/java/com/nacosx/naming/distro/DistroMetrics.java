package com.nacosx.naming.distro;

import com.nacosx.api.remote.distro.DistroDataRequest;
import com.nacosx.core.metrics.NacosMeters;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * What Distro does on this node: {@code nacos_distro_sent_total{operation,result}} (CHANGE, PATCH
 * and DELETE syncs, VERIFY rounds, QUERY and SNAPSHOT fetches, each answered or failed per peer),
 * {@code nacos_distro_received_total{operation}}, {@code nacos_distro_late_total} (copies of a
 * client older than what this node held, or made before its removal, and so not taken), and
 * {@code nacos_distro_clients{owner}}: the clients this node is responsible for ({@code self})
 * and those replicated from peers.
 */
final class DistroMetrics {

    private static final List<String> OPERATIONS = List.of(DistroDataRequest.CHANGE, DistroDataRequest.PATCH,
            DistroDataRequest.DELETE, DistroDataRequest.VERIFY, DistroDataRequest.QUERY, DistroDataRequest.SNAPSHOT);

    /** By operation; all registered at zero from the start, so that rate() sees the first of each. */
    private final Map<String, Counter> answered;
    private final Map<String, Counter> failed;
    private final Map<String, Counter> received;
    private final Counter late;

    DistroMetrics(MeterRegistry registry, Supplier<Number> ownClients, Supplier<Number> peerClients) {
        NacosMeters.gauge(registry, "nacos_distro_clients", ownClients, "owner", "self");
        NacosMeters.gauge(registry, "nacos_distro_clients", peerClients, "owner", "peers");
        answered = byOperation(operation -> Counter.builder("nacos_distro_sent").tag("operation", operation)
                .tag("result", "success").register(registry));
        failed = byOperation(operation -> Counter.builder("nacos_distro_sent").tag("operation", operation)
                .tag("result", "failure").register(registry));
        received = byOperation(operation -> Counter.builder("nacos_distro_received").tag("operation", operation)
                .register(registry));
        late = Counter.builder("nacos_distro_late").register(registry);
    }

    private static Map<String, Counter> byOperation(Function<String, Counter> counter) {
        return OPERATIONS.stream().collect(Collectors.toUnmodifiableMap(Function.identity(), counter));
    }

    /** @param operation one of {@link #OPERATIONS} */
    void sent(String operation, boolean wasAnswered) {
        (wasAnswered ? answered : failed).get(operation).increment();
    }

    /** @param operation one of {@link #OPERATIONS}, checked by the caller */
    void received(String operation) {
        received.get(operation).increment();
    }

    void late() {
        late.increment();
    }
}
