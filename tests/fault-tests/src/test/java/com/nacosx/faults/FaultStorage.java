package com.nacosx.faults;

import com.nacosx.testsupport.MariaDb;

/** Where the cluster keeps configs: each node's Derby behind JRaft, or one shared MySQL-protocol database. */
enum FaultStorage {
    EMBEDDED("embedded", ""),
    MYSQL("", "-Dspring.sql.init.platform=mysql -Ddb.num=1 -Ddb.url.0=" + MariaDb.jdbcUrl() + " -Ddb.user="
            + MariaDb.USER + " -Ddb.password=" + MariaDb.PASSWORD);

    private final String startupFlag;
    private final String javaOptions;

    FaultStorage(String startupFlag, String javaOptions) {
        this.startupFlag = startupFlag;
        this.javaOptions = javaOptions;
    }

    /** The value of startup.sh's {@code -p}, empty for none. */
    String startupFlag() {
        return startupFlag;
    }

    String javaOptions() {
        return javaOptions;
    }
}
