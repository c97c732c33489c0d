package com.nacosx.core.readiness;

import com.nacosx.core.util.DaemonThreads;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.springframework.boot.context.event.ApplicationStartedEvent;
import org.springframework.context.event.EventListener;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;

/**
 * Puts the JIT compiler threads ahead of the rest once the node has opened its ports. The launcher,
 * run as root, starts them at the server's own nice and names the nice they get then
 * ({@value #NICE_PROPERTY}). During the start nobody waits on compiled code but the warm-up, and
 * five nice levels ahead the C2 compiler took the main thread's core: a standalone start on two
 * cores was ready after 2.3-2.6 s, against 2.0-2.3 s with the compiler at the same nice
 * (bench/RESULTS.md). Once clients arrive it goes ahead, so that the path they take is compiled
 * within their first minute on a shared host.
 * <p>
 * Linux only: the threads are found by name under {@code /proc/self/task} and given the nice with
 * renice(1), off the main thread. Where that fails, one warning, and they stay as they started.
 */
@Component
public class CompilerPriority {

    static final String NICE_PROPERTY = "nacos.jvm.compiler-nice";
    /** HotSpot's names, cut to the kernel's 15 characters: "C2 CompilerThread0" and the like. */
    private static final List<String> COMPILER_THREAD_NAMES = List.of("C1 CompilerThre", "C2 CompilerThre");

    private final Integer nice;

    public CompilerPriority(Environment environment) {
        this.nice = environment.getProperty(NICE_PROPERTY, Integer.class);
    }

    @EventListener(ApplicationStartedEvent.class)
    public void portsOpened() {
        if (nice != null) {
            DaemonThreads.named("compiler-priority").newThread(() -> raise(Path.of("/proc/self/task"))).start();
        }
    }

    private void raise(Path tasks) {
        try {
            List<String> threads = compilerThreads(tasks);
            if (threads.isEmpty()) {
                StartupStep.LOG.warn("JIT compiler threads left at their nice: none found under {}", tasks);
                return;
            }
            List<String> command = new ArrayList<>(List.of("renice", Integer.toString(nice), "-p"));
            command.addAll(threads);
            Process renice = new ProcessBuilder(command).redirectErrorStream(true).start();
            String said = new String(renice.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim()
                    .replace("\n", "; ");
            if (renice.waitFor() != 0) {
                StartupStep.LOG.warn("JIT compiler threads left at their nice: {} answered {} (raising a priority "
                        + "needs CAP_SYS_NICE, which containers lack by default; JVM_COMPILER_NICE= turns this off)",
                        command, said);
            }
        } catch (IOException e) {
            StartupStep.LOG.warn("JIT compiler threads left at their nice: {}", e.toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The ids of the compiler threads among {@code tasks}, a directory laid out as /proc/PID/task. */
    static List<String> compilerThreads(Path tasks) throws IOException {
        List<String> found = new ArrayList<>();
        try (Stream<Path> threads = Files.list(tasks)) {
            for (Path thread : (Iterable<Path>) threads::iterator) {
                String name = readName(thread.resolve("comm"));
                if (COMPILER_THREAD_NAMES.stream().anyMatch(name::startsWith)) {
                    found.add(thread.getFileName().toString());
                }
            }
        }
        return found;
    }

    /** Empty for a thread that ended while the directory was read. */
    private static String readName(Path comm) {
        try {
            return Files.readString(comm, StandardCharsets.UTF_8).trim();
        } catch (IOException ended) {
            return "";
        }
    }
}
