package com.nacosx.core.auth;

import com.nacosx.core.readiness.ServerReadiness;
import com.nacosx.core.util.DaemonThreads;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/** The auth pieces, made once from the settings; the store behind the accounts is the config module's. */
@Configuration(proxyBeanMethods = false)
public class AuthConfiguration {

    @Bean
    AuthSettings authSettings(Environment env) {
        return AuthSettings.from(env);
    }

    @Bean
    AccessTokens accessTokens(AuthSettings settings) {
        return new AccessTokens(settings);
    }

    @Bean
    Accounts accounts(AccountStore store) {
        return new Accounts(store);
    }

    @Bean
    LoginThrottle loginThrottle(AuthSettings settings) {
        return new LoginThrottle(settings.loginMaxFailures(), settings.loginLockSeconds());
    }

    @Bean
    AuthGate authGate(AuthSettings settings, AccessTokens tokens, Accounts accounts) {
        return new AuthGate(settings, tokens, accounts);
    }

    @Bean
    AccountRefresher accountRefresher(Accounts accounts, AuthSettings settings, ServerReadiness readiness) {
        return new AccountRefresher(accounts, settings, readiness);
    }

    /**
     * Reads the account tables every few seconds (changes made through another member or straight
     * in a shared database), and once the server is ready creates the admin from
     * {@code nacos.core.auth.admin.password} when none exists.
     */
    static final class AccountRefresher implements SmartLifecycle {

        private static final Logger LOG = LoggerFactory.getLogger(AccountRefresher.class);
        private static final long PERIOD_SECONDS = 5;

        private final Accounts accounts;
        private final AuthSettings settings;
        private final ServerReadiness readiness;
        private ScheduledExecutorService timer;
        private boolean adminSettled;

        AccountRefresher(Accounts accounts, AuthSettings settings, ServerReadiness readiness) {
            this.accounts = accounts;
            this.settings = settings;
            this.readiness = readiness;
            this.adminSettled = settings.adminPassword().isEmpty();
        }

        @Override
        public void start() {
            timer = Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("auth-refresh"));
            timer.scheduleWithFixedDelay(this::refresh, 0, PERIOD_SECONDS, TimeUnit.SECONDS);
        }

        private void refresh() {
            try {
                accounts.refresh();
                if (!adminSettled && readiness.isReady()) {
                    createAdmin();
                }
            } catch (RuntimeException e) {
                LOG.warn("could not read the account tables; the last read stays in use: {}", e.toString());
            }
        }

        /** Tried again next period when the store refuses (no Raft leader yet); settled once an admin exists. */
        private void createAdmin() {
            if (!accounts.hasAdmin()) {
                accounts.createAdmin(settings.adminPassword());
            }
            adminSettled = true;
            LOG.info("the admin user '{}' exists (nacos.core.auth.admin.password is used only while none does)",
                    Accounts.ADMIN_USER);
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
