package com.nacosx.core.auth;

import java.util.Base64;
import java.util.Set;
import org.springframework.core.env.Environment;

/**
 * The auth settings under their official names, read once at start.
 *
 * @param enabled              {@code nacos.core.auth.enabled}: checks every HTTP and gRPC request
 * @param secretKey            {@code nacos.core.auth.plugin.nacos.token.secret.key}, Base64-decoded
 * @param tokenTtlSeconds      {@code nacos.core.auth.plugin.nacos.token.expire.seconds} (18000)
 * @param tokenCache           {@code nacos.core.auth.plugin.nacos.token.cache.enable}: remember verified tokens
 * @param identityKey          {@code nacos.core.auth.server.identity.key}: the header peers prove themselves with
 * @param identityValue        {@code nacos.core.auth.server.identity.value}: its value
 * @param adminPassword        {@code nacos.core.auth.admin.password}: creates the admin {@code nacos} at
 *                             first start when no admin exists (empty: use {@code POST /v1/auth/users/admin})
 * @param loginMaxFailures     {@code nacos.core.auth.login.max-failures} (5): failed logins of one user
 *                             from one address before it must wait
 * @param loginLockSeconds     {@code nacos.core.auth.login.lock-seconds} (60): how long it waits
 */
public record AuthSettings(boolean enabled, byte[] secretKey, long tokenTtlSeconds, boolean tokenCache,
                           String identityKey, String identityValue, String adminPassword, int loginMaxFailures,
                           long loginLockSeconds) {

    private static final String PREFIX = "nacos.core.auth.";
    private static final String SECRET_KEY = PREFIX + "plugin.nacos.token.secret.key";
    private static final int MIN_KEY_BYTES = 32;
    /** Keys published in the official conf files and docs: anyone can sign tokens with them. */
    private static final Set<String> WELL_KNOWN_KEYS = Set.of(
            "SecretKey012345678901234567890123456789012345678901234567890123456789",
            "VGhpc0lzTXlDdXN0b21TZWNyZXRLZXkwMTIzNDU2Nzg=");

    /**
     * Reads the settings; with auth on, refuses a secret key that is missing, not Base64, shorter
     * than 32 bytes or published, and a missing server identity, saying what to set.
     */
    public static AuthSettings from(Environment env) {
        boolean enabled = env.getProperty(PREFIX + "enabled", Boolean.class, false);
        String system = env.getProperty(PREFIX + "system.type", "nacos");
        String key = env.getProperty(SECRET_KEY, "").trim();
        String identityKey = env.getProperty(PREFIX + "server.identity.key", "").trim();
        String identityValue = env.getProperty(PREFIX + "server.identity.value", "").trim();
        byte[] secret = decode(key);
        if (enabled) {
            if (!"nacos".equalsIgnoreCase(system)) {
                throw new IllegalStateException(PREFIX + "system.type=" + system
                        + " is not supported: only 'nacos' (users in the store) is");
            }
            requireStrongKey(key, secret);
            if (identityKey.isEmpty() || identityValue.isEmpty()) {
                throw new IllegalStateException("auth is on but " + PREFIX + "server.identity.key/value are empty: "
                        + "set both, the same on every member, so members can prove themselves to each other");
            }
        }
        return new AuthSettings(enabled, secret,
                env.getProperty(PREFIX + "plugin.nacos.token.expire.seconds", Long.class, 18_000L),
                env.getProperty(PREFIX + "plugin.nacos.token.cache.enable", Boolean.class, false),
                identityKey, identityValue, env.getProperty(PREFIX + "admin.password", "").trim(),
                env.getProperty(PREFIX + "login.max-failures", Integer.class, 5),
                env.getProperty(PREFIX + "login.lock-seconds", Long.class, 60L));
    }

    private static byte[] decode(String key) {
        try {
            return Base64.getDecoder().decode(key);
        } catch (IllegalArgumentException notBase64) {
            return null;
        }
    }

    private static void requireStrongKey(String key, byte[] secret) {
        String fix = "; set " + SECRET_KEY + " to your own random key of at least " + MIN_KEY_BYTES
                + " bytes in Base64, the same on every member (for example: openssl rand -base64 32)";
        if (key.isEmpty()) {
            throw new IllegalStateException("auth is on but " + SECRET_KEY + " is empty" + fix);
        }
        if (WELL_KNOWN_KEYS.contains(key)) {
            throw new IllegalStateException("auth is on but " + SECRET_KEY
                    + " is a key published in Nacos' documentation, with which anyone can forge tokens" + fix);
        }
        if (secret == null) {
            throw new IllegalStateException("auth is on but " + SECRET_KEY + " is not Base64" + fix);
        }
        if (secret.length < MIN_KEY_BYTES) {
            throw new IllegalStateException("auth is on but " + SECRET_KEY + " decodes to " + secret.length
                    + " bytes" + fix);
        }
    }
}
