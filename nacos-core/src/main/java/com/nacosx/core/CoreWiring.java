package com.nacosx.core;

import com.nacosx.api.remote.core.HealthCheckRequest;
import com.nacosx.api.remote.core.ServerLoaderInfoRequest;
import com.nacosx.api.remote.core.ServerReloadRequest;
import com.nacosx.core.auth.http.AuthHttpApi;
import com.nacosx.core.cluster.ClusterHttpApi;
import com.nacosx.core.cluster.CutOffClients;
import com.nacosx.core.cluster.ServerMemberManager;
import com.nacosx.core.cluster.remote.HttpForwardBatchHandler;
import com.nacosx.core.cluster.remote.HttpForwardHandler;
import com.nacosx.core.cluster.remote.MemberReportHandler;
import com.nacosx.core.console.ServerStateHttpApi;
import com.nacosx.core.http.HealthApi;
import com.nacosx.core.loader.LoaderHttpApi;
import com.nacosx.core.metrics.PrometheusHttpApi;
import com.nacosx.core.metrics.history.FigureHttpApi;
import com.nacosx.core.ops.LogLevelHttpApi;
import com.nacosx.core.raft.RaftGroups;
import com.nacosx.core.raft.RaftHttpApi;
import com.nacosx.core.raft.RaftPeerStartedHandler;
import com.nacosx.core.raft.RaftWriteHandler;
import com.nacosx.core.remote.RequestHandler;
import com.nacosx.core.upgrade.UpgradeJudgement;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import java.util.List;

/**
 * What core serves and who in core reacts to what. Listeners are enrolled here, once every bean
 * exists and before any port opens, rather than by themselves: a class's constructor never hands
 * itself out.
 */
@Configuration(proxyBeanMethods = false)
public class CoreWiring {

    @Bean
    ModuleDoors coreDoors(HealthApi health, ServerStateHttpApi serverState, ClusterHttpApi cluster, RaftHttpApi raft,
            AuthHttpApi auth, LogLevelHttpApi logLevels, LoaderHttpApi loader, PrometheusHttpApi prometheus,
            FigureHttpApi figures,
            RequestHandler<HealthCheckRequest> healthCheck, RequestHandler<ServerLoaderInfoRequest> serverLoaderInfo,
            RequestHandler<ServerReloadRequest> serverReload, MemberReportHandler memberReport,
            HttpForwardHandler httpForward, HttpForwardBatchHandler httpForwardBatch, RaftWriteHandler raftWrite,
            RaftPeerStartedHandler raftPeerStarted) {
        return new ModuleDoors("core",
                List.of(health, serverState, cluster, raft, auth, logLevels, loader, prometheus, figures),
                List.of(healthCheck, serverLoaderInfo, serverReload, memberReport, httpForward, httpForwardBatch,
                        raftWrite, raftPeerStarted));
    }

    @Bean
    SmartInitializingSingleton coreListenerEnrolment(ServerMemberManager members, RaftGroups raft,
            UpgradeJudgement upgrade, CutOffClients cutOff) {
        return () -> {
            // Raft groups follow our members; the upgrade judgement watches for official 1.x ones;
            // a node cut off from the cluster sends its clients to the other nodes.
            members.addListener(raft);
            members.addListener(upgrade);
            members.addListener(cutOff);
        };
    }
}
