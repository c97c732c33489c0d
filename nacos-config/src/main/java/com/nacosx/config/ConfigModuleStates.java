package com.nacosx.config;

import com.nacosx.config.capacity.CapacitySettings;
import com.nacosx.config.store.DataSourceSettings;
import com.nacosx.config.store.SqlDialect;
import com.nacosx.core.console.ModuleStates;
import org.springframework.stereotype.Component;

import java.util.LinkedHashMap;
import java.util.Map;

/** The config center's settings on {@code /v1/console/server/state}, under the official keys. */
@Component
public class ConfigModuleStates implements ModuleStates {

    private final ConfigProperties config;
    private final DataSourceSettings store;
    private final CapacitySettings capacity;

    public ConfigModuleStates(ConfigProperties config, DataSourceSettings store, CapacitySettings capacity) {
        this.config = config;
        this.store = store;
        this.capacity = capacity;
    }

    @Override
    public Map<String, Object> states() {
        Map<String, Object> states = new LinkedHashMap<>();
        // The official shows the configured platform: empty for the embedded store.
        states.put("datasource_platform", store.dialect() == SqlDialect.MYSQL ? "mysql" : "");
        states.put("plugin_datasource_log_enabled", false);
        states.put("maxContent", config.maxContent());
        states.put("config_retention_days", config.retention().days());
        // Usage is always counted (from the cache), whatever isManageCapacity says.
        states.put("isManageCapacity", true);
        states.put("isCapacityLimitCheck", capacity.limitCheck());
        states.put("defaultClusterQuota", capacity.clusterQuota());
        states.put("defaultGroupQuota", capacity.groupQuota());
        states.put("defaultMaxSize", capacity.maxSize());
        states.put("defaultMaxAggrCount", capacity.maxAggrCount());
        states.put("defaultMaxAggrSize", capacity.maxAggrSize());
        return states;
    }
}
