package com.nacosx.core.loader;

import com.nacosx.api.remote.Response;
import com.nacosx.api.remote.core.ServerLoaderInfoRequest;
import com.nacosx.api.remote.core.ServerLoaderInfoResponse;
import com.nacosx.api.remote.core.ServerReloadRequest;
import com.nacosx.core.cluster.Member;
import com.nacosx.core.cluster.ServerMemberManager;
import com.nacosx.core.cluster.remote.PeerClients;
import com.nacosx.core.remote.ConnectionManager;
import com.nacosx.core.remote.ServerLoad;
import com.nacosx.core.util.Futures;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * The client load of every member, as the official loader shows and balances it: each member's
 * metrics (this node's at once, the peers' over the cluster port), and moving SDK connections from
 * members above the average to members below it.
 */
@Component
public class ClusterLoad {

    private static final Logger LOG = LoggerFactory.getLogger("com.nacosx.core.remote");
    /** How far from the average a member may be before it sheds clients (the official's LOADER_FACTOR). */
    static final float DEFAULT_FACTOR = 0.1f;
    private static final Duration PEER_TIMEOUT = Duration.ofSeconds(1);
    private static final String SDK_CONNECTIONS = "sdkConCount";

    private final ServerMemberManager members;
    private final PeerClients peers;
    private final ServerLoad load;
    private final ConnectionManager connections;

    public ClusterLoad(ServerMemberManager members, PeerClients peers, ServerLoad load, ConnectionManager connections) {
        this.members = members;
        this.peers = peers;
        this.load = load;
        this.connections = connections;
    }

    /** One member's loader metrics. */
    public record MemberLoad(String address, Map<String, String> metric) {

        int sdkConnections() {
            String count = metric.get(SDK_CONNECTIONS);
            return count == null || count.isBlank() ? 0 : Integer.parseInt(count);
        }
    }

    /** Every member that answered within a second, sorted by address. */
    public CompletableFuture<List<MemberLoad>> collect() {
        List<CompletableFuture<MemberLoad>> answers = new ArrayList<>();
        answers.add(CompletableFuture.completedFuture(new MemberLoad(members.self().address(), load.metrics())));
        for (Member peer : members.peers()) {
            answers.add(peers.request(peer, new ServerLoaderInfoRequest(), PEER_TIMEOUT)
                    .thenApply(answer -> answer instanceof ServerLoaderInfoResponse info
                            ? new MemberLoad(peer.address(), Map.copyOf(info.loaderMetrics)) : null)
                    .exceptionally(failure -> {
                        LOG.warn("[loader] no metrics from {}: {}", peer.address(), failure.toString());
                        return null;
                    }));
        }
        return Futures.all(answers).thenApply(loads -> loads.stream().filter(answer -> answer != null)
                .sorted(Comparator.comparing(MemberLoad::address)).toList());
    }

    /** The official {@code /v2/core/loader/cluster} body over the collected metrics. */
    public Map<String, Object> summary(List<MemberLoad> loads) {
        int max = 0;
        int min = -1;
        int total = 0;
        for (MemberLoad member : loads) {
            int count = member.sdkConnections();
            max = Math.max(max, count);
            min = min < 0 ? count : Math.min(min, count);
            total += count;
        }
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("detail", loads);
        body.put("memberCount", members.all().size());
        body.put("metricsCount", loads.size());
        body.put("completed", loads.size() == members.all().size());
        body.put("max", max);
        body.put("min", min);
        body.put("avg", total / loads.size());
        body.put("threshold", total / loads.size() * 1.1);
        body.put("total", total);
        return body;
    }

    /**
     * Pairs the members with more SDK connections than {@code avg * (1 + factor)} (most first)
     * with those below {@code avg * (1 - factor)} (fewest first), and asks each busy one to keep
     * {@code avg * (1 + factor)} connections and send the rest to its partner.
     *
     * @return whether every asked member agreed
     */
    public CompletableFuture<Boolean> rebalance(float factor) {
        return collect().thenCompose(loads -> {
            int average = loads.stream().mapToInt(MemberLoad::sdkConnections).sum() / loads.size();
            int high = (int) (average * (1 + factor));
            int low = (int) (average * (1 - factor));
            List<MemberLoad> busy = loads.stream().filter(member -> member.sdkConnections() > high)
                    .sorted(Comparator.comparingInt(MemberLoad::sdkConnections).reversed()).toList();
            List<MemberLoad> idle = loads.stream().filter(member -> member.sdkConnections() < low)
                    .sorted(Comparator.comparingInt(MemberLoad::sdkConnections)).toList();
            List<CompletableFuture<Boolean>> moves = new ArrayList<>();
            for (int i = 0; i < busy.size() && i < idle.size(); i++) {
                LOG.info("[loader] moving clients from {} (keeping {}) to {}", busy.get(i).address(), high,
                        idle.get(i).address());
                moves.add(shed(busy.get(i).address(), high, idle.get(i).address()));
            }
            return Futures.all(moves).thenApply(moved -> moved.stream().allMatch(Boolean::booleanValue));
        });
    }

    private CompletableFuture<Boolean> shed(String address, int keep, String redirect) {
        if (address.equals(members.self().address())) {
            connections.shedDownTo(keep, redirect);
            return CompletableFuture.completedFuture(true);
        }
        Member member = members.peers().stream().filter(peer -> peer.address().equals(address)).findFirst().orElse(null);
        if (member == null) {
            return CompletableFuture.completedFuture(false);
        }
        ServerReloadRequest request = new ServerReloadRequest();
        request.reloadCount = keep;
        request.reloadServer = redirect;
        return peers.request(member, request, PEER_TIMEOUT).thenApply(Response::isSuccess).exceptionally(failure -> {
            LOG.warn("[loader] {} did not shed its clients: {}", address, failure.toString());
            return false;
        });
    }
}
