package com.nacosx.core.util;

import java.util.concurrent.ThreadFactory;

/** Threads for background work that must not keep the process alive at shutdown. */
public final class DaemonThreads {

    private DaemonThreads() {
    }

    /** Makes daemon threads, all named {@code name}. */
    public static ThreadFactory named(String name) {
        return runnable -> {
            Thread thread = new Thread(runnable, name);
            thread.setDaemon(true);
            return thread;
        };
    }
}
