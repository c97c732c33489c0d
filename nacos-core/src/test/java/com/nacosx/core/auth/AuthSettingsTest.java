package com.nacosx.core.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Base64;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.StandardEnvironment;

class AuthSettingsTest {

    static final String KEY = Base64.getEncoder().encodeToString("0123456789abcdef0123456789abcdef".getBytes());

    static AuthSettings settings(String... pairs) {
        Map<String, Object> values = new HashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            values.put(pairs[i], pairs[i + 1]);
        }
        StandardEnvironment env = new StandardEnvironment();
        env.getPropertySources().addFirst(new MapPropertySource("test", values));
        return AuthSettings.from(env);
    }

    static String[] on(String key) {
        return new String[] {"nacos.core.auth.enabled", "true", "nacos.core.auth.plugin.nacos.token.secret.key", key,
                "nacos.core.auth.server.identity.key", "peer", "nacos.core.auth.server.identity.value", "v"};
    }

    @Test
    void offByDefaultWithTheOfficialDefaults() {
        AuthSettings settings = settings();
        assertFalse(settings.enabled());
        assertEquals(18_000, settings.tokenTtlSeconds());
        assertFalse(settings.tokenCache());
    }

    @Test
    void refusesToStartWithAWeakOrPublishedKey() {
        assertTrue(assertThrows(IllegalStateException.class, () -> settings(on(""))).getMessage().contains("is empty"));
        assertTrue(assertThrows(IllegalStateException.class, () -> settings(on(
                "SecretKey012345678901234567890123456789012345678901234567890123456789"))).getMessage()
                .contains("published"));
        assertTrue(assertThrows(IllegalStateException.class, () -> settings(on(
                Base64.getEncoder().encodeToString("short".getBytes())))).getMessage().contains("decodes to 5 bytes"));
        assertTrue(assertThrows(IllegalStateException.class, () -> settings(on("not base64 !"))).getMessage()
                .contains("not Base64"));
    }

    @Test
    void refusesToStartWithoutAServerIdentity() {
        IllegalStateException refused = assertThrows(IllegalStateException.class, () -> settings(
                "nacos.core.auth.enabled", "true", "nacos.core.auth.plugin.nacos.token.secret.key", KEY));
        assertTrue(refused.getMessage().contains("server.identity"));
    }

    @Test
    void acceptsAStrongKey() {
        AuthSettings settings = settings(on(KEY));
        assertTrue(settings.enabled());
        assertEquals(32, settings.secretKey().length);
    }
}
