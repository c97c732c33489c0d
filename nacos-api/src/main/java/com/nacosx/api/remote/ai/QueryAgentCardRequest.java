package com.nacosx.api.remote.ai;

/** Reads an agent card: the given version, or the latest when none is given. */
public class QueryAgentCardRequest extends AbstractAgentRequest {

    public String version;
    public String registrationType;
}
