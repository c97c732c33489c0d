package com.nacosx.core.metrics.history;

import com.nacosx.core.util.BackgroundRounds;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.springframework.stereotype.Component;

/**
 * The node's last 15 minutes, read off its own meters every 5 s and kept in memory (180 points of
 * a few numbers), so the console's live page opens with the recent past instead of an empty plot.
 */
@Component
public class FigureHistory extends BackgroundRounds {

    public static final long PERIOD_MILLIS = 5_000;
    static final int KEPT = (int) (15 * 60 * 1000 / PERIOD_MILLIS);

    private final MeterRegistry registry;
    private final Deque<FigurePoint> points = new ArrayDeque<>();
    private Reading last;

    public FigureHistory(MeterRegistry registry) {
        super("nacos-figure-history");
        this.registry = registry;
    }

    @Override
    protected void scheduleRounds() {
        every(0, PERIOD_MILLIS, TimeUnit.MILLISECONDS, () -> read(System.currentTimeMillis()));
    }

    void read(long at) {
        Reading now = Reading.of(registry, at);
        if (last != null) {
            add(FigurePoint.between(last, now));
        }
        last = now;
    }

    synchronized void add(FigurePoint point) {
        points.addLast(point);
        while (points.size() > KEPT) {
            points.removeFirst();
        }
    }

    /** The points of the last 15 minutes, oldest first; those after {@code since} when it is positive. */
    public synchronized List<FigurePoint> since(long since) {
        List<FigurePoint> newer = new ArrayList<>();
        for (FigurePoint point : points) {
            if (point.at() > since) {
                newer.add(point);
            }
        }
        return newer;
    }
}
