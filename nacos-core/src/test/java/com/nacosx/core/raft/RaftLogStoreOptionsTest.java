package com.nacosx.core.raft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.alipay.sofa.jraft.conf.ConfigurationManager;
import com.alipay.sofa.jraft.entity.codec.v2.LogEntryV2CodecFactory;
import com.alipay.sofa.jraft.option.LogStorageOptions;
import com.alipay.sofa.jraft.option.RaftOptions;
import com.alipay.sofa.jraft.storage.impl.RocksDBLogStorage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RaftLogStoreOptionsTest {

    @Test
    void aRaftLogOpenedAfterTheRegistrationHasSmallMemtablesWithoutBloomFilters(@TempDir Path dir) throws IOException {
        // Started twice, as by two nodes of a test in one JVM: JRaft refuses a second registration.
        RaftLogStoreOptions.registerInBackground();
        RaftLogStoreOptions.registerInBackground();
        RaftLogStoreOptions.awaitRegistered();
        RocksDBLogStorage log = new RocksDBLogStorage(dir.toString(), new RaftOptions());
        LogStorageOptions options = new LogStorageOptions();
        options.setGroupId("test");
        options.setConfigurationManager(new ConfigurationManager());
        options.setLogEntryCodecFactory(LogEntryV2CodecFactory.getInstance());
        assertTrue(log.init(options), "the log did not open");
        try {
            // One setting for each of the log's two column families (entries, configurations).
            List<String> settings = persistedOptions(dir).stream().map(String::trim).toList();
            String size = "write_buffer_size=" + RaftLogStoreOptions.MEMTABLE_BYTES;
            assertEquals(List.of(size, size), settings.stream().filter(line -> line.startsWith("write_buffer_size=")).toList());
            String noBloom = "memtable_prefix_bloom_size_ratio=0.000000";
            assertEquals(List.of(noBloom, noBloom),
                    settings.stream().filter(line -> line.startsWith("memtable_prefix_bloom_size_ratio=")).toList());
        } finally {
            log.shutdown();
        }
    }

    /** The options RocksDB wrote beside the log as it opened it, one setting a line. */
    private static List<String> persistedOptions(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            Path newest = files.filter(file -> file.getFileName().toString().startsWith("OPTIONS-")).sorted()
                    .reduce((first, second) -> second).orElseThrow();
            return Files.readAllLines(newest);
        }
    }
}
