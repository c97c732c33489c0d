package com.nacosx.core.control;

import com.nacosx.core.util.DaemonThreads;
import java.nio.file.Path;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
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
    ControlRules controlRules(Environment env) {
        String home = env.getProperty("nacos.home", System.getProperty("user.home") + "/nacos");
        return new ControlRules(Path.of(env.getProperty("nacos.plugin.control.rule.local.basedir", home)));
    }

    @Bean
    TpsControl tpsControl(ControlRules rules) {
        return new TpsControl(rules);
    }

    @Bean
    ConnectionControl connectionControl(ControlRules rules) {
        return new ConnectionControl(rules);
    }

    @Bean
    RuleWatcher controlRuleWatcher(ControlRules rules, TpsControl tps, Environment env) {
        boolean enabled = "nacos".equalsIgnoreCase(env.getProperty("nacos.plugin.control.manager.type", ""));
        return new RuleWatcher(rules, tps, enabled);
    }

    /** Reads the rule files at start and again every few seconds, so a changed rule applies without a restart. */
    static final class RuleWatcher implements SmartLifecycle {

        private static final Logger LOG = LoggerFactory.getLogger(RuleWatcher.class);

        private final ControlRules rules;
        private final TpsControl tps;
        private final boolean enabled;
        private ScheduledExecutorService timer;

        RuleWatcher(ControlRules rules, TpsControl tps, boolean enabled) {
            this.rules = rules;
            this.tps = tps;
            this.enabled = enabled;
        }

        @Override
        public void start() {
            if (!enabled) {
                return;
            }
            rules.reload();
            timer = Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("control-rules"));
            timer.scheduleWithFixedDelay(this::reload, RELOAD_SECONDS, RELOAD_SECONDS, TimeUnit.SECONDS);
        }

        private void reload() {
            try {
                rules.reload();
                tps.forgetIdle();
            } catch (RuntimeException e) {
                LOG.warn("could not read the control rules; the last ones stay: {}", e.toString());
            }
        }

        @Override
        public void stop() {
            if (timer != null) {
                timer.shutdownNow();
            }
        }

        @Override
        public boolean isRunning() {
            return timer != null && !timer.isShutdown();
        }
    }
}
