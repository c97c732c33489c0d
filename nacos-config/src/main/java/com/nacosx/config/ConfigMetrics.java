package com.nacosx.config;

import com.nacosx.config.cache.ConfigCache;
import com.nacosx.config.push.ConfigChangePusher;
import com.nacosx.config.push.ConfigListeners;
import com.nacosx.config.push.LongPollHolder;
import com.nacosx.config.store.WriteBatcher;
import com.nacosx.core.metrics.NacosMeters;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Supplier;
import org.springframework.stereotype.Component;

/**
 * The config center's meters under the official server's names: {@code nacos_monitor{module="config"}}
 * gauges (longPolling, configCount, publish, getConfig, notifyTask, notifyClientTask, dumpTask),
 * {@code nacos_config_subscriber{version}} and the {@code nacos_timer} of reads and writes.
 * As in the official server, {@code publish} and {@code getConfig} count since local midnight.
 */
@Component
public class ConfigMetrics {

    private final DailyCount publishes = new DailyCount();
    private final DailyCount reads = new DailyCount();
    private final Timer readTime;
    private final Timer writeTime;

    public ConfigMetrics(MeterRegistry registry, ConfigCache cache, LongPollHolder longPolls,
            ConfigListeners listeners, ConfigChangePusher pusher, WriteBatcher writes) {
        monitor(registry, "longPolling", longPolls::heldCount);
        monitor(registry, "configCount", cache::size);
        monitor(registry, "publish", publishes::value);
        monitor(registry, "getConfig", reads::value);
        monitor(registry, "notifyTask", pusher::awaitingAck);
        monitor(registry, "notifyClientTask", pusher::awaitingFanOut);
        monitor(registry, "dumpTask", writes::pending);
        subscribers(registry, "v1", longPolls::heldCount);
        subscribers(registry, "v2", listeners::connectionCount);
        readTime = NacosMeters.timer(registry, NacosMeters.CONFIG, "readConfigRt");
        writeTime = NacosMeters.timer(registry, NacosMeters.CONFIG, "writeConfigRt");
    }

    private static void monitor(MeterRegistry registry, String name, Supplier<Number> value) {
        NacosMeters.monitor(registry, NacosMeters.CONFIG, name, value);
    }

    private static void subscribers(MeterRegistry registry, String version, Supplier<Number> value) {
        NacosMeters.gauge(registry, "nacos_config_subscriber", value, "version", version);
    }

    /** A read of a config (HTTP or gRPC) that took {@code nanos}. */
    public void read(long nanos) {
        reads.increment();
        readTime.record(nanos, TimeUnit.NANOSECONDS);
    }

    /** A publish, validated and handed on. */
    public void publishing() {
        publishes.increment();
    }

    /** A write applied on this node {@code nanos} after it was handed on. */
    public void written(long nanos) {
        writeTime.record(nanos, TimeUnit.NANOSECONDS);
    }

    /** A count that starts again from zero on the first use after local midnight. */
    private static final class DailyCount {
        private final LongAdder count = new LongAdder();
        private volatile long resetAt = nextMidnight();

        void increment() {
            rollOver();
            count.increment();
        }

        long value() {
            rollOver();
            return count.sum();
        }

        private void rollOver() {
            if (System.currentTimeMillis() >= resetAt) {
                synchronized (this) {
                    if (System.currentTimeMillis() >= resetAt) {
                        count.reset();
                        resetAt = nextMidnight();
                    }
                }
            }
        }

        private static long nextMidnight() {
            return LocalDate.now().plusDays(1).atStartOfDay(ZoneId.systemDefault()).toInstant().toEpochMilli();
        }
    }
}
