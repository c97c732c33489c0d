package com.nacosx.faults;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;

/**
 * The scenarios' lines, appended to one report file that tests/scripts/faults.sh sums into its
 * closing line: {@code faults: S scenarios, N acknowledged writes, L lost, U un-happened, C CAS
 * violations, G ghost instances, H holes, convergence max T s}.
 */
final class FaultReport {

    private FaultReport() {
    }

    static void record(ScenarioResult result) {
        String text = "scenario " + result.line() + "\n" + result.details();
        System.out.print(text);
        Path report = Path.of(System.getProperty("nacosx.faults.report", "target/faults-report.txt"));
        try {
            Files.createDirectories(report.toAbsolutePath().getParent());
            Files.writeString(report, text, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The closing line over {@code results}. */
    static String summary(List<ScenarioResult> results) {
        return String.format("faults: %d scenarios, %d acknowledged writes, %d lost, %d un-happened, %d CAS violations, "
                + "%d ghost instances, %d holes, convergence max %.1f s", results.size(),
                results.stream().mapToInt(ScenarioResult::acknowledged).sum(),
                results.stream().mapToInt(r -> r.lost().size()).sum(),
                results.stream().mapToInt(r -> r.unhappened().size()).sum(),
                results.stream().mapToInt(r -> r.casViolations().size()).sum(),
                results.stream().mapToInt(r -> r.ghosts().size()).sum(),
                results.stream().mapToInt(r -> r.holes().size()).sum(),
                results.stream().mapToDouble(ScenarioResult::convergenceSeconds).max().orElse(0));
    }

    /**
     * How long each fault is held: 20 s in the short mode (CI), longer than the Distro expiry so
     * that an instance wrongly dropped shows; 2 minutes in the long one.
     */
    static Duration hold() {
        return "long".equals(System.getProperty("nacosx.faults.mode")) ? Duration.ofMinutes(2) : Duration.ofSeconds(20);
    }
}
