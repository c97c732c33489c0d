package com.nacosx.core.raft;

import com.nacosx.core.env.NacosServerProperties;
import org.springframework.core.env.Environment;

import java.nio.file.Path;
import java.time.Duration;

/**
 * The Raft settings, read once at start under the official names
 * ({@code nacos.core.protocol.raft.data.*}): {@code election_timeout_ms} (5000),
 * {@code snapshot_interval_secs} (1800) and {@code rpc_request_timeout_ms} (5000), which also bounds
 * how long a write waits for a leader.
 *
 * @param bindAddress the address the Raft port binds to: {@code server.address}, else null for every interface
 * @param dataDir     where each group keeps its state, {@code ${nacos.home}/data/protocol/raft}
 */
public record RaftSettings(int electionTimeoutMs, int snapshotIntervalSecs, Duration writeTimeout, String bindAddress,
                           Path dataDir) {

    /** The Raft port is the HTTP port minus this, as on the official server. */
    public static final int PORT_OFFSET = 1000;

    private static final String PREFIX = "nacos.core.protocol.raft.data.";

    public static RaftSettings from(Environment env, NacosServerProperties server) {
        String address = env.getProperty("server.address");
        return new RaftSettings(env.getProperty(PREFIX + "election_timeout_ms", Integer.class, 5000),
                env.getProperty(PREFIX + "snapshot_interval_secs", Integer.class, 1800),
                Duration.ofMillis(env.getProperty(PREFIX + "rpc_request_timeout_ms", Long.class, 5000L)),
                address == null || address.isBlank() ? null : address.trim(),
                server.dataDir().resolve("protocol").resolve("raft"));
    }

    public Path groupDir(String group) {
        return dataDir.resolve(group);
    }
}
