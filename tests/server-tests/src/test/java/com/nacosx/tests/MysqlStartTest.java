package com.nacosx.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nacosx.testsupport.Await;
import com.nacosx.testsupport.MariaDb;
import com.nacosx.testsupport.ServerProcess;
import com.nacosx.testsupport.TempDirs;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A server started before its MySQL database is up waits for it, saying so in nacos.log, and
 * starts when it comes; a database that refuses the server's credentials stops the start at once
 * with what to fix.
 */
class MysqlStartTest {

    final List<ServerProcess> servers = new ArrayList<>();

    @BeforeEach
    void freshDatabase() throws Exception {
        MariaDb.reset();
        MariaDb.createSchema();
    }

    @AfterEach
    void stop() {
        servers.forEach(ServerProcess::close);
        MariaDb.start();
    }

    /** A server started in {@code home} while the database is down, once it says it waits for it. */
    private static CompletableFuture<ServerProcess> startWithoutDatabase(Path home) throws InterruptedException {
        MariaDb.stop();
        CompletableFuture<ServerProcess> starting = CompletableFuture.supplyAsync(
                () -> ServerProcess.start(home, ServerProcess.freePort(), MariaDb.serverProperties()));
        Await.until(30_000, () -> ServerProcess.logOf(home, "nacos.log").contains("cannot reach db.url.0"), "the server says it waits for MySQL");
        return starting;
    }

    @Test
    void waitsForADatabaseThatIsNotUpYet() throws Exception {
        CompletableFuture<ServerProcess> starting = startWithoutDatabase(TempDirs.create("nacosx-mysql-start-"));
        assertTrue(!starting.isDone(), "not ready without its database");

        MariaDb.start();
        ServerProcess server = starting.join();
        servers.add(server);
        assertEquals(200, ClusterWorkload.publish(server, "after-wait.txt", "stored"));
        assertEquals("stored", ClusterWorkload.read(server, "after-wait.txt"));
    }

    @Test
    void aServerStoppedWhileItWaitsForItsDatabaseStops() throws Exception {
        Path home = TempDirs.create("nacosx-mysql-stopped-");
        CompletableFuture<ServerProcess> starting = startWithoutDatabase(home);
        ProcessHandle server = ProcessHandle.allProcesses()
                .filter(process -> process.info().commandLine().orElse("").contains("-Dnacos.home=" + home + " "))
                .findFirst().orElseThrow();

        try {
            server.destroy();
            Await.until(60_000, () -> !server.isAlive(), "SIGTERM stops a server that is still waiting for MySQL");
        } finally {
            server.destroyForcibly();
        }
        CompletionException exited = assertThrows(CompletionException.class, starting::join);
        assertTrue(exited.getCause().getMessage().contains("server exited"), exited.getMessage());
        assertTrue(ServerProcess.logOf(home, "nacos.log").contains("abandoned after"), "nacos.log says why it stopped");
    }

    @Test
    void wrongPasswordStopsTheStartWithWhatToFix() throws Exception {
        String[] settings = Arrays.stream(MariaDb.serverProperties())
                .map(setting -> setting.startsWith("db.password=") ? "db.password=wrong" : setting)
                .toArray(String[]::new);
        Path home = TempDirs.create("nacosx-mysql-refused-");
        IllegalStateException exited = assertThrows(IllegalStateException.class,
                () -> ServerProcess.start(home, ServerProcess.freePort(), settings));
        assertTrue(exited.getMessage().contains("server exited"), exited.getMessage());
        String log = ServerProcess.logOf(home, "nacos.log");
        assertTrue(log.contains("refused the connection") && log.contains("check db.user, db.password"), log);
    }

}
