package com.nacosx.config;

import com.nacosx.config.cluster.ConfigChangeClusterSyncHandler;
import com.nacosx.config.cluster.ConfigChangeNotices;
import com.nacosx.config.cluster.LegacyChangeNoticeHttpApi;
import com.nacosx.config.grpc.ConfigBatchListenHandler;
import com.nacosx.config.grpc.ConfigPublishHandler;
import com.nacosx.config.grpc.ConfigQueryHandler;
import com.nacosx.config.grpc.ConfigRemoveHandler;
import com.nacosx.config.http.CapacityHttpApi;
import com.nacosx.config.http.ClientMetricsHttpApi;
import com.nacosx.config.http.ConfigHttpApi;
import com.nacosx.config.http.ConfigV2HttpApi;
import com.nacosx.config.http.ConfigV3HttpApi;
import com.nacosx.config.http.HistoryHttpApi;
import com.nacosx.config.http.ListenerHttpApi;
import com.nacosx.config.http.NamespaceHttpApi;
import com.nacosx.config.push.ConfigChangePusher;
import com.nacosx.config.push.ConfigListeners;
import com.nacosx.config.push.LongPollHolder;
import com.nacosx.config.service.ConfigWriter;
import com.nacosx.config.transfer.ConfigTransferHttpApi;
import com.nacosx.config.cluster.LocalCacheHttpApi;
import com.nacosx.config.fuzzy.ConfigFuzzyWatch;
import com.nacosx.config.fuzzy.ConfigFuzzyWatchHandler;
import com.nacosx.core.ModuleDoors;
import com.nacosx.core.remote.ConnectionManager;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import java.util.List;

/**
 * What the config center serves and who in it reacts to what, in one place. Listeners are
 * enrolled once every bean exists and before any port opens; each listener interface says on
 * which thread it is told and that it must not block.
 */
@Configuration(proxyBeanMethods = false)
public class ConfigWiring {

    @Bean
    ModuleDoors configDoors(ConfigHttpApi configs, ConfigV2HttpApi configsV2, ListenerHttpApi listenerQueries,
            HistoryHttpApi history, NamespaceHttpApi namespaces, CapacityHttpApi capacity,
            ClientMetricsHttpApi clientMetrics, ConfigTransferHttpApi transfer, ConfigQueryHandler query,
            ConfigPublishHandler publish, ConfigRemoveHandler remove, ConfigBatchListenHandler listen,
            ConfigChangeClusterSyncHandler peerNotice, LegacyChangeNoticeHttpApi legacyPeerNotice,
            ConfigFuzzyWatchHandler fuzzyWatch, ConfigV3HttpApi configsV3, LocalCacheHttpApi localCache) {
        return new ModuleDoors("config",
                List.of(configs, configsV2, listenerQueries, history, namespaces, capacity, clientMetrics, transfer,
                        legacyPeerNotice, configsV3, localCache),
                List.of(query, publish, remove, listen, peerNotice, fuzzyWatch));
    }

    @Bean
    SmartInitializingSingleton configListenerEnrolment(ConfigWriter writer, ConfigChangePusher pusher,
            LongPollHolder longPolls, ConfigChangeNotices peerNotices, ConnectionManager connections,
            ConfigListeners listeners, ConfigFuzzyWatch fuzzyWatches) {
        return () -> {
            // A changed config is pushed to 2.x listeners and answers the 1.x long polls waiting on it.
            writer.addListener(pusher);
            writer.addListener(longPolls);
            // A config created or deleted is told to the 3.x clients fuzzy-watching a pattern it matches.
            writer.addListener(fuzzyWatches);
            // Peers sharing the database are told of this node's writes.
            writer.addWriteListener(peerNotices);
            // A closed connection stops listening.
            connections.addListener(listeners);
            connections.addListener(fuzzyWatches.watching());
        };
    }
}
