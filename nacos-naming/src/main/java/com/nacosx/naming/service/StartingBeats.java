package com.nacosx.naming.service;

import com.nacosx.naming.model.ServiceKey;

import java.util.HashMap;
import java.util.Map;

/**
 * The light beats a node took before it was ready, of instances it had not loaded yet, each with
 * the time it was sent. Official 1.x peers pass a node its share of the 1.x beats as soon as it
 * has reported itself, while it still loads their data (peers of ours wait until it says it is
 * ready); such a beat is answered at once as the beat of a known instance, so its client neither
 * waits on a loading node nor registers again, and it is applied once the node is ready. Each instance's latest beat is kept, so the count is bounded by the
 * instances the node is responsible for.
 */
final class StartingBeats {

    /**
     * Far above the 1.x instances one node serves (the 1.x cluster of the Nacos 2.0 upgrade report
     * collapsed at 14,000); beyond it a beat is answered as a ready node answers it.
     */
    static final int MOST_KEPT = 100_000;

    /** Applies a kept beat sent at {@code at} (epoch millis). */
    @FunctionalInterface
    interface Applier {
        void apply(ServiceKey service, String ip, int port, long at);
    }

    private record Instance(ServiceKey service, String ip, int port) {
    }

    private final Map<Instance, Long> kept = new HashMap<>();
    private boolean applied;

    /** @return false once the kept beats were handed out, or when too many are kept: answer it as a ready node does */
    synchronized boolean keep(ServiceKey service, String ip, int port, long at) {
        Instance instance = new Instance(service, ip, port);
        if (applied || kept.size() >= MOST_KEPT && !kept.containsKey(instance)) {
            return false;
        }
        kept.merge(instance, at, Math::max);
        return true;
    }

    /** Hands every kept beat to {@code applier}, once; from then on none is kept. @return how many */
    int applyAll(Applier applier) {
        Map<Instance, Long> beats;
        synchronized (this) {
            if (applied) {
                return 0;
            }
            applied = true;
            beats = Map.copyOf(kept);
            kept.clear();
        }
        beats.forEach((instance, at) -> applier.apply(instance.service(), instance.ip(), instance.port(), at));
        return beats.size();
    }
}
