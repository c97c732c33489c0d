package com.nacosx.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.nacosx.testsupport.Await;
import com.nacosx.testsupport.CommandResult;
import com.nacosx.testsupport.HttpCall;
import com.nacosx.testsupport.PackagedInstall;
import com.nacosx.testsupport.ServerProcess;
import com.nacosx.testsupport.TempDirs;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * bin/startup.sh's choices of JVM, memory and class data on the packaged server: the heap that
 * grows by default, the serial collector on a small node, one line for a node with too little
 * memory; Java 25 found where it is installed and started with its AOT cache and compact headers;
 * an unknown JVM, a JVM too old, a foreign or broken AOT cache each told in one line, the server
 * started without what it cannot use (or, for a JVM too old, not at all).
 */
class LauncherTest {

    private static final long MIB = 1024 * 1024;
    private static Path install;
    private Path started;

    @BeforeAll
    static void unpack() throws Exception {
        install = unpacked();
    }

    private static Path unpacked() throws Exception {
        return PackagedInstall.unpack("nacosx-launcher-");
    }

    @AfterEach
    void stop() throws Exception {
        if (started != null) {
            CommandResult.run(started.resolve("bin/shutdown.sh").toString());
        }
    }

    @Test
    void theHeapGrowsByDefaultWithTheCollectorAndDirectMemoryForTheNodesMemory() throws Exception {
        String small = lastLine(dryRun(install, Map.of("NACOS_CGROUP_ROOT", cgroupLimitedTo(1024 * MIB).toString())));
        assertTrue(small.contains(" -Xms64m -XX:MaxRAMPercentage=50 ") && small.contains(" -XX:+UseSerialGC ")
                && small.contains(" -XX:MaxDirectMemorySize=128m ") && !small.contains("UseG1GC")
                && !small.contains("AlwaysPreTouch"), small);

        String large = lastLine(dryRun(install, Map.of("NACOS_CGROUP_ROOT", cgroupLimitedTo(8192 * MIB).toString(),
                "NACOS_HEAP_PERCENT", "40")));
        assertTrue(large.contains(" -XX:MaxRAMPercentage=40 ") && large.contains(" -XX:+UseG1GC ")
                && large.contains(" -XX:G1PeriodicGCInterval=") && large.contains(" -XX:MaxDirectMemorySize=1024m ")
                && !large.contains("G1HeapRegionSize"), large);

        // 8 GB of heap, where G1 would pick regions of 4 MB and keep more of them at rest.
        String larger = lastLine(dryRun(install, Map.of("NACOS_CGROUP_ROOT", cgroupLimitedTo(16384 * MIB).toString())));
        assertTrue(larger.contains(" -XX:+UseG1GC ") && larger.contains(" -XX:G1HeapRegionSize=2m "), larger);

        CommandResult tooSmall = dryRun(install, Map.of("NACOS_CGROUP_ROOT", cgroupLimitedTo(200 * MIB).toString()));
        assertEquals(0, tooSmall.exitCode(), tooSmall.output());
        List<String> lines = tooSmall.output().lines().toList();
        assertEquals(2, lines.size(), tooSmall.output());
        assertTrue(lines.get(0).startsWith("nacos: 200 MiB of memory is below the 384 MiB"), tooSmall.output());

        String report = lastLine(dryRun(install, Map.of("JVM_XMS", "1g", "JVM_XMX", "1g"), "-m", "cluster"));
        assertTrue(report.contains(" -Xms1g -Xmx1g -Xmn1g ") && report.contains(" -XX:+AlwaysPreTouch ")
                && !report.contains("MaxRAMPercentage"), report);

        String named = lastLine(dryRun(install, Map.of("JAVA_OPT_EXT", "-XX:+UseParallelGC")));
        assertTrue(named.contains(" -XX:+UseParallelGC ") && !named.contains("UseG1GC") && !named.contains("UseSerialGC"),
                named);
    }

