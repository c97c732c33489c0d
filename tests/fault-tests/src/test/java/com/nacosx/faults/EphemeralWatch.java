package com.nacosx.faults;

import com.alibaba.nacos.api.NacosFactory;
import com.alibaba.nacos.api.PropertyKeyConst;
import com.alibaba.nacos.api.exception.NacosException;
import com.alibaba.nacos.api.naming.NamingService;
import com.alibaba.nacos.api.naming.listener.NamingEvent;
import com.alibaba.nacos.api.naming.pojo.Instance;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * Ephemeral instances of one service held by official 2.5.1 clients (each connected to one of the
 * nodes, as the SDK picks) and by 1.4.8 clients (beats over HTTP to whichever node answers), a
 * subscriber of each generation, and a prober listing the service on every node once a second. It
 * knows which instances are alive (their client runs), so it can count holes (an alive instance a
 * node does not list) and ghosts (a node lists an instance whose client is gone).
 */
final class EphemeralWatch implements AutoCloseable {

    private final String service;
    private final Map<String, NamingService> holders = new ConcurrentHashMap<>();
    private final NamingService subscriber;
    /** Empty when the scenario runs no 1.x clients ({@link FaultReport#clients1x}). */
    private final Optional<Holders1x> holders1x;
    private volatile Set<String> pushed = Set.of();
    private final Map<String, Long> missingSince = new HashMap<>();
    private long longestHoleMillis;
    private String longestHoleWhere = "";
    private long lastProbe;
    private volatile List<FaultNode> excused = List.of();

    /** {@code instances} held by 2.x clients, {@code instances1x} by 1.x ones. */
    EphemeralWatch(String service, List<FaultNode> nodes, int instances, int instances1x, Path clientLogs)
            throws NacosException {
        this.service = service;
        String servers = nodes.stream().map(FaultNode::address).collect(Collectors.joining(","));
        holders1x = instances1x == 0 ? Optional.empty() : Optional.of(new Holders1x(servers, service,
                IntStream.rangeClosed(1, instances1x).mapToObj(i -> "10.99.0." + i).toList(),
                clientLogs.resolve(service + "-1x.log")));
        for (int i = 1; i <= instances; i++) {
            String ip = "10.98.0." + i;
            NamingService holder = client(servers);
            holder.registerInstance(service, ip, 8080);
            holders.put(ip, holder);
        }
        subscriber = client(servers);
        subscriber.subscribe(service, event -> {
            if (event instanceof NamingEvent naming) {
                pushed = naming.getInstances().stream().map(Instance::getIp).collect(Collectors.toSet());
            }
        });
    }

    private static NamingService client(String servers) throws NacosException {
        Properties properties = new Properties();
        properties.setProperty(PropertyKeyConst.SERVER_ADDR, servers);
        return NacosFactory.createNamingService(properties);
    }

    Set<String> alive() {
        Set<String> alive = new HashSet<>(holders.keySet());
        holders1x.ifPresent(holders -> alive.addAll(holders.alive()));
        return alive;
    }

    /**
     * Ends one application of each generation: the 2.x one stops its client (its connection closes),
     * the 1.x one deregisters; their instances must go everywhere.
     */
    void retireOneOfEach() throws NacosException, IOException {
        String ip = holders.keySet().stream().sorted().findFirst().orElse(null);
        if (ip != null) {
            holders.remove(ip).shutDown();
        }
        if (holders1x.isPresent()) {
            holders1x.get().retireOne();
        }
    }

    /** Nodes whose missing instances are not holes for now ({@link Fault#apartWhileHeld}); none once healed. */
    void excuse(List<FaultNode> nodes) {
        excused = List.copyOf(nodes);
    }

    /** One look at every node that answers: an alive instance a node does not list starts (or continues) a hole. */
    synchronized void probe(List<FaultNode> nodes) {
        long now = System.currentTimeMillis();
        lastProbe = now;
        Set<String> alive = alive();
        missingSince.keySet().removeIf(where -> !alive.contains(where.substring(where.indexOf('/') + 1)));
        List<FaultNode> notJudged = excused;
        missingSince.keySet().removeIf(where -> notJudged.stream().anyMatch(node -> where.startsWith(node.index() + "/")));
        for (FaultNode node : nodes) {
            if (notJudged.contains(node)) {
                continue;
            }
            Set<String> listed;
            try {
                listed = InstanceHistory.ipsOf(NodeCalls.listInstances(node, service));
            } catch (RuntimeException unreachable) {
                continue;
            }
            for (String ip : alive) {
                String where = node.index() + "/" + ip;
                if (listed.contains(ip)) {
                    Long since = missingSince.remove(where);
                    if (since != null && now - since > longestHoleMillis) {
                        longestHoleMillis = now - since;
                        longestHoleWhere = where;
                    }
                } else {
                    missingSince.putIfAbsent(where, now);
                }
            }
        }
    }

    /** The longest time an alive instance went unlisted on a node that answered, up to the last look. */
    synchronized long longestHoleMillis() {
        return Math.max(longestHoleMillis, longestOpen().map(open -> lastProbe - open.getValue()).orElse(0L));
    }

    /** Which instance on which node ("node/ip") the longest hole was in. */
    synchronized String longestHoleWhere() {
        return longestOpen().filter(open -> lastProbe - open.getValue() > longestHoleMillis).map(Map.Entry::getKey)
                .orElse(longestHoleWhere);
    }

    private Optional<Map.Entry<String, Long>> longestOpen() {
        return missingSince.entrySet().stream().min(Map.Entry.comparingByValue());
    }

    /** What differs from the alive set on each node and in the subscriber's last push: ghosts and holes. */
    Divergence divergence(List<FaultNode> nodes) {
        Set<String> alive = alive();
        List<String> ghosts = new ArrayList<>();
        List<String> holes = new ArrayList<>();
        Map<String, Set<String>> views = new HashMap<>();
        for (FaultNode node : nodes) {
            try {
                views.put("node " + node.index(), InstanceHistory.ipsOf(NodeCalls.listInstances(node, service)));
            } catch (RuntimeException unreachable) {
                views.put("node " + node.index(), Set.of());
            }
        }
        views.put("the 2.x subscriber", pushed);
        holders1x.ifPresent(holders -> views.put("the 1.x subscriber", holders.pushed()));
        views.forEach((who, listed) -> {
            listed.stream().filter(ip -> !alive.contains(ip)).forEach(ip -> ghosts.add(ip + " on " + who));
            alive.stream().filter(ip -> !listed.contains(ip)).forEach(ip -> holes.add(ip + " on " + who));
        });
        return new Divergence(ghosts, holes);
    }

    /** Instances listed without a client (ghosts) and clients whose instance is not listed (holes). */
    record Divergence(List<String> ghosts, List<String> holes) {
        boolean none() {
            return ghosts.isEmpty() && holes.isEmpty();
        }

        @Override
        public String toString() {
            return "ghosts " + ghosts + ", holes " + holes;
        }
    }

    @Override
    public void close() throws NacosException, InterruptedException {
        for (NamingService holder : holders.values()) {
            holder.shutDown();
        }
        subscriber.shutDown();
        if (holders1x.isPresent()) {
            holders1x.get().close();
        }
    }
}
