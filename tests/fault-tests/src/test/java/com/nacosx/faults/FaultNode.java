package com.nacosx.faults;

import com.nacosx.testsupport.HttpCall;
import com.nacosx.testsupport.ServerProcess;
import com.nacosx.testsupport.TempDirs;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * One node of ours in its own network namespace, started with the packaged {@code bin/startup.sh}
 * from a home of its own (bin and conf copied, the jars linked), on the Nacos ports of its own
 * address: 8848, gRPC 9848/9849, Raft 7848.
 */
final class FaultNode {

    static final int PORT = 8848;
    private static final Duration READY_BOUND = Duration.ofMinutes(10);

    private final int index;
    private final Path home;
    private final String javaOptions;
    private final String storageFlag;
    private final String members;

    private FaultNode(int index, Path home, String members, String storageFlag, String javaOptions) {
        this.index = index;
        this.home = home;
        this.members = members;
        this.storageFlag = storageFlag;
        this.javaOptions = javaOptions;
    }

    /**
     * A node's home, ready to start: {@code diskMegabytes} > 0 puts its data directory on a tmpfs
     * of that size (the disk-full scenario).
     */
    static FaultNode prepare(int index, String members, FaultStorage storage, int diskMegabytes) {
        Path home = TempDirs.create("nxf-node" + index + "-");
        Path dist = ServerProcess.distributionDir();
        try {
            copyDir(dist.resolve("bin"), home.resolve("bin"));
            copyDir(dist.resolve("conf"), home.resolve("conf"));
            Files.createDirectories(home.resolve("target"));
            for (String shared : List.of("lib", "nacos-server.jar", "nacos-server.jsa")) {
                if (Files.exists(dist.resolve("target").resolve(shared))) {
                    Files.createSymbolicLink(home.resolve("target").resolve(shared), dist.resolve("target").resolve(shared));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (diskMegabytes > 0) {
            FaultNet.smallDisk(home.resolve("data"), diskMegabytes);
        }
        String options = "-Dnacos.inetutils.ip-address=" + FaultNet.ipOf(index) + " " + storage.javaOptions();
        return new FaultNode(index, home, members, storage.startupFlag(), options);
    }

    private static void copyDir(Path from, Path to) throws IOException {
        Files.createDirectories(to);
        try (var files = Files.list(from)) {
            for (Path file : files.toList()) {
                Files.copy(file, to.resolve(file.getFileName()));
            }
        }
    }

    /** Starts it with the packaged launcher in its namespace; returns once the launcher has. */
    void spawn() {
        List<String> launcher = new java.util.ArrayList<>(List.of("env", "JVM_XMS=512m", "JVM_XMX=512m", "JVM_XMN=256m",
                "JAVA_OPT_EXT=" + javaOptions, "bash", home.resolve("bin/startup.sh").toString(), "-c", members));
        if (!storageFlag.isEmpty()) {
            launcher.addAll(List.of("-p", storageFlag));
        }
        try {
            Process process = new ProcessBuilder(FaultNet.inNode(index, launcher)).redirectErrorStream(true)
                    .redirectOutput(home.resolve("launcher.out").toFile()).start();
            if (!process.waitFor(2, TimeUnit.MINUTES) || process.exitValue() != 0) {
                throw new IllegalStateException("startup.sh of node " + index + " failed; see " + home.resolve("launcher.out"));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Waits while the process lives and is not ready: as long as a busy machine needs. */
    void awaitReady() throws InterruptedException {
        long deadline = System.nanoTime() + READY_BOUND.toNanos();
        while (System.nanoTime() < deadline) {
            if (pid().map(pid -> ProcessHandle.of(pid).isEmpty()).orElse(false)) {
                throw new IllegalStateException("node " + index + " exited; see " + home.resolve("logs"));
            }
            if (ready()) {
                return;
            }
            Thread.sleep(200);
        }
        throw new IllegalStateException("node " + index + " not ready within " + READY_BOUND + "; see " + home.resolve("logs"));
    }

    private boolean ready() {
        try {
            return HttpCall.get(baseUrl() + "/v1/console/health/readiness").timeout(Duration.ofSeconds(5)).send()
                    .statusCode() == 200;
        } catch (RuntimeException notYet) {
            return false;
        }
    }

    /** Stops the process it started (its pid file) and waits until it has exited. */
    void stop() {
        pid().flatMap(ProcessHandle::of).ifPresent(process -> {
            process.destroy();
            try {
                process.onExit().get(30, TimeUnit.SECONDS);
            } catch (Exception slow) {
                process.destroyForcibly();
                process.onExit().join();
            }
        });
    }

    private Optional<Long> pid() {
        Path file = home.resolve("logs/nacos.pid");
        try {
            return Files.exists(file) ? Optional.of(Long.parseLong(Files.readString(file).strip())) : Optional.empty();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Fills the data directory's filesystem (a tmpfs of {@link #prepare}'s size) but {@code leaveBytes};
     * with 0, until the filesystem refuses more.
     */
    void fillDisk(long leaveBytes) {
        byte[] block = new byte[1 << 20];
        try (var out = Files.newOutputStream(filler())) {
            long left = Files.getFileStore(dataDir()).getUsableSpace() - leaveBytes;
            for (; left > 0; left -= block.length) {
                out.write(block, 0, (int) Math.min(block.length, left));
            }
        } catch (IOException full) {
            if (leaveBytes > 0) {
                throw new UncheckedIOException(full);
            }
        }
    }

    void freeDisk() {
        try {
            Files.deleteIfExists(filler());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private Path filler() {
        return dataDir().resolve("filler");
    }

    /** Copies the node's logs into {@code into}, for a look after the run. */
    void keepLogs(Path into) {
        Path logs = home.resolve("logs");
        try (var files = Files.list(logs)) {
            Files.createDirectories(into);
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                Files.copy(file, into.resolve(file.getFileName()), StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            System.err.println("the logs of node " + index + " could not be kept: " + e);
        }
    }

    /** The process id of the running server, to tell a restart. */
    long processId() {
        return pid().orElse(-1L);
    }

    int index() {
        return index;
    }

    String ip() {
        return FaultNet.ipOf(index);
    }

    /** {@code ip:8848}, as members and the SDK's server list name it. */
    String address() {
        return ip() + ":" + PORT;
    }

    String baseUrl() {
        return "http://" + address() + "/nacos";
    }

    String raftAddress() {
        return ip() + ":" + (PORT - 1000);
    }

    Path home() {
        return home;
    }

    Path dataDir() {
        return home.resolve("data");
    }
}
