package com.nacosx.api.remote.cluster;

import com.nacosx.api.remote.Request;

/** Sent every 2 s by each node to one peer in turn: the sender's own description. */
public class MemberReportRequest extends Request {

    public MemberInfo node;

    public MemberReportRequest() {
    }

    public MemberReportRequest(MemberInfo node) {
        this.node = node;
    }

    @Override
    public String getModule() {
        return "cluster";
    }
}
