package com.nacosx.core.ops;

import com.nacosx.api.exception.NacosException;
import com.nacosx.core.http.ApiResult;
import com.nacosx.core.http.HttpApi;
import com.nacosx.core.http.HttpExchange;
import com.nacosx.core.http.HttpRoutes;
import com.nacosx.core.http.Json;
import com.nacosx.core.http.RestResult;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.logging.LogLevel;
import org.springframework.boot.logging.LoggingSystem;
import org.springframework.stereotype.Component;
import tools.jackson.core.type.TypeReference;

/**
 * {@code PUT /v1/core/ops/log}, {@code /v1/cs/ops/log} and {@code /v1/ns/ops/log} with
 * {@code logName} and {@code logLevel} parameters, and {@code PUT /v2/core/ops/log} with them in a
 * JSON body (as the official's v2 takes them; parameters also do): changes a log's level at run time, until the next start.
 * A log is named by its file in {@code logs/} ({@code config-server}, {@code naming-push}, ...) or
 * by the official server's name for it ({@code core-raft}, {@code config-notify}, ...). Unlike
 * the official server, an unknown name or level is refused with the names and levels there are,
 * instead of being ignored.
 */
@Component
public class LogLevelHttpApi implements HttpApi {

    private static final Logger LOG = LoggerFactory.getLogger("com.nacosx.core.ops");

    /** logName -> the logger whose level it sets (its children follow). */
    static final Map<String, String> LOGGERS = loggers();

    private final LoggingSystem logging;

    public LogLevelHttpApi(LoggingSystem logging) {
        this.logging = logging;
    }

    private static Map<String, String> loggers() {
        Map<String, String> names = new TreeMap<>();
        names.put("nacos", LoggingSystem.ROOT_LOGGER_NAME);
        names.put("core", "com.nacosx.core");
        names.put("remote", "com.nacosx.core.remote");
        names.put("nacos-cluster", "com.nacosx.core.cluster");
        names.put("core-cluster", "com.nacosx.core.cluster");
        names.put("protocol-raft", "com.nacosx.core.raft");
        names.put("core-raft", "com.nacosx.core.raft");
        names.put("jraft", "com.alipay.sofa.jraft");
        names.put("protocol-distro", "com.nacosx.naming.distro");
        names.put("core-distro", "com.nacosx.naming.distro");
        names.put("config-server", "com.nacosx.config");
        names.put("config-push", "com.nacosx.config.push");
        names.put("config-notify", "com.nacosx.config.push");
        names.put("naming-server", "com.nacosx.naming");
        names.put("naming-push", "com.nacosx.naming.push");
        names.put("access", "com.nacosx.access");
        names.put("startup", "com.nacosx.startup");
        return names;
    }

    @Override
    public void register(HttpRoutes routes) {
        routes.put("/v1/core/ops/log").inline(exchange -> setLevel(exchange, "200"));
        routes.put("/v1/cs/ops/log").inline(exchange -> setLevel(exchange, "200"));
        routes.put("/v1/ns/ops/log").inline(exchange -> setLevel(exchange, "ok"));
        for (String module : new String[] {"core", "cs", "ns"}) {
            routes.put("/v3/admin/" + module + "/ops/log").inline(exchange -> {
                setLevel(exchange, exchange.requiredParam("logName"), exchange.requiredParam("logLevel"));
                exchange.respondJson(ApiResult.success(null));
            });
        }
        routes.put("/v2/core/ops/log").inline(exchange -> {
            Map<String, String> body = exchange.jsonBody() == null || exchange.jsonBody().isBlank() ? Map.of()
                    : Json.readBody(exchange.jsonBody(), new TypeReference<Map<String, String>>() { }, "the log update");
            setLevel(exchange, required(body, exchange, "logName"), required(body, exchange, "logLevel"));
            exchange.respondJson(RestResult.ok(null));
        });
    }

    private static String required(Map<String, String> body, HttpExchange exchange, String name) {
        String value = body.get(name);
        return value != null ? value : exchange.requiredParam(name);
    }

    private void setLevel(HttpExchange exchange, String done) {
        setLevel(exchange, exchange.requiredParam("logName"), exchange.requiredParam("logLevel"));
        exchange.respondText(200, done);
    }

    private void setLevel(HttpExchange exchange, String logName, String levelName) {
        String logger = LOGGERS.get(logName);
        if (logger == null) {
            throw NacosException.badRequest("unknown logName '" + logName + "'; the logs are " + LOGGERS.keySet());
        }
        LogLevel level = levelOf(levelName);
        logging.setLogLevel(logger, level);
        LOG.info("log {} ({}) set to {} by {}", logName, logger, level, exchange.clientIp());
    }

    private static LogLevel levelOf(String name) {
        try {
            return LogLevel.valueOf(name.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException unknown) {
            throw NacosException.badRequest("unknown logLevel '" + name + "'; use one of "
                    + Arrays.toString(LogLevel.values()));
        }
    }
}
