package com.nacosx.core.auth;

/**
 * The token one connection showed last, once verified. A 2.x application sends every request on
 * one connection with the same token: its next requests skip the signature check until the token
 * expires. The user's existence and permissions are still checked on every request.
 */
public final class TokenMemo {

    /** A verified token, the user it names and when it expires. */
    record Verified(String token, String username, long expiresAtMillis) {
    }

    private volatile Verified last;

    /** The user of this token when it is the one verified last and not expired, else null. */
    String userOf(String token, long now) {
        Verified known = last;
        return known != null && known.token().equals(token) && known.expiresAtMillis() > now ? known.username() : null;
    }

    void remember(Verified verified) {
        last = verified;
    }
}
