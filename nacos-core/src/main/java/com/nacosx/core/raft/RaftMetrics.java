package com.nacosx.core.raft;

import com.nacosx.core.metrics.NacosMeters;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.function.Supplier;
import java.util.function.ToDoubleFunction;

/**
 * A Raft group's state on this node, read at each scrape: {@code nacos_raft_leader{group}} (1 when
 * this node leads it), {@code nacos_raft_term}, {@code nacos_raft_applied_index},
 * {@code nacos_raft_committed_index} and {@code nacos_raft_last_log_index}.
 */
final class RaftMetrics {

    private RaftMetrics() {
    }

    /** Binds the gauges of group {@code name}, read through {@code group} (a group restarted after an error is a new one). */
    static void bind(MeterRegistry registry, String name, Supplier<RaftGroup> group) {
        gauge(registry, name, group, "nacos_raft_leader", status -> "LEADER".equals(status.role()) ? 1 : 0);
        gauge(registry, name, group, "nacos_raft_term", RaftGroupStatus::term);
        gauge(registry, name, group, "nacos_raft_applied_index", RaftGroupStatus::appliedIndex);
        gauge(registry, name, group, "nacos_raft_committed_index", RaftGroupStatus::committedIndex);
        gauge(registry, name, group, "nacos_raft_last_log_index", RaftGroupStatus::lastLogIndex);
    }

    private static void gauge(MeterRegistry registry, String group, Supplier<RaftGroup> running, String name,
            ToDoubleFunction<RaftGroupStatus> value) {
        NacosMeters.gauge(registry, name, () -> value.applyAsDouble(running.get().describe()), "group", group);
    }
}
