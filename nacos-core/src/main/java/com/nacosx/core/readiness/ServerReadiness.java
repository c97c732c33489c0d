package com.nacosx.core.readiness;

import com.nacosx.core.util.DaemonThreads;
import java.lang.management.ManagementFactory;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.ContextClosedEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * Whether this node may take traffic. A module that loads state at start enrols a gate while its
 * bean is built and opens it when the state is loaded; the node is ready once the application has
 * started and every gate is open, until it begins to stop. Safe to call from any thread.
 * {@code nacos.log} says how long the start took and, until then, every
 * {@link StartupStep#PROGRESS_SECONDS} s which gates it still waits for (a Raft group catching up
 * on a busy host can take a while).
 */
@Component
public class ServerReadiness {

    private final Set<String> closedGates = ConcurrentHashMap.newKeySet();
    private boolean readyReported;
    private final CompletableFuture<Void> ready = new CompletableFuture<>();
    private final ScheduledExecutorService progress = Executors.newSingleThreadScheduledExecutor(
            DaemonThreads.named("readiness-progress"));
    private volatile boolean started;
    private volatile boolean announced;
    private volatile boolean stopping;

    public void close(String gate) {
        closedGates.add(gate);
    }

    public void open(String gate) {
        if (closedGates.remove(gate)) {
            StartupStep.LOG.info("{} open {} ms after the process started", gate, processAgeMillis());
            reportIfReady();
        }
    }

    @EventListener(ApplicationReadyEvent.class)
    public synchronized void onStarted() {
        started = true;
        if (!reportIfReady()) {
            progress.scheduleWithFixedDelay(() -> StartupStep.LOG.info("not ready yet after {} s: waiting for {}",
                    processAgeMillis() / 1000, closedGates()), StartupStep.PROGRESS_SECONDS,
                    StartupStep.PROGRESS_SECONDS, TimeUnit.SECONDS);
        }
    }

    /** Synchronized with {@link #onStarted} so that the progress report is never scheduled after its end. */
    private synchronized boolean reportIfReady() {
        if (started && closedGates.isEmpty() && !readyReported) {
            readyReported = true;
            progress.shutdownNow();
            StartupStep.LOG.info("ready {} ms after the process started", processAgeMillis());
            ready.complete(null);
            announced = true;
        }
        return readyReported;
    }

    private static long processAgeMillis() {
        return ManagementFactory.getRuntimeMXBean().getUptime();
    }

    /**
     * A stopping node is not ready from the moment the stop begins: clients go to another server
     * while it finishes what it holds.
     */
    @EventListener(ContextClosedEvent.class)
    public void onStopping() {
        stopping = true;
    }

    /**
     * True only once the continuations of {@link #ready} have run: whoever sees a ready node (its
     * readiness answer, a client) sees it UP to its peers too, its kept beats applied.
     */
    public boolean isReady() {
        return announced && !stopping;
    }

    public boolean isStopping() {
        return stopping;
    }

    /**
     * Completes when this node is ready (at once when it is). Continuations run on the thread that
     * opened the last gate: keep them short.
     */
    public CompletableFuture<Void> ready() {
        return ready.copy();
    }

    /** The gates still closed, for the readiness answer. */
    public Set<String> closedGates() {
        return Set.copyOf(closedGates);
    }
}
