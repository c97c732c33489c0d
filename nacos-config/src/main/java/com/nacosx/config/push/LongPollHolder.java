package com.nacosx.config.push;

import com.nacosx.config.ConfigProperties;
import com.nacosx.config.cache.ConfigCache;
import com.nacosx.config.model.ConfigKey;
import com.nacosx.config.service.ConfigChangeListener;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;

/**
 * Holds 1.x long polls ({@code POST /v1/cs/configs/listener}) without holding threads: each held
 * poll is an async servlet request indexed by the keys it listens to. A change releases the polls
 * of that key whose md5 now differs; a timer answers the rest, empty, just before the client's
 * timeout. Owns its timer and responder threads and stops them on shutdown.
 */
@Component
public class LongPollHolder implements ConfigChangeListener, DisposableBean {

    private static final Logger LOG = LoggerFactory.getLogger("com.nacosx.config.push");

    private final ConfigCache cache;
    private final ConfigProperties.LongPoll settings;
    private final Map<ConfigKey, Set<HeldPoll>> pollsByKey = new ConcurrentHashMap<>();
    private final ScheduledThreadPoolExecutor timer;
    private final ExecutorService responder;

    public LongPollHolder(ConfigCache cache, ConfigProperties properties) {
        this.cache = cache;
        this.settings = properties.longPoll();
        this.timer = new ScheduledThreadPoolExecutor(1, daemon("config-long-poll-timer"));
        this.timer.setRemoveOnCancelPolicy(true);
        this.responder = Executors.newFixedThreadPool(2, daemon("config-long-poll-responder"));
    }

    /**
     * Answers a poll: at once when a listened md5 differs (or the client asked not to be held, or
     * gave no timeout), otherwise holds it until a change or the timeout. Must be called on the
     * request's thread.
     *
     * @param timeoutHeader the client's {@code Long-Pulling-Timeout} in ms, or null for a short poll
     */
    public void poll(HttpServletRequest request, HttpServletResponse response, Map<ConfigKey, String> listened,
            String clientIp, String tag, String timeoutHeader, boolean noHangUp) throws IOException {
        List<ConfigKey> changed = changedKeys(listened, clientIp, tag);
        if (!changed.isEmpty() || noHangUp || timeoutHeader == null) {
            write(response, changed);
            return;
        }
        long timeout = holdTime(timeoutHeader);
        AsyncContext async = request.startAsync();
        async.setTimeout(0);
        HeldPoll poll = new HeldPoll(async, listened, clientIp, tag);
        async.addListener(poll);
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

    @Override
    public void configChanged(ConfigKey key) {
        Set<HeldPoll> polls = pollsByKey.get(key);
        if (polls == null) {
            return;
        }
        for (HeldPoll poll : polls) {
            String md5 = cache.md5(key, poll.clientIp, poll.tag);
            if (!md5.equals(poll.listened.get(key))) {
                release(poll, List.of(key));
            }
        }
    }

    /** The number of polls held now. */
    public int heldCount() {
        return (int) pollsByKey.values().stream().flatMap(Set::stream).distinct().count();
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
        if (!poll.finish()) {
            return;
        }
        forget(poll);
        responder.execute(() -> {
            try {
                write((HttpServletResponse) poll.async.getResponse(), changed);
            } catch (IOException | IllegalStateException e) {
                LOG.debug("long poll of {} could not be answered: {}", poll.clientIp, e.getMessage());
            } finally {
                completeQuietly(poll.async);
            }
        });
    }

    private void forget(HeldPoll poll) {
        if (poll.timeout != null) {
            poll.timeout.cancel(false);
        }
        for (ConfigKey key : poll.listened.keySet()) {
            pollsByKey.computeIfPresent(key, (k, polls) -> {
                polls.remove(poll);
                return polls.isEmpty() ? null : polls;
            });
        }
    }

    private static void write(HttpServletResponse response, List<ConfigKey> changed) throws IOException {
        StringBuilder records = new StringBuilder();
        changed.forEach(key -> records.append(key.changedRecord()));
        response.setStatus(HttpServletResponse.SC_OK);
        response.setHeader("Pragma", "no-cache");
        response.setDateHeader("Expires", 0);
        response.setHeader("Cache-Control", "no-cache,no-store");
        response.setContentType("text/html;charset=UTF-8");
        byte[] body = (URLEncoder.encode(records.toString(), StandardCharsets.UTF_8) + "\n")
                .getBytes(StandardCharsets.UTF_8);
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }

    private static void completeQuietly(AsyncContext async) {
        try {
            async.complete();
        } catch (IllegalStateException e) {
            LOG.debug("long poll already completed: {}", e.getMessage());
        }
    }

    @Override
    public void destroy() {
        timer.shutdownNow();
        responder.shutdownNow();
    }

    private static java.util.concurrent.ThreadFactory daemon(String name) {
        return runnable -> {
            Thread thread = new Thread(runnable, name);
            thread.setDaemon(true);
            return thread;
        };
    }

    /** One held poll; it is answered once, by a change, the timer, or not at all if the client left. */
    private final class HeldPoll implements AsyncListener {
        final AsyncContext async;
        final Map<ConfigKey, String> listened;
        final String clientIp;
        final String tag;
        final AtomicBoolean finished = new AtomicBoolean();
        volatile ScheduledFuture<?> timeout;

        HeldPoll(AsyncContext async, Map<ConfigKey, String> listened, String clientIp, String tag) {
            this.async = async;
            this.listened = listened;
            this.clientIp = clientIp;
            this.tag = tag;
        }

        boolean finish() {
            return finished.compareAndSet(false, true);
        }

        @Override
        public void onError(AsyncEvent event) {
            if (finish()) {
                forget(this);
            }
        }

        @Override
        public void onTimeout(AsyncEvent event) {
            onError(event);
        }

        @Override
        public void onComplete(AsyncEvent event) {
            onError(event);
        }

        @Override
        public void onStartAsync(AsyncEvent event) {
            // the poll is registered by the holder, nothing to do when async starts
        }
    }
}
