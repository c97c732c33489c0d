package com.nacosx.api.remote.cluster;

import java.util.Map;
import java.util.TreeMap;

/**
 * A cluster member as nodes describe themselves to each other and to operators
 * ({@code /v1/core/cluster/nodes}): address, state and what the node can do.
 */
public class MemberInfo {

    public String ip;
    public int port;
    public String state;
    public String address;
    public int failAccessCnt;
    public Map<String, Object> extendInfo = new TreeMap<>();
    public boolean grpcReportEnabled = true;
}
