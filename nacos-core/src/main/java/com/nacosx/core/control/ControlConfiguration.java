package com.nacosx.core.control;

import com.nacosx.core.util.PeriodicTask;
import java.nio.file.Path;
import com.nacosx.core.env.NacosServerProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/**
 * The control plugin, on under its official setting {@code nacos.plugin.control.manager.type=nacos}
 * with rules under {@code nacos.plugin.control.rule.local.basedir} (default {@code nacos.home});
 * off, no rule is read and every check passes.
 */
@Configuration(proxyBeanMethods = false)
public class ControlConfiguration {

    private static final long RELOAD_SECONDS = 2;

    @Bean
    ControlRules controlRules(Environment env, NacosServerProperties server) {
        return new ControlRules(Path.of(env.getProperty("nacos.plugin.control.rule.local.basedir", server.home())));
    }

    @Bean
    TpsControl tpsControl(ControlRules rules) {
        return new TpsControl(rules);
    }

    @Bean
    ConnectionControl connectionControl(ControlRules rules) {
        return new ConnectionControl(rules);
    }

    /** Reads the rule files at start and again every few seconds, so a changed rule applies without a restart. */
    @Bean
    PeriodicTask controlRuleWatcher(ControlRules rules, TpsControl tps, Environment env) {
        boolean enabled = "nacos".equalsIgnoreCase(env.getProperty("nacos.plugin.control.manager.type", ""));
        return new PeriodicTask("control-rules", RELOAD_SECONDS, () -> {
            if (enabled) {
                rules.reload();
                tps.forgetIdle(System.currentTimeMillis());
            }
        });
    }
}
