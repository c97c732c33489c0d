package com.nacosx.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;

/**
 * A real server process started from the packaged distribution, with its own home directory
 * (data and logs) and port. The test that starts it owns it and stops it; {@link #close()}
 * stops it gracefully, {@link #kill()} like {@code kill -9}.
 */
public final class ServerProcess implements AutoCloseable {

    private static final Duration READY_BOUND = Duration.ofMinutes(10);
    private static final Random RANDOM = new Random();

    private final Path home;
    private final int port;
    private final List<String> arguments;
    private Process process;

    private ServerProcess(Path home, int port, List<String> arguments) {
        this.home = home;
        this.port = port;
        this.arguments = List.copyOf(arguments);
        // A test that fails before its clean-up must not leave a server running.
        Runtime.getRuntime().addShutdownHook(new Thread(this::kill, "stop-server-" + port));
    }

    /** The unpacked distribution ({@code nacos/} with bin, conf, target) built by the distribution module. */
    public static Path distributionDir() {
        String dir = System.getProperty("nacosx.distribution.dir");
        if (dir == null) {
            throw new IllegalStateException("system property nacosx.distribution.dir is not set; run the tests through Maven");
        }
        Path path = Path.of(dir);
        if (!Files.isRegularFile(path.resolve("target/nacos-server.jar"))) {
            throw new IllegalStateException("no server jar under " + path + "; build the distribution module first");
        }
        return path;
    }

    /** Starts a standalone server on a free port with a new home; {@code properties} are extra {@code key=value} settings. */
    public static ServerProcess startStandalone(String... properties) {
        return start(TempDirs.create("nacosx-home-"), freePort(), properties);
    }

    /**
     * Starts a server with the given home and port (to restart on the same data): standalone unless
     * {@code properties} say {@code nacos.standalone=false}.
     */
    public static ServerProcess start(Path home, int port, String... properties) {
        ServerProcess server = spawn(home, port, properties);
        server.awaitReady();
        return server;
    }

    /** Starts a server as {@link #start} does, in a new home of its own under the temporary directory. */
    public static ServerProcess startInNewHome(int port, String... properties) {
        return start(TempDirs.create("nacosx-node-"), port, properties);
    }

    /**
     * Starts a server in a new home as {@link #startInNewHome} does, but returns at once: to look
     * at a node before it is ready (then {@link #awaitReady}).
     */
    public static ServerProcess spawnInNewHome(int port, String... properties) {
        return spawn(TempDirs.create("nacosx-node-"), port, properties);
    }

    private static ServerProcess spawn(Path home, int port, String... properties) {
        List<String> args = new ArrayList<>();
        for (String property : properties) {
            args.add("--" + property);
        }
        ServerProcess server = new ServerProcess(home, port, args);
        server.spawn();
        return server;
    }

    /**
     * A main port P whose derived ports are free too: the gRPC ports P+1000 and P+1001 and the
     * Raft port P-1000.
     */
    public static int freePort() {
        for (int tries = 0; tries < 200; tries++) {
            // Below Linux's ephemeral range (32768 up): a port that is free when probed there can be
            // taken by any outgoing connection before the server binds it, as happened in CI.
            int port = 11_000 + RANDOM.nextInt(20_700);
            if (free(port) && free(port + 1000) && free(port + 1001) && free(port - 1000)) {
                return port;
            }
        }
        throw new IllegalStateException("no free port with free +1000, +1001 and -1000 neighbours found");
    }

    private static boolean free(int port) {
        try (ServerSocket socket = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private void spawn() {
        Path dist = distributionDir();
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xms256m", "-Xmx512m", "-Dnacos.standalone=true", "-Dnacos.home=" + home,
                // A test's server lives for seconds: the optimising compiler would spend half its
                // CPU compiling code it never runs long enough to repay (7.5 s of CPU to ready
                // against 3.6 s without), on a 2-core machine that runs the tests' clients too.
                "-XX:TieredStopAtLevel=1",
                // Native libraries unpacked at start (RocksDB's, 10 MB) go with the home, not pile up in /tmp.
                "-Djava.io.tmpdir=" + home.resolve("tmp")));
        // As bin/startup.sh does: from target/, by the relative names the class-data archive knows.
        Path classData = dist.resolve("target/nacos-server.jsa");
        if (Files.isRegularFile(classData)) {
            command.addAll(List.of("-XX:SharedArchiveFile=" + classData, "-Xshare:auto"));
        }
        // The bean definitions the build made ahead of time, as bin/startup.sh starts the server.
        command.addAll(List.of("-Dspring.aot.enabled=true", "-Dcom.google.protobuf.use_unsafe_pre22_gencode=true",
                "-jar", "nacos-server.jar",
                "--spring.config.additional-location=file:" + dist.resolve("conf") + "/",
                "--logging.config=" + dist.resolve("conf/nacos-logback.xml"),
                "--server.port=" + port, "--server.address=127.0.0.1"));
        command.addAll(arguments);
        try {
            Files.createDirectories(home.resolve("logs"));
            Files.createDirectories(home.resolve("tmp"));
            process = new ProcessBuilder(command)
                    .directory(dist.resolve("target").toFile())
                    .redirectErrorStream(true)
                    .redirectOutput(home.resolve("logs/start.out").toFile())
                    .start();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Waits as long as the server is alive and not ready: a start is slow on a busy machine, and a
     * server that cannot start exits with the reason in its logs. The bound is only for a server
     * that neither starts nor exits.
     */
    public void awaitReady() {
        HttpClient http = HttpClient.newHttpClient();
        long deadline = System.nanoTime() + READY_BOUND.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("server exited with " + process.exitValue() + "; see " + home.resolve("logs"));
            }
            try {
                HttpResponse<String> response = http.send(HttpRequest.newBuilder(
                        URI.create(baseUrl() + "/v1/console/health/readiness")).timeout(Duration.ofSeconds(5)).build(),
                        HttpResponse.BodyHandlers.ofString());
                if (response.statusCode() == 200) {
                    return;
                }
            } catch (IOException e) {
                // not listening yet
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
            sleep(100);
        }
        kill();
        throw new IllegalStateException("server neither ready nor exited within " + READY_BOUND + "; see "
                + home.resolve("logs"));
    }

    /** The gRPC port 2.x clients use: P+1000. */
    public int grpcPort() {
        return port + 1000;
    }

    /** {@code http://127.0.0.1:PORT/nacos} */
    public String baseUrl() {
        return "http://127.0.0.1:" + port + "/nacos";
    }

    public String address() {
        return "127.0.0.1:" + port;
    }

    public int port() {
        return port;
    }

    public Path home() {
        return home;
    }

    public long pid() {
        return process.pid();
    }

    /** The text of {@code logs/<file>} under this server's home, empty while it does not exist. */
    public String log(String file) {
        return logOf(home, file);
    }

    /** The same for a home whose server may not have started. */
    public static String logOf(Path home, String file) {
        Path log = home.resolve("logs").resolve(file);
        try {
            return Files.exists(log) ? Files.readString(log) : "";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Stops and starts the server again on the same home and port. */
    public void restart() {
        close();
        spawn();
        awaitReady();
    }

    public void kill() {
        if (process != null && process.isAlive()) {
            process.destroyForcibly();
            waitFor();
        }
    }

    @Override
    public void close() {
        if (process != null && process.isAlive()) {
            process.destroy();
            waitFor();
        }
    }

    private void waitFor() {
        try {
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                process.waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
