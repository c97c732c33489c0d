package com.nacosx.core.metrics;

import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.binder.jvm.ClassLoaderMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.FileDescriptorMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.core.instrument.binder.system.UptimeMetrics;
import io.micrometer.core.instrument.config.MeterFilter;
import io.micrometer.core.instrument.distribution.DistributionStatisticConfig;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.time.Duration;
import java.util.Arrays;
import java.util.Set;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The one meter registry of the node, in the Prometheus format, with the JVM and process meters
 * bound to it. Every component that measures something takes it as a constructor argument.
 */
@Configuration(proxyBeanMethods = false)
public class MetricsConfiguration {

    /** Latencies are histograms over these bounds: from a cache hit to a held long poll. */
    static final Duration[] LATENCY_BUCKETS = {
        Duration.ofNanos(250_000), Duration.ofMillis(1), Duration.ofMillis(5), Duration.ofMillis(10),
        Duration.ofMillis(25), Duration.ofMillis(50), Duration.ofMillis(100), Duration.ofMillis(250),
        Duration.ofMillis(500), Duration.ofSeconds(1), Duration.ofMillis(2500), Duration.ofSeconds(5),
        Duration.ofSeconds(10), Duration.ofSeconds(30)};

    private static final Set<String> HISTOGRAMS = Set.of(GrpcRequestTimers.NAME, HttpRequestTimers.NAME,
            PushMetrics.PUSH);

    @Bean(destroyMethod = "close")
    public PrometheusMeterRegistry meterRegistry() {
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        registry.config().meterFilter(latencyHistograms());
        new ClassLoaderMetrics().bindTo(registry);
        new JvmMemoryMetrics().bindTo(registry);
        new JvmGcMetrics().bindTo(registry);
        new JvmThreadMetrics().bindTo(registry);
        new ProcessorMetrics().bindTo(registry);
        new UptimeMetrics().bindTo(registry);
        new FileDescriptorMetrics().bindTo(registry);
        return registry;
    }

    /**
     * Fixed buckets rather than Micrometer's percentile histogram: some fifteen series per timer
     * instead of some seventy, so a scrape of every request type stays small.
     */
    private static MeterFilter latencyHistograms() {
        return new MeterFilter() {
            @Override
            public DistributionStatisticConfig configure(Meter.Id id, DistributionStatisticConfig config) {
                if (!HISTOGRAMS.contains(id.getName())) {
                    return config;
                }
                return DistributionStatisticConfig.builder().serviceLevelObjectives(
                        Arrays.stream(LATENCY_BUCKETS).mapToDouble(Duration::toNanos).toArray())
                        .build().merge(config);
            }
        };
    }
}
