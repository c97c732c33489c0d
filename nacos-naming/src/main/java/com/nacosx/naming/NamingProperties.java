package com.nacosx.naming;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Settings of the service registry, bound once from {@code nacos.naming.*}.
 *
 * @param push  how service changes reach subscribers ({@code nacos.naming.push.*})
 * @param clean removal of services left without instances ({@code nacos.naming.clean.empty-service.*})
 * @param beat  1.x heartbeats ({@code nacos.naming.beat.*})
 * @param distro how 1.x instances are shared among the members ({@code nacos.naming.distro.*})
 */
@ConfigurationProperties(prefix = "nacos.naming")
public record NamingProperties(Push push, Clean clean, Beat beat, Distro distro) {

    public NamingProperties {
        if (push == null) {
            push = new Push(null, null, null, null, null);
        }
        if (clean == null) {
            clean = new Clean(null, null);
        }
        if (beat == null) {
            beat = new Beat(null, null, null);
        }
        if (distro == null) {
            distro = new Distro(null);
        }
    }

    /**
     * @param pushTaskDelay  a service is pushed at most once per this delay; changes within it are
     *                       folded into one push
     *                       (the official {@code nacos.naming.push.pushTaskDelay}, 500 ms)
     * @param ackTimeout     how long one gRPC push waits for its ack (default 3 s)
     * @param maxRetryTime   gRPC tries per push before it is given up (default 10)
     * @param udpAckTimeout  how long a UDP push waits for its {@code push-ack} before it is sent
     *                       again (default 1 s)
     * @param udpMaxRetry    UDP resends per push (default 3)
     */
    public record Push(Duration pushTaskDelay, Duration ackTimeout, Integer maxRetryTime, Duration udpAckTimeout,
                       Integer udpMaxRetry) {
        public Push {
            if (pushTaskDelay == null) {
                pushTaskDelay = Duration.ofMillis(500);
            }
            if (ackTimeout == null) {
                ackTimeout = Duration.ofSeconds(3);
            }
            if (maxRetryTime == null) {
                maxRetryTime = 10;
            }
            if (udpAckTimeout == null) {
                udpAckTimeout = Duration.ofSeconds(1);
            }
            if (udpMaxRetry == null) {
                udpMaxRetry = 3;
            }
        }
    }

    /** Bound from {@code nacos.naming.clean.*}. */
    public record Clean(EmptyService emptyService, ExpiredMetadata expiredMetadata) {
        public Clean {
            if (emptyService == null) {
                emptyService = new EmptyService(null, null);
            }
            if (expiredMetadata == null) {
                expiredMetadata = new ExpiredMetadata(null, null);
            }
        }
    }

    /**
     * @param interval    how often instance overrides whose instance is gone are looked for (official default 5 s)
     * @param expiredTime how long the instance must have been gone for its override to go (official default 60 s)
     */
    public record ExpiredMetadata(Duration interval, Duration expiredTime) {
        public ExpiredMetadata {
            if (interval == null) {
                interval = Duration.ofSeconds(5);
            }
            if (expiredTime == null) {
                expiredTime = Duration.ofSeconds(60);
            }
        }
    }

    /**
     * @param interval    how often empty services are looked for (official default 60 s)
     * @param expiredTime how long a service must have been empty to be removed (official default 60 s)
     */
    public record EmptyService(Duration interval, Duration expiredTime) {
        public EmptyService {
            if (interval == null) {
                interval = Duration.ofSeconds(60);
            }
            if (expiredTime == null) {
                expiredTime = Duration.ofSeconds(60);
            }
        }
    }

    /**
     * @param checkInterval how often 1.x instances' beats are checked (default 5 s, as the official)
     * @param lightBeat     whether clients may send beats without the instance's data (default true)
     * @param pacing        whether beats are answered with intervals that spread the clients' beats
     *                      over the interval (default true; false answers the interval as it is, as
     *                      the official; see {@code BeatPacing})
     */
    public record Beat(Duration checkInterval, Boolean lightBeat, Boolean pacing) {
        public Beat {
            if (checkInterval == null) {
                checkInterval = Duration.ofSeconds(5);
            }
            if (lightBeat == null) {
                lightBeat = true;
            }
            if (pacing == null) {
                pacing = true;
            }
        }
    }

    /**
     * @param warmUp how long a member that joins a serving cluster takes to take its whole share
     *               of the 1.x instances, evenly (default 30 s; 0 takes it at once, as the official)
     */
    public record Distro(Duration warmUp) {
        public Distro {
            if (warmUp == null) {
                warmUp = Duration.ofSeconds(30);
            }
        }
    }
}
