package com.nacosx.api.remote.cluster;

import com.nacosx.api.remote.Response;

/** The answer to a {@link RaftPeerStartedRequest}: heard, whether or not this node leads the group. */
public class RaftPeerStartedResponse extends Response {
}
