package com.nacosx.naming.distro;

import com.nacosx.core.cluster.Member;
import com.nacosx.core.cluster.MemberChangeListener;
import com.nacosx.core.cluster.NodeState;
import com.nacosx.core.cluster.ServerMemberManager;
import com.nacosx.core.readiness.ServerReadiness;
import com.nacosx.core.upgrade.UpgradeJudgement;
import com.nacosx.naming.NamingProperties;
import com.nacosx.naming.model.ServiceKey;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * Which node is responsible for a 1.x instance: a hash of its {@code ip:port} over our members
 * that are UP or SUSPICIOUS ({@link ServingShares#owner}), so every node that sees the same members
 * picks the same one. SUSPICIOUS members keep their share, as in the official server: one missed report
 * under load must not move clients between nodes. A STARTING member gets its share once it says
 * it is ready, so no request waits on a node that is still loading, and a member that joins a
 * serving cluster takes its share over the warm-up ({@code nacos.naming.distro.warm-up},
 * {@link ServingShares}); in its own eyes as in its peers'. (A 2.x client's responsible node is
 * the one it is connected to.)
 * <p>
 * Beside official 1.x members, with double write on (a rolling upgrade from 1.x), a service first
 * belongs to one member as 1.x reckons it (the hash of {@code group@@service} over every member
 * that is not DOWN, theirs and ours, in address order: a 1.x node takes a starting node of ours
 * for UP once it reported): a service a 1.x member owns is written
 * there and reaches us by 1.x Distro; one of ours goes on to its instance's responsible node
 * among ours.
 */
@Component
public class DistroMapper implements MemberChangeListener {

    private static final Logger LOG = LoggerFactory.getLogger(DistroMapper.class);
    /** Long enough for the report sent the moment it is ready, or the next one, to reach every peer. */
    static final long WARM_UP_LEAD_MILLIS = 2 * ServerMemberManager.REPORT_PERIOD_MILLIS;
    private final ServerMemberManager members;
    private final UpgradeJudgement upgrade;
    private final long warmUpMillis;
    private final LongSupplier clock;
    private volatile List<Member> serving;
    private volatile List<Member> healthy = List.of();
    private volatile boolean anyLegacy;

    @Autowired
    public DistroMapper(ServerMemberManager members, UpgradeJudgement upgrade, ServerReadiness readiness,
                        NamingProperties properties) {
        this(members, upgrade, readiness, properties, System::currentTimeMillis);
    }

    DistroMapper(ServerMemberManager members, UpgradeJudgement upgrade, ServerReadiness readiness,
                 NamingProperties properties, LongSupplier clock) {
        this.members = members;
        this.upgrade = upgrade;
        this.warmUpMillis = properties.distro().warmUp().toMillis();
        this.clock = clock;
        members.describeSelf(ServingShares.KEY, ServingShares.NOT_READY);
        membersChanged(members.all());
        readiness.ready().thenRun(this::selfReady);
    }

    /** Says over which span this node takes its share, from the next report to its peers on. */
    private void selfReady() {
        List<Member> peers = serving.stream().filter(member -> !isSelf(member)).toList();
        Map<String, Long> span = ServingShares.span(peers, clock.getAsLong(), warmUpMillis, WARM_UP_LEAD_MILLIS);
        members.describeSelf(ServingShares.KEY, span);
        if (span.get("until") > span.get("from")) {
            LOG.info("[distro] ready beside serving peers: taking this node's share of the 1.x instances over {} ms, "
                    + "from {} ms on, once its peers have heard so", warmUpMillis, WARM_UP_LEAD_MILLIS);
        }
    }

    /** How much of its share this node has taken: 0 until it is ready, 1 once it has warmed up. */
    public double selfTaken() {
        return ServingShares.taken(members.self(), clock.getAsLong());
    }

    @Override
    public void membersChanged(List<Member> all) {
        serving = all.stream().filter(member -> !member.isLegacy() && (isSelf(member)
                || member.state() == NodeState.UP || member.state() == NodeState.SUSPICIOUS)).toList();
        healthy = all.stream().filter(member -> isSelf(member) || member.state() != NodeState.DOWN)
                .sorted(Comparator.comparing(Member::address)).toList();
        anyLegacy = healthy.stream().anyMatch(Member::isLegacy);
    }

    /** The node that serves writes of this 1.x instance of {@code service}. */
    public Member responsible(ServiceKey service, String ip, int port) {
        Member owner = legacyOwner(service);
        return owner != null ? owner : responsible(ip, port);
    }

    public Member responsible(String ip, int port) {
        List<Member> current = serving;
        if (current.size() <= 1) {
            return members.self();
        }
        return ServingShares.pick(current, (ip + ':' + port).hashCode(), clock.getAsLong());
    }

    /**
     * The member that owns the service as an official 1.x node reckons it, or null when no 1.x
     * member is in the cluster or double write is off.
     */
    public Member serviceOwner(ServiceKey service) {
        return anyLegacy && upgrade.isDoubleWriteEnabled() ? ownerAs1x(service) : null;
    }

    /** The official 1.x member that owns the service ({@link #serviceOwner}), or null when one of ours does or none. */
    public Member legacyOwner(ServiceKey service) {
        Member owner = serviceOwner(service);
        return owner != null && owner.isLegacy() ? owner : null;
    }

    /** The member an official 1.x node would make responsible for the service, were one listed. */
    public Member ownerAs1x(ServiceKey service) {
        List<Member> current = healthy;
        if (current.isEmpty()) {
            return members.self();
        }
        // Exactly as 1.x hashes: the remainder is taken before the sign is dropped.
        int hash = Math.abs(service.grouped().hashCode() % Integer.MAX_VALUE);
        return current.get(hash % current.size());
    }

    /** The official 1.x members the 1.x protocols reach; empty in a cluster of ours only or with double write off. */
    public List<Member> legacyMembers() {
        return upgrade.isDoubleWriteEnabled() ? healthy.stream().filter(Member::isLegacy).toList() : List.of();
    }

    public boolean isSelf(Member member) {
        return member == members.self();
    }
}
