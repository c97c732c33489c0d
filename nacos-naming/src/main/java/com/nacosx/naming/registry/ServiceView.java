package com.nacosx.naming.registry;

import com.nacosx.api.naming.Instance;
import com.nacosx.api.naming.ServiceInfo;
import com.nacosx.core.http.Json;
import com.nacosx.core.util.Digests;
import com.nacosx.naming.model.InstanceRecord;
import com.nacosx.naming.model.ServiceKey;
import com.nacosx.naming.model.ServiceMeta;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;

/**
 * A service as readers see it, built once per change: every instance in a stable order, the
 * time it was built (the clients' {@code lastRefTime}) and a checksum. The answers to the
 * selections readers ask for are kept with it, so a read between two changes costs a map lookup.
 */
public final class ServiceView {

    private static final Comparator<InstanceRecord> ORDER = Comparator.comparing(InstanceRecord::ip)
            .thenComparingInt(InstanceRecord::port).thenComparing(InstanceRecord::cluster);

    private static final int MAX_KEPT_SELECTIONS = 32;

    private final ServiceKey key;
    private final ServiceMeta meta;
    private final List<Instance> hosts;
    private final long lastRefTime;
    private final String checksum;
    private final ConcurrentHashMap<Selection, Selected> selections = new ConcurrentHashMap<>();

    /** One selection's answer; its JSON is written on first use. */
    public static final class Selected {
        private final ServiceInfo info;
        private volatile byte[] json;

        Selected(ServiceInfo info) {
            this.info = info;
        }

        public ServiceInfo info() {
            return info;
        }

        public byte[] json() {
            byte[] bytes = json;
            if (bytes == null) {
                bytes = Json.bytes(info);
                json = bytes;
            }
            return bytes;
        }
    }

    ServiceView(ServiceKey key, ServiceMeta meta, List<InstanceRecord> instances, long lastRefTime) {
        this.key = key;
        this.meta = meta;
        List<InstanceRecord> sorted = distinctEndpoints(instances);
        List<Instance> apiHosts = new ArrayList<>(sorted.size());
        for (InstanceRecord instance : sorted) {
            apiHosts.add(instance.toApi(key));
        }
        this.hosts = List.copyOf(apiHosts);
        this.lastRefTime = lastRefTime;
        this.checksum = checksumOf(sorted);
    }

    /** The view of a service that does not exist: no hosts. */
    public static ServiceView empty(ServiceKey key) {
        return new ServiceView(key, ServiceMeta.DEFAULT, List.of(), System.currentTimeMillis());
    }

    public ServiceKey key() {
        return key;
    }

    /** Every instance, enabled or not, healthy or not. */
    public List<Instance> hosts() {
        return hosts;
    }

    public long lastRefTime() {
        return lastRefTime;
    }

    public String checksum() {
        return checksum;
    }

    public ServiceMeta meta() {
        return meta;
    }

    /** The answer to a selection; kept for the next reader, up to {@link #MAX_KEPT_SELECTIONS} per view. */
    public Selected select(Selection selection) {
        Selected kept = selections.get(selection);
        if (kept != null) {
            return kept;
        }
        Selected computed = compute(selection, host -> true);
        // Clients choose the clusters string: a bound keeps odd ones from filling the heap.
        if (selections.size() < MAX_KEPT_SELECTIONS) {
            Selected raced = selections.putIfAbsent(selection, computed);
            return raced == null ? computed : raced;
        }
        return computed;
    }

    /**
     * The answer to a selection among the instances {@code chosen} (a service selector's pick for
     * one consumer), computed each time; when it chooses none, the answer is as if it chose all,
     * as the official selector falls back.
     */
    public Selected select(Selection selection, Predicate<Instance> chosen) {
        Selected narrowed = compute(selection, chosen);
        return narrowed.info().hosts.isEmpty() ? select(selection) : narrowed;
    }

    /**
     * The enabled instances of the asked clusters that are {@code chosen}, healthy ones only if
     * asked. When the share of healthy instances is at or below the protect threshold, all of them
     * are answered as healthy, so callers spread load instead of piling onto the few that are left.
     */
    private Selected compute(Selection selection, Predicate<Instance> chosen) {
        Set<String> clusters = selection.clusters().isBlank() ? Set.of()
                : Set.copyOf(Arrays.asList(selection.clusters().split(",")));
        List<Instance> matching = new ArrayList<>();
        List<Instance> selected = new ArrayList<>();
        long healthy = 0;
        for (Instance host : hosts) {
            if (!host.enabled || (!clusters.isEmpty() && !clusters.contains(host.clusterName)) || !chosen.test(host)) {
                continue;
            }
            matching.add(host);
            if (host.healthy) {
                healthy++;
            }
            if (!selection.healthyOnly() || host.healthy) {
                selected.add(host);
            }
        }
        ServiceInfo info = new ServiceInfo();
        info.name = selection.groupedName() ? key.grouped() : key.name();
        info.groupName = key.group();
        info.clusters = selection.clusters();
        info.lastRefTime = lastRefTime;
        info.checksum = checksum;
        float threshold = Math.max(0F, meta.protectThreshold());
        if (!selected.isEmpty() && (float) healthy / selected.size() <= threshold) {
            info.reachProtectionThreshold = true;
            selected = matching.stream().map(ServiceView::asHealthy).toList();
        }
        info.hosts = selected;
        return new Selected(info);
    }

    private static Instance asHealthy(Instance host) {
        if (host.healthy) {
            return host;
        }
        Instance copy = new Instance();
        copy.instanceId = host.instanceId;
        copy.ip = host.ip;
        copy.port = host.port;
        copy.weight = host.weight;
        copy.healthy = true;
        copy.enabled = host.enabled;
        copy.ephemeral = host.ephemeral;
        copy.clusterName = host.clusterName;
        copy.serviceName = host.serviceName;
        copy.metadata = host.metadata;
        return copy;
    }

    /**
     * The instances in order, one per endpoint: while a client that moved to another node is
     * replicated from both (until the old node's copy expires), it is listed once.
     */
    private static List<InstanceRecord> distinctEndpoints(List<InstanceRecord> instances) {
        List<InstanceRecord> sorted = new ArrayList<>(instances);
        sorted.sort(ORDER);
        List<InstanceRecord> distinct = new ArrayList<>(sorted.size());
        for (InstanceRecord instance : sorted) {
            if (distinct.isEmpty() || !distinct.get(distinct.size() - 1).sameEndpoint(instance)) {
                distinct.add(instance);
            }
        }
        return distinct;
    }

    private static String checksumOf(List<InstanceRecord> sorted) {
        StringBuilder text = new StringBuilder();
        for (InstanceRecord instance : sorted) {
            text.append(instance.ip()).append(':').append(instance.port()).append('_').append(instance.weight())
                    .append('_').append(instance.healthy()).append('_').append(instance.enabled()).append('_')
                    .append(instance.cluster()).append('_').append(instance.metadata()).append(',');
        }
        return Digests.md5Hex(text.toString().getBytes(StandardCharsets.UTF_8));
    }
}
