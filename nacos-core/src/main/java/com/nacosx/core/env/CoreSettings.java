package com.nacosx.core.env;

import com.nacosx.core.cluster.ClusterSettings;
import com.nacosx.core.raft.RaftSettings;
import com.nacosx.core.upgrade.UpgradeSettings;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/** Core's settings that live under the official server's scattered names, each read once at start. */
@Configuration(proxyBeanMethods = false)
public class CoreSettings {

    @Bean
    ClusterSettings clusterSettings(Environment env, NacosServerProperties server) {
        return ClusterSettings.from(env, server);
    }

    @Bean
    UpgradeSettings upgradeSettings(Environment env, NacosServerProperties server) {
        return UpgradeSettings.from(env, server);
    }

    @Bean
    RaftSettings raftSettings(Environment env, NacosServerProperties server) {
        return RaftSettings.from(env, server);
    }
}
