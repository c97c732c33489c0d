package com.nacosx.faults;

import com.nacosx.testsupport.Patience;
import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * Applications on the official 1.4.8 client, in a process of their own (tests/fault-client-1x: the
 * 1.x client cannot share this module's classpath): each holds one ephemeral instance with 1.x beats,
 * one more subscribes. Which are alive and what the subscriber was last pushed are read here.
 */
final class Holders1x implements AutoCloseable {

    private static final String MAIN = "com.nacosx.faults.client1x.EphemeralHolders1x";

    private final Process process;
    private final Writer commands;
    private final Set<String> alive = ConcurrentHashMap.newKeySet();
    private volatile Set<String> pushed = Set.of();
    private final CountDownLatch ready = new CountDownLatch(1);

    Holders1x(String servers, String service, List<String> ips, Path log) {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx128m", "-DJM.LOG.PATH=" + log.getParent().resolve("nacos-client-1x-logs"),
                "-DJM.SNAPSHOT.PATH=" + log.getParent().resolve("nacos-client-1x-snapshot"),
                "-cp", classpath(), MAIN, servers, service));
        command.addAll(ips);
        try {
            Files.createDirectories(log.getParent());
            process = new ProcessBuilder(command).redirectError(log.toFile()).start();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        commands = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
        Thread reader = new Thread(this::readAnswers, "holders-1x-" + service);
        reader.setDaemon(true);
        reader.start();
        awaitReady(service, log);
        alive.addAll(ips);
    }

    /** The holder module's classes and its runtime classpath, as its build wrote it. */
    private static String classpath() {
        Path module = Path.of(System.getProperty("nacosx.client1x.dir", "../fault-client-1x"));
        Path written = module.resolve("target/runtime.classpath");
        try {
            return module.resolve("target/classes") + File.pathSeparator + Files.readString(written).trim();
        } catch (IOException e) {
            throw new IllegalStateException("the 1.x client's classpath is missing (" + written
                    + "): build tests/fault-client-1x first (mvn -pl tests/fault-client-1x package)", e);
        }
    }

    private void awaitReady(String service, Path log) {
        try {
            if (!ready.await(Patience.millis(60_000), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                throw new IllegalStateException("the 1.x clients of " + service + " did not register; see " + log);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private void readAnswers() {
        try (BufferedReader answers = new BufferedReader(new InputStreamReader(process.getInputStream(),
                StandardCharsets.UTF_8))) {
            String line;
            while ((line = answers.readLine()) != null) {
                if (line.equals("ready")) {
                    ready.countDown();
                } else if (line.startsWith("pushed ")) {
                    String ips = line.substring("pushed ".length());
                    pushed = ips.isEmpty() ? Set.of() : Arrays.stream(ips.split(",")).collect(Collectors.toSet());
                }
            }
        } catch (IOException ended) {
            // the process ended; what it said is kept
        }
    }

    Set<String> alive() {
        return Set.copyOf(alive);
    }

    Set<String> pushed() {
        return pushed;
    }

    /** Ends one application gracefully (it deregisters, as a Spring Cloud app on shutdown does); it is no longer alive. */
    void retireOne() throws IOException {
        String ip = alive.stream().sorted().findFirst().orElse(null);
        if (ip == null) {
            return;
        }
        alive.remove(ip);
        commands.write("retire " + ip + "\n");
        commands.flush();
    }

    @Override
    public void close() throws InterruptedException {
        try {
            commands.close();
        } catch (IOException gone) {
            // the process already ended
        }
        if (!process.waitFor(Patience.millis(30_000), TimeUnit.MILLISECONDS)) {
            process.destroyForcibly();
        }
    }
}
