package com.nacosx.naming.distro;

import com.nacosx.core.cluster.Member;
import com.nacosx.core.cluster.MemberChangeListener;
import com.nacosx.core.cluster.NodeState;
import com.nacosx.core.cluster.ServerMemberManager;
import com.nacosx.naming.model.ServiceKey;
import org.springframework.stereotype.Component;

import java.util.Comparator;
import java.util.List;

/**
 * Which node is responsible for a 1.x instance: a hash of its {@code ip:port} over our members
 * that are not DOWN, in address order, so every node that sees the same members picks the same
 * one. SUSPICIOUS members keep their share, as in the official server: one missed report under
 * load must not move clients between nodes. (A 2.x client's responsible node is the one it is
 * connected to.)
 * <p>
 * Beside official 1.x members, a service first belongs to one member as 1.x reckons it (the hash
 * of {@code group@@service} over every UP or SUSPICIOUS member, theirs and ours, in address
 * order): a service a 1.x member owns is written there and reaches us by 1.x Distro; one of ours
 * goes on to its instance's responsible node among ours.
 */
@Component
public class DistroMapper implements MemberChangeListener {

    private final ServerMemberManager members;
    private volatile List<Member> serving;
    private volatile List<Member> servingAs1x;

    public DistroMapper(ServerMemberManager members) {
        this.members = members;
        membersChanged(members.all());
    }

    @Override
    public void membersChanged(List<Member> all) {
        serving = all.stream().filter(member -> member.state() != NodeState.DOWN && !member.isLegacy()).toList();
        List<Member> healthy = all.stream()
                .filter(member -> member.state() == NodeState.UP || member.state() == NodeState.SUSPICIOUS)
                .sorted(Comparator.comparing(Member::address)).toList();
        servingAs1x = healthy.stream().anyMatch(Member::isLegacy) ? healthy : List.of();
    }

    /** The node that serves writes of this 1.x instance of {@code service}. */
    public Member responsible(ServiceKey service, String ip, int port) {
        Member owner = serviceOwner(service);
        return owner != null && owner.isLegacy() ? owner : responsible(ip, port);
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
     * member is in the cluster.
     */
    public Member serviceOwner(ServiceKey service) {
        List<Member> current = servingAs1x;
        if (current.isEmpty()) {
            return null;
        }
        // Exactly as 1.x hashes: the remainder is taken before the sign is dropped.
        int hash = Math.abs(service.grouped().hashCode() % Integer.MAX_VALUE);
        return current.get(hash % current.size());
    }

    /** The official 1.x members the 1.x protocols reach; empty in a cluster of ours only. */
    public List<Member> legacyMembers() {
        return servingAs1x.stream().filter(Member::isLegacy).toList();
    }

    public boolean isSelf(Member member) {
        return member == members.self();
    }
}
