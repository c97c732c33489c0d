package com.nacosx.config.http;

import com.nacosx.api.exception.NacosException;
import com.nacosx.config.capacity.CapacityService;
import com.nacosx.config.service.ConfigCommand;
import com.nacosx.config.service.ConfigWriter;
import com.nacosx.core.replication.CommandLog;
import com.nacosx.config.service.ConfigService;
import com.nacosx.core.http.ApiResult;
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

    private static final String PUBLIC_NAMESPACE_AS_GROUP = "";
    private static final String CAPACITY = "/v1/cs/capacity";
    private static final String V3 = "/v3/admin/cs/capacity";

    private final CapacityService capacities;
    private final CommandLog<ConfigWriter> commands;

    public CapacityHttpApi(CapacityService capacities, CommandLog<ConfigWriter> commands) {
        this.capacities = capacities;
        this.commands = commands;
    }

    @Override
    public void register(HttpRoutes routes) {
        routes.get(CAPACITY).blocking(exchange -> get(exchange, Api.V1));
        routes.post(CAPACITY).blocking(exchange -> update(exchange, Api.V1));
        routes.get(V3).blocking(exchange -> get(exchange, Api.V3));
        routes.post(V3).blocking(exchange -> update(exchange, Api.V3));
    }

    /**
     * How a version names the group and the namespace, and answers: the 1.x API with the
     * official's {@code RestResult} (a refusal too), v3 in the envelope.
     */
    private enum Api {
        V1("group", "tenant"), V3("groupName", "namespaceId");

        final String groupParam;
        final String tenantParam;

        Api(String groupParam, String tenantParam) {
            this.groupParam = groupParam;
            this.tenantParam = tenantParam;
        }

        void answer(HttpExchange exchange, String message, Object data) {
            if (this == V1) {
                exchange.respondJson(new RestResult<>(200, message, data));
            } else {
                exchange.respondJson(ApiResult.success(data));
            }
        }

        void refuse(HttpExchange exchange, String message) {
            if (this == V1) {
                exchange.respondJson(400, new RestResult<>(400, message, null));
            } else {
                throw NacosException.badRequest(message);
            }
        }
    }

    private void get(HttpExchange exchange, Api api) {
        String group = exchange.param(api.groupParam);
        String tenant = exchange.param(api.tenantParam);
        if (namesPublicNamespace(tenant)) {
            api.answer(exchange, null, capacities.of(PUBLIC_NAMESPACE_AS_GROUP, null));
        } else if (group == null && tenant == null) {
            api.refuse(exchange, "The parameter group and tenant cannot be empty at the same time");
        } else if (group == null && tenant.isBlank()) {
            api.refuse(exchange, "tenant cannot be an empty string");
        } else {
            api.answer(exchange, null, capacities.of(tenant == null ? group : null, tenant));
        }
    }

    private void update(HttpExchange exchange, Api api) {
        String group = exchange.param(api.groupParam);
        String tenant = exchange.param(api.tenantParam);
        Integer quota = count(exchange, "quota");
        Integer maxSize = count(exchange, "maxSize");
        Integer maxAggrCount = count(exchange, "maxAggrCount");
        Integer maxAggrSize = count(exchange, "maxAggrSize");
        if (blank(group) && blank(tenant)) {
            api.refuse(exchange, "The parameter group and tenant cannot be empty at the same time");
            return;
        }
        if (quota == null && maxSize == null && maxAggrCount == null && maxAggrSize == null) {
            api.refuse(exchange, "The parameters quota, maxSize, maxAggrCount, maxAggrSize cannot be empty at the same time");
            return;
        }
        boolean publicNamespace = namesPublicNamespace(tenant);
        String field = tenant == null ? "group" : "tenant";
        String name = tenant == null ? group : tenant;
        if (blank(name)) {
            api.refuse(exchange, String.format("parameter %s is empty.", field));
            return;
        }
        commands.submitAndWait(new ConfigCommand.SetCapacity(tenant != null && !publicNamespace,
                publicNamespace ? PUBLIC_NAMESPACE_AS_GROUP : name.trim(), quota, maxSize, maxAggrCount,
                maxAggrSize, System.currentTimeMillis()));
        api.answer(exchange, String.format("successfully updated the capacity information configuration of %s to %s",
                field, name), true);
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

    /**
     * A 3.x tool names the public namespace as a tenant ("public"). Its configs are counted against
     * the whole public namespace's capacity, which the 2.x model keeps as the capacity of group "".
     */
    private static boolean namesPublicNamespace(String tenant) {
        return !blank(tenant) && ConfigService.normalizeTenant(tenant).isEmpty();
    }

    private static boolean blank(String value) {
        return value == null || value.isBlank();
    }

}
