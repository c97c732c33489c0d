package com.nacosx.api.remote.distro;

import com.nacosx.api.naming.Instance;

import java.util.ArrayList;
import java.util.List;

/**
 * One ephemeral client as its responsible node replicates it: its id, its revision (which grows
 * with every change) and everything it publishes; in a {@code PATCH}, only the services it changed
 * in since {@link #baseRevision}.
 */
public class DistroClient {

    public String clientId;
    public long revision;
    /** Of a {@code PATCH}: the revision the receiver must hold for the patch to apply. */
    public long baseRevision;
    public List<Published> published = new ArrayList<>();

    /** The client's instances in one service. */
    public static class Published {
        public String namespace;
        public String groupName;
        public String serviceName;
        public List<Instance> instances = new ArrayList<>();
    }
}
