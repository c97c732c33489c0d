package com.nacosx.faults;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;

/**
 * The scenarios' lines, appended to one report file that tests/scripts/faults.sh sums into its
 * closing line: {@code faults: S scenarios, N acknowledged writes, L lost, U un-happened, C CAS
 * violations, G ghost instances, H holes, convergence max T s}. The line's words are what the
 * script reads: change both together.
 */
final class FaultReport {

    private FaultReport() {
    }

    static void record(ScenarioResult result) {
        String text = "scenario " + result.line() + "\n" + result.details();
        System.out.print(text);
        Path report = report();
        try {
            Files.createDirectories(report.getParent());
            Files.writeString(report, text, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Path report() {
        return Path.of(System.getProperty("nacosx.faults.report", "target/faults-report.txt")).toAbsolutePath();
    }

    /** Where the client processes the scenarios start write their logs: beside the report. */
    static Path clientLogs() {
        return report().getParent().resolve("client-logs");
    }

    /** Where a cluster's node logs are kept when it stops: one directory per cluster started, in order. */
    static Path nodeLogs() {
        return report().getParent().resolve("node-logs").resolve(String.valueOf(System.currentTimeMillis()));
    }

    /**
     * How many ephemeral instances official 1.4.8 clients hold in each scenario: 3 in the long mode,
     * none in the short one. Their process, and their subscriber's convergence (its 10 s polls, still
     * the slowest to agree: README "What the cluster promises"), cost the short mode four minutes of
     * the 40 that CI may take.
     */
    static int clients1x() {
        return isLong() ? 3 : 0;
    }

    private static boolean isLong() {
        return "long".equals(System.getProperty("nacosx.faults.mode"));
    }

    /** How long each fault is held: 12 s in the short mode (CI), 2 minutes in the long one. */
    static Duration hold() {
        return isLong() ? Duration.ofMinutes(2) : Duration.ofSeconds(12);
    }
}
