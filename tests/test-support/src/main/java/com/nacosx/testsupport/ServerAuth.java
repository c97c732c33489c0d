package com.nacosx.testsupport;

import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import tools.jackson.databind.json.JsonMapper;

/** A server with auth on, for the tests: its settings, logins and the users they need. */
public final class ServerAuth {

    public static final String KEY = Base64.getEncoder().encodeToString(
            "a test key of thirty-two bytes!!".getBytes(StandardCharsets.UTF_8));
    public static final String ADMIN_PASSWORD = "admin-pw-1";
    public static final String IDENTITY_KEY = "peer-identity";
    public static final String IDENTITY_VALUE = "peer-secret";
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Duration LOGIN_BOUND = Duration.ofMinutes(2);

    private ServerAuth() {
    }

    /**
     * Auth on with a strong key, a server identity and the admin's password; {@code extra} settings
     * are added or replace these (a setting given twice would reach the server as a list). Failed
     * logins lock a user out only after many: {@link #awaitToken} fails while the user is not
     * there yet.
     */
    public static String[] enabled(String... extra) {
        List<String> settings = new ArrayList<>(List.of("nacos.core.auth.enabled=true",
                "nacos.core.auth.plugin.nacos.token.secret.key=" + KEY,
                "nacos.core.auth.server.identity.key=" + IDENTITY_KEY,
                "nacos.core.auth.server.identity.value=" + IDENTITY_VALUE,
                "nacos.core.auth.admin.password=" + ADMIN_PASSWORD, "nacos.core.auth.login.max-failures=1000"));
        for (String setting : extra) {
            String name = setting.substring(0, setting.indexOf('=') + 1);
            settings.removeIf(existing -> existing.startsWith(name));
            settings.add(setting);
        }
        return settings.toArray(String[]::new);
    }

    public static HttpResponse<String> login(ServerProcess server, String username, String password) {
        return HttpCall.post(server.baseUrl() + "/v1/auth/users/login").param("username", username)
                .param("password", password).send();
    }

    /**
     * Logs in once the user exists on this server (the admin is created when the server is ready;
     * a user created through another member arrives with replication); @return the token
     */
    public static String awaitToken(ServerProcess server, String username, String password) {
        long deadline = System.nanoTime() + LOGIN_BOUND.toNanos();
        while (true) {
            HttpResponse<String> answer = login(server, username, password);
            if (answer.statusCode() == 200) {
                return JSON.readTree(answer.body()).path("accessToken").asString();
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("no login of " + username + " within " + LOGIN_BOUND + ": " + answer.body());
            }
            ServerProcess.sleep(200);
        }
    }

    /**
     * The admin's token, once the server's auth log says the admin exists: a login tried before
     * counts as a failure, and a test that allows few of them would lock the admin out.
     */
    public static String adminToken(ServerProcess server) {
        long deadline = System.nanoTime() + LOGIN_BOUND.toNanos();
        while (!server.log("core-auth.log").contains("the admin user 'nacos' exists")) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("the server did not log that its admin exists within " + LOGIN_BOUND
                        + "; see " + server.home().resolve("logs/core-auth.log"));
            }
            ServerProcess.sleep(100);
        }
        return awaitToken(server, "nacos", ADMIN_PASSWORD);
    }

    /** Creates the user with a role of its own name granted {@code action} on {@code resource}. */
    public static void createUser(ServerProcess server, String admin, String username, String password,
            String resource, String action) {
        String base = server.baseUrl() + "/v1/auth";
        expectOk(HttpCall.post(base + "/users").param("username", username).param("password", password)
                .param("accessToken", admin).send());
        expectOk(HttpCall.post(base + "/roles").param("role", username + "-role").param("username", username)
                .param("accessToken", admin).send());
        expectOk(HttpCall.post(base + "/permissions").param("role", username + "-role").param("resource", resource)
                .param("action", action).param("accessToken", admin).send());
    }

    private static void expectOk(HttpResponse<String> answer) {
        if (answer.statusCode() != 200) {
            throw new AssertionError(answer.statusCode() + " " + answer.body());
        }
    }
}
