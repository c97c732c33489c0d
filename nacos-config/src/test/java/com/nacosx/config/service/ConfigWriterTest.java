package com.nacosx.config.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.nacosx.api.exception.NacosException;
import com.nacosx.config.cache.ConfigCache;
import com.nacosx.config.capacity.CapacityStore;
import com.nacosx.config.cluster.StoreReconciler;
import com.nacosx.config.model.ConfigKey;
import com.nacosx.config.model.ConfigWrite;
import com.nacosx.config.model.Md5;
import com.nacosx.config.store.AccountTables;
import com.nacosx.config.store.ConfigInfoStore;
import com.nacosx.config.store.DataSourceSettings;
import com.nacosx.config.store.DerbySchema;
import com.nacosx.config.store.FormalRowReplacement;
import com.nacosx.config.store.GrayStore;
import com.nacosx.config.store.HistoryStore;
import com.nacosx.config.store.NamespaceStore;
import com.nacosx.config.store.NarrowCharsetColumns;
import com.nacosx.config.store.SqlDialect;
import com.nacosx.config.store.WriteBatcher;
import com.nacosx.config.store.WrittenRows;
import com.nacosx.core.replication.LocalCommandLog;
import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Config writes against a real (in-memory) Derby with the Nacos tables, in process: what reaches
 * the cache, who is told, and what a failing listener or a refused write leaves behind.
 */
class ConfigWriterTest {

    static final ConfigKey KEY = new ConfigKey("app.yaml", "G", "");

    private HikariDataSource dataSource;
    private JdbcTemplate jdbc;
    private WriteBatcher batcher;
    private final ConfigCache cache = new ConfigCache();
    private ConfigWriter writer;
    private LocalCommandLog<ConfigWriter> log;
    private StoreReconciler reconciler;
    private final List<ConfigKey> changed = Collections.synchronizedList(new ArrayList<>());
    private final List<ConfigKey> written = Collections.synchronizedList(new ArrayList<>());

    @BeforeEach
    void start() throws Exception {
        System.setProperty("derby.stream.error.file", "target/derby.log");
        HikariConfig pool = new HikariConfig();
        pool.setJdbcUrl("jdbc:derby:memory:writer" + System.nanoTime() + ";create=true");
        pool.setMaximumPoolSize(4);
        dataSource = new HikariDataSource(pool);
        try (Connection connection = dataSource.getConnection()) {
            DerbySchema.prepare(connection);
        }
        jdbc = new JdbcTemplate(dataSource);
        DataSourceSettings settings = new DataSourceSettings(SqlDialect.DERBY, List.of(), List.of(), List.of(), 4, 1,
                3000);
        WrittenRows writtenRows = new WrittenRows(settings);
        ConfigInfoStore configs = new ConfigInfoStore(jdbc, settings, writtenRows);
        HistoryStore history = new HistoryStore(jdbc, settings);
        GrayStore grays = new GrayStore(jdbc, new StandardEnvironment());
        batcher = new WriteBatcher(new TransactionTemplate(new DataSourceTransactionManager(dataSource)),
                new NarrowCharsetColumns(dataSource));
        writer = new ConfigWriter(configs, new FormalRowReplacement(configs, history, writtenRows), grays,
                history, new NamespaceStore(jdbc), new CapacityStore(jdbc), new AccountTables(jdbc), cache, batcher);
        writer.addListener(changed::add);
        writer.addWriteListener((key, variant) -> written.add(key));
        log = new LocalCommandLog<>(writer);
        reconciler = new StoreReconciler(configs, grays, cache, writer);
    }

    @AfterEach
    void stop() {
        batcher.destroy();
        dataSource.close();
    }

    static ConfigWrite write(String content) {
        return new ConfigWrite(content, "yaml", "app", "10.0.0.1", "nacos", null, null, null, null, null, null);
    }

    void publish(String content, PublishOptions options) {
        log.submitAndWait(publishOf(content, options));
    }

    static ConfigCommand.Publish publishOf(String content, PublishOptions options) {
        return new ConfigCommand.Publish(KEY, write(content), options, System.currentTimeMillis());
    }

