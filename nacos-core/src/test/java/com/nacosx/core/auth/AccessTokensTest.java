package com.nacosx.core.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

class AccessTokensTest {

    static final byte[] KEY = "0123456789abcdef0123456789abcdef".getBytes(StandardCharsets.UTF_8);

    static AccessTokens tokens(byte[] key, long ttl, boolean cache) {
        return new AccessTokens(new AuthSettings(true, key, ttl, cache, "peer", "v", "", 5, 60));
    }

    static String b64(String text) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(text.getBytes(StandardCharsets.UTF_8));
    }

    /** A token signed by hand, as an attacker (or the official server) would make one. */
    static String signed(String header, String payload, byte[] key) throws Exception {
        String content = b64(header) + "." + b64(payload);
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(key, "HmacSHA256"));
        return content + "." + Base64.getUrlEncoder().withoutPadding()
                .encodeToString(mac.doFinal(content.getBytes(StandardCharsets.UTF_8)));
    }

    static long inSeconds(long seconds) {
        return System.currentTimeMillis() / 1000 + seconds;
    }

    @Test
    void issuedTokensNameTheirUser() {
        AccessTokens tokens = tokens(KEY, 60, false);
        assertEquals("alice", tokens.verify(tokens.issue("alice")).username());
    }

    @Test
    void aTokenSignedByTheOfficialServerWithTheSameKeyIsValid() throws Exception {
        String official = signed("{\"alg\":\"HS256\"}", "{\"sub\":\"nacos\",\"exp\":" + inSeconds(600) + "}", KEY);
        assertEquals("nacos", tokens(KEY, 60, false).verify(official).username());
    }

    @Test
    void refusesExpiredForgedUnsignedAndTamperedTokens() throws Exception {
        AccessTokens tokens = tokens(KEY, 60, true);
        String expired = signed("{\"alg\":\"HS256\"}", "{\"sub\":\"nacos\",\"exp\":" + inSeconds(-5) + "}", KEY);
        assertEquals("token expired!", tokens.verify(expired).refusal());
        byte[] published = "SecretKey012345678901234567890123456789012345678901234567890123456789"
                .getBytes(StandardCharsets.UTF_8);
        String forged = signed("{\"alg\":\"HS256\"}", "{\"sub\":\"nacos\",\"exp\":" + inSeconds(600) + "}", published);
        assertNull(tokens.verify(forged).username());
        String unsigned = b64("{\"alg\":\"none\"}") + "." + b64("{\"sub\":\"nacos\",\"exp\":" + inSeconds(600) + "}") + ".";
        assertNull(tokens.verify(unsigned).username());
        String good = tokens.issue("bob");
        String[] parts = good.split("\\.");
        String tampered = parts[0] + "." + b64("{\"sub\":\"nacos\",\"exp\":" + inSeconds(600) + "}") + "." + parts[2];
        assertNull(tokens.verify(tampered).username());
        assertEquals("token invalid!", tokens.verify("garbage").refusal());
        assertNull(tokens.verify(signed("{\"alg\":\"HS256\"}", "{\"exp\":" + inSeconds(600) + "}", KEY)).username());
    }

    @Test
    void theCacheDoesNotOutliveTheToken() throws Exception {
        AccessTokens tokens = tokens(KEY, 60, true);
        String shortLived = signed("{\"alg\":\"HS256\"}", "{\"sub\":\"carol\",\"exp\":" + inSeconds(1) + "}", KEY);
        assertEquals("carol", tokens.verify(shortLived).username());
        assertEquals("carol", tokens.verify(shortLived).username());
        long expiry = (inSeconds(1) + 1) * 1000;
        while (System.currentTimeMillis() < expiry + 50) {
            Thread.sleep(50);
        }
        assertEquals("token expired!", tokens.verify(shortLived).refusal());
    }

    @Test
    void aConnectionsMemoTrustsItsLastTokenUntilItExpires() throws Exception {
        AccessTokens tokens = tokens(KEY, 60, false);
        TokenMemo memo = new TokenMemo();
        String shortLived = signed("{\"alg\":\"HS256\"}", "{\"sub\":\"dave\",\"exp\":" + inSeconds(1) + "}", KEY);
        assertEquals("dave", tokens.verify(shortLived, memo).username());
        assertEquals("dave", memo.userOf(shortLived, System.currentTimeMillis()));
        assertNull(memo.userOf(tokens.issue("dave"), System.currentTimeMillis()), "only the token it verified");
        assertNull(tokens.verify("garbage", memo).username(), "a bad token is not trusted for being on the connection");
        long expiry = (inSeconds(1) + 1) * 1000;
        while (System.currentTimeMillis() < expiry + 50) {
            Thread.sleep(50);
        }
        assertEquals("token expired!", tokens.verify(shortLived, memo).refusal());
    }
}
