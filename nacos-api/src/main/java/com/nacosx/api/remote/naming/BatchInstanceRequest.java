package com.nacosx.api.remote.naming;

import com.nacosx.api.naming.Instance;

import java.util.List;

/** Replaces the sending connection's instances of one service with this list. */
public class BatchInstanceRequest extends AbstractNamingRequest {

    public static final String BATCH_REGISTER = "batchRegisterInstance";

    public String type;
    public List<Instance> instances;
}
