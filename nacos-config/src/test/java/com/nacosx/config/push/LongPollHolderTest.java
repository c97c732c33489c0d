package com.nacosx.config.push;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nacosx.config.ConfigProperties;
import com.nacosx.config.cache.ConfigCache;
import com.nacosx.config.model.ConfigEntry;
import com.nacosx.config.model.ConfigKey;
import com.nacosx.core.http.HttpExchange;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** 1.x long polls, in process: answered at once, held until a change, or released at their timeout. */
class LongPollHolderTest {

    static final ConfigKey KEY = new ConfigKey("app.yaml", "G", "");

    final ConfigCache cache = new ConfigCache();
    final LongPollHolder polls = new LongPollHolder(cache,
            new ConfigProperties(null, new ConfigProperties.LongPoll(Duration.ofMillis(200), Duration.ZERO), null, null,
                    null));

    LongPollHolderTest() {
        polls.start();
        publish("a: 1");
    }

    @AfterEach
    void stop() {
        polls.stop();
    }

    void publish(String content) {
        cache.update(KEY, cached -> cached.withFormal(ConfigEntry.of(content, "yaml", System.currentTimeMillis(), "")));
    }

    /** A poll whose answer completes the returned future with the changed data ids. */
    CompletableFuture<String> poll(String md5, String timeout) {
        CompletableFuture<String> answered = new CompletableFuture<>();
        HttpExchange exchange = HttpExchange.passedOn("POST", "/v1/cs/configs/listener", Map.of(), Map.of(),
                "10.0.0.1", (status, type, body) -> answered.complete(
                        URLDecoder.decode(new String(body, StandardCharsets.UTF_8), StandardCharsets.UTF_8).trim()));
        polls.poll(exchange, new ListeningConfigs(Map.of(KEY, md5), ""), "10.0.0.1", null, timeout, false);
        return answered;
    }

    @Test
    void aPollThatHoldsAnOldMd5IsAnsweredAtOnce() throws Exception {
        String answer = poll("stale", "30000").get(1, TimeUnit.MINUTES);
        assertTrue(answer.startsWith("app.yaml"), answer);
        assertEquals(0, polls.heldCount());
    }

    @Test
    void aPollIsHeldUntilItsConfigChanges() throws Exception {
        CompletableFuture<String> answer = poll(cache.md5(KEY, "10.0.0.1", null), "30000");
        assertEquals(1, polls.heldCount());
        assertEquals(Map.of("10.0.0.1", cache.md5(KEY, "10.0.0.1", null)), polls.listenersOf(KEY));
        publish("a: 2");
        polls.configChanged(KEY);
        assertTrue(answer.get(1, TimeUnit.MINUTES).startsWith("app.yaml"));
        assertEquals(0, polls.heldCount());
        assertEquals(Map.of(), polls.listenersOf(KEY));
    }

    @Test
    void aHeldPollWithoutChangesIsAnsweredEmptyAtItsTimeout() throws Exception {
        CompletableFuture<String> answer = poll(cache.md5(KEY, "10.0.0.1", null), "200");
        assertEquals("", answer.get(1, TimeUnit.MINUTES));
        assertEquals(0, polls.heldCount());
    }

    @Test
    void aChangeToAnotherConfigLeavesThePollHeld() {
        CompletableFuture<String> answer = poll(cache.md5(KEY, "10.0.0.1", null), "30000");
        polls.configChanged(new ConfigKey("other", "G", ""));
        assertNull(answer.getNow(null));
        assertEquals(1, polls.heldCount());
    }

    @Test
    void aShortPollIsNeverHeld() throws Exception {
        assertEquals("", poll(cache.md5(KEY, "10.0.0.1", null), null).get(1, TimeUnit.MINUTES));
        assertEquals(List.of(), List.copyOf(polls.listenersOf(KEY).keySet()));
    }
}
