package com.nacosx.core.cluster;

/** A member's state as its peers see it, with the official names. */
public enum NodeState {
    /** Started and answering its peers, not ready yet: it takes no share of the clients' requests. */
    STARTING,
    /** Answering its peers' reports. */
    UP,
    /** Missed a report; still counted as a member. */
    SUSPICIOUS,
    /** Missed more reports than allowed, refused the connection, or said it is stopping. */
    DOWN;

    /**
     * The state a member is in by its own report: STARTING and DOWN (it is stopping) as it says,
     * anything else UP. Official nodes always report UP; a 1.4 node's answer says nothing (null).
     */
    static NodeState reportedAs(String said) {
        return STARTING.name().equals(said) ? STARTING : DOWN.name().equals(said) ? DOWN : UP;
    }
}
