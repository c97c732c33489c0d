package com.nacosx.core.control;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Counts requests per control point (and per client address where the point's rule says) in fixed
 * windows of the rule's period, and refuses those over the limit while the window lasts. A point
 * without a rule costs one map lookup.
 */
public final class TpsControl {

    private static final Logger LOG = LoggerFactory.getLogger(TpsControl.class);

    /** The requests of one window. */
    private static final class Window {
        private volatile long start;
        private volatile long periodMillis;
        private final AtomicLong count = new AtomicLong();

        /** Counts one request at {@code now}; @return the count in the current window */
        long hit(long now, long periodMillis) {
            long current = now - now % periodMillis;
            if (start != current) {
                synchronized (this) {
                    if (start != current) {
                        count.set(0);
                        start = current;
                        this.periodMillis = periodMillis;
                    }
                }
            }
            return count.incrementAndGet();
        }

        /**
         * Over once its own period has passed, and another after it (a hit at the boundary starts a
         * new window anyway): judged by any shorter span, a client's daily count would be forgotten
         * minutes into the day and its limit start again.
         */
        boolean idleSince(long now) {
            return start + 2 * periodMillis < now;
        }
    }

    private final ControlRules rules;
    private final Map<String, Window> points = new ConcurrentHashMap<>();
    private final Map<String, Window> clients = new ConcurrentHashMap<>();

    public TpsControl(ControlRules rules) {
        this.rules = rules;
    }

    /** @return why the request is refused, or null to let it through (and count it) */
    public String check(String point, String clientIp) {
        if (point == null) {
            return null;
        }
        ControlRules.TpsRule rule = rules.tpsRule(point);
        if (rule == null) {
            return null;
        }
        long now = System.currentTimeMillis();
        ControlRules.Limit total = rule.pointRule();
        if (total != null && total.maxCount() >= 0) {
            long count = points.computeIfAbsent(point, p -> new Window()).hit(now, total.periodMillis());
            if (count > total.maxCount() && refuses(total, point, "all clients", count)) {
                return point + " is over its limit of " + total.maxCount() + " per " + total.period();
            }
        }
        ControlRules.Limit perClient = clientIp == null ? null : rule.clientLimit(clientIp);
        if (perClient != null && perClient.maxCount() >= 0) {
            long count = clients.computeIfAbsent(point + '\n' + clientIp, k -> new Window())
                    .hit(now, perClient.periodMillis());
            if (count > perClient.maxCount() && refuses(perClient, point, clientIp, count)) {
                return point + " from " + clientIp + " is over its limit of " + perClient.maxCount() + " per "
                        + perClient.period();
            }
        }
        return null;
    }

    private static boolean refuses(ControlRules.Limit limit, String point, String who, long count) {
        if (count == limit.maxCount() + 1) {
            LOG.warn("{} of {} over {} per {} ({})", point, who, limit.maxCount(), limit.period(),
                    limit.intercepts() ? "refused" : "monitored only");
        }
        return limit.intercepts();
    }

    /** Forgets the windows of clients that stopped calling before {@code now}. */
    void forgetIdle(long now) {
        clients.values().removeIf(window -> window.idleSince(now));
    }
}
