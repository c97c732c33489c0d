package com.nacosx.config;

import com.nacosx.config.cluster.ConfigChangeNotices;
import com.nacosx.config.push.ConfigChangePusher;
import com.nacosx.config.push.ConfigListeners;
import com.nacosx.config.push.LongPollHolder;
import com.nacosx.config.service.ConfigWriter;
import com.nacosx.core.remote.ConnectionManager;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Who in the config center reacts to what, in one place. Enrolled once every bean exists and
 * before any port opens; each listener interface says on which thread it is told and that it must
 * not block.
 */
@Configuration(proxyBeanMethods = false)
public class ConfigWiring {

    @Bean
    SmartInitializingSingleton configListenerEnrolment(ConfigWriter writer, ConfigChangePusher pusher, LongPollHolder longPolls,
            ConfigChangeNotices peerNotices, ConnectionManager connections, ConfigListeners listeners) {
        return () -> {
            // A changed config is pushed to 2.x listeners and answers the 1.x long polls waiting on it.
            writer.addListener(pusher);
            writer.addListener(longPolls);
            // Peers sharing the database are told of this node's writes.
            writer.addWriteListener(peerNotices);
            // A closed connection stops listening.
            connections.addListener(listeners);
        };
    }
}
