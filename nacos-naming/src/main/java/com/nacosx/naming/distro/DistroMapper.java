package com.nacosx.naming.distro;

import com.nacosx.core.cluster.Member;
import com.nacosx.core.cluster.MemberChangeListener;
import com.nacosx.core.cluster.NodeState;
import com.nacosx.core.cluster.ServerMemberManager;
import org.springframework.stereotype.Component;

import java.util.List;

/**
 * Which node is responsible for a 1.x instance: a hash of its {@code ip:port} over the members
 * that are not DOWN, in address order, so every node that sees the same members picks the same
 * one. Official 1.x nodes in the member list are left out: they neither take our Distro nor a
 * request passed on over the cluster port. SUSPICIOUS members keep their share, as in the official
 * server: one missed report under load must not move clients between nodes. (A 2.x client's responsible node is the one it is
 * connected to.)
 */
@Component
public class DistroMapper implements MemberChangeListener {

    private final ServerMemberManager members;
    private volatile List<Member> serving;

    public DistroMapper(ServerMemberManager members) {
        this.members = members;
        membersChanged(members.all());
    }

    @Override
    public void membersChanged(List<Member> all) {
        serving = all.stream().filter(member -> member.state() != NodeState.DOWN && !member.isLegacy()).toList();
    }

    public Member responsible(String ip, int port) {
        List<Member> current = serving;
        if (current.size() <= 1) {
            return members.self();
        }
        int hash = (ip + ':' + port).hashCode();
        return current.get(Math.floorMod(hash, current.size()));
    }

    public boolean isSelf(Member member) {
        return member == members.self();
    }
}
