package com.nacosx.naming;

import com.nacosx.core.ModuleDoors;
import com.nacosx.naming.fuzzy.NamingFuzzyWatch;
import com.nacosx.naming.fuzzy.NamingFuzzyWatchHandler;
import com.nacosx.core.cluster.ServerMemberManager;
import com.nacosx.core.remote.ConnectionManager;
import com.nacosx.core.upgrade.UpgradeJudgement;
import com.nacosx.naming.distro.DistroDataRequestHandler;
import com.nacosx.naming.distro.DistroMapper;
import com.nacosx.naming.distro.DistroProtocol;
import com.nacosx.naming.distro.legacy.LegacyDistro;
import com.nacosx.naming.distro.legacy.LegacyDistroHttpApi;
import com.nacosx.naming.grpc.BatchInstanceRequestHandler;
import com.nacosx.naming.grpc.InstanceRequestHandler;
import com.nacosx.naming.grpc.PersistentInstanceRequestHandler;
import com.nacosx.naming.grpc.ServiceListRequestHandler;
import com.nacosx.naming.grpc.ServiceQueryRequestHandler;
import com.nacosx.naming.grpc.SubscribeServiceRequestHandler;
import com.nacosx.naming.http.CatalogHttpApi;
import com.nacosx.naming.http.ClientHttpApi;
import com.nacosx.naming.http.HealthHttpApi;
import com.nacosx.naming.http.InstanceHttpApi;
import com.nacosx.naming.http.OperatorHttpApi;
import com.nacosx.naming.http.PrometheusSdHttpApi;
import com.nacosx.naming.http.ServiceHttpApi;
import com.nacosx.naming.http.UpgradeOpsHttpApi;
import com.nacosx.naming.push.GrpcSubscribers;
import com.nacosx.naming.push.PushScheduler;
import com.nacosx.naming.registry.ServiceRegistry;
import com.nacosx.naming.service.ClosedWhileCutOff;
import com.nacosx.naming.service.InstanceService;
import com.nacosx.naming.store.legacy.HttpRaftHttpApi;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import java.util.List;

/**
 * What naming serves and who in naming reacts to what, in one place. Listeners are enrolled once
 * every bean exists and before any port opens; each listener interface says on which thread it is
 * told and that it must not block.
 */
@Configuration(proxyBeanMethods = false)
public class NamingWiring {

    @Bean
    ModuleDoors namingDoors(InstanceHttpApi instances, ServiceHttpApi services, CatalogHttpApi catalog,
            HealthHttpApi health, ClientHttpApi clients, OperatorHttpApi operator, PrometheusSdHttpApi prometheusSd,
            InstanceRequestHandler instance, BatchInstanceRequestHandler batchInstance,
            PersistentInstanceRequestHandler persistentInstance, ServiceQueryRequestHandler serviceQuery,
            SubscribeServiceRequestHandler subscribe, ServiceListRequestHandler serviceList,
            DistroDataRequestHandler distro, LegacyDistroHttpApi legacyDistro, HttpRaftHttpApi httpRaft,
            UpgradeOpsHttpApi upgradeOps, NamingFuzzyWatchHandler fuzzyWatch) {
        return new ModuleDoors("naming",
                List.of(instances, services, catalog, health, clients, operator, prometheusSd, legacyDistro,
                        httpRaft, upgradeOps),
                List.of(instance, batchInstance, persistentInstance, serviceQuery, subscribe, serviceList, distro,
                        fuzzyWatch));
    }

    @Bean
    SmartInitializingSingleton namingListenerEnrolment(ServiceRegistry registry, PushScheduler pushes,
            DistroProtocol distro, LegacyDistro legacyDistro, ServerMemberManager members, DistroMapper distroMapper,
            ConnectionManager connections, GrpcSubscribers grpcSubscribers, InstanceService instances,
            UpgradeJudgement upgrade, NamingFuzzyWatch fuzzyWatches, ClosedWhileCutOff closedWhileCutOff) {
        return () -> {
            // A changed service is pushed to its subscribers, and to official 1.x members when it is ours
            // to send them; a changed client is replicated to the peers.
            registry.addListener(pushes);
            registry.addListener(legacyDistro);
            registry.addClientListener(distro);
            // A service that gets its first instance or loses its last is told to the 3.x clients
            // fuzzy-watching a pattern it matches.
            registry.addListener(fuzzyWatches);
            // The responsible node of a 1.x instance follows the members.
            members.addListener(distroMapper);
            // Connections closed while this node was cut off lose their instances when it is not.
            members.addListener(closedWhileCutOff);
            // Naming may leave the 1.x mode once nothing waits to be sent to the official 1.x members.
            upgrade.addSelfCheck(legacyDistro);
            // A closed connection takes its subscriptions and its ephemeral instances with it.
            connections.addListener(grpcSubscribers);
            connections.addListener(fuzzyWatches.watching());
            connections.addListener(connection -> instances.connectionClosed(connection.id()));
        };
    }
}
