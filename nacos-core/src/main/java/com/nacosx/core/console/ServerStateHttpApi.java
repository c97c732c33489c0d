package com.nacosx.core.console;

import com.nacosx.api.exception.NacosException;
import com.nacosx.core.auth.Access;
import com.nacosx.core.cluster.ServerMemberManager;
import com.nacosx.core.env.NacosServerProperties;
import com.nacosx.core.http.ApiResult;
import com.nacosx.core.http.HttpApi;
import com.nacosx.core.http.HttpExchange;
import com.nacosx.core.http.HttpRoutes;
import com.nacosx.core.http.HttpServerProperties;
import com.nacosx.core.http.RestResult;
import org.springframework.stereotype.Component;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The console's view of the server, {@code /v1/console/server/*}: {@code state} (every module's
 * settings under the official keys, as text), and the {@code announcement} and {@code guide} an
 * operator may put in {@code conf/} ({@code announcement_<language>.conf}, {@code console-guide.conf}).
 */
@Component
public class ServerStateHttpApi implements HttpApi {

    private static final String BASE = "/v1/console/server";
    private static final Pattern LANGUAGE = Pattern.compile("[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})?");

    private final NacosServerProperties server;
    private final HttpServerProperties http;
    private final List<ModuleStates> modules;

    public ServerStateHttpApi(NacosServerProperties server, HttpServerProperties http, List<ModuleStates> modules) {
        this.server = server;
        this.http = http;
        this.modules = List.copyOf(modules);
    }

    @Override
    public void register(HttpRoutes routes) {
        routes.get(BASE + "/state").access(Access.open()).inline(exchange -> exchange.respondJson(state()));
        routes.get("/v3/admin/core/state").access(Access.open())
                .inline(exchange -> exchange.respondJson(ApiResult.success(state())));
        routes.get(BASE + "/announcement").access(Access.open()).blocking(this::announcement);
        routes.get(BASE + "/guide").access(Access.open())
                .blocking(exchange -> exchange.respondJson(RestResult.ok(read("console-guide.conf"))));
    }

    private Map<String, String> state() {
        Map<String, Object> states = new LinkedHashMap<>();
        states.put("startup_mode", server.standalone() ? "standalone" : "cluster");
        // Every module runs in every node: there is no config-only or naming-only mode.
        states.put("function_mode", null);
        states.put("version", ServerMemberManager.PROTOCOL_VERSION);
        states.put("server_port", http.port());
        // A server without the console module has none; the module says whether its console is on.
        states.put("console_ui_enabled", false);
        modules.forEach(module -> states.putAll(module.states()));
        Map<String, String> shown = new LinkedHashMap<>();
        states.forEach((key, value) -> shown.put(key, value == null ? null : value.toString()));
        return shown;
    }

    private void announcement(HttpExchange exchange) {
        String language = exchange.param("language");
        language = language == null || language.isBlank() ? "zh-CN" : language.trim();
        if (!LANGUAGE.matcher(language).matches()) {
            throw NacosException.badRequest("Invalid filename: language '" + language
                    + "' must be a language tag such as en-US or zh-CN");
        }
        exchange.respondJson(RestResult.ok(read("announcement_" + language + ".conf")));
    }

    /** A file of {@code conf/}, or null when there is none. */
    private String read(String name) {
        Path file = server.homePath().resolve("conf").resolve(name);
        if (!Files.isRegularFile(file)) {
            return null;
        }
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + "; check its permissions", e);
        }
    }
}
