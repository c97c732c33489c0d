package com.nacosx.testsupport;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;

/**
 * The packaged server as a user gets it: the tar.gz the build made (named by the system property
 * {@code nacosx.distribution.tarball}) unpacked into a directory of its own, and started with its
 * own launcher.
 */
public final class PackagedInstall {

    private PackagedInstall() {
    }

    /** A fresh copy unpacked into a new temporary directory named from {@code prefix}: its {@code nacos/}. */
    public static Path unpack(String prefix) throws IOException, InterruptedException {
        Path dir = TempDirs.create(prefix);
        String tarball = System.getProperty("nacosx.distribution.tarball");
        CommandResult unpacked = CommandResult.run("tar", "-xzf", tarball, "-C", dir.toString());
        if (unpacked.exitCode() != 0) {
            throw new AssertionError("cannot unpack " + tarball + ": " + unpacked.output());
        }
        return dir.resolve("nacos");
    }

    /** Waits until the server at {@code base} (http://host:port/nacos) answers its readiness probe with 200. */
    public static void awaitReady(String base) throws InterruptedException {
        Await.until(90_000, () -> {
            try {
                return HttpCall.get(base + "/v1/console/health/readiness").timeout(Duration.ofSeconds(2)).send()
                        .statusCode() == 200;
            } catch (IllegalStateException notListening) {
                return false;
            }
        }, "the server at " + base + " is ready");
    }
}
