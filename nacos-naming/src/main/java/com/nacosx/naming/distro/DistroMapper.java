package com.nacosx.naming.distro;

import com.nacosx.core.cluster.Member;
import com.nacosx.core.cluster.ServerMemberManager;
import org.springframework.stereotype.Component;

import java.util.List;

/**
 * Which node is responsible for a 1.x instance: a hash of its {@code ip:port} over the healthy
 * members in address order, so every node that sees the same members picks the same one. (A 2.x
 * client's responsible node is the one it is connected to.)
 */
@Component
public class DistroMapper {

    private final ServerMemberManager members;

    public DistroMapper(ServerMemberManager members) {
        this.members = members;
    }

    public Member responsible(String ip, int port) {
        List<Member> healthy = members.healthy();
        if (healthy.size() <= 1) {
            return members.self();
        }
        int hash = (ip + ':' + port).hashCode();
        return healthy.get(Math.floorMod(hash, healthy.size()));
    }

    public boolean isSelf(Member member) {
        return member == members.self();
    }
}
