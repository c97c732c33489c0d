package com.nacosx.naming.store;

import com.nacosx.core.raft.RaftGroups;
import com.nacosx.core.replication.CommandLog;
import com.nacosx.core.replication.LocalCommandLog;
import com.nacosx.core.upgrade.UpgradeJudgement;
import com.nacosx.naming.registry.ServiceRegistry;
import com.nacosx.naming.store.legacy.HttpRaft;
import com.nacosx.naming.store.legacy.LegacyPersistentLog;
import com.nacosx.naming.store.legacy.LegacyPersistentStore;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Where a durable naming write goes, decided once: in a cluster through the Raft group (returning
 * once this node applied it); on a standalone node to the registry at once, one write at a time,
 * with the naming data file rewritten before the write is acknowledged. A cluster node upgrading
 * from 1.x writes persistent instances through the group it shares with 1.4 nodes while double
 * write is on.
 */
@Configuration(proxyBeanMethods = false)
public class NamingWrites {

    @Bean
    CommandLog<ServiceRegistry> namingCommandLog(RaftGroups raft, ServiceRegistry registry, NamingStore store,
            LegacyPersistentStore legacy, HttpRaft httpRaft, UpgradeJudgement upgrade) {
        CommandLog<ServiceRegistry> ours = CommandLog.choose(raft, NamingStateMachine.GROUP, NamingStateMachine::encode,
                new LocalCommandLog<>(registry, store::persist));
        return raft.replicates(LegacyPersistentStore.GROUP)
                ? new LegacyPersistentLog(ours, raft, httpRaft, legacy, registry, upgrade) : ours;
    }
}
