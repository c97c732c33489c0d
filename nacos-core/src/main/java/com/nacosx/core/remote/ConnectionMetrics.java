package com.nacosx.core.remote;

import com.nacosx.core.metrics.NacosMeters;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.stereotype.Component;

/**
 * The long connections held, as the official server counts them: {@code nacos_monitor{module="core",
 * name="longConnection"}} for all of them, and per module for the clients that say (in their
 * {@code module} label) whether they came for config or naming.
 */
@Component
public class ConnectionMetrics {

    private static final String MODULE_LABEL = "module";

    public ConnectionMetrics(ConnectionManager connections, MeterRegistry registry) {
        NacosMeters.monitor(registry, NacosMeters.CORE, "longConnection", connections::count);
        for (String module : new String[] {NacosMeters.CONFIG, NacosMeters.NAMING}) {
            NacosMeters.monitor(registry, module, "longConnection", () -> connections.all().stream()
                    .filter(connection -> module.equals(connection.meta().labels().get(MODULE_LABEL))).count());
        }
    }
}
