package com.nacosx.api.remote.cluster;

import com.nacosx.api.remote.Response;

/** Answers {@link MemberReportRequest} with the receiver's own description. */
public class MemberReportResponse extends Response {

    public MemberInfo node;

    public MemberReportResponse() {
    }

    public MemberReportResponse(MemberInfo node) {
        this.node = node;
    }
}
