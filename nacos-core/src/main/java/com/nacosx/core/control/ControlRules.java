package com.nacosx.core.control;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * The rules of the official control plugin, from its local rule files: one file per TPS point
 * under {@code <basedir>/data/tps/} (named by the point) and the connection rule in
 * {@code <basedir>/data/connection/limitRule}. Read again when a file changes; a file that cannot
 * be read keeps the rule it replaced, and says why in the log.
 */
public final class ControlRules {

    private static final Logger LOG = LoggerFactory.getLogger(ControlRules.class);
    private static final JsonMapper JSON = JsonMapper.builder()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES).build();

    /**
     * One limit: at most {@code maxCount} per {@code period}; {@code monitorType} {@code intercept}
     * refuses the excess, {@code monitor} only logs it. A negative count is no limit.
     */
    record Limit(long maxCount, TimeUnit period, String monitorType) {
        Limit {
            period = period == null ? TimeUnit.SECONDS : period;
            monitorType = monitorType == null || monitorType.isBlank() ? "intercept" : monitorType;
        }

        boolean intercepts() {
            return "intercept".equalsIgnoreCase(monitorType);
        }

        long periodMillis() {
            return Math.max(1, period.toMillis(1));
        }
    }

    /**
     * A point's rule: {@code pointRule} for all requests together, {@code monitorKeyRule} for
     * each client, keyed {@code clientIp:<address>} or {@code clientIp:*} (every address apart).
     */
    record TpsRule(String pointName, Limit pointRule, Map<String, Limit> monitorKeyRule) {
        TpsRule {
            monitorKeyRule = monitorKeyRule == null ? Map.of() : Map.copyOf(monitorKeyRule);
        }

        /** The per-client limit of this address: its own, else the one for every address. */
        Limit clientLimit(String ip) {
            Limit own = monitorKeyRule.get("clientIp:" + ip);
            return own != null ? own : monitorKeyRule.get("clientIp:*");
        }
    }

    /**
     * The connection rule: {@code countLimit} connections in all, at most
     * {@code countLimitPerClientIpDefault} from any one address unless {@code countLimitPerClientIp}
     * names its own; negative is no limit.
     */
    record ConnectionRule(Integer countLimit, Integer countLimitPerClientIpDefault,
                          Map<String, Integer> countLimitPerClientIp, List<String> monitorIpList) {
        static final ConnectionRule NONE = new ConnectionRule(-1, -1, Map.of(), List.of());

        ConnectionRule {
            countLimit = countLimit == null ? -1 : countLimit;
            countLimitPerClientIpDefault = countLimitPerClientIpDefault == null ? -1 : countLimitPerClientIpDefault;
            countLimitPerClientIp = countLimitPerClientIp == null ? Map.of() : Map.copyOf(countLimitPerClientIp);
            monitorIpList = monitorIpList == null ? List.of() : List.copyOf(monitorIpList);
        }

        int limitFor(String ip) {
            return countLimitPerClientIp.getOrDefault(ip, countLimitPerClientIpDefault);
        }
    }

    private final Path tpsDir;
    private final Path connectionFile;
    private final Map<Path, FileTime> seen = new HashMap<>();
    private volatile Map<String, TpsRule> tps = Map.of();
    private volatile ConnectionRule connection = ConnectionRule.NONE;

    public ControlRules(Path baseDir) {
        this.tpsDir = baseDir.resolve("data").resolve("tps");
        this.connectionFile = baseDir.resolve("data").resolve("connection").resolve("limitRule");
    }

    TpsRule tpsRule(String point) {
        return tps.get(point);
    }

    ConnectionRule connectionRule() {
        return connection;
    }

    /** Reads the files that changed since the last call. */
    public synchronized void reload() {
        Map<String, TpsRule> rules = new HashMap<>(tps);
        boolean changed = false;
        List<Path> files = listTpsFiles();
        for (String point : List.copyOf(rules.keySet())) {
            if (files.stream().noneMatch(file -> file.getFileName().toString().equals(point))) {
                rules.remove(point);
                seen.remove(tpsDir.resolve(point));
                LOG.info("TPS rule of {} removed: its file is gone", point);
                changed = true;
            }
        }
        for (Path file : files) {
            if (modified(file)) {
                TpsRule rule = read(file, TpsRule.class);
                if (rule != null) {
                    String point = file.getFileName().toString();
                    rules.put(point, new TpsRule(point, rule.pointRule(), rule.monitorKeyRule()));
                    LOG.info("TPS rule of {}: {}", point, rules.get(point));
                    changed = true;
                }
            }
        }
        if (changed) {
            tps = Map.copyOf(rules);
        }
        if (Files.isRegularFile(connectionFile)) {
            if (modified(connectionFile)) {
                ConnectionRule rule = read(connectionFile, ConnectionRule.class);
                if (rule != null) {
                    connection = rule;
                    LOG.info("connection rule: {}", rule);
                }
            }
        } else if (connection != ConnectionRule.NONE) {
            connection = ConnectionRule.NONE;
            seen.remove(connectionFile);
            LOG.info("connection rule removed: {} is gone", connectionFile);
        }
    }

    private List<Path> listTpsFiles() {
        if (!Files.isDirectory(tpsDir)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(tpsDir)) {
            return files.filter(Files::isRegularFile).toList();
        } catch (IOException e) {
            LOG.warn("cannot list the TPS rules in {}: {}", tpsDir, e.toString());
            return List.of();
        }
    }

    private boolean modified(Path file) {
        try {
            FileTime time = Files.getLastModifiedTime(file);
            return !time.equals(seen.put(file, time));
        } catch (IOException e) {
            return false;
        }
    }

    private static <T> T read(Path file, Class<T> type) {
        try {
            return JSON.readValue(Files.readAllBytes(file), type);
        } catch (IOException | JacksonException e) {
            LOG.warn("ignored the control rule {}: not a valid rule ({}); the previous one stays", file,
                    e.getMessage());
            return null;
        }
    }
}
