package com.nacosx.config.store;

import com.nacosx.config.service.ConfigCommand;
import com.nacosx.core.env.NacosServerProperties;
import com.nacosx.core.raft.RaftSettings;
import com.nacosx.core.readiness.StartupStep;
import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/** Builds the connection pool for the configured database and makes sure the Nacos tables exist. */
@Configuration(proxyBeanMethods = false)
public class StoreConfiguration {

    private static final Logger LOG = LoggerFactory.getLogger("com.nacosx.config");
    private static final long MYSQL_RETRY_MILLIS = 1000;
    private static final String CLUSTER_DERBY = "derby-raft";

    @Bean
    public DataSourceSettings dataSourceSettings(Environment env) {
        return DataSourceSettings.from(env);
    }

    /** A cluster node's embedded Derby, and the record of the Raft group's clean stop that keeps it. */
    @Bean
    public KeptClusterDerby keptClusterDerby(NacosServerProperties server, RaftSettings raft) {
        return new KeptClusterDerby(server.dataDir().resolve(CLUSTER_DERBY), raft.groupDir(ConfigCommand.RAFT_GROUP));
    }

    /** Closes the pool and, for Derby, shuts the embedded engine down so the next start needs no recovery. */
    @Bean(destroyMethod = "close")
    public HikariDataSource dataSource(DataSourceSettings settings, NacosServerProperties server,
            KeptClusterDerby kept, Environment env) throws Exception {
        HikariConfig pool = new HikariConfig();
        pool.setPoolName("nacos-config-db");
        pool.setMaximumPoolSize(settings.maximumPoolSize());
        pool.setMinimumIdle(settings.minimumIdle());
        pool.setConnectionTimeout(settings.connectionTimeoutMs());
        pool.setValidationTimeout(Math.min(settings.connectionTimeoutMs(), 2000));
        if (settings.dialect() == SqlDialect.DERBY) {
            Path dir = server.dataDir().resolve(server.standalone() ? "derby-data" : CLUSTER_DERBY);
            Files.createDirectories(dir.getParent());
            Path logs = server.homePath().resolve("logs");
            Files.createDirectories(logs);
            System.setProperty("derby.stream.error.file", logs.resolve("derby.log").toString());
            // With Derby's defaults (a new 1 MB log file, a checkpoint every 10 MB of log) the one
            // writer thread spent ~10% of its time under a stream of publishes switching log files;
            // 64 MB each gave 7-14% more publishes/s. The price: a crash replays up to 64 MB of log
            // at the next start. A -D on the command line still wins.
            setIfAbsent("derby.storage.logSwitchInterval", "67108864");
            setIfAbsent("derby.storage.checkpointInterval", "67108864");
            // Derby reads a module list only from derby.properties in its system home, not from
            // system properties: conf/derby.properties turns off its JMX module (~0.1 s a start).
            setIfAbsent("derby.system.home", server.homePath().resolve("conf").toString());
            Runnable afterCleanShutdown = () -> { };
            if (!server.standalone()) {
                // In a cluster the Raft group nacos_config is the store of record: this Derby (kept
                // apart from a standalone node's) is rebuilt from the group's snapshot and log unless
                // the node stopped cleanly, so it needs no disk syncs of its own.
                kept.prepare();
                afterCleanShutdown = kept::recordCleanStop;
                System.setProperty("derby.system.durability", "test");
            }
            Path emptyDatabase = Path.of(env.getProperty(EmptyDerbyDatabase.LOCATION_PROPERTY,
                    server.homePath().resolve(EmptyDerbyDatabase.PACKAGED).toString()));
            String url = "jdbc:derby:" + dir;
            // The first connection boots Derby and, on a fresh home without the package's empty
            // database, creates the database and its tables: seconds on a busy host. It is made
            // without the pool, because the pool bounds every connection by
            // db.pool.config.connectionTimeout (a request-time limit, 3 s by default) and Derby
            // gives up at it ("Login timeout exceeded"). Once booted, the database answers the
            // pool's connections in milliseconds.
            pool.setJdbcUrl(url);
            return new DerbyDataSource(pool, url + ";shutdown=true", afterCleanShutdown, () ->
                    StartupStep.run("opening the embedded Derby at " + dir, () -> {
                        if (EmptyDerbyDatabase.copyIfAbsent(emptyDatabase, dir)) {
                            StartupStep.LOG.info("new embedded Derby at {}: copied from {}", dir, emptyDatabase);
                        }
                        try (Connection boot = DriverManager.getConnection(url + ";create=true")) {
                            DerbySchema.prepare(boot);
                        }
                        return null;
                    }));
        }
        return openFirstReachableMysql(settings, pool);
    }

