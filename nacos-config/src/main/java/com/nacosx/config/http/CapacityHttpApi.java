package com.nacosx.config.http;

import com.nacosx.config.capacity.CapacityService;
import com.nacosx.config.service.ConfigCommand;
import com.nacosx.config.service.ConfigWriter;
import com.nacosx.core.replication.CommandLog;
import com.nacosx.core.http.HttpApi;
import com.nacosx.core.http.HttpExchange;
import com.nacosx.core.http.HttpRoutes;
import com.nacosx.core.http.RestResult;
import org.springframework.stereotype.Component;

/**
 * {@code /v1/cs/capacity}: GET a group's ({@code group}) or a namespace's ({@code tenant})
 * capacity; POST sets its {@code quota}, {@code maxSize}, {@code maxAggrCount}, {@code maxAggrSize}
 * (through the write path, so an embedded cluster replicates it). Refusals answer 400 with the
 * official messages in {@code {"code":400,"message":...}}.
 */
@Component
public class CapacityHttpApi implements HttpApi {

    private static final String CAPACITY = "/v1/cs/capacity";

    private final CapacityService capacities;
    private final CommandLog<ConfigWriter> commands;

    public CapacityHttpApi(CapacityService capacities, CommandLog<ConfigWriter> commands) {
        this.capacities = capacities;
        this.commands = commands;
    }

    @Override
    public void register(HttpRoutes routes) {
        routes.get(CAPACITY).blocking(this::get);
        routes.post(CAPACITY).blocking(this::update);
    }

    private void get(HttpExchange exchange) {
        String group = exchange.param("group");
        String tenant = exchange.param("tenant");
        if (group == null && tenant == null) {
            refuse(exchange, "The parameter group and tenant cannot be empty at the same time");
        } else if (group == null && tenant.isBlank()) {
            refuse(exchange, "tenant cannot be an empty string");
        } else {
            exchange.respondJson(RestResult.ok(capacities.of(tenant == null ? group : null, tenant)));
        }
    }

    private void update(HttpExchange exchange) {
        String group = exchange.param("group");
        String tenant = exchange.param("tenant");
        Integer quota = count(exchange, "quota");
        Integer maxSize = count(exchange, "maxSize");
        Integer maxAggrCount = count(exchange, "maxAggrCount");
        Integer maxAggrSize = count(exchange, "maxAggrSize");
        if (blank(group) && blank(tenant)) {
            refuse(exchange, "The parameter group and tenant cannot be empty at the same time");
            return;
        }
        if (quota == null && maxSize == null && maxAggrCount == null && maxAggrSize == null) {
            refuse(exchange, "The parameters quota, maxSize, maxAggrCount, maxAggrSize cannot be empty at the same time");
            return;
        }
        String field = tenant == null ? "group" : "tenant";
        String name = tenant == null ? group : tenant;
        if (blank(name)) {
            refuse(exchange, String.format("parameter %s is empty.", field));
            return;
        }
        commands.submitAndWait(new ConfigCommand.SetCapacity(tenant != null, name.trim(), quota, maxSize, maxAggrCount,
                maxAggrSize, System.currentTimeMillis()));
        exchange.respondJson(new RestResult<>(200, String.format(
                "successfully updated the capacity information configuration of %s to %s", field, name), true));
    }

    private static Integer count(HttpExchange exchange, String name) {
        String value = exchange.param(name);
        if (value == null || value.isBlank()) {
            return null;
        }
        int count = exchange.intParam(name, 0);
        if (count < 0) {
            throw new IllegalArgumentException("parameter '" + name + "' must not be negative, got " + count);
        }
        return count;
    }

    private static boolean blank(String value) {
        return value == null || value.isBlank();
    }

    private static void refuse(HttpExchange exchange, String message) {
        exchange.respondJson(400, new RestResult<>(400, message, null));
    }
}
