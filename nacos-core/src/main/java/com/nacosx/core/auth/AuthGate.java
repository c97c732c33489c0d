package com.nacosx.core.auth;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.List;

/**
 * Decides whether a request may be served, the same way for every door: a peer that shows the
 * configured server identity passes; anyone else needs a valid access token, and then what the
 * request's {@link Access} asks (a signed-in user, the admin role, or a permission on each
 * resource it names). Nothing else (a User-Agent, an address) grants anything.
 */
public final class AuthGate {

    /** Why a request was refused; {@code signedIn} tells a missing or bad token from a missing permission. */
    public record Refusal(boolean signedIn, String message) {
    }

    private final AuthSettings settings;
    private final AccessTokens tokens;
    private final Accounts accounts;

    public AuthGate(AuthSettings settings, AccessTokens tokens, Accounts accounts) {
        this.settings = settings;
        this.tokens = tokens;
        this.accounts = accounts;
    }

    public boolean enabled() {
        return settings.enabled();
    }

    /** The header (HTTP) or request header (gRPC) peers prove themselves with. */
    public String identityKey() {
        return settings.identityKey();
    }

    /** Whether this value is the configured server identity; compared in constant time. */
    public boolean isPeer(String identity) {
        return identity != null && !settings.identityValue().isEmpty() && MessageDigest.isEqual(
                identity.getBytes(StandardCharsets.UTF_8), settings.identityValue().getBytes(StandardCharsets.UTF_8));
    }

    /**
     * @param token    the access token the request carries, or null
     * @param identity the server identity header's value, or null
     * @param memo     the connection's last verified token, or null
     * @return null when the request may be served, else why not
     */
    public <T> Refusal check(Access<T> access, T request, String token, String identity, TokenMemo memo) {
        if (!settings.enabled() || access.kind() == Access.Kind.OPEN || isPeer(identity)) {
            return null;
        }
        if (token == null || token.isBlank()) {
            return new Refusal(false, "no access token: log in with POST /nacos/v1/auth/users/login "
                    + "(username, password) and pass the accessToken it returns");
        }
        AccessTokens.Verdict verdict = tokens.verify(token, memo);
        if (verdict.username() == null) {
            return new Refusal(false, verdict.refusal() + " log in again with POST /nacos/v1/auth/users/login");
        }
        String user = verdict.username();
        if (!accounts.exists(user)) {
            return new Refusal(false, "user not found! the token's user '" + user + "' no longer exists");
        }
        return switch (access.kind()) {
            case OPEN, SIGNED_IN -> null;
            case ADMIN -> accounts.isAdmin(user) ? null
                    : new Refusal(true, "authorization failed! user '" + user + "' is not an admin");
            case PERMISSION -> permitted(user, access.action(), access.resources().apply(request));
        };
    }

    /** The user a valid token names, or null. */
    public String userOf(String token) {
        return token == null ? null : tokens.verify(token).username();
    }

    private Refusal permitted(String user, Action action, List<Resource> resources) {
        for (Resource resource : resources) {
            if (!accounts.permits(user, resource, action)) {
                return new Refusal(true, "authorization failed! user '" + user + "' has no permission '"
                        + action.code() + "' on " + resource.joined());
            }
        }
        return null;
    }
}
