package com.nacosx.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nacosx.testsupport.Await;
import com.nacosx.testsupport.CommandResult;
import com.nacosx.testsupport.HttpCall;
import com.nacosx.testsupport.LocalCluster;
import com.nacosx.testsupport.PackagedInstall;
import com.nacosx.testsupport.Patience;
import com.nacosx.testsupport.ServerProcess;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The container image's entrypoint (bin/docker-startup.sh) run as the image runs it, on the packaged
 * server: each of the official nacos-docker image's environment variables becomes the right
 * setting and conf/cluster.conf, a wrong value stops it with one line naming the variable, and a
 * start in the foreground serves and passes the image's health check. No container runtime is
 * needed: the image adds nothing but this script and a JRE. The Kubernetes manifests are checked
 * against the Kubernetes API's schemas.
 */
class ContainerEntrypointTest {

    private static Path install;

    @BeforeAll
    static void unpackOne() throws Exception {
        install = unpacked();
    }

    /** A fresh copy of the packaged server, as the image holds it. */
    private static Path unpacked() throws Exception {
        return PackagedInstall.unpack("nacosx-container-");
    }

    @Test
    void environmentBecomesTheServersSettingsAndClusterConf() throws Exception {
        CommandResult dryRun = entrypoint(environment("NACOS_DRY_RUN", "true",
                "NACOS_SERVERS", "nacos-0.nacos-headless:8848 nacos-1.nacos-headless,nacos-2.nacos-headless:9848",
                "NACOS_APPLICATION_PORT", "9001",
                "SPRING_DATASOURCE_PLATFORM", "mysql", "MYSQL_SERVICE_HOST", "db.example", "MYSQL_SERVICE_PORT", "3307",
                "MYSQL_SERVICE_USER", "nacos", "MYSQL_SERVICE_PASSWORD", "p\"a\\ss w?rd",
                "NACOS_AUTH_ENABLE", "true", "NACOS_AUTH_IDENTITY_KEY", "serverIdentity",
                "NACOS_AUTH_IDENTITY_VALUE", "security", "JVM_XMX", "768m"));
        assertEquals(0, dryRun.exitCode(), dryRun.output());

        assertEquals(List.of("nacos-0.nacos-headless:8848", "nacos-1.nacos-headless:8848", "nacos-2.nacos-headless:9848"),
                Files.readAllLines(install.resolve("conf/cluster.conf")));
        JsonNode settings = settingsOf(dryRun);
        assertEquals("9001", settings.path("server.port").asString());
        assertEquals("mysql", settings.path("spring.sql.init.platform").asString());
        assertTrue(settings.path("db.url.0").asString().startsWith("jdbc:mysql://db.example:3307/nacos?"),
                settings.toString());
        assertEquals("nacos", settings.path("db.user.0").asString());
        assertEquals("p\"a\\ss w?rd", settings.path("db.password.0").asString(), "a password arrives whole");
        assertEquals("true", settings.path("nacos.core.auth.enabled").asString());
        assertEquals("serverIdentity", settings.path("nacos.core.auth.server.identity.key").asString());
        String command = lastLine(dryRun);
        assertTrue(command.contains(" -Xmx768m ") && !command.contains("-DembeddedStorage=true"), command);

        CommandResult embedded = entrypoint(Map.of("NACOS_DRY_RUN", "true", "MEMBER_LIST", "10.0.0.1:8848,10.0.0.2:8848",
                "PREFER_HOST_MODE", "hostname"));
        assertEquals(0, embedded.exitCode(), embedded.output());
        assertTrue(lastLine(embedded).contains(" -DembeddedStorage=true ")
                && lastLine(embedded).contains(" -Dnacos.member.list=10.0.0.1:8848,10.0.0.2:8848 "), embedded.output());
        String selfName = CommandResult.run("hostname", "-f").output().trim();
        assertEquals(selfName, settingsOf(embedded).path("nacos.inetutils.ip-address").asString());
    }

