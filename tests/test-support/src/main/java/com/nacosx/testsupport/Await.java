package com.nacosx.testsupport;

import java.util.function.BooleanSupplier;

/** Waits for something a server does in the background: a replica, an expiry, a push. */
public final class Await {

    private Await() {
    }

    /**
     * Checks {@code condition} every 100 ms until it holds.
     *
     * @throws AssertionError saying {@code what} did not happen within {@code millis}
     */
    public static void until(long millis, BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.currentTimeMillis() + millis;
        while (System.currentTimeMillis() < deadline) {
            if (condition.getAsBoolean()) {
                return;
            }
            Thread.sleep(100);
        }
        if (!condition.getAsBoolean()) {
            throw new AssertionError(what + " within " + millis + " ms");
        }
    }
}
