package com.nacosx.core.auth;

import com.nacosx.core.readiness.ServerReadiness;
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
        return new AccountRefresher(accounts, settings.adminPassword(), readiness);
    }
}
