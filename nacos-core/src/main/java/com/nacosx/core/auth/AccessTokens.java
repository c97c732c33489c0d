package com.nacosx.core.auth;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jose.crypto.MACVerifier;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import java.text.ParseException;
import java.util.Date;
import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Access tokens: JWTs signed HS256 with the configured secret key, carrying the user ({@code sub})
 * and the expiry ({@code exp}), as the official server signs them. Only HS256 with our key is
 * accepted: an unsigned token ({@code alg: none}) or one signed any other way is invalid.
 */
public final class AccessTokens {

    /** Verified tokens remembered at most, when the cache is on. */
    private static final int CACHE_LIMIT = 10_000;

    /** Why a token was refused, or the user it names. */
    public record Verdict(String username, String refusal) {
        boolean valid() {
            return username != null;
        }
    }


    private final MACSigner signer;
    private final MACVerifier verifier;
    private final long ttlSeconds;
    private final Map<String, TokenMemo.Verified> cache;

    public AccessTokens(AuthSettings settings) {
        // Without a usable key (auth off and no key set) nothing is signed and no token is valid.
        byte[] key = settings.secretKey();
        boolean usable = key != null && key.length >= 32;
        try {
            this.signer = usable ? new MACSigner(key) : null;
            this.verifier = usable ? new MACVerifier(key) : null;
        } catch (JOSEException e) {
            throw new IllegalStateException("the token secret key cannot sign HS256: " + e.getMessage(), e);
        }
        this.ttlSeconds = settings.tokenTtlSeconds();
        this.cache = settings.tokenCache() ? new ConcurrentHashMap<>() : null;
    }

    public long ttlSeconds() {
        return ttlSeconds;
    }

    /** A new token for the user, valid for the configured time. */
    public String issue(String username) {
        if (signer == null) {
            throw new IllegalStateException("no token secret key is configured: set "
                    + "nacos.core.auth.plugin.nacos.token.secret.key to log in");
        }
        JWTClaimsSet claims = new JWTClaimsSet.Builder().subject(username)
                .expirationTime(new Date(System.currentTimeMillis() + ttlSeconds * 1000)).build();
        SignedJWT jwt = new SignedJWT(new JWSHeader(JWSAlgorithm.HS256), claims);
        try {
            jwt.sign(signer);
        } catch (JOSEException e) {
            throw new IllegalStateException("could not sign a token: " + e.getMessage(), e);
        }
        return jwt.serialize();
    }

    /** The user a token names when it is ours, intact and unexpired; else why not. */
    public Verdict verify(String token) {
        return verify(token, null);
    }

    /**
     * The same, remembering a verified token in {@code memo} (the connection's; null for none) and
     * trusting it there until it expires.
     */
    public Verdict verify(String token, TokenMemo memo) {
        long now = System.currentTimeMillis();
        String remembered = memo == null ? null : memo.userOf(token, now);
        if (remembered != null) {
            return new Verdict(remembered, null);
        }
        if (cache != null) {
            TokenMemo.Verified known = cache.get(token);
            if (known != null && known.expiresAtMillis() > now) {
                return new Verdict(known.username(), null);
            }
        }
        TokenMemo.Verified verified;
        try {
            verified = parse(token);
        } catch (ParseException | JOSEException e) {
            return new Verdict(null, "token invalid!");
        }
        if (verified == null) {
            return new Verdict(null, "token invalid!");
        }
        if (verified.expiresAtMillis() <= now) {
            return new Verdict(null, "token expired!");
        }
        if (cache != null) {
            remember(token, verified, now);
        }
        if (memo != null) {
            memo.remember(verified);
        }
        return new Verdict(verified.username(), null);
    }

    private TokenMemo.Verified parse(String token) throws ParseException, JOSEException {
        SignedJWT jwt = SignedJWT.parse(token);
        if (verifier == null || !JWSAlgorithm.HS256.equals(jwt.getHeader().getAlgorithm()) || !jwt.verify(verifier)) {
            return null;
        }
        JWTClaimsSet claims = jwt.getJWTClaimsSet();
        if (claims.getSubject() == null || claims.getSubject().isEmpty() || claims.getExpirationTime() == null) {
            return null;
        }
        return new TokenMemo.Verified(token, claims.getSubject(), claims.getExpirationTime().getTime());
    }

    private void remember(String token, TokenMemo.Verified verified, long now) {
        if (cache.size() >= CACHE_LIMIT) {
            for (Iterator<TokenMemo.Verified> it = cache.values().iterator(); it.hasNext(); ) {
                if (it.next().expiresAtMillis() <= now) {
                    it.remove();
                }
            }
            if (cache.size() >= CACHE_LIMIT) {
                return;
            }
        }
        cache.put(token, verified);
    }
}
