package com.nacosx.faults;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The network namespaces of tests/scripts/fault-net.sh: node N at 10.213.0.1N behind a bridge the
 * root namespace (the clients, the database) reaches at 10.213.0.1. Faults are applied and healed
 * through the script, which names everything it makes nxf-* and removes all of it on {@link #down}.
 */
final class FaultNet {

    static final String BRIDGE_IP = "10.213.0.1";

    private FaultNet() {
    }

    static String ipOf(int node) {
        return "10.213.0.1" + node;
    }

    /** Null when this machine can create the namespaces and rules; otherwise why not. */
    static String unavailableReason() {
        Result check = run("check");
        return check.exit == 0 ? null : check.output.strip();
    }

    static void up() {
        // Also when the JVM ends without reaching the test's own clean-up (a failure, an interrupt).
        Runtime.getRuntime().addShutdownHook(new Thread(FaultNet::down, "fault-net-down"));
        require("up");
    }

    static void down() {
        run("down");
    }

    static void cutPeers(int node) {
        require("cut-peers", String.valueOf(node));
    }

    static void isolate(int node) {
        require("isolate", String.valueOf(node));
    }

    /** {@code node} no longer hears {@code from}; {@code from} still hears it. */
    static void deaf(int node, int from) {
        require("deaf", String.valueOf(node), String.valueOf(from));
    }

    static void cutDatabase(int node) {
        require("cut-db", String.valueOf(node));
    }

    /** Returns what the script says it applied (netem, or its stand-in where the kernel lacks it). */
    static String slow(int node) {
        return require("slow", String.valueOf(node));
    }

    static void healAll() {
        require("heal");
    }

    static void smallDisk(Path dir, int megabytes) {
        require("small-disk", dir.toString(), String.valueOf(megabytes));
    }

    /** The command line that runs {@code command} in node {@code node}'s namespace. */
    static List<String> inNode(int node, List<String> command) {
        List<String> line = new ArrayList<>(List.of("bash", script().toString(), "run", String.valueOf(node)));
        line.addAll(command);
        return line;
    }

    private static String require(String... args) {
        Result result = run(args);
        if (result.exit != 0) {
            throw new IllegalStateException("fault-net.sh " + String.join(" ", args) + " failed: " + result.output);
        }
        return result.output.strip();
    }

    private record Result(int exit, String output) {
    }

    private static Result run(String... args) {
        List<String> command = new ArrayList<>(List.of("bash", script().toString()));
        command.addAll(List.of(args));
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!process.waitFor(2, TimeUnit.MINUTES)) {
                process.destroyForcibly();
                return new Result(-1, "timed out: " + output);
            }
            return new Result(process.exitValue(), output);
        } catch (IOException e) {
            return new Result(-1, e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Result(-1, "interrupted");
        }
    }

    private static Path script() {
        return Path.of(System.getProperty("nacosx.scripts.dir", "tests/scripts"), "fault-net.sh");
    }
}
