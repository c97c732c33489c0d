package com.nacosx.api.remote.naming;

/** Answers {@link BatchInstanceRequest}. */
public class BatchInstanceResponse extends InstanceResponse {

    public BatchInstanceResponse() {
    }

    public BatchInstanceResponse(String type) {
        super(type);
    }
}
