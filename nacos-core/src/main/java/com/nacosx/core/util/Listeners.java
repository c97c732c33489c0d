package com.nacosx.core.util;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * The listeners of one kind of event, told in the order they were enrolled, on the thread that
 * made the change. The change has already happened when they are told, so a listener that throws
 * is logged and the others are still told: it can neither undo the change nor fail the write
 * that made it. Listeners are enrolled by their module's wiring, never by themselves.
 */
public final class Listeners<L> {

    private static final Logger LOG = LoggerFactory.getLogger(Listeners.class);

    private final String event;
    private final List<L> enrolled = new CopyOnWriteArrayList<>();

    /** @param event what the listeners are told of, for the log */
    public Listeners(String event) {
        this.event = event;
    }

    public void enrol(L listener) {
        enrolled.add(listener);
    }

    public void tell(Consumer<? super L> call) {
        for (L listener : enrolled) {
            try {
                call.accept(listener);
            } catch (RuntimeException e) {
                LOG.error("{} failed on {}; the change stands and the other listeners were told", listener, event, e);
            }
        }
    }
}