    /** The history rows of {@link #KEY}, oldest first, as "op_type content". */
    List<String> history() {
        return jdbc.query("SELECT op_type, content FROM his_config_info WHERE data_id = ? ORDER BY nid",
                (rs, row) -> rs.getString(1).trim() + " " + rs.getString(2), KEY.dataId());
    }

    /**
     * Submits the commands while the database writer is held, so that they share its next
     * transaction, and waits for each: its outcome, or the error it failed with.
     */
    List<Object> inOneBatch(List<ConfigCommand.Publish> commands) throws Exception {
        CountDownLatch hold = new CountDownLatch(1);
        CompletableFuture<Object> held = batcher.submit(() -> {
            try {
                return hold.await(1, TimeUnit.MINUTES);
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        List<CompletableFuture<Void>> submitted = commands.stream().map(log::submit).toList();
        hold.countDown();
        held.get();
        List<Object> outcomes = new ArrayList<>();
        for (CompletableFuture<Void> future : submitted) {
            outcomes.add(future.handle((done, error) -> error == null ? "ok"
                    : (error instanceof CompletionException wrapped ? wrapped.getCause() : error).getClass()).get());
        }
        return outcomes;
    }

    @Test
    void aPublishIsInTheCacheWhenItsFutureCompletesAndIsToldOnce() {
        publish("a: 1", PublishOptions.FORMAL);
        assertEquals("a: 1", cache.get(KEY).formal().content());
        assertEquals(List.of(KEY), changed);
        assertEquals(List.of(KEY), written, "peers sharing the store are told of this node's write");
        publish("a: 1", PublishOptions.FORMAL);
        assertEquals(1, changed.size(), "the same content again tells no one, as on the official server");
        assertEquals(List.of(KEY, KEY), written, "peers are told of every write this node makes");
    }

    @Test
    void aRemoveOfARowThisNodeHadNotSeenCreatedIsPassedOnToPeers() {
        jdbc.update("INSERT INTO config_info (data_id, group_id, tenant_id, content, md5) VALUES (?, ?, '', ?, ?)",
                KEY.dataId(), KEY.group(), "a: other node", Md5.of("a: other node"));
        log.submitAndWait(new ConfigCommand.Remove(KEY, "10.0.0.1", "nacos", System.currentTimeMillis()));
        assertNull(cache.get(KEY));
        assertEquals(List.of(), changed, "nothing this node served changed");
        assertEquals(List.of(KEY), written, "the peers that served the row must drop it");
    }

    @Test
    void aListenerThatFailsNeitherFailsTheWriteNorSilencesTheOthers() {
        writer.addListener(key -> {
            throw new IllegalStateException("listener bug");
        });
        List<ConfigKey> later = new ArrayList<>();
        writer.addListener(later::add);
        publish("a: 2", PublishOptions.FORMAL);
        assertEquals("a: 2", cache.get(KEY).formal().content());
        assertEquals(List.of(KEY), later);
    }

    @Test
    void aCasPublishWithAStaleMd5IsRefusedAndChangesNothing() {
        publish("a: 1", PublishOptions.FORMAL);
        NacosException refused = assertThrows(NacosException.class,
                () -> publish("a: 3", new PublishOptions(Md5.of("something else"), null, null)));
        assertEquals(500, refused.status());
        assertEquals("a: 1", cache.get(KEY).formal().content());
        assertEquals(1, changed.size());
        publish("a: 3", new PublishOptions(Md5.of("a: 1"), null, null));
        assertEquals("a: 3", cache.get(KEY).formal().content());
    }

    @Test
    void aBetaIsServedToItsIpsOnlyUntilItIsRemoved() {
        publish("a: 1", PublishOptions.FORMAL);
        publish("a: beta", new PublishOptions(null, "10.0.0.7", null));
        assertEquals("a: beta", cache.get(KEY, "10.0.0.7", null).content());
        assertEquals("a: 1", cache.get(KEY, "10.0.0.8", null).content());
        log.submitAndWait(new ConfigCommand.RemoveGray(KEY, "beta", "10.0.0.1", "nacos", System.currentTimeMillis()));
        assertEquals("a: 1", cache.get(KEY, "10.0.0.7", null).content());
    }

    @Test
    void aRemovedConfigLeavesTheCache() {
        publish("a: 1", PublishOptions.FORMAL);
        log.submitAndWait(new ConfigCommand.Remove(KEY, "10.0.0.1", "nacos", System.currentTimeMillis()));
        assertNull(cache.get(KEY), "nothing left of the config, nothing cached");
        assertEquals(2, changed.size());
    }

    @Test
    void aRowChangedUnderTheCacheIsReloadedAndToldButNotPassedOnToPeers() {
        publish("a: 1", PublishOptions.FORMAL);
        jdbc.update("UPDATE config_info SET content = ?, md5 = ? WHERE data_id = ?", "a: other node", Md5.of("a: other node"),
                KEY.dataId());
        assertEquals(1, reconciler.reloadDiffering());
        assertEquals("a: other node", cache.get(KEY).formal().content());
        assertEquals(2, changed.size());
        assertEquals(1, written.size(), "another node's write is that node's to announce");
        assertEquals(0, reconciler.reloadDiffering(), "nothing differs any more");
    }

    @Test
    void eachPublishRecordsTheRowItReplacedAlsoWithinOneTransaction() throws Exception {
        publish("a: 1", PublishOptions.FORMAL);
        publish("a: 2", PublishOptions.FORMAL);
        inOneBatch(List.of(publishOf("a: 3", PublishOptions.FORMAL), publishOf("a: 4", PublishOptions.FORMAL),
                publishOf("a: 5", PublishOptions.FORMAL)));
        assertEquals(List.of("I a: 1", "U a: 1", "U a: 2", "U a: 3", "U a: 4"), history());
        assertEquals("a: 5", jdbc.queryForObject("SELECT content FROM config_info WHERE data_id = ?", String.class,
                KEY.dataId()));
        Long id = jdbc.queryForObject("SELECT id FROM config_info WHERE data_id = ?", Long.class, KEY.dataId());
        assertEquals(List.of(id), jdbc.queryForList("SELECT DISTINCT id FROM his_config_info", Long.class));
        assertEquals(List.of("app"), jdbc.queryForList("SELECT DISTINCT app_name FROM his_config_info", String.class));
    }

    @Test
    void aTransactionRolledBackForOneRefusedWriteLeavesNoRowRecordedThatWasNotStored() throws Exception {
        publish("a: 1", PublishOptions.FORMAL);
        List<Object> outcomes = inOneBatch(List.of(publishOf("a: 2", PublishOptions.FORMAL),
                publishOf("a: refused", new PublishOptions(Md5.of("something else"), null, null)),
                publishOf("a: 3", PublishOptions.FORMAL)));
        assertEquals(List.of("ok", NacosException.class, "ok"), outcomes);
        assertEquals(List.of("I a: 1", "U a: 1", "U a: 2"), history());
        publish("a: 4", new PublishOptions(Md5.of("a: 3"), null, null));
        assertEquals(List.of("I a: 1", "U a: 1", "U a: 2", "U a: 3"), history());
    }

    @Test
    void aRowChangedBehindTheWriterIsRecordedAsItWasStored() {
        publish("a: 1", PublishOptions.FORMAL);
        publish("a: 2", PublishOptions.FORMAL);
        jdbc.update("UPDATE config_info SET content = ?, md5 = ? WHERE data_id = ?", "a: by hand", Md5.of("a: by hand"),
                KEY.dataId());
        publish("a: 3", PublishOptions.FORMAL);
        assertEquals(List.of("I a: 1", "U a: 1", "U a: by hand"), history());
        log.submitAndWait(new ConfigCommand.Remove(KEY, "10.0.0.1", "nacos", System.currentTimeMillis()));
        publish("a: again", PublishOptions.FORMAL);
        publish("a: again 2", PublishOptions.FORMAL);
        assertEquals(List.of("I a: 1", "U a: 1", "U a: by hand", "D a: 3", "I a: again", "U a: again"), history());
    }
}
