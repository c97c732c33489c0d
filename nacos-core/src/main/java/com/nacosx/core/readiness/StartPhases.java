package com.nacosx.core.readiness;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;
import org.springframework.boot.context.metrics.buffering.BufferingApplicationStartup;
import org.springframework.boot.context.metrics.buffering.StartupTimeline;
import org.springframework.boot.context.metrics.buffering.StartupTimeline.TimelineEvent;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.metrics.StartupStep.Tag;
import org.springframework.stereotype.Component;

/**
 * Where a start went, in {@code nacos.log} once the node is ready: the JVM's own start, each of
 * Spring's phases, the beans that took longest to build (their own time, without the beans they
 * needed), the lifecycle starts (ports opened, warm-up) and the wait for the gates, so that a slow
 * restart points at its long pole. The steps and gates log their own lines as they end
 * ({@link StartupStep}, {@link ServerReadiness}). Spring records the steps only when the
 * application was started with a {@link BufferingApplicationStartup}, as the server's main does;
 * the record is dropped once reported.
 */
@Component
public class StartPhases {

    /** Enough for every step of the server's start (about 4,000), a bound for an unusual one. */
    public static final int STEPS_RECORDED = 20_000;
    private static final int SLOWEST_BEANS = 8;
    private static final String BEAN_STEP = "spring.beans.instantiate";

    public StartPhases(ServerReadiness readiness, ConfigurableApplicationContext context) {
        if (context.getApplicationStartup() instanceof BufferingApplicationStartup recorded) {
            readiness.ready().thenRun(() -> report(recorded.drainBufferedTimeline()));
        }
    }

    private static void report(StartupTimeline timeline) {
        List<TimelineEvent> events = timeline.getEvents();
        Instant readyAt = Instant.now();
        // The same clock as the readiness line's: the JVM's uptime, not its wall-clock start.
        Instant jvmStart = readyAt.minusMillis(ManagementFactory.getRuntimeMXBean().getUptime());
        Instant springStart = timeline.getStartTime();
        Instant refreshStart = springStart;
        Instant refreshEnd = springStart;
        Instant startedAt = springStart;
        for (TimelineEvent event : events) {
            switch (event.getStartupStep().getName()) {
                case "spring.context.refresh" -> {
                    refreshStart = event.getStartTime();
                    refreshEnd = event.getEndTime();
                }
                case "spring.boot.application.started" -> startedAt = event.getEndTime();
                default -> {
                }
            }
        }
        Map<Long, TimelineEvent> byId = events.stream()
                .collect(Collectors.toMap(event -> event.getStartupStep().getId(), event -> event, (a, b) -> a));
        Duration beans = events.stream().filter(StartPhases::isBean)
                .filter(event -> !isBean(byId.get(event.getStartupStep().getParentId())))
                .map(TimelineEvent::getDuration).reduce(Duration.ZERO, Duration::plus);
        Duration refresh = Duration.between(refreshStart, refreshEnd);
        StartupStep.LOG.info("start phases: the JVM until Spring began {} ms; environment and context prepared {} ms;"
                        + " context refreshed {} ms (beans built {} ms, ports opened, warm-up and other lifecycle starts"
                        + " {} ms); started until ready (gates) {} ms; ready {} ms after the process started",
                millis(jvmStart, springStart), millis(springStart, refreshStart), refresh.toMillis(),
                beans.toMillis(), refresh.minus(beans).toMillis(), millis(startedAt, readyAt),
                millis(jvmStart, readyAt));
        StartupStep.LOG.info("slowest beans to build (own time): {}", slowestBeans(events));
        StartupStep.LOG.info("start steps, in the order they ended: {}", String.join(", ", StartupStep.drainDone()));
    }

    private static boolean isBean(TimelineEvent event) {
        return event != null && BEAN_STEP.equals(event.getStartupStep().getName());
    }

    /** A bean's own time: its step's, less the steps of the beans built for it meanwhile. */
    private static String slowestBeans(List<TimelineEvent> events) {
        Map<Long, Duration> own = new HashMap<>();
        Map<Long, String> names = new HashMap<>();
        for (TimelineEvent event : events) {
            if (isBean(event)) {
                own.merge(event.getStartupStep().getId(), event.getDuration(), Duration::plus);
                names.put(event.getStartupStep().getId(), beanName(event));
                Long parent = event.getStartupStep().getParentId();
                if (parent != null) {
                    own.merge(parent, event.getDuration().negated(), Duration::plus);
                }
            }
        }
        return own.entrySet().stream().filter(entry -> names.containsKey(entry.getKey()))
                .sorted(Map.Entry.<Long, Duration>comparingByValue(Comparator.reverseOrder())).limit(SLOWEST_BEANS)
                .map(entry -> names.get(entry.getKey()) + " " + entry.getValue().toMillis() + " ms")
                .collect(Collectors.joining(", "));
    }

    private static String beanName(TimelineEvent event) {
        return StreamSupport.stream(event.getStartupStep().getTags().spliterator(), false)
                .filter(tag -> "beanName".equals(tag.getKey())).map(Tag::getValue).findFirst().orElse("?");
    }

    private static long millis(Instant from, Instant to) {
        return Duration.between(from, to).toMillis();
    }
}
