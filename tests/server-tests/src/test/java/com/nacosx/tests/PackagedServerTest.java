package com.nacosx.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nacosx.testsupport.CommandResult;
import com.nacosx.testsupport.HttpCall;
import com.nacosx.testsupport.PackagedInstall;
import com.nacosx.testsupport.ServerProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The tar.gz as a user gets it: unpack, bin/startup.sh -m standalone, use it, bin/shutdown.sh, start again. */
class PackagedServerTest {

    private Path install;

    @AfterEach
    void shutdown() throws Exception {
        if (install != null) {
            CommandResult.run(install.resolve("bin/shutdown.sh").toString());
        }
    }

    @Test
    void unpackedServerStartsServesStopsAndKeepsItsData() throws Exception {
        install = PackagedInstall.unpack("nacosx-packaged-");
        int port = ServerProcess.freePort();
        String base = "http://127.0.0.1:" + port + "/nacos";

        CommandResult started = startup(port);
        assertEquals(0, started.exitCode(), started.output());
        assertTrue(started.output().contains("logs/start.out"), started.output());
        PackagedInstall.awaitReady(base);
        assertTrue(Files.exists(install.resolve("data/derby-data")), "embedded Derby lives under nacos.home/data");
        assertTrue(Files.exists(install.resolve("logs/nacos.log")));
        assertTrue(Files.exists(install.resolve("logs/config-server.log")));
        assertTrue(Files.readString(install.resolve("logs/nacos.log")).contains(
                "copied from " + install.resolve("target/derby-empty")), "a fresh home copies the package's empty database");

        assertEquals("true", HttpCall.post(base + "/v1/cs/configs").param("dataId", "pkg").param("group", "G")
                .param("content", "packaged").send().body());
        assertEquals("packaged", HttpCall.get(base + "/v1/cs/configs").param("dataId", "pkg").param("group", "G")
                .send().body());

        CommandResult second = startup(port);
        assertNotEquals(0, second.exitCode(), "a second copy on the same home must be refused");
        assertTrue(second.output().contains("already running"), second.output());

        CommandResult stopped = CommandResult.run(install.resolve("bin/shutdown.sh").toString());
        assertEquals(0, stopped.exitCode(), stopped.output());
        assertTrue(stopped.output().contains("stopped"), stopped.output());
        assertTrue(Files.notExists(install.resolve("logs/nacos.pid")));

        // Started again with the official launcher's memory variable: it replaces the heap options whole.
        assertEquals(0, startup(port, "-Xms64m -Xmx256m").exitCode());
        PackagedInstall.awaitReady(base);
        String command = Files.readAllLines(install.resolve("logs/start.out")).get(0);
        assertTrue(command.contains(" -Xms64m -Xmx256m ") && !command.contains("-Xmn"), command);
        assertEquals("packaged", HttpCall.get(base + "/v1/cs/configs").param("dataId", "pkg").param("group", "G")
                .send().body());
    }

    @Test
    void unknownModeIsRefused() throws Exception {
        Path unpacked = PackagedInstall.unpack("nacosx-packaged-");
        CommandResult refused = CommandResult.run(unpacked.resolve("bin/startup.sh").toString(), "-m", "solo");
        assertNotEquals(0, refused.exitCode());
        assertTrue(refused.output().contains("-m must be standalone or cluster"), refused.output());
    }

    private CommandResult startup(int port) throws Exception {
        return startup(port, null);
    }

    /** Starts the install standalone; {@code memory}, when given, as CUSTOM_NACOS_MEMORY. */
    private CommandResult startup(int port, String memory) throws Exception {
        ProcessBuilder builder = new ProcessBuilder(install.resolve("bin/startup.sh").toString(), "-m", "standalone");
        // -Xshare:on: the JVM refuses to start unless it can use the class-data archive made by the
        // build, so the unpacked install (elsewhere than where the archive was made) must match it.
        builder.environment().put("JAVA_OPT_EXT", "-Dserver.port=" + port + " -Dserver.address=127.0.0.1 -Xshare:on");
        builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
        if (memory != null) {
            builder.environment().put("CUSTOM_NACOS_MEMORY", memory);
        }
        return CommandResult.run(builder);
    }

}
