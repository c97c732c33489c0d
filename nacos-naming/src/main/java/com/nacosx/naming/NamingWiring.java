package com.nacosx.naming;

import com.nacosx.core.cluster.ServerMemberManager;
import com.nacosx.core.remote.ConnectionManager;
import com.nacosx.naming.distro.DistroMapper;
import com.nacosx.naming.distro.DistroProtocol;
import com.nacosx.naming.grpc.NamingConnectionCleaner;
import com.nacosx.naming.push.GrpcSubscribers;
import com.nacosx.naming.push.PushScheduler;
import com.nacosx.naming.registry.ServiceRegistry;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Who in naming reacts to what, in one place. Enrolled once every bean exists and before any port
 * opens; each listener interface says on which thread it is told and that it must not block.
 */
@Configuration(proxyBeanMethods = false)
public class NamingWiring {

    @Bean
    SmartInitializingSingleton namingListenerEnrolment(ServiceRegistry registry, PushScheduler pushes, DistroProtocol distro,
            ServerMemberManager members, DistroMapper distroMapper, ConnectionManager connections,
            GrpcSubscribers grpcSubscribers, NamingConnectionCleaner connectionCleaner) {
        return () -> {
            // A changed service is pushed to its subscribers; a changed client is replicated to the peers.
            registry.addListener(pushes);
            registry.addClientListener(distro);
            // The responsible node of a 1.x instance follows the members.
            members.addListener(distroMapper);
            // A closed connection takes its subscriptions and its ephemeral instances with it.
            connections.addListener(grpcSubscribers);
            connections.addListener(connectionCleaner);
        };
    }
}
