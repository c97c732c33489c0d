package com.nacosx.config.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.util.FileSystemUtils;

/**
 * A cluster node's Derby is kept only on the record of a clean stop, which one start consumes;
 * anything else rebuilds it, with a line that says why when the record cannot be read.
 */
class KeptClusterDerbyTest {

    @TempDir
    Path data;
    Path derby;
    Path group;

    @BeforeEach
    void aDerbyWithAFile() throws Exception {
        derby = Files.createDirectories(data.resolve("derby-raft").resolve("seg0"));
        Files.writeString(derby.resolve("c10.dat"), "rows");
        derby = derby.getParent();
        group = Files.createDirectories(data.resolve("protocol/raft/nacos_config"));
    }

    KeptClusterDerby keeper() {
        return new KeptClusterDerby(derby, group);
    }

    @Test
    void aCleanStopKeepsTheDerbyForOneStart() throws Exception {
        KeptClusterDerby stopping = keeper();
        stopping.prepare();
        assertFalse(Files.exists(derby), "no record yet: rebuilt");
        Files.createDirectories(derby);
        stopping.groupStoppedAt(42);
        stopping.recordCleanStop();

        KeptClusterDerby starting = keeper();
        starting.prepare();
        assertTrue(Files.isDirectory(derby));
        assertFalse(Files.exists(group.resolve("kept-derby")), "the start takes the record away before Derby writes");
        assertEquals(42, starting.claim());
        assertEquals(0, starting.claim(), "a group started again after an error replays into a reset state");

        KeptClusterDerby afterAKill = keeper();
        afterAKill.prepare();
        assertFalse(Files.exists(derby), "a start after a stop that left no record rebuilds");
        assertEquals(0, afterAKill.claim());
    }

    @Test
    void aStopBeforeTheGroupStoppedCleanlyRecordsNothing() throws Exception {
        keeper().recordCleanStop();
        assertFalse(Files.exists(group.resolve("kept-derby")));
    }

    @Test
    void anUnreadableRecordRebuildsTheDerby() throws Exception {
        for (String record : new String[] {"not a number", "0", "-5", ""}) {
            Files.createDirectories(derby);
            Files.writeString(group.resolve("kept-derby"), record);
            KeptClusterDerby keeper = keeper();
            keeper.prepare();
            assertFalse(Files.exists(derby), "record '" + record + "'");
            assertFalse(Files.exists(group.resolve("kept-derby")));
            assertEquals(0, keeper.claim());
        }
    }

    @Test
    void aRecordWithoutItsDerbyRebuilds() throws Exception {
        Files.writeString(group.resolve("kept-derby"), "7\n");
        FileSystemUtils.deleteRecursively(derby);
        KeptClusterDerby keeper = keeper();
        keeper.prepare();
        assertEquals(0, keeper.claim());
    }
}
