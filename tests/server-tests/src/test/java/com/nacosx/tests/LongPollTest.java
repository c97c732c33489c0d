package com.nacosx.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nacosx.testsupport.HttpCall;
import com.nacosx.testsupport.Patience;
import com.nacosx.testsupport.ServerProcess;
import java.net.URLDecoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** 1.x long polling, {@code POST /v1/cs/configs/listener}. */
class LongPollTest {

    static final char WORD = '\u0002';
    static final char LINE = '\u0001';
    static ServerProcess server;

    @BeforeAll
    static void start() {
        server = ServerProcess.startStandalone("nacos.config.long-poll.min-timeout=1s");
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    static void publish(String dataId, String content) {
        HttpCall.post(server.baseUrl() + "/v1/cs/configs").param("dataId", dataId).param("group", "G")
                .param("content", content).send();
    }

    static HttpCall poll(String listening, long timeoutMs) {
        return HttpCall.post(server.baseUrl() + "/v1/cs/configs/listener").param("Listening-Configs", listening)
                .header("Long-Pulling-Timeout", String.valueOf(timeoutMs)).timeout(Duration.ofMillis(timeoutMs + 5000));
    }

    static String changed(HttpResponse<String> response) {
        return URLDecoder.decode(response.body().trim(), StandardCharsets.UTF_8);
    }

    @Test
    void answersAtOnceWhenTheMd5Differs() {
        publish("lp-now", "v1");
        long start = System.nanoTime();
        HttpResponse<String> response = poll("lp-now" + WORD + "G" + WORD + "stale-md5" + LINE, 30000).send();
        assertTrue(System.nanoTime() - start < Patience.of(Duration.ofSeconds(5)).toNanos());
        assertEquals(200, response.statusCode());
        assertEquals("lp-now" + WORD + "G" + LINE, changed(response));
    }

    @Test
    void holdsUntilAChangeAndNamesTheChangedConfig() throws Exception {
        publish("lp-held", "v1");
        String md5 = HttpCall.get(server.baseUrl() + "/v1/cs/configs").param("dataId", "lp-held").param("group", "G")
                .send().headers().firstValue("Content-MD5").orElseThrow();
        CompletableFuture<HttpResponse<String>> held = CompletableFuture.supplyAsync(
                () -> poll("lp-held" + WORD + "G" + WORD + md5 + LINE, 30000).send());
        Thread.sleep(1000);
        assertTrue(!held.isDone(), "an up-to-date poll must be held");
        long changedAt = System.nanoTime();
        publish("lp-held", "v2");
        HttpResponse<String> response = held.get();
        long delay = Duration.ofNanos(System.nanoTime() - changedAt).toMillis();
        assertTrue(delay < Patience.millis(1000), "released " + delay + " ms after the change");
        assertEquals("lp-held" + WORD + "G" + LINE, changed(response));
    }

    @Test
    void answersEmptyAtTheTimeout() {
        publish("lp-quiet", "v1");
        String md5 = HttpCall.get(server.baseUrl() + "/v1/cs/configs").param("dataId", "lp-quiet").param("group", "G")
                .send().headers().firstValue("Content-MD5").orElseThrow();
        long start = System.nanoTime();
        HttpResponse<String> response = poll("lp-quiet" + WORD + "G" + WORD + md5 + LINE, 1500).send();
        long took = Duration.ofNanos(System.nanoTime() - start).toMillis();
        assertEquals(200, response.statusCode());
        assertEquals("", changed(response));
        assertTrue(took >= 900 && took < Patience.millis(1500), "answered after " + took + " ms");
    }

    @Test
    void aListenerOnAConfigCreatedLaterIsReleasedByItsCreation() throws Exception {
        CompletableFuture<HttpResponse<String>> held = CompletableFuture.supplyAsync(
                () -> poll("lp-later" + WORD + "G" + WORD + "" + WORD + "" + LINE, 30000).send());
        Thread.sleep(500);
        publish("lp-later", "born");
        assertEquals("lp-later" + WORD + "G" + LINE, changed(held.get()));
    }

    @Test
    void tenantIsPartOfTheAnswer() {
        HttpCall.post(server.baseUrl() + "/v1/cs/configs").param("dataId", "lp-ns").param("group", "G")
                .param("tenant", "ns1").param("content", "x").send();
        HttpResponse<String> response = poll("lp-ns" + WORD + "G" + WORD + "old" + WORD + "ns1" + LINE, 30000).send();
        assertEquals("lp-ns" + WORD + "G" + WORD + "ns1" + LINE, changed(response));
    }

    @Test
    void noHangUpAnswersAtOnceEvenWhenNothingChanged() {
        long start = System.nanoTime();
        HttpResponse<String> response = poll("lp-none" + WORD + "G" + WORD + "" + LINE, 30000)
                .header("Long-Pulling-Timeout-No-Hangup", "true").send();
        assertTrue(System.nanoTime() - start < Patience.of(Duration.ofSeconds(5)).toNanos());
        assertEquals("", changed(response));
    }

    @Test
    void malformedListeningConfigsIsRefused() {
        HttpResponse<String> response = poll("only-one-field" + LINE, 30000).send();
        assertEquals(400, response.statusCode());
        assertTrue(response.body().contains("invalid probeModify"), response.body());
        HttpResponse<String> missing = HttpCall.post(server.baseUrl() + "/v1/cs/configs/listener")
                .header("Long-Pulling-Timeout", "30000").send();
        assertEquals(400, missing.statusCode());
    }
}
