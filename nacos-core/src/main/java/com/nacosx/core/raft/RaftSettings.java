package com.nacosx.core.raft;

import com.nacosx.core.env.NacosServerProperties;
import java.nio.file.Path;
import java.time.Duration;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;

/**
 * The Raft settings, under the official names ({@code nacos.core.protocol.raft.data.*}):
 * {@code election_timeout_ms} (5000), {@code snapshot_interval_secs} (1800) and
 * {@code rpc_request_timeout_ms} (5000), which also bounds how long a write waits for a leader.
 * State lives under {@code ${nacos.home}/data/protocol/raft/<group>}.
 */
@Component
public class RaftSettings {

    /** The Raft port is the HTTP port minus this, as on the official server. */
    public static final int PORT_OFFSET = 1000;

    /** How often a leader tells followers what is committed when there is nothing new to send. */
    static final int HEARTBEAT_MS = 100;

    private static final String PREFIX = "nacos.core.protocol.raft.data.";

    private final Environment environment;
    private final NacosServerProperties server;

    public RaftSettings(Environment environment, NacosServerProperties server) {
        this.environment = environment;
        this.server = server;
    }

    public int electionTimeoutMs() {
        return environment.getProperty(PREFIX + "election_timeout_ms", Integer.class, 5000);
    }

    public int snapshotIntervalSecs() {
        return environment.getProperty(PREFIX + "snapshot_interval_secs", Integer.class, 1800);
    }

    public Duration writeTimeout() {
        return Duration.ofMillis(environment.getProperty(PREFIX + "rpc_request_timeout_ms", Long.class, 5000L));
    }

    /** The address the Raft port binds to: {@code server.address}, else every interface. */
    public String bindAddress() {
        String address = environment.getProperty("server.address");
        return address == null || address.isBlank() ? null : address.trim();
    }

    public Path groupDir(String group) {
        return server.dataDir().resolve("protocol").resolve("raft").resolve(group);
    }
}
