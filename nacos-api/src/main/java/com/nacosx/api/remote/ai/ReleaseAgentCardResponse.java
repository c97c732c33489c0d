package com.nacosx.api.remote.ai;

import com.nacosx.api.remote.Response;

/** Answers an agent card release. */
public class ReleaseAgentCardResponse extends Response {
}
