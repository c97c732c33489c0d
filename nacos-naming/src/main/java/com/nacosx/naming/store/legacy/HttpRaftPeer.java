package com.nacosx.naming.store.legacy;

/**
 * A member as the old HTTP Raft of official 1.x nodes describes it in votes, beats and answers:
 * its address ({@code ip}, with the port), whom it voted for, its term, its countdowns and its
 * state ({@code LEADER}, {@code FOLLOWER} or {@code CANDIDATE}).
 */
public record HttpRaftPeer(String ip, String voteFor, Long term, Long leaderDueMs, Long heartbeatDueMs,
                           String state) {

    static final String LEADER = "LEADER";
    static final String FOLLOWER = "FOLLOWER";
    static final String CANDIDATE = "CANDIDATE";

    /** A number a member left out reads as 0, as 1.x starts them. */
    public HttpRaftPeer {
        term = term == null ? 0L : term;
        leaderDueMs = leaderDueMs == null ? 0L : leaderDueMs;
        heartbeatDueMs = heartbeatDueMs == null ? 0L : heartbeatDueMs;
    }

    /** The same member having voted for {@code candidate}, or for nobody yet. */
    HttpRaftPeer votingFor(String candidate) {
        return new HttpRaftPeer(ip, candidate, term, leaderDueMs, heartbeatDueMs, state);
    }

    /** The same member known to lead at {@code term}. */
    HttpRaftPeer leadingAt(long leaderTerm) {
        return new HttpRaftPeer(ip, voteFor, leaderTerm, leaderDueMs, heartbeatDueMs, LEADER);
    }
}
