package com.nacosx.core;

import com.nacosx.core.cluster.ServerMemberManager;
import com.nacosx.core.raft.RaftGroups;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Who in core reacts to what. Listeners are enrolled here, once every bean exists and before any
 * port opens, rather than by themselves: a class's constructor never hands itself out.
 */
@Configuration(proxyBeanMethods = false)
public class CoreWiring {

    @Bean
    SmartInitializingSingleton coreListenerEnrolment(ServerMemberManager members, RaftGroups raft) {
        return () -> members.addListener(raft);
    }
}
