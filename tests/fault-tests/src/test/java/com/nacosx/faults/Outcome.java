package com.nacosx.faults;

/** What a client learned of an operation it sent. */
enum Outcome {
    /** The server said it is done. */
    ACK,
    /** The server said it is not done. */
    REFUSED,
    /** No answer (timeout, connection lost), or 504 from the server: it may or may not have happened. */
    UNKNOWN
}
