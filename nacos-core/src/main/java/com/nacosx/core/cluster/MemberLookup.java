package com.nacosx.core.cluster;

import java.util.List;

/** Where the member list comes from; read again periodically, so edits take effect without a restart. */
public interface MemberLookup {

    /**
     * The members' addresses ({@code ip[:port]}), or null when the source cannot be read right now
     * (the last list is kept).
     */
    List<String> read();

    /** Where the list is read from, for the logs. */
    String describe();
}
