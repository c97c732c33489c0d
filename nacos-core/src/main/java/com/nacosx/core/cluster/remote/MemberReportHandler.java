package com.nacosx.core.cluster.remote;

import com.nacosx.api.exception.NacosException;
import com.nacosx.api.remote.Response;
import com.nacosx.api.remote.cluster.MemberReportRequest;
import com.nacosx.api.remote.cluster.MemberReportResponse;
import com.nacosx.core.cluster.ServerMemberManager;
import com.nacosx.core.remote.RequestHandler;
import com.nacosx.core.remote.RequestMeta;
import org.springframework.stereotype.Component;

/** A peer's report of itself: it is alive; answer with this node's own description. */
@Component
public class MemberReportHandler implements RequestHandler<MemberReportRequest> {

    private final ServerMemberManager members;

    public MemberReportHandler(ServerMemberManager members) {
        this.members = members;
    }

    @Override
    public Class<MemberReportRequest> requestType() {
        return MemberReportRequest.class;
    }

    @Override
    public boolean peersOnly() {
        return true;
    }

    @Override
    public Response handle(MemberReportRequest request, RequestMeta meta) {
        if (request.node == null || request.node.ip == null) {
            throw NacosException.missingParameter("node");
        }
        return new MemberReportResponse(members.reported(request.node));
    }

    @Override
    public Response failure() {
        return new MemberReportResponse();
    }
}