    @Test
    void aWrongValueStopsItWithOneLineAndWritesNothing() throws Exception {
        Files.writeString(install.resolve("conf/cluster.conf"), "10.9.9.9:8848\n");
        Map<Map<String, String>, String> refusals = Map.of(
                Map.of("MODE", "solo"), "MODE must be one of: standalone cluster; not 'solo'",
                Map.of("NACOS_APPLICATION_PORT", "88480"), "NACOS_APPLICATION_PORT must be a port number",
                Map.of("NACOS_SERVERS", "a:8848 b:eighty"), "the port of member 'b:eighty' in NACOS_SERVERS",
                Map.of("SPRING_DATASOURCE_PLATFORM", "oracle"), "SPRING_DATASOURCE_PLATFORM must be one of",
                Map.of("SPRING_DATASOURCE_PLATFORM", "mysql"), "SPRING_DATASOURCE_PLATFORM=mysql needs MYSQL_SERVICE_HOST",
                Map.of("NACOS_AUTH_ENABLE", "yes"), "NACOS_AUTH_ENABLE must be one of: true false; not 'yes'",
                Map.of("PREFER_HOST_MODE", "dns"), "PREFER_HOST_MODE must be one of: ip hostname",
                Map.of("NACOS_HEAP_PERCENT", "95"), "NACOS_HEAP_PERCENT must be a whole number from 10 to 90");
        for (Map.Entry<Map<String, String>, String> refusal : refusals.entrySet()) {
            CommandResult refused = entrypoint(refusal.getKey());
            assertEquals(2, refused.exitCode(), refusal.getKey() + ": " + refused.output());
            assertEquals(1, refused.output().lines().count(), "one line: " + refused.output());
            assertTrue(refused.output().startsWith("nacos: "), refused.output());
            assertTrue(refused.output().contains(refusal.getValue()), refusal.getKey() + ": " + refused.output());
        }
        assertEquals("10.9.9.9:8848\n", Files.readString(install.resolve("conf/cluster.conf")),
                "a refused member list leaves cluster.conf as it was");
        assertTrue(Files.notExists(install.resolve("conf/cluster.conf.new")), "and leaves no part of itself behind");
        Files.delete(install.resolve("conf/cluster.conf"));
        CommandResult noMembers = entrypoint(Map.of());
        assertEquals(2, noMembers.exitCode(), noMembers.output());
        assertTrue(noMembers.output().contains("MODE=cluster needs its members: set NACOS_SERVERS"), noMembers.output());
    }

    @Test
    void startsInTheForegroundServesWithAuthAndPassesTheHealthCheck() throws Exception {
        int port = ServerProcess.freePort();
        String key = Base64.getEncoder()
                .encodeToString("a-secret-key-of-at-least-32-bytes!".getBytes(StandardCharsets.UTF_8));
        ProcessBuilder builder = entrypointBuilder(Map.of("MODE", "standalone",
                "NACOS_APPLICATION_PORT", Integer.toString(port),
                "NACOS_AUTH_ENABLE", "true", "NACOS_AUTH_TOKEN", key, "NACOS_AUTH_IDENTITY_KEY", "serverIdentity",
                "NACOS_AUTH_IDENTITY_VALUE", "security", "JVM_XMS", "256m", "JVM_XMX", "256m", "JVM_XMN", "128m",
                "JAVA_OPT_EXT", "-Dserver.address=127.0.0.1"));
        Process server = builder.redirectErrorStream(true).redirectOutput(install.resolve("container.out").toFile()).start();
        try {
            Await.until(90_000, () -> health(port) == 0, "the entrypoint's server passes the image's health check");
            assertEquals(server.pid(), Long.parseLong(Files.readString(install.resolve("logs/nacos.pid")).trim()),
                    "the server is the container's main process, in place of the script");
            String base = "http://127.0.0.1:" + port + "/nacos";
            HttpCall read = HttpCall.get(base + "/v1/cs/configs").param("dataId", "d").param("group", "g");
            assertEquals(401, read.send().statusCode(), "NACOS_AUTH_ENABLE=true: a read without a token is refused");
        } finally {
            server.destroy();
        }
        assertTrue(server.waitFor(Patience.of(Duration.ofSeconds(60)).toMillis(), TimeUnit.MILLISECONDS),
                "the server stops on the container's SIGTERM");
        assertTrue(health(port) != 0, "the health check fails once the server is gone");
    }

