package com.nacosx.config;

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

    public ConfigModuleStates(ConfigProperties config, DataSourceSettings store) {
        this.config = config;
        this.store = store;
    }

    @Override
    public Map<String, Object> states() {
        Map<String, Object> states = new LinkedHashMap<>();
        states.put("datasource_platform", store.dialect() == SqlDialect.MYSQL ? "mysql" : "derby");
        states.put("plugin_datasource_log_enabled", false);
        states.put("maxContent", config.maxContent());
        states.put("config_retention_days", config.retention().days());
        return states;
    }
}
