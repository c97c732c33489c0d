package com.nacosx.testsupport;

import java.io.IOException;
import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A Prometheus of the test's own on 127.0.0.1 (Debian's package, installed by
 * tests/scripts/prometheus.sh when absent), with the scrape config the test gives, its data in a
 * temporary directory, stopped by its pid on {@link #close} (its directory is then removed).
 */
public final class PrometheusServer implements AutoCloseable {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final Process process;
    private final int port;
    private final Path dir;

    private PrometheusServer(Process process, int port, Path dir) {
        this.process = process;
        this.port = port;
        this.dir = dir;
    }

    /** Starts Prometheus with {@code scrapeConfigs} (the YAML list under {@code scrape_configs:}). */
    public static PrometheusServer start(String scrapeConfigs) throws IOException, InterruptedException {
        String binary = installed();
        Path dir = TempDirs.create("nacosx-prometheus-");
        Path config = dir.resolve("prometheus.yml");
        Files.writeString(config, "global:\n  scrape_interval: 1s\n  evaluation_interval: 1s\nscrape_configs:\n"
                + scrapeConfigs);
        int port = ServerProcess.freePort();
        Process process = new ProcessBuilder(binary, "--config.file=" + config, "--storage.tsdb.path=" + dir.resolve("data"),
                "--web.listen-address=127.0.0.1:" + port, "--log.level=warn")
                .redirectErrorStream(true).redirectOutput(dir.resolve("prometheus.log").toFile()).start();
        PrometheusServer server = new PrometheusServer(process, port, dir);
        Await.until(30_000, server::ready, "Prometheus at 127.0.0.1:" + port + " ready (see " + dir + "/prometheus.log)");
        return server;
    }

    private static String installed() throws IOException, InterruptedException {
        Path script = Path.of(System.getProperty("nacosx.scripts.dir", "tests/scripts"), "prometheus.sh");
        Process install = new ProcessBuilder("bash", script.toString()).redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
        String binary = new String(install.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        if (!install.waitFor(10, TimeUnit.MINUTES) || install.exitValue() != 0 || binary.isEmpty()) {
            throw new IllegalStateException("prometheus.sh could not install Prometheus");
        }
        return binary;
    }

    private boolean ready() {
        if (!process.isAlive()) {
            throw new IllegalStateException("Prometheus exited with " + process.exitValue() + "; see " + dir);
        }
        try {
            return HttpCall.get("http://127.0.0.1:" + port + "/-/ready").timeout(Duration.ofSeconds(5)).send()
                    .statusCode() == 200;
        } catch (RuntimeException notYet) {
            return false;
        }
    }

    /**
     * Runs an instant PromQL query and returns its {@code data.result} array.
     *
     * @throws AssertionError when Prometheus refuses the query (a syntax error, an unknown function)
     */
    public JsonNode query(String promql) {
        HttpResponse<String> response = HttpCall.get("http://127.0.0.1:" + port + "/api/v1/query?query="
                + URLEncoder.encode(promql, StandardCharsets.UTF_8)).send();
        JsonNode body = JSON.readTree(response.body());
        if (response.statusCode() != 200 || !"success".equals(body.path("status").asString())) {
            throw new AssertionError("Prometheus refused " + promql + ": " + response.body());
        }
        return body.path("data").path("result");
    }

    /** The value of a query whose result is one sample, or NaN when it has none. */
    public double value(String promql) {
        JsonNode result = query(promql);
        return result.isEmpty() ? Double.NaN : Double.parseDouble(result.get(0).path("value").get(1).asString());
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            // Only a temporary directory is left behind.
        }
    }
}
