package com.nacosx.api.remote.distro;

import com.nacosx.api.remote.Request;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Distro replication of ephemeral naming data between nodes, sent by a client's responsible
 * node: {@code CHANGE} (these clients' full data), {@code PATCH} (these clients' changes since
 * the revision the sender last sent: each service they changed in, with all their instances
 * there, none when they left it; the receiver answers which it could not apply, not holding that
 * revision, and the sender sends those whole), {@code DELETE} (these clients are gone),
 * {@code VERIFY} (the ids and revisions of every client it is responsible for; the receiver asks
 * for what it lacks and drops what the sender no longer has), {@code QUERY} (the data of the
 * named clients, answered in the response) and {@code SNAPSHOT} (every client the receiver is
 * responsible for, asked by a starting node).
 */
public class DistroDataRequest extends Request {

    public static final String CHANGE = "CHANGE";
    public static final String PATCH = "PATCH";
    public static final String DELETE = "DELETE";
    public static final String VERIFY = "VERIFY";
    public static final String QUERY = "QUERY";
    public static final String SNAPSHOT = "SNAPSHOT";

    public String dataOperation;
    /** The sender, {@code ip:port}: the responsible node of the clients it sends. */
    public String source;
    public List<DistroClient> clients = new ArrayList<>();
    public List<String> clientIds = new ArrayList<>();
    public Map<String, Long> revisions = new HashMap<>();

    @Override
    public String getModule() {
        return "naming";
    }
}
