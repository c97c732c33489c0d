package com.nacosx.config.push;

import com.nacosx.config.ConfigProperties;
import com.nacosx.config.cache.ConfigCache;
import com.nacosx.config.model.ConfigKey;
import com.nacosx.config.service.ConfigChangeListener;
import com.nacosx.core.http.HttpExchange;
import com.nacosx.core.util.DaemonThreads;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

/**
 * Holds 1.x long polls ({@code POST /v1/cs/configs/listener}) without holding threads: a held
 * poll is an unanswered HTTP exchange indexed by the keys it listens to. A change releases the
 * polls of that key whose md5 now differs; a timer answers the rest, empty, just before the
 * client's timeout; a closed connection drops its poll. Owns its timer thread.
 *
 * <p>On shutdown it answers every held poll at once, so clients move to another node instead of
 * waiting out their timeout.
 */
@Component
public class LongPollHolder implements ConfigChangeListener, SmartLifecycle {

    private static final HttpHeaders NO_CACHE = new DefaultHttpHeaders()
            .set("Pragma", "no-cache")
            .set("Expires", "Thu, 01 Jan 1970 00:00:00 GMT")
            .set("Cache-Control", "no-cache,no-store");

    private final ConfigCache cache;
    private final ConfigProperties.LongPoll settings;
    private final Map<ConfigKey, Set<HeldPoll>> pollsByKey = new ConcurrentHashMap<>();
    private final AtomicInteger held = new AtomicInteger();
    private final ScheduledThreadPoolExecutor timer;
    private volatile boolean running;

    public LongPollHolder(ConfigCache cache, ConfigProperties properties) {
        this.cache = cache;
        this.settings = properties.longPoll();
        this.timer = new ScheduledThreadPoolExecutor(1, DaemonThreads.named("config-long-poll-timer"));
        this.timer.setRemoveOnCancelPolicy(true);
    }

    /**
     * Answers a poll: at once when a listened md5 differs (or the client asked not to be held, or
     * gave no timeout), otherwise holds it until a change, the timeout, or the client leaves.
     *
     * @param timeoutHeader the client's {@code Long-Pulling-Timeout} in ms, or null for a short poll
     */
    public void poll(HttpExchange exchange, ListeningConfigs listening, String clientIp, String tag,
            String timeoutHeader, boolean noHangUp) {
        Map<ConfigKey, String> listened = listening.md5s();
        List<ConfigKey> changed = changedKeys(listened, clientIp, tag);
        if (!changed.isEmpty() || noHangUp || timeoutHeader == null) {
            answer(exchange, changed, listening.publicNamespaceName());
            return;
        }
        long timeout = holdTime(timeoutHeader);
        HeldPoll poll = new HeldPoll(exchange, listened, listening.publicNamespaceName(), clientIp, tag);
        held.incrementAndGet();
        poll.closeWatch = exchange.onClose(() -> {
            if (poll.finish()) {
                forget(poll);
            }
        });
        listened.keySet().forEach(key -> pollsByKey.computeIfAbsent(key, k -> ConcurrentHashMap.newKeySet()).add(poll));
        // A change that landed between the check above and the registration would be missed: look again.
        List<ConfigKey> changedMeanwhile = changedKeys(listened, clientIp, tag);
        if (!changedMeanwhile.isEmpty()) {
            release(poll, changedMeanwhile);
            return;
        }
        poll.timeout = timer.schedule(() -> release(poll, List.of()), timeout, TimeUnit.MILLISECONDS);
    }