    @Test
    void java25FoundWhereInstalledStartsWithItsAotCacheAndCompactHeaders() throws Exception {
        Path java25 = installedJava25();
        Path aotCache = install.resolve("target/nacos-server.aot");
        assumeTrue(Files.isRegularFile(aotCache), "the build found no Java 25 and made no AOT cache");
        Path server = unpacked();
        int port = ServerProcess.freePort();
        // AOTMode=on: the JVM refuses to start unless it can use the cache, so a start proves it did.
        Path classesLoaded = server.resolve("logs/classes-loaded.log");
        CommandResult launched = startup(server, port, null, "-XX:AOTMode=on",
                "-Xlog:class+load=info:file=" + classesLoaded);
        assertEquals(0, launched.exitCode(), launched.output());
        String command = Files.readAllLines(server.resolve("logs/start.out")).get(0);
        assertTrue(command.startsWith(java25.resolve("bin/java") + " "), command);
        assertTrue(command.contains(" -XX:+UseCompactObjectHeaders ") && command.contains(" -XX:AOTCache="), command);
        String base = "http://127.0.0.1:" + port + "/nacos";
        PackagedInstall.awaitReady(base);
        assertEquals("true", HttpCall.post(base + "/v1/cs/configs").param("dataId", "aot").param("group", "G")
                .param("content", "on 25").send().body());
        assertEquals("on 25", HttpCall.get(base + "/v1/cs/configs").param("dataId", "aot").param("group", "G")
                .send().body());
        Await.until(10_000, () -> logged(server, "start phases: the JVM"), "the start's phases in nacos.log");
        // The cache's classes are all loaded as the JVM starts: one the training start took by
        // accident (the MBean server Derby's JMX module builds without conf/derby.properties)
        // would be held by every node.
        assertFalse(Files.readString(classesLoaded).contains(" com.sun.jmx.mbeanserver.JmxMBeanServer "),
                "the MBean server built");
    }

