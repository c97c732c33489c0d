package com.nacosx.core.auth;

import com.nacosx.core.readiness.ServerReadiness;
import com.nacosx.core.util.PeriodicTask;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/** The auth pieces, made once from the settings; the store behind the accounts is the config module's. */
@Configuration(proxyBeanMethods = false)
public class AuthConfiguration {

    private static final long REFRESH_SECONDS = 5;

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

    /**
     * Reads the account tables every few seconds (changes made through another member or straight
     * in a shared database), and once the server is ready creates the admin from
     * {@code nacos.core.auth.admin.password} when none exists.
     */
    @Bean
    PeriodicTask accountRefresher(Accounts accounts, AuthSettings settings, ServerReadiness readiness) {
        FirstAdmin firstAdmin = new FirstAdmin(accounts, settings.adminPassword(), readiness);
        return new PeriodicTask("auth-refresh", REFRESH_SECONDS, () -> {
            accounts.refresh();
            firstAdmin.createWhenReady();
        });
    }

    /** The admin from {@code nacos.core.auth.admin.password}, created once the store takes writes. */
    static final class FirstAdmin {

        private static final Logger LOG = LoggerFactory.getLogger(FirstAdmin.class);

        private final Accounts accounts;
        private final String password;
        private final ServerReadiness readiness;
        private boolean settled;

        FirstAdmin(Accounts accounts, String password, ServerReadiness readiness) {
            this.accounts = accounts;
            this.password = password;
            this.readiness = readiness;
            this.settled = password.isEmpty();
        }

        /** Tried again next time when the store refuses (no Raft leader yet); settled once an admin exists. */
        void createWhenReady() {
            if (settled || !readiness.isReady()) {
                return;
            }
            if (!accounts.hasAdmin()) {
                accounts.createAdmin(password);
            }
            settled = true;
            LOG.info("the admin user '{}' exists (nacos.core.auth.admin.password is used only while none does)",
                    Accounts.ADMIN_USER);
        }
    }
}
