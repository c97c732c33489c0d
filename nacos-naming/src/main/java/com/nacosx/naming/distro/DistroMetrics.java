package com.nacosx.naming.distro;

import com.nacosx.api.remote.distro.DistroDataRequest;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * What Distro does on this node: {@code nacos_distro_sent_total{operation,result}} (CHANGE and
 * DELETE syncs, VERIFY rounds, QUERY and SNAPSHOT fetches, each answered or failed per peer),
 * {@code nacos_distro_received_total{operation}}, and {@code nacos_distro_clients{owner}}: the
 * clients this node is responsible for ({@code self}) and those replicated from peers.
 */
final class DistroMetrics {

    private static final List<String> OPERATIONS = List.of(DistroDataRequest.CHANGE, DistroDataRequest.DELETE,
            DistroDataRequest.VERIFY, DistroDataRequest.QUERY, DistroDataRequest.SNAPSHOT);

    private final MeterRegistry registry;
    private final Map<String, Counter> counters = new ConcurrentHashMap<>();

    DistroMetrics(MeterRegistry registry, Supplier<Number> ownClients, Supplier<Number> peerClients) {
        this.registry = registry;
        Gauge.builder("nacos_distro_clients", ownClients).tag("owner", "self").strongReference(true)
                .register(registry);
        Gauge.builder("nacos_distro_clients", peerClients).tag("owner", "peers").strongReference(true)
                .register(registry);
        // At zero from the start, so that rate() sees the first of each.
        for (String operation : OPERATIONS) {
            sentCounter(operation, true);
            sentCounter(operation, false);
            receivedCounter(operation);
        }
    }

    void sent(String operation, boolean answered) {
        sentCounter(operation, answered).increment();
    }

    void received(String operation) {
        receivedCounter(operation).increment();
    }

    private Counter sentCounter(String operation, boolean answered) {
        String result = answered ? "success" : "failure";
        return counters.computeIfAbsent("sent " + operation + ' ' + result, key -> Counter.builder("nacos_distro_sent")
                .tag("operation", operation).tag("result", result).register(registry));
    }

    private Counter receivedCounter(String operation) {
        return counters.computeIfAbsent("received " + operation, key -> Counter.builder("nacos_distro_received")
                .tag("operation", operation).register(registry));
    }
}