    /** As root, the JIT compiler threads start at the server's nice and go five levels ahead once the ports are open. */
    @Test
    void theCompilerGoesAheadOnceThePortsAreOpen() throws Exception {
        assumeTrue((Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid") == 0, "only root may raise a priority");
        int launcherNice = niceOf(Files.readString(Path.of("/proc/self/stat")));
        String command = lastLine(dryRun(install, Map.of()));
        assertTrue(command.contains(" -XX:CompilerThreadPriority=" + launcherNice + " ")
                && command.contains(" -Dnacos.jvm.compiler-nice=" + (launcherNice - 5) + " "), command);

        Path server = unpacked();
        int port = ServerProcess.freePort();
        CommandResult launched = startup(server, port, Map.of("JAVA_HOME", System.getProperty("java.home")));
        assertEquals(0, launched.exitCode(), launched.output());
        PackagedInstall.awaitReady("http://127.0.0.1:" + port + "/nacos");
        Path tasks = Path.of("/proc", Files.readString(server.resolve("logs/nacos.pid")).trim(), "task");
        Await.until(10_000, () -> {
            List<Integer> nices = compilerThreadNices(tasks);
            return !nices.isEmpty() && nices.stream().allMatch(nice -> nice == launcherNice - 5);
        }, "the JIT compiler threads at nice " + (launcherNice - 5));
    }

    private static List<Integer> compilerThreadNices(Path tasks) {
        try (Stream<Path> threads = Files.list(tasks)) {
            return threads.map(thread -> {
                try {
                    return Files.readString(thread.resolve("comm")).matches("C[12] CompilerThre.*\\s*")
                            ? niceOf(Files.readString(thread.resolve("stat"))) : null;
                } catch (IOException ended) {
                    return null;
                }
            }).filter(java.util.Objects::nonNull).toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    /** Field 19 of a /proc stat line; the fields are counted after the name, which may hold spaces. */
    private static int niceOf(String stat) {
        return Integer.parseInt(stat.substring(stat.lastIndexOf(')') + 2).split(" ")[16]);
    }

    @Test
    void aBrokenOrForeignAotCacheIsToldInOneLineAndTheServerStartsWithoutIt() throws Exception {
        Path java25 = installedJava25();
        Path server = unpacked();
        Path cache = server.resolve("target/nacos-server.aot");
        byte[] garbage = new byte[1 << 20];
        new Random(7).nextBytes(garbage);
        Files.write(cache, garbage);
        Files.writeString(server.resolve("target/nacos-server.aot.jdk"),
                Files.readString(install.resolve("target/nacos-server.aot.jdk")));
        int port = ServerProcess.freePort();
        CommandResult launched = startup(server, port, null);
        assertEquals(0, launched.exitCode(), launched.output());
        assertEquals(1, launched.output().lines().filter(line -> line.startsWith("nacos: ")).count(), launched.output());
        assertTrue(launched.output().contains("is unreadable or not an AOT cache: starting without it"), launched.output());
        PackagedInstall.awaitReady("http://127.0.0.1:" + port + "/nacos");
        String startOut = Files.readString(server.resolve("logs/start.out"));
        assertFalse(startOut.contains("-XX:AOTCache=") || startOut.contains("[error"), startOut);
        CommandResult.run(server.resolve("bin/shutdown.sh").toString());
        started = null;

        Files.writeString(server.resolve("target/nacos-server.aot.jdk"), "25.0.0+1-LTS\n");
        Files.copy(install.resolve("target/nacos-server.aot"), cache, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        CommandResult foreign = dryRun(server, Map.of("JAVA_HOME", java25.toString()));
        assertTrue(foreign.output().lines().findFirst().orElse("")
                .matches("nacos: the AOT cache was made by Java 25\\.0\\.0\\+1-LTS, this is .*: starting without it"),
                foreign.output());
        assertFalse(lastLine(foreign).contains("AOTCache"), foreign.output());
    }

    @Test
    void aJavaOfUnknownVersionStartsWithoutVersionOptionsAndAJavaTooOldIsRefused() throws Exception {
        String realJava = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Path unknown = fakeJava("unknown-java", "#!/bin/sh\n[ \"$1\" = -XshowSettings:properties ] && { echo odd; exit 0; }\n"
                + "exec " + realJava + " \"$@\"\n", null);
        CommandResult told = dryRun(install, Map.of("JAVA_HOME", unknown.toString()));
        assertEquals(0, told.exitCode(), told.output());
        List<String> lines = told.output().lines().toList();
        assertEquals(2, lines.size(), told.output());
        assertTrue(lines.get(0).startsWith("nacos: cannot tell the version of " + unknown.resolve("bin/java")), told.output());
        assertTrue(lines.get(1).contains(" -XX:+UseG1GC ") && !lines.get(1).contains("SharedArchiveFile")
                && !lines.get(1).contains("AOTCache"), told.output());

        Path early17 = fakeJava("early-17", "#!/bin/sh\nexec " + realJava + " \"$@\"\n",
                "JAVA_VERSION=\"17.0.8\"\nJAVA_RUNTIME_VERSION=\"17.0.8+7\"\n");
        assertFalse(lastLine(dryRun(install, Map.of("JAVA_HOME", early17.toString()))).contains("TrimNativeHeapInterval"),
                "17.0.8 may lack the trimming option");
        Runtime.Version running = Runtime.version();
        boolean trims = running.feature() >= 22 || running.feature() == 17 && running.update() >= 15;
        assertEquals(trims, lastLine(dryRun(install, Map.of())).contains(" -XX:TrimNativeHeapInterval=5000 "),
                "Java " + running + " and the trimming option");

        Path old = fakeJava("old-java", "#!/bin/sh\nexec " + realJava + " \"$@\"\n", "JAVA_VERSION=\"11.0.2\"\n");
        CommandResult refused = dryRun(install, Map.of("JAVA_HOME", old.toString()));
        assertEquals(1, refused.exitCode(), refused.output());
        assertEquals(List.of("nacos: " + old.resolve("bin/java") + " is Java 11; the server needs Java 17 or later (set JAVA_HOME)"),
                refused.output().lines().toList());
    }

    /** The Java 25 or later that the launcher finds on this machine; the test is skipped without one. */
    private static Path installedJava25() throws IOException {
        try (Stream<Path> jdks = Files.list(Path.of("/usr/lib/jvm"))) {
            Path found = jdks.filter(jdk -> releaseMajor(jdk) >= 25).max(java.util.Comparator.comparing(LauncherTest::releaseMajor))
                    .orElse(null);
            assumeTrue(found != null, "no Java 25 or later under /usr/lib/jvm");
            return found;
        } catch (java.nio.file.NoSuchFileException none) {
            assumeTrue(false, "no /usr/lib/jvm");
            return null;
        }
    }

    private static int releaseMajor(Path jdk) {
        try {
            return Files.readAllLines(jdk.resolve("release")).stream().filter(line -> line.startsWith("JAVA_VERSION="))
                    .map(line -> line.replaceAll("JAVA_VERSION=\"(\\d+).*", "$1")).mapToInt(Integer::parseInt)
                    .findFirst().orElse(0);
        } catch (IOException | NumberFormatException unreadable) {
            return 0;
        }
    }

    /** A directory laid out as a JDK: bin/java with {@code script}, and a release file when given. */
    private static Path fakeJava(String name, String script, String release) throws IOException {
        Path home = TempDirs.create("nacosx-" + name + "-");
        Files.createDirectories(home.resolve("bin"));
        Files.writeString(home.resolve("bin/java"), script);
        Files.setPosixFilePermissions(home.resolve("bin/java"), PosixFilePermissions.fromString("rwxr-xr-x"));
        if (release != null) {
            Files.writeString(home.resolve("release"), release);
        }
        return home;
    }

    /** A directory laid out as a cgroup v2 mount whose memory limit is {@code bytes}. */
    private static Path cgroupLimitedTo(long bytes) throws IOException {
        Path root = TempDirs.create("nacosx-cgroup-");
        Files.writeString(root.resolve("memory.max"), bytes + "\n");
        return root;
    }

    private static CommandResult dryRun(Path server, Map<String, String> environment, String... arguments) throws Exception {
        List<String> command = new java.util.ArrayList<>(List.of(server.resolve("bin/startup.sh").toString()));
        command.addAll(arguments.length == 0 ? List.of("-m", "standalone") : List.of(arguments));
        ProcessBuilder builder = new ProcessBuilder(command);
        clean(builder);
        builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
        builder.environment().put("NACOS_DRY_RUN", "true");
        builder.environment().putAll(environment);
        return CommandResult.run(builder);
    }

    /** Starts {@code server} standalone with the Java the launcher finds itself (no JAVA_HOME). */
    private CommandResult startup(Path server, int port, Map<String, String> environment, String... options)
            throws Exception {
        ProcessBuilder builder = new ProcessBuilder(server.resolve("bin/startup.sh").toString(), "-m", "standalone");
        clean(builder);
        builder.environment().remove("JAVA_HOME");
        builder.environment().put("JAVA_OPT_EXT", "-Dserver.port=" + port + " -Dserver.address=127.0.0.1 "
                + String.join(" ", options));
        if (environment != null) {
            builder.environment().putAll(environment);
        }
        started = server;
        return CommandResult.run(builder);
    }

    private static void clean(ProcessBuilder builder) {
        builder.environment().keySet().removeIf(name -> name.startsWith("NACOS_") || name.startsWith("JVM_")
                || List.of("CUSTOM_NACOS_MEMORY", "JAVA_OPT_EXT").contains(name));
    }

    private static boolean logged(Path server, String text) {
        try {
            return Files.readString(server.resolve("logs/nacos.log")).contains(text);
        } catch (IOException notYet) {
            return false;
        }
    }

    private static String lastLine(CommandResult result) {
        List<String> lines = result.output().lines().toList();
        return lines.get(lines.size() - 1) + " ";
    }
}
