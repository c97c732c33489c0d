package com.nacosx.core.metrics;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.util.function.Supplier;

/**
 * The meters under the official server's names, so that dashboards built for it read ours:
 * {@code nacos_monitor{module,name}} gauges, {@code nacos_timer{module,name}} timers and
 * {@code nacos_exception_total{module,name}} counters; and the gauge every module's meters are made of.
 */
public final class NacosMeters {

    public static final String CORE = "core";
    public static final String CONFIG = "config";
    public static final String NAMING = "naming";

    private NacosMeters() {
    }

    /** A {@code nacos_monitor} gauge read from {@code value} at each scrape. */
    public static void monitor(MeterRegistry registry, String module, String name, Supplier<Number> value) {
        gauge(registry, "nacos_monitor", value, "module", module, "name", name);
    }

    /**
     * A gauge read from {@code value} at each scrape, held by the registry for the life of the node.
     *
     * @param tags name, value, name, value...
     */
    public static void gauge(MeterRegistry registry, String name, Supplier<Number> value, String... tags) {
        Gauge.builder(name, value).tags(tags).strongReference(true).register(registry);
    }

    public static Timer timer(MeterRegistry registry, String module, String name) {
        return Timer.builder("nacos_timer").tag("module", module).tag("name", name).register(registry);
    }

    public static Counter exception(MeterRegistry registry, String module, String name) {
        return Counter.builder("nacos_exception").tag("module", module).tag("name", name).register(registry);
    }
}
