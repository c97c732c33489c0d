package com.nacosx.core.cluster;

import com.nacosx.api.remote.cluster.MemberInfo;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * One node of the cluster: its address, the state its peers see, and what it says about itself
 * (version, Raft port, abilities). State changes come from {@link ServerMemberManager} only.
 */
public final class Member {

    private final String ip;
    private final int port;
    private volatile NodeState state = NodeState.UP;
    private volatile int failAccessCnt;
    private volatile Map<String, Object> extendInfo = Map.of();
    private volatile boolean answersOverHttp;
    /** When this node last heard from the member (its answer or its report), in epoch ms; 0 before. */
    private volatile long lastHeardMillis;

    public Member(String ip, int port) {
        this.ip = ip;
        this.port = port;
    }

    /** Reads {@code ip[:port]} as cluster.conf and nacos.member.list write it; the port defaults to 8848. */
    public static Member parse(String address) {
        String text = address.trim();
        int colon = text.lastIndexOf(':');
        if (colon < 0 || text.indexOf(':') != colon && !text.startsWith("[")) {
            return new Member(text, 8848);
        }
        try {
            return new Member(text.substring(0, colon), Integer.parseInt(text.substring(colon + 1)));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("member address '" + address + "' has no valid port; write ip:port");
        }
    }

    public String ip() {
        return ip;
    }

    public int port() {
        return port;
    }

    public String address() {
        return ip + ':' + port;
    }

    public NodeState state() {
        return state;
    }

    public int failAccessCnt() {
        return failAccessCnt;
    }

    public Map<String, Object> extendInfo() {
        return extendInfo;
    }

    /**
     * The member answered a report or reported itself: it is in the state it says it is in.
     *
     * @param reported its description of itself, or null when its answer held none (a 1.4 node answers "true")
     */
    void succeeded(MemberInfo reported) {
        state = NodeState.reportedAs(reported == null ? null : reported.state);
        failAccessCnt = 0;
        lastHeardMillis = System.currentTimeMillis();
        if (reported != null && reported.extendInfo != null) {
            describe(reported.extendInfo);
        }
    }

    /** This node's own state, as it reports it to its peers. */
    void declare(NodeState own) {
        state = own;
    }

    /** What the other members must hear about when it changes: its state, and whether it is 1.x. */
    record Seen(NodeState state, boolean legacy) {
    }

    Seen seen() {
        return new Seen(state, isLegacy());
    }

    /**
     * Whether this is an official 1.x node, reached over HTTP only: its version says so, or,
     * before it has told its version, its last report was answered over HTTP and not over gRPC.
     */
    public boolean isLegacy() {
        return extendInfo.get("version") instanceof String version ? version.startsWith("1.") : answersOverHttp;
    }

    void answeredOverHttp(boolean overHttp) {
        answersOverHttp = overHttp;
    }

    /**
     * A DOWN member stays DOWN until it answers: a stopping node refuses one channel before the
     * other, and a failure that is not a refusal must not give it back its share of the requests.
     *
     * @return the state after this failure
     */
    NodeState failed(int maxFailAccessCnt, boolean refused) {
        int failures = ++failAccessCnt;
        state = state == NodeState.DOWN || refused || failures > maxFailAccessCnt ? NodeState.DOWN
                : NodeState.SUSPICIOUS;
        return state;
    }

    /** Entries without a value are left out: a 1.x node's JSON may hold some. */
    void describe(Map<String, Object> info) {
        Map<String, Object> known = new TreeMap<>();
        info.forEach((key, value) -> {
            if (key != null && value != null) {
                known.put(key, value);
            }
        });
        extendInfo = Collections.unmodifiableMap(known);
    }

    public MemberInfo toInfo() {
        MemberInfo info = new MemberInfo();
        info.ip = ip;
        info.port = port;
        info.state = state.name();
        info.address = address();
        info.failAccessCnt = failAccessCnt;
        info.extendInfo = new TreeMap<>(extendInfo);
        if (lastHeardMillis > 0) {
            // The official key for the same fact: when the member last refreshed its information.
            info.extendInfo.put("lastRefreshTime", lastHeardMillis);
        }
        return info;
    }

    @Override
    public String toString() {
        return address() + '(' + state + ')';
    }
}
