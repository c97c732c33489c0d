package com.nacosx.faults;

import com.nacosx.testsupport.MariaDb;

/** Where the cluster keeps configs: each node's Derby behind JRaft, or one shared MySQL-protocol database. */
enum FaultStorage {
    EMBEDDED("embedded", "", "nacos_config"),
    MYSQL("", "-Dspring.sql.init.platform=mysql -Ddb.num=1 -Ddb.url.0=" + MariaDb.jdbcUrl() + " -Ddb.user="
            + MariaDb.USER + " -Ddb.password=" + MariaDb.PASSWORD, "naming_persistent_service_v2");

    private final String startupFlag;
    private final String javaOptions;
    private final String raftGroup;

    FaultStorage(String startupFlag, String javaOptions, String raftGroup) {
        this.startupFlag = startupFlag;
        this.javaOptions = javaOptions;
        this.raftGroup = raftGroup;
    }

    /** The Raft group whose leader a scenario cuts: the configs' on embedded storage, else the persistent instances'. */
    String raftGroup() {
        return raftGroup;
    }

    /** The value of startup.sh's {@code -p}, empty for none. */
    String startupFlag() {
        return startupFlag;
    }

    String javaOptions() {
        return javaOptions;
    }
}
