package com.nacosx.core.console;

import com.nacosx.core.auth.Accounts;
import com.nacosx.core.auth.AuthSettings;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.stereotype.Component;

/**
 * The auth keys of the server state, as the official server shows them: whether auth and its
 * login page are on, and whether the console must first ask for the admin's password (no admin yet).
 */
@Component
public class AuthStates implements ModuleStates {

    private final AuthSettings settings;
    private final Accounts accounts;

    public AuthStates(AuthSettings settings, Accounts accounts) {
        this.settings = settings;
        this.accounts = accounts;
    }

    @Override
    public Map<String, Object> states() {
        Map<String, Object> states = new LinkedHashMap<>();
        states.put("auth_enabled", settings.enabled());
        states.put("login_page_enabled", settings.enabled());
        states.put("auth_system_type", "nacos");
        states.put("auth_admin_request", settings.enabled() && !accounts.hasAdmin());
        return states;
    }
}
