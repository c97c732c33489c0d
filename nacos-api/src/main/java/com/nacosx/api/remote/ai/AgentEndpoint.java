package com.nacosx.api.remote.ai;

/** An address serving one version of an agent, as the 3.x SDK registers it. */
public class AgentEndpoint {

    public String transport;
    public String address;
    public int port;
    public String path;
    public boolean supportTls;
    public String version;
    public String protocol;
    public String query;
}
