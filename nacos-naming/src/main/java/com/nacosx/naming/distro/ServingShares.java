package com.nacosx.naming.distro;

import com.nacosx.core.cluster.Member;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * How much of its hash share each serving member has taken. A node that becomes ready beside a
 * cluster that has served for a while (a restarted or replaced node) takes its share evenly over
 * the warm-up instead of all at once: its JVM compiles its request paths in its first seconds, and
 * given its whole share of the 1.x beats at once, on cores it shares with its peers, every node's
 * beats waited seconds (bench/RESULTS.md). Nodes that become ready together, as a cluster starts,
 * take their shares at once.
 * <p>
 * Every node must pick the same responsible node, so a member says itself, in its reports'
 * {@code extendInfo.distroShare}, over which span of the wall clock it takes its share
 * ({@code from} and {@code until}, epoch millis): each view reckons from the same figures,
 * whatever the reports' delays. Nodes whose clocks differ by d disagree on d/warm-up of the keys
 * while one warms up, and a disagreement costs a hand-over, not a beat. A member that does not say
 * has its whole share; one that is not ready says {@link #NOT_READY} and has none yet. A key that
 * has not moved yet stays where it was among the members that began to take their shares before
 * the newest one, so each key moves once.
 */
final class ServingShares {

    static final String KEY = "distroShare";
    static final Map<String, Long> NOT_READY = Map.of("from", Long.MAX_VALUE);

    private ServingShares() {
    }

    /**
     * The span over which a node that is ready {@code now} takes its share: when a peer has served
     * its whole share for a warm-up already, the warm-up, beginning {@code leadMillis} from now so
     * that its peers have heard the span before it takes a key (a key it took first would go back
     * and forth between it and the key's old owner, and a peer could drop the instance meanwhile);
     * else all at once, now.
     */
    static Map<String, Long> span(List<Member> peersServing, long now, long warmUpMillis, long leadMillis) {
        boolean clusterServes = peersServing.stream().anyMatch(peer -> until(peer) <= now - warmUpMillis);
        long from = clusterServes ? now + leadMillis : now;
        return Map.of("from", from, "until", clusterServes ? from + warmUpMillis : from);
    }

    /**
     * The member responsible for {@code hash} among {@code candidates} at {@code now}: its
     * {@link #owner} among all of them once the newest has taken the part of its share where the
     * key lies, or else among those that began before the newest.
     */
    static Member pick(List<Member> candidates, int hash, long now) {
        double part = partOfShare(hash);
        List<Member> among = candidates;
        while (among.size() > 1) {
            Member newest = among.get(0);
            for (Member member : among) {
                if (from(member) > from(newest)) {
                    newest = member;
                }
            }
            if (part < taken(newest, now)) {
                break;
            }
            long newestFrom = from(newest);
            List<Member> before = new ArrayList<>(among.size());
            for (Member member : among) {
                if (from(member) < newestFrom) {
                    before.add(member);
                }
            }
            if (before.isEmpty()) {
                break;
            }
            among = before;
        }
        return owner(among, hash);
    }

    /**
     * The member that weighs most for the key, its hash mixed with the member's address
     * (rendezvous hashing): a member that stops gives its keys to the others and no other key
     * moves, and one that joins takes its share from each. A remainder over the member count moved
     * as many keys again between the members that stayed: a node stopping under 14,000 1.x
     * clients had each peer take over as many clients from the other as from it
     * (bench/RESULTS.md).
     */
    static Member owner(List<Member> members, int hash) {
        Member owner = members.get(0);
        long most = weight(hash, owner);
        for (Member member : members.subList(1, members.size())) {
            long weight = weight(hash, member);
            if (weight > most || weight == most && member.address().compareTo(owner.address()) < 0) {
                owner = member;
                most = weight;
            }
        }
        return owner;
    }

    /** SplitMix64's finaliser over the key's hash and the member's address hash. */
    private static long weight(int hash, Member member) {
        long z = ((long) hash << 32 | member.address().hashCode() & 0xffffffffL) + 0x9e3779b97f4a7c15L;
        z = (z ^ z >>> 30) * 0xbf58476d1ce4e5b9L;
        z = (z ^ z >>> 27) * 0x94d049bb133111ebL;
        return z ^ z >>> 31;
    }

    /** How much of its share the member has taken at {@code now}: 0 to 1. */
    static double taken(Member member, long now) {
        long from = from(member);
        long until = until(member);
        if (from == Long.MAX_VALUE) {
            return 0;
        }
        if (now >= until) {
            return 1;
        }
        return Math.max(0, (double) (now - from) / (until - from));
    }

    private static long from(Member member) {
        return field(member, "from", Long.MIN_VALUE);
    }

    /** A member that is not ready yet has not begun, and does not end until it says when. */
    private static long until(Member member) {
        return field(member, "until", from(member) == Long.MAX_VALUE ? Long.MAX_VALUE : Long.MIN_VALUE);
    }

    private static long field(Member member, String name, long unsaid) {
        return member.extendInfo().get(KEY) instanceof Map<?, ?> share && share.get(name) instanceof Number value
                ? value.longValue() : unsaid;
    }

    /**
     * Where in a member's share the key lies, 0 to 1: a second hash, mixed (MurmurHash3's
     * finaliser) so that it does not follow the remainder that picked the member.
     */
    static double partOfShare(int hash) {
        int h = hash;
        h ^= h >>> 16;
        h *= 0x85ebca6b;
        h ^= h >>> 13;
        h *= 0xc2b2ae35;
        h ^= h >>> 16;
        return (h >>> 8) / (double) (1 << 24);
    }
}