    private long holdTime(String timeoutHeader) {
        long asked;
        try {
            asked = Long.parseLong(timeoutHeader.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("invalid Long-Pulling-Timeout header '" + timeoutHeader
                    + "': give the poll timeout in milliseconds");
        }
        return Math.max(settings.minTimeout().toMillis(), asked - settings.margin().toMillis());
    }

    /** What the polls held now from {@code clientIp} listen to: group key to the md5 the client holds. */
    public Map<String, String> listenedBy(String clientIp) {
        Map<String, String> listened = new HashMap<>();
        pollsByKey.values().forEach(polls -> polls.stream().filter(poll -> poll.clientIp.equals(clientIp))
                .forEach(poll -> poll.listened.forEach((key, md5) -> listened.put(key.groupKey(), md5))));
        return listened;
    }

    /** The clients whose held polls listen to {@code key}: client IP to the md5 it holds. */
    public Map<String, String> listenersOf(ConfigKey key) {
        Map<String, String> listeners = new HashMap<>();
        pollsByKey.getOrDefault(key, Set.of()).forEach(poll -> listeners.put(poll.clientIp, poll.listened.get(key)));
        return listeners;
    }

    /** The polls held now. */
    public int heldCount() {
        return held.get();
    }

    @Override
    public void configChanged(ConfigKey key) {
        Set<HeldPoll> polls = pollsByKey.get(key);
        if (polls == null) {
            return;
        }
        for (HeldPoll poll : polls) {
            if (!cache.md5(key, poll.clientIp, poll.tag).equals(poll.listened.get(key))) {
                release(poll, List.of(key));
            }
        }
    }

    private List<ConfigKey> changedKeys(Map<ConfigKey, String> listened, String clientIp, String tag) {
        List<ConfigKey> changed = new ArrayList<>();
        listened.forEach((key, md5) -> {
            if (!cache.md5(key, clientIp, tag).equals(md5)) {
                changed.add(key);
            }
        });
        return changed;
    }

    private void release(HeldPoll poll, List<ConfigKey> changed) {
        if (poll.finish()) {
            forget(poll);
            answer(poll.exchange, changed, poll.publicNamespaceName);
        }
    }

    private void forget(HeldPoll poll) {
        held.decrementAndGet();
        if (poll.timeout != null) {
            poll.timeout.cancel(false);
        }
        if (poll.closeWatch != null) {
            poll.closeWatch.run();
        }
        for (ConfigKey key : poll.listened.keySet()) {
            pollsByKey.computeIfPresent(key, (k, polls) -> {
                polls.remove(poll);
                return polls.isEmpty() ? null : polls;
            });
        }
    }

    /** The body lists the changed keys URL-encoded, with the newline the official server prints. */
    private static void answer(HttpExchange exchange, List<ConfigKey> changed, String publicNamespaceName) {
        StringBuilder records = new StringBuilder();
        changed.forEach(key -> records.append(key.changedRecord(publicNamespaceName)));
        byte[] body = (URLEncoder.encode(records.toString(), StandardCharsets.UTF_8) + "\n").getBytes(StandardCharsets.UTF_8);
        exchange.respond(HttpResponseStatus.OK, "text/plain;charset=UTF-8", body, NO_CACHE);
    }

    @Override
    public void start() {
        running = true;
    }

    @Override
    public void stop() {
        running = false;
        pollsByKey.values().stream().flatMap(Set::stream).distinct().toList().forEach(poll -> release(poll, List.of()));
        timer.shutdownNow();
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    /** Stops first, before the HTTP server closes its connections. */
    @Override
    public int getPhase() {
        return Integer.MAX_VALUE;
    }

    /** One held poll; it is answered once: by a change, by the timer, or not at all if the client left. */
    private static final class HeldPoll {
        final HttpExchange exchange;
        final Map<ConfigKey, String> listened;
        final String publicNamespaceName;
        final String clientIp;
        final String tag;
        final AtomicBoolean finished = new AtomicBoolean();
        volatile ScheduledFuture<?> timeout;
        volatile Runnable closeWatch;

        HeldPoll(HttpExchange exchange, Map<ConfigKey, String> listened, String publicNamespaceName,
                String clientIp, String tag) {
            this.exchange = exchange;
            this.listened = listened;
            this.publicNamespaceName = publicNamespaceName;
            this.clientIp = clientIp;
            this.tag = tag;
        }

        boolean finish() {
            return finished.compareAndSet(false, true);
        }
    }
}
