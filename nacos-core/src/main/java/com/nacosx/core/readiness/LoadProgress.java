package com.nacosx.core.readiness;

import com.nacosx.core.metrics.NacosMeters;
import com.nacosx.core.util.DaemonThreads;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.springframework.stereotype.Component;

/**
 * How far a long load has got (the config table at start, a Distro snapshot, a Raft snapshot
 * install), so that an operator can tell a large load from a hung one: in {@code nacos.log} when it
 * begins, every {@link StartupStep#PROGRESS_SECONDS} s and when it ends, and at each scrape as
 * {@code nacos_load_done{task}}, {@code nacos_load_items{task}} (-1 while unknown) and {@code nacos_load_running{task}}.
 * A task loaded again (a second snapshot install) starts its counts from zero.
 */
@Component
public class LoadProgress {

    private final MeterRegistry registry;
    private final Map<String, Counts> tasks = new ConcurrentHashMap<>();

    private record Counts(AtomicLong done, AtomicLong total, AtomicLong running) {
    }

    public LoadProgress(MeterRegistry registry) {
        this.registry = registry;
    }

    /**
     * @param what  what is loaded, in words, for the log
     * @param total how many items the load holds, or -1 when that is not known up front
     */
    public Load begin(String task, String what, long total) {
        Counts counts = tasks.computeIfAbsent(task, this::register);
        counts.done().set(0);
        counts.total().set(total);
        counts.running().set(1);
        return new Load(what, counts);
    }

    private Counts register(String task) {
        Counts counts = new Counts(new AtomicLong(), new AtomicLong(), new AtomicLong());
        NacosMeters.gauge(registry, "nacos_load_done", counts.done()::get, "task", task);
        NacosMeters.gauge(registry, "nacos_load_items", counts.total()::get, "task", task);
        NacosMeters.gauge(registry, "nacos_load_running", counts.running()::get, "task", task);
        return counts;
    }

    /** One load under way; close it when it ends, however it ends. */
    public static final class Load implements AutoCloseable {
        private final String what;
        private final Counts counts;
        private final long start = System.nanoTime();
        private final ScheduledExecutorService reporter =
                Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("load-progress"));

        private Load(String what, Counts counts) {
            this.what = what;
            this.counts = counts;
            StartupStep.LOG.info("loading {}: {} items", what, shown(counts.total().get()));
            reporter.scheduleAtFixedRate(() -> StartupStep.LOG.info("loading {}: {} of {} after {} s", what,
                    counts.done().get(), shown(counts.total().get()), elapsed(TimeUnit.SECONDS)),
                    StartupStep.PROGRESS_SECONDS, StartupStep.PROGRESS_SECONDS, TimeUnit.SECONDS);
        }

        public void advance(long items) {
            counts.done().addAndGet(items);
        }

        /** The total, once it is known. */
        public void total(long items) {
            counts.total().set(items);
        }

        @Override
        public void close() {
            reporter.shutdownNow();
            counts.running().set(0);
            StartupStep.LOG.info("loaded {}: {} items in {} ms", what, counts.done().get(),
                    elapsed(TimeUnit.MILLISECONDS));
        }

        private long elapsed(TimeUnit unit) {
            return unit.convert(System.nanoTime() - start, TimeUnit.NANOSECONDS);
        }

        private static String shown(long total) {
            return total < 0 ? "?" : String.valueOf(total);
        }
    }
}
