package com.nacosx.console;

import com.nacosx.core.ModuleDoors;
import com.nacosx.core.console.ModuleStates;
import com.nacosx.core.http.HttpServerProperties;
import java.util.List;
import java.util.Map;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/**
 * The web console, on unless {@code nacos.console.ui.enabled=false}; off, {@code /nacos/} serves
 * nothing and the server state says so ({@code console_ui_enabled}), as the official server's does.
 */
@Configuration(proxyBeanMethods = false)
public class ConsoleWiring {

    static final String ENABLED = "nacos.console.ui.enabled";

    @Bean
    ModuleDoors consoleDoors(Environment env, HttpServerProperties http) {
        if (!enabled(env)) {
            return new ModuleDoors("console", List.of(), List.of());
        }
        ConsoleBundle bundle = ConsoleBundle.load(ConsoleWiring.class.getClassLoader());
        if (bundle.isEmpty()) {
            throw new IllegalStateException("this server was built without its console (no " + ConsoleBundle.ROOT
                    + " on the class path): build it with Node.js installed (see the README), or set " + ENABLED + "=false");
        }
        return new ModuleDoors("console", List.of(new ConsoleUiHttpApi(bundle, http.servlet().contextPath())), List.of());
    }

    @Bean
    ModuleStates consoleStates(Environment env) {
        boolean enabled = enabled(env);
        return () -> Map.of("console_ui_enabled", enabled);
    }

    private static boolean enabled(Environment env) {
        return env.getProperty(ENABLED, Boolean.class, true);
    }
}
