package com.nacosx.config;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Settings of the configuration center, bound once from {@code nacos.config.*}.
 *
 * @param maxContent          the largest content a publish may carry, in characters
 *                            ({@code nacos.config.max-content}, default 10 MiB)
 * @param longPollMinTimeout  the shortest hold of a 1.x long poll, whatever the client asks
 *                            ({@code nacos.config.long-poll.min-timeout}, default 10 s)
 * @param longPollMargin      a held poll answers this much before the client's timeout, so the
 *                            answer arrives before the client gives up ({@code nacos.config.long-poll.margin}, 500 ms)
 * @param push                how changes are pushed to 2.x listeners ({@code nacos.config.push.*})
 * @param cluster             how nodes sharing a MySQL database keep their caches in step
 *                            ({@code nacos.config.cluster.*})
 * @param retention           how long the change history is kept ({@code nacos.config.retention.*})
 */
@ConfigurationProperties(prefix = "nacos.config")
public record ConfigProperties(Integer maxContent, LongPoll longPoll, Push push, Cluster cluster,
                               Retention retention) {

    public static final int DEFAULT_MAX_CONTENT = 10 * 1024 * 1024;

    public ConfigProperties {
        if (maxContent == null) {
            maxContent = DEFAULT_MAX_CONTENT;
        }
        if (longPoll == null) {
            longPoll = new LongPoll(null, null);
        }
        if (push == null) {
            push = new Push(null, null, null, null);
        }
        if (cluster == null) {
            cluster = new Cluster(null);
        }
        if (retention == null) {
            retention = new Retention(null, null);
        }
    }

    /**
     * @param days     history rows older than this many days are deleted (the official
     *                 {@code nacos.config.retention.days}, default 30)
     * @param interval how often old rows are looked for (default 10 min, the official's schedule)
     */
    public record Retention(Integer days, Duration interval) {
        public Retention {
            if (days == null) {
                days = 30;
            }
            if (interval == null) {
                interval = Duration.ofMinutes(10);
            }
        }
    }

    /**
     * @param fullSyncInterval how often the whole cache is compared with the shared database, to
     *                         heal a change notice a peer missed (default 5 min)
     */
    public record Cluster(Duration fullSyncInterval) {
        public Cluster {
            if (fullSyncInterval == null) {
                fullSyncInterval = Duration.ofMinutes(5);
            }
        }
    }

    /**
     * Pushes of {@code ConfigChangeNotifyRequest} to 2.x listeners.
     *
     * @param maxRetryTime tries per push before it is given up (the official {@code nacos.config.push.maxRetryTime}, 50)
     * @param ackTimeout   how long one try waits for the client's ack (default 3 s)
     * @param maxInFlight  pushes awaiting their ack at once (default 20,000); a burst of changes to
     *                     configs with many listeners waits for acks instead of filling the heap
     * @param mergeWindow  how long a change waits for others before they are pushed (default 20 ms):
     *                     a connection then gets all its notices in one write, and a config changed
     *                     twice in the window is pushed once; 0 pushes every change at once
     */
    public record Push(Integer maxRetryTime, Duration ackTimeout, Integer maxInFlight, Duration mergeWindow) {
        public Push {
            if (mergeWindow == null) {
                mergeWindow = Duration.ofMillis(20);
            }
            if (maxInFlight == null) {
                maxInFlight = 20_000;
            }
            if (maxRetryTime == null) {
                maxRetryTime = 50;
            }
            if (ackTimeout == null) {
                ackTimeout = Duration.ofSeconds(3);
            }
        }
    }

    /** Holding of 1.x long polls. */
    public record LongPoll(Duration minTimeout, Duration margin) {
        public LongPoll {
            if (minTimeout == null) {
                minTimeout = Duration.ofSeconds(10);
            }
            if (margin == null) {
                margin = Duration.ofMillis(500);
            }
        }
    }
}
