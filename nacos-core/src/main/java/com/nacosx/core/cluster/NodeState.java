package com.nacosx.core.cluster;

/** A member's state as its peers see it, with the official names. */
public enum NodeState {
    /** Answering its peers' reports. */
    UP,
    /** Missed a report; still counted as a member. */
    SUSPICIOUS,
    /** Missed more reports than allowed, or refused the connection. */
    DOWN
}
