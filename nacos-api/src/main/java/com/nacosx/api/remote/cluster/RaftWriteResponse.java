package com.nacosx.api.remote.cluster;

import com.nacosx.api.remote.Response;

/** The leader's answer to a {@link RaftWriteRequest}: success once the entry is committed. */
public class RaftWriteResponse extends Response {
}