    /**
     * As in the StatefulSet: members named by host names in NACOS_SERVERS (here "localhost", which
     * keeps the traffic on this machine), each node naming itself the same way, on embedded
     * storage. They form one cluster, their Raft groups among the named peers, and a config
     * published on one is read on another.
     */
    @Test
    void threeNodesNamedByHostNameFormOneClusterThroughTheEntrypoint() throws Exception {
        List<Integer> ports = LocalCluster.freePorts(3);
        String members = ports.stream().map(port -> "localhost:" + port).collect(Collectors.joining(" "));
        List<Process> nodes = new ArrayList<>();
        try {
            for (int port : ports) {
                Path server = unpacked();
                ProcessBuilder node = entrypointBuilder(server, Map.of("NACOS_SERVERS", members,
                        "NACOS_SERVER_IP", "localhost", "NACOS_APPLICATION_PORT", Integer.toString(port),
                        "JVM_XMS", "128m", "JVM_XMX", "512m", "JVM_XMN", "64m",
                        "JAVA_OPT_EXT", "-Dserver.address=127.0.0.1"));
                nodes.add(node.redirectErrorStream(true).redirectOutput(server.resolve("container.out").toFile()).start());
            }
            for (int port : ports) {
                Await.until(120_000, () -> health(port) == 0, "node " + port + " passes the health check");
            }
            String first = "http://127.0.0.1:" + ports.get(0) + "/nacos";
            String listed = HttpCall.get(first + "/v1/core/cluster/nodes").send().body();
            for (int port : ports) {
                assertTrue(listed.contains("\"address\":\"localhost:" + port + "\""), listed);
                assertTrue(listed.contains("localhost:" + (port - 1000)), "its Raft peer by name: " + listed);
            }
            assertEquals("true", HttpCall.post(first + "/v1/cs/configs").param("dataId", "named.properties")
                    .param("group", "G").param("content", "k=v").send().body());
            HttpCall read = HttpCall.get("http://127.0.0.1:" + ports.get(2) + "/nacos/v1/cs/configs")
                    .param("dataId", "named.properties").param("group", "G");
            Await.until(10_000, () -> "k=v".equals(read.send().body()), "the config read on the third node");
        } finally {
            nodes.forEach(Process::destroy);
            for (Process node : nodes) {
                node.waitFor(Patience.of(Duration.ofSeconds(60)).toMillis(), TimeUnit.MILLISECONDS);
            }
        }
    }

    @Test
    void kubernetesManifestsMatchTheKubernetesApiSchemas() throws Exception {
        Path manifests = Path.of(System.getProperty("nacosx.k8s.dir"));
        try (var files = Files.list(manifests)) {
            List<String> command = new ArrayList<>(List.of(
                    Path.of(System.getProperty("nacosx.scripts.dir"), "k8s-validate.sh").toString()));
            files.filter(file -> file.toString().endsWith(".yaml")).sorted().forEach(file -> command.add(file.toString()));
            assertTrue(command.size() > 2, "manifests in " + manifests);
            CommandResult validated = CommandResult.run(command.toArray(String[]::new));
            assertEquals(0, validated.exitCode(), validated.output());
            assertTrue(validated.output().contains("passed for resource statefulset/nacos"), validated.output());
        }
    }

    /** The image's health check's exit code against the node on {@code port}. */
    private static int health(int port) {
        ProcessBuilder check = new ProcessBuilder(install.resolve("bin/docker-health.sh").toString());
        check.environment().put("NACOS_APPLICATION_PORT", Integer.toString(port));
        try {
            return CommandResult.run(check).exitCode();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    private static CommandResult entrypoint(Map<String, String> environment) throws Exception {
        return CommandResult.run(entrypointBuilder(environment));
    }

    private static ProcessBuilder entrypointBuilder(Map<String, String> environment) {
        return entrypointBuilder(install, environment);
    }

    private static ProcessBuilder entrypointBuilder(Path server, Map<String, String> environment) {
        ProcessBuilder builder = new ProcessBuilder(server.resolve("bin/docker-startup.sh").toString());
        builder.environment().keySet().removeIf(name -> name.startsWith("NACOS_") || name.startsWith("MYSQL_")
                || name.startsWith("JVM_") || List.of("MODE", "MEMBER_LIST", "JAVA_OPT_EXT").contains(name));
        builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
        builder.environment().putAll(environment);
        return builder;
    }

    /** An environment from name and value pairs. */
    private static Map<String, String> environment(String... namesAndValues) {
        Map<String, String> environment = new HashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            environment.put(namesAndValues[i], namesAndValues[i + 1]);
        }
        return environment;
    }

    private static JsonNode settingsOf(CommandResult dryRun) {
        String prefix = "SPRING_APPLICATION_JSON=";
        String line = dryRun.output().lines().filter(text -> text.startsWith(prefix)).findFirst()
                .orElseThrow(() -> new AssertionError("no settings printed: " + dryRun.output()));
        return JsonMapper.builder().build().readTree(line.substring(prefix.length()));
    }

    private static String lastLine(CommandResult result) {
        List<String> lines = result.output().lines().toList();
        return lines.get(lines.size() - 1) + " ";
    }
}
