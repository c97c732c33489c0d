package com.nacosx.core.auth;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Slows password guessing: after {@code maxFailures} failed logins of one user from one address,
 * that pair must wait {@code lockSeconds} from its last failure before it may try again. A
 * success clears the count; other users and addresses are not affected.
 */
public final class LoginThrottle {

    /** Pairs tracked at most; beyond it the oldest are forgotten first, as they unlock first. */
    private static final int TRACKED_LIMIT = 100_000;

    private record Failures(int count, long lastMillis) {
    }

    private final int maxFailures;
    private final long lockMillis;
    private final Map<String, Failures> failures = new ConcurrentHashMap<>();

    public LoginThrottle(int maxFailures, long lockSeconds) {
        this.maxFailures = maxFailures;
        this.lockMillis = lockSeconds * 1000;
    }

    /** Seconds the pair must still wait, or 0 when it may try. */
    public long waitSeconds(String username, String ip) {
        Failures seen = failures.get(key(username, ip));
        if (seen == null || seen.count() < maxFailures) {
            return 0;
        }
        long left = seen.lastMillis() + lockMillis - System.currentTimeMillis();
        return left <= 0 ? 0 : (left + 999) / 1000;
    }

    public void failed(String username, String ip) {
        long now = System.currentTimeMillis();
        if (failures.size() >= TRACKED_LIMIT) {
            failures.values().removeIf(seen -> seen.lastMillis() + lockMillis < now);
        }
        failures.merge(key(username, ip), new Failures(1, now), (old, one) ->
                new Failures(old.lastMillis() + lockMillis < now ? 1 : old.count() + 1, now));
    }

    public void succeeded(String username, String ip) {
        failures.remove(key(username, ip));
    }

    private static String key(String username, String ip) {
        return username + '\n' + ip;
    }
}
