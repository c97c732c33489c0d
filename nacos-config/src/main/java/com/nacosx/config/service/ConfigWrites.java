package com.nacosx.config.service;

import com.nacosx.core.raft.RaftGroups;
import com.nacosx.core.replication.CommandLog;
import com.nacosx.core.replication.LocalCommandLog;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Where a config-center write goes, decided once: through the {@code nacos_config} Raft group in an
 * embedded-storage cluster (every node applies it to its own Derby), else straight to this node's
 * {@link ConfigWriter} (standalone, or a cluster sharing MySQL), whose database writer keeps the
 * order it was handed the commands in.
 */
@Configuration(proxyBeanMethods = false)
public class ConfigWrites {

    @Bean
    CommandLog<ConfigWriter> configCommandLog(RaftGroups raft, ConfigWriter writer) {
        return CommandLog.choose(raft, ConfigCommand.RAFT_GROUP, ConfigCommand::toBytes, new LocalCommandLog<>(writer));
    }
}
