package com.nacosx.config.cluster;

import com.nacosx.config.store.DataSourceSettings;
import com.nacosx.config.store.SqlDialect;
import com.nacosx.core.cluster.ClusterSettings;
import org.springframework.stereotype.Component;

/**
 * Whether this node shares its config store with peers: a cluster on MySQL. (An embedded-storage
 * cluster replicates through Raft instead; a standalone node has no peers.)
 */
@Component
public class SharedStoreCluster {

    private final boolean shared;

    public SharedStoreCluster(ClusterSettings cluster, DataSourceSettings store) {
        this.shared = !cluster.standalone() && store.dialect() == SqlDialect.MYSQL;
    }

    public boolean shared() {
        return shared;
    }
}
