package com.nacosx.core.raft;

import com.alipay.sofa.jraft.entity.PeerId;
import com.nacosx.api.exception.NacosException;
import com.nacosx.api.remote.Response;
import com.nacosx.api.remote.cluster.RaftPeerStartedRequest;
import com.nacosx.api.remote.cluster.RaftPeerStartedResponse;
import com.nacosx.core.remote.RequestHandler;
import com.nacosx.core.remote.RequestMeta;
import org.springframework.stereotype.Component;

/** Serves a peer's notice that it has just started a Raft group ({@link RaftGroups#peerStarted}). */
@Component
public class RaftPeerStartedHandler implements RequestHandler<RaftPeerStartedRequest> {

    private final RaftGroups groups;

    public RaftPeerStartedHandler(RaftGroups groups) {
        this.groups = groups;
    }

    @Override
    public Class<RaftPeerStartedRequest> requestType() {
        return RaftPeerStartedRequest.class;
    }

    @Override
    public boolean peersOnly() {
        return true;
    }

    @Override
    public Response handle(RaftPeerStartedRequest request, RequestMeta meta) {
        PeerId peer = RaftGroups.peerAt(request.peer);
        if (request.group == null || peer == null) {
            throw NacosException.badRequest("a Raft start notice needs a group and the peer as ip:raftPort, not "
                    + request.group + " and " + request.peer);
        }
        groups.peerStarted(request.group, peer);
        return new RaftPeerStartedResponse();
    }

    @Override
    public Response failure() {
        return new RaftPeerStartedResponse();
    }
}