    private static void setIfAbsent(String property, String value) {
        if (System.getProperty(property) == null) {
            System.setProperty(property, value);
        }
    }

    /**
     * Waits for the first of db.url.0..N that accepts a connection, as long as it takes: a database
     * that is still starting, or out of reach for a while, only delays the start (the log says so
     * every few seconds). A refusal that waiting cannot mend (wrong user or password, unknown
     * database) stops the start at once with what to fix.
     */
    private static HikariDataSource openFirstReachableMysql(DataSourceSettings settings, HikariConfig pool)
            throws Exception {
        return StartupStep.run("connecting to MySQL " + settings.urls(), () -> {
            Map<Integer, String> lastFailure = new HashMap<>();
            while (true) {
                for (int i = 0; i < settings.urls().size(); i++) {
                    pool.setJdbcUrl(settings.urls().get(i));
                    if (!settings.urls().get(i).contains("characterEncoding=")) {
                        // Connector/J then talks utf8mb4, whatever the server's default character set is.
                        pool.addDataSourceProperty("characterEncoding", "UTF-8");
                    }
                    pool.setUsername(settings.users().get(i));
                    pool.setPassword(settings.passwords().get(i));
                    HikariDataSource dataSource;
                    try {
                        dataSource = new HikariDataSource(pool);
                    } catch (RuntimeException e) {
                        SQLException refusal = sqlCauseOf(e);
                        String reason = messageOf(e, refusal);
                        if (refusal == null || !isUnreachable(refusal)) {
                            throw new IllegalStateException("the MySQL database db.url." + i + " ("
                                    + settings.urls().get(i) + ") refused the connection: " + reason
                                    + "; check db.user, db.password and the database name in "
                                    + "conf/application.properties", e);
                        }
                        if (!reason.equals(lastFailure.put(i, reason))) {
                            StartupStep.LOG.warn("cannot reach db.url.{} ({}) yet, retrying: {}", i, settings.urls().get(i), reason);
                        }
                        continue;
                    }
                    LOG.info("config store: MySQL at {}", settings.urls().get(i));
                    return schemaChecked(dataSource);
                }
                Thread.sleep(MYSQL_RETRY_MILLIS);
            }
        });
    }

    /** The pool, once its database holds what 2.x needs; closed when it does not. */
    private static HikariDataSource schemaChecked(HikariDataSource dataSource) throws SQLException {
        try {
            MysqlSchemaCheck.requireCurrent(dataSource);
            new NarrowCharsetColumns(dataSource).warnIfAny();
            return dataSource;
        } catch (RuntimeException | SQLException e) {
            dataSource.close();
            throw e;
        }
    }

    /** SQL state class 08 is "connection exception": nothing answered, or the link broke. */
    private static boolean isUnreachable(SQLException refusal) {
        return refusal.getSQLState() != null && refusal.getSQLState().startsWith("08");
    }

    private static SQLException sqlCauseOf(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof SQLException sql) {
                return sql;
            }
        }
        return null;
    }

    /** The first line of the SQL cause's message when there is one, else of the failure's. */
    private static String messageOf(Throwable failure, SQLException sql) {
        String message = sql != null ? sql.getMessage() : failure.getMessage();
        return message == null ? failure.toString() : message.lines().findFirst().orElse(message);
    }

    @Bean
    public JdbcTemplate jdbcTemplate(DataSource dataSource) {
        return new JdbcTemplate(dataSource);
    }

    @Bean
    public TransactionTemplate transactionTemplate(DataSource dataSource) {
        return new TransactionTemplate(new DataSourceTransactionManager(dataSource));
    }
}
