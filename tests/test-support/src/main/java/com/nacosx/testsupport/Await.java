package com.nacosx.testsupport;

import java.util.function.BooleanSupplier;

/** Waits for something a server does in the background: a replica, an expiry, a push. */
public final class Await {

    private Await() {
    }

    /**
     * Checks {@code condition} every 100 ms until it holds.
     *
     * @param idleMillis how long it may take on an idle machine; the wait stretches with the
     *                   machine's load ({@link Patience}), judged again when it would run out
     * @throws AssertionError saying {@code what} did not happen in time
     */
    public static void until(long idleMillis, BooleanSupplier condition, String what) throws InterruptedException {
        long start = System.currentTimeMillis();
        long allowed = Patience.millis(idleMillis);
        while (true) {
            if (condition.getAsBoolean()) {
                return;
            }
            long waited = System.currentTimeMillis() - start;
            if (waited >= allowed) {
                allowed = Math.max(allowed, Patience.millis(idleMillis));
                if (waited >= allowed) {
                    throw new AssertionError(what + " within " + allowed + " ms (" + idleMillis
                            + " ms on an idle machine)");
                }
            }
            Thread.sleep(100);
        }
    }
}
