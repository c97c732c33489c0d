package com.nacosx.api.naming;

import java.util.ArrayList;
import java.util.List;

/**
 * What a client sees of a service: its hosts (filtered by cluster and health as asked) and the
 * markers the official clients use to tell a newer view from an older one.
 */
public class ServiceInfo {

    public String name;
    public String groupName;
    public String clusters;
    public long cacheMillis = 10_000L;
    public List<Instance> hosts = new ArrayList<>();
    public long lastRefTime;
    public String checksum = "";
    public boolean allIPs;
    public boolean reachProtectionThreshold;

    public boolean isValid() {
        return hosts != null;
    }
}
