package com.nacosx.naming.http;

import com.nacosx.api.exception.NacosException;
import com.nacosx.api.exception.Shown;
import com.nacosx.api.naming.NamingNames;
import com.nacosx.core.http.HttpExchange;
import com.nacosx.core.http.Json;
import com.nacosx.naming.model.InstanceRecord;
import com.nacosx.naming.model.NamingLimits;
import com.nacosx.naming.model.ServiceKey;
import tools.jackson.core.type.TypeReference;

import java.util.HashMap;
import java.util.Map;

/** Reads the naming parameters of the 1.x Open API, with the official names and defaults. */
final class NamingParams {

    private static final TypeReference<Map<String, String>> STRING_MAP = new TypeReference<>() {
    };

    private NamingParams() {
    }

    static ServiceKey service(HttpExchange exchange) {
        return ServiceKey.of(exchange.param("namespaceId"), exchange.param("groupName"),
                exchange.requiredParam("serviceName"));
    }

    static String cluster(HttpExchange exchange) {
        String cluster = exchange.param("clusterName");
        if (cluster == null || cluster.isBlank()) {
            cluster = exchange.param("cluster");
        }
        return cluster == null || cluster.isBlank() ? NamingNames.DEFAULT_CLUSTER : cluster;
    }

    static String ip(HttpExchange exchange) {
        String ip = exchange.requiredParam("ip").trim();
        if (ip.isEmpty()) {
            throw NacosException.badRequest("Param 'ip' is empty; give the instance's IP address");
        }
        return ip;
    }

    static int port(HttpExchange exchange) {
        String value = exchange.requiredParam("port");
        try {
            int port = Integer.parseInt(value.trim());
            if (port >= 0 && port <= 65535) {
                return port;
            }
        } catch (NumberFormatException notANumber) {
            // answered below
        }
        throw NacosException.badRequest("Param 'port' is illegal: '" + Shown.bounded(value)
                + "'; it must be a number 0-65535");
    }

    static double weight(HttpExchange exchange, double defaultValue) {
        Double weight = optionalWeight(exchange);
        return weight == null ? defaultValue : weight;
    }

    /** The {@code weight} given, or null. */
    static Double optionalWeight(HttpExchange exchange) {
        String value = exchange.param("weight");
        if (value == null || value.isBlank()) {
            return null;
        }
        try {
            return Double.parseDouble(value.trim());
        } catch (NumberFormatException notANumber) {
            throw NacosException.badRequest("Param 'weight' is illegal: '" + Shown.bounded(value)
                    + "'; it must be a number");
        }
    }

    /** The boolean parameter given, or null. */
    static Boolean optionalBool(HttpExchange exchange, String name) {
        String value = exchange.param(name);
        return value == null || value.isBlank() ? null : Boolean.parseBoolean(value.trim());
    }

    static boolean ephemeral(HttpExchange exchange) {
        return exchange.boolParam("ephemeral", true);
    }

    /** The instance a register or update names; {@code enable} is the older spelling of {@code enabled}. */
    static InstanceRecord instance(HttpExchange exchange) {
        boolean enabled = exchange.param("enabled") != null ? exchange.boolParam("enabled", true)
                : exchange.boolParam("enable", true);
        return new InstanceRecord(ip(exchange), port(exchange), cluster(exchange), weight(exchange, 1.0D),
                exchange.boolParam("healthy", true), enabled, ephemeral(exchange),
                metadata(exchange.param("metadata")));
    }

    /**
     * Metadata as the official server takes it: a JSON object, or {@code k1=v1,k2=v2}.
     *
     * @throws NacosException 400 when it is neither
     */
    static Map<String, String> metadata(String text) {
        if (text == null || text.isBlank()) {
            return Map.of();
        }
        String trimmed = text.trim();
        if (trimmed.startsWith("{")) {
            Map<String, String> parsed;
            try {
                parsed = Json.read(trimmed, STRING_MAP, "metadata");
            } catch (IllegalArgumentException e) {
                throw NacosException.badRequest("Param 'metadata' is illegal: " + Shown.bounded(e.getMessage()));
            }
            if (parsed == null) {
                return Map.of();
            }
            NamingLimits.checkMetadata(parsed);
            return parsed;
        }
        Map<String, String> pairs = new HashMap<>();
        for (String pair : trimmed.split(",")) {
            int equals = pair.indexOf('=');
            if (equals <= 0) {
                throw NacosException.badRequest("Param 'metadata' is illegal: '" + Shown.bounded(text)
                        + "'; give a JSON object or k1=v1,k2=v2");
            }
            pairs.put(pair.substring(0, equals).trim(), pair.substring(equals + 1).trim());
        }
        NamingLimits.checkMetadata(pairs);
        return pairs;
    }
}
