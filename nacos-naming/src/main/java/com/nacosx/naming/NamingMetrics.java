package com.nacosx.naming;

import com.nacosx.core.metrics.NacosMeters;
import com.nacosx.core.metrics.PushMetrics;
import com.nacosx.core.raft.RaftGroupStatus;
import com.nacosx.core.raft.RaftGroups;
import com.nacosx.naming.model.ServiceKey;
import com.nacosx.naming.push.GrpcSubscribers;
import com.nacosx.naming.push.PushScheduler;
import com.nacosx.naming.push.UdpPusher;
import com.nacosx.naming.push.UdpSubscribers;
import com.nacosx.naming.registry.ClientIds;
import com.nacosx.naming.registry.RegisteredService;
import com.nacosx.naming.registry.ServiceRegistry;
import com.nacosx.naming.store.NamingStateMachine;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.util.Collection;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.function.ToDoubleFunction;
import org.springframework.stereotype.Component;

/**
 * The registry's meters under the official server's names, all read at scrape time:
 * {@code nacos_monitor{module="naming"}} gauges (serviceCount, ipCount, subscriberCount,
 * subServiceCount, pubServiceCount, leaderStatus, totalPush, failedPush, avgPushCost and
 * maxPushCost in ms, pushPendingTaskCount), and {@code nacos_naming_subscriber{version}} and
 * {@code nacos_naming_publisher{version}}, where v1 is the 1.x HTTP/UDP side and v2 the gRPC side.
 */
@Component
public class NamingMetrics {

    private final MeterRegistry meters;

    public NamingMetrics(MeterRegistry meters, ServiceRegistry registry, GrpcSubscribers grpcSubscribers,
            UdpSubscribers udpSubscribers, PushScheduler pushes, UdpPusher udpPusher, RaftGroups raft) {
        this.meters = meters;
        monitor("serviceCount", () -> registry.all().size());
        monitor("ipCount", () -> registry.all().stream().mapToInt(RegisteredService::instanceCount).sum());
        monitor("pubServiceCount", () -> registry.all().stream().filter(s -> s.instanceCount() > 0).count());
        monitor("subscriberCount", () -> grpcSubscribers.count() + udpSubscribers.count());
        monitor("subServiceCount", () -> union(grpcSubscribers.services(), udpSubscribers.services()).size());
        monitor("leaderStatus", () -> leads(raft) ? 1 : 0);
        monitor("totalPush", () -> pushes.pushedCount() + pushes.failedCount() + udpPusher.ackedCount()
                + udpPusher.failedCount());
        monitor("failedPush", () -> pushes.failedCount() + udpPusher.failedCount());
        monitor("avgPushCost", () -> acceptedPushes(timer -> timer.mean(TimeUnit.MILLISECONDS)));
        monitor("maxPushCost", () -> acceptedPushes(timer -> timer.max(TimeUnit.MILLISECONDS)));
        monitor("pushPendingTaskCount", pushes::pendingCount);
        versioned("nacos_naming_subscriber", "v1", udpSubscribers::count);
        versioned("nacos_naming_subscriber", "v2", grpcSubscribers::count);
        versioned("nacos_naming_publisher", "v1", () -> registry.clientIds().stream()
                .filter(id -> ClientIds.isBeating(id) || ClientIds.isPersistent(id)).count());
        versioned("nacos_naming_publisher", "v2", () -> registry.clientIds().stream()
                .filter(ClientIds::isConnection).count());
    }

    private void monitor(String name, Supplier<Number> value) {
        NacosMeters.monitor(meters, NacosMeters.NAMING, name, value);
    }

    private void versioned(String name, String version, Supplier<Number> value) {
        NacosMeters.gauge(meters, name, value, "version", version);
    }

    private static Set<ServiceKey> union(Collection<ServiceKey> a, Collection<ServiceKey> b) {
        Set<ServiceKey> all = new HashSet<>(a);
        all.addAll(b);
        return all;
    }

    /** Whether this node leads the persistent-instance group; a standalone node has no other. */
    private static boolean leads(RaftGroups raft) {
        if (!raft.replicates(NamingStateMachine.GROUP)) {
            return true;
        }
        return raft.status().stream().filter(group -> group.group().equals(NamingStateMachine.GROUP))
                .map(RaftGroupStatus::role).anyMatch("LEADER"::equals);
    }

    /** The official figures are over gRPC pushes a client acked; 0 before the first. */
    private double acceptedPushes(ToDoubleFunction<Timer> figure) {
        return meters.find(PushMetrics.PUSH).tag("module", NacosMeters.NAMING).tag("result", "success").timers()
                .stream().mapToDouble(figure).max().orElse(0);
    }
}
