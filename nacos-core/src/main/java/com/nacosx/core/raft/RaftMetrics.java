package com.nacosx.core.raft;

import com.nacosx.core.metrics.NacosMeters;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.function.ToDoubleFunction;

/**
 * A Raft group's state on this node, read at each scrape: {@code nacos_raft_leader{group}} (1 when
 * this node leads it), {@code nacos_raft_term}, {@code nacos_raft_applied_index},
 * {@code nacos_raft_committed_index} and {@code nacos_raft_last_log_index}.
 */
final class RaftMetrics {

    private RaftMetrics() {
    }

    static void bind(MeterRegistry registry, RaftGroup group) {
        gauge(registry, group, "nacos_raft_leader", status -> "LEADER".equals(status.role()) ? 1 : 0);
        gauge(registry, group, "nacos_raft_term", RaftGroupStatus::term);
        gauge(registry, group, "nacos_raft_applied_index", RaftGroupStatus::appliedIndex);
        gauge(registry, group, "nacos_raft_committed_index", RaftGroupStatus::committedIndex);
        gauge(registry, group, "nacos_raft_last_log_index", RaftGroupStatus::lastLogIndex);
    }

    private static void gauge(MeterRegistry registry, RaftGroup group, String name,
            ToDoubleFunction<RaftGroupStatus> value) {
        NacosMeters.gauge(registry, name, () -> value.applyAsDouble(group.describe()), "group", group.name());
    }
}
