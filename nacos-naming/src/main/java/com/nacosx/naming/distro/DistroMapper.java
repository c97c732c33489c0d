package com.nacosx.naming.distro;

import com.nacosx.core.cluster.Member;
import com.nacosx.core.cluster.MemberChangeListener;
import com.nacosx.core.cluster.NodeState;
import com.nacosx.core.cluster.ServerMemberManager;
import com.nacosx.core.upgrade.UpgradeJudgement;
import com.nacosx.naming.model.ServiceKey;
import org.springframework.stereotype.Component;

import java.util.Comparator;
import java.util.List;

/**
 * Which node is responsible for a 1.x instance: a hash of its {@code ip:port} over our members
 * that are UP or SUSPICIOUS, in address order, so every node that sees the same members picks the
 * same one. SUSPICIOUS members keep their share, as in the official server: one missed report
 * under load must not move clients between nodes. A STARTING member gets its share once it says
 * it is ready, so no request waits on a node that is still loading; in its own eyes it has its
 * share from the start, as its peers will once it is ready. (A 2.x client's responsible node is
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

    private final ServerMemberManager members;
    private final UpgradeJudgement upgrade;
    private volatile List<Member> serving;
    private volatile List<Member> healthy = List.of();
    private volatile boolean anyLegacy;

    public DistroMapper(ServerMemberManager members, UpgradeJudgement upgrade) {
        this.members = members;
        this.upgrade = upgrade;
        membersChanged(members.all());
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
        int hash = (ip + ':' + port).hashCode();
        return current.get(Math.floorMod(hash, current.size()));
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
