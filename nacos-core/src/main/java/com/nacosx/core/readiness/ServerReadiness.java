package com.nacosx.core.readiness;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * Whether this node may take traffic. A module that loads state at start enrols a gate while its
 * bean is built and opens it when the state is loaded; the node is ready once the application has
 * started and every gate is open. Safe to call from any thread.
 */
@Component
public class ServerReadiness {

    private final Set<String> closedGates = ConcurrentHashMap.newKeySet();
    private volatile boolean started;

    public void close(String gate) {
        closedGates.add(gate);
    }

    public void open(String gate) {
        closedGates.remove(gate);
    }

    @EventListener(ApplicationReadyEvent.class)
    void onStarted() {
        started = true;
    }

    public boolean isReady() {
        return started && closedGates.isEmpty();
    }

    /** The gates still closed, for the readiness answer. */
    public Set<String> closedGates() {
        return Set.copyOf(closedGates);
    }
}
