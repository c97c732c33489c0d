package com.nacosx.core.auth.http;

import com.nacosx.api.exception.ErrorCode;
import com.nacosx.api.exception.NacosException;
import com.nacosx.core.auth.Access;
import com.nacosx.core.auth.AccessTokens;
import com.nacosx.core.auth.Accounts;
import com.nacosx.core.auth.AuthGate;
import com.nacosx.core.auth.LoginThrottle;
import com.nacosx.core.http.HttpAccess;
import com.nacosx.core.http.ApiVersion;
import com.nacosx.core.http.HttpApi;
import com.nacosx.core.http.HttpExchange;
import com.nacosx.core.http.HttpRoutes;
import com.nacosx.core.http.Json;
import com.nacosx.core.http.RestResult;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.util.LinkedHashMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * The official auth API under {@code /v1/auth}: login, and the users, roles and permissions the
 * console manages. Managing is for admins; a user may change its own password; login and the
 * one-time creation of the admin are open.
 */
@Component
public class AuthHttpApi implements HttpApi {

    private static final Logger LOG = LoggerFactory.getLogger(AuthHttpApi.class);
    private static final String USERS = "/v1/auth/users";
    private static final String ROLES = "/v1/auth/roles";
    private static final String PERMISSIONS = "/v1/auth/permissions";
    private static final String V3_USER = "/v3/auth/user";
    private static final String V3_ROLE = "/v3/auth/role";
    private static final String V3_PERMISSION = "/v3/auth/permission";

    private final Accounts accounts;
    private final AccessTokens tokens;
    private final LoginThrottle throttle;
    private final AuthGate gate;

    public AuthHttpApi(Accounts accounts, AccessTokens tokens, LoginThrottle throttle, AuthGate gate) {
        this.accounts = accounts;
        this.tokens = tokens;
        this.throttle = throttle;
        this.gate = gate;
    }

    @Override
    public void register(HttpRoutes routes) {
        // BCrypt takes tens of milliseconds by design: logins and password changes run on the workers.
        routes.post(USERS + "/login").access(Access.open()).blocking(this::login);
        routes.post("/v1/auth/login").access(Access.open()).blocking(this::login);
        routes.post(V3_USER + "/login").access(Access.open()).blocking(this::login);
        routes.post(USERS + "/admin").access(Access.open()).blocking(this::createAdmin);
        routes.post(V3_USER + "/admin").access(Access.open()).blocking(this::createAdmin);
        registerAccounts(routes, USERS, ROLES, PERMISSIONS, ApiVersion.V1);
        registerAccounts(routes, V3_USER, V3_ROLE, V3_PERMISSION, ApiVersion.V2);
        routes.put(USERS + "/password").access(Access.signedIn()).blocking(this::changeOwnPassword);
        routes.get(USERS).when("search", "accurate").inline(exchange -> users(exchange, false, ApiVersion.V1));
        routes.get(USERS).when("search", "blur").inline(exchange -> users(exchange, true, ApiVersion.V1));
        routes.get(ROLES).when("search", "accurate").inline(exchange -> roles(exchange, false, ApiVersion.V1));
        routes.get(ROLES).when("search", "blur").inline(exchange -> roles(exchange, true, ApiVersion.V1));
        routes.get(PERMISSIONS).when("search", "accurate").inline(exchange -> grants(exchange, false, ApiVersion.V1));
        routes.get(PERMISSIONS).when("search", "blur").inline(exchange -> grants(exchange, true, ApiVersion.V1));
        // v3 lists say how to search in a parameter of the same name, accurate unless told.
        routes.get(V3_USER + "/list").inline(exchange -> users(exchange, isBlur(exchange), ApiVersion.V2));
        routes.get(V3_ROLE + "/list").inline(exchange -> roles(exchange, isBlur(exchange), ApiVersion.V2));
        routes.get(V3_PERMISSION + "/list").inline(exchange -> grants(exchange, isBlur(exchange), ApiVersion.V2));
    }

    /** Creating and deleting users, roles and permissions, and the name searches, on one API version. */
    private void registerAccounts(HttpRoutes routes, String users, String roles, String permissions,
            ApiVersion version) {
        routes.post(users).blocking(exchange -> {
            accounts.createUser(exchange.requiredParam("username"), exchange.requiredParam("password"));
            done(exchange, "create user ok!", version);
        });
        routes.delete(users).blocking(exchange -> {
            accounts.deleteUser(exchange.requiredParam("username"));
            done(exchange, "delete user ok!", version);
        });
        routes.put(users).access(Access.signedIn()).blocking(exchange -> updatePassword(exchange, version));
        routes.get(users + "/search").inline(exchange ->
                version.data(exchange, accounts.usernamesLike(exchange.requiredParam("username"))));
        routes.get(roles + "/search").inline(exchange ->
                version.data(exchange, accounts.rolesLike(exchange.requiredParam("role"))));
        routes.post(roles).blocking(exchange -> {
            accounts.bindRole(exchange.requiredParam("role"), exchange.requiredParam("username"));
            done(exchange, "add role ok!", version);
        });
        routes.delete(roles).blocking(exchange -> {
            String username = exchange.param("username");
            accounts.unbindRole(exchange.requiredParam("role"), username);
            done(exchange, "delete role of user " + (username == null ? "" : username) + " ok!", version);
        });
        routes.post(permissions).blocking(exchange -> {
            accounts.grant(exchange.requiredParam("role"), exchange.requiredParam("resource"),
                    exchange.requiredParam("action"));
            done(exchange, "add permission ok!", version);
        });
        routes.delete(permissions).blocking(exchange -> {
            accounts.revoke(exchange.requiredParam("role"), exchange.requiredParam("resource"),
                    exchange.requiredParam("action"));
            done(exchange, "delete permission ok!", version);
        });
    }

    private static boolean isBlur(HttpExchange exchange) {
        return "blur".equals(exchange.param("search"));
    }

    /**
     * Answers a token for a right username and password, as the official server does (the token
     * in the body and in {@code Authorization}); refuses a pair that failed too often for a while.
     */
    private void login(HttpExchange exchange) {
        String username = exchange.requiredParam("username");
        String password = exchange.requiredParam("password");
        String ip = exchange.remoteIp();
        long wait = throttle.waitSeconds(username, ip);
        if (wait > 0) {
            LOG.warn("refused a login of '{}' from {}: too many failures, {} s to wait", username, ip, wait);
            throw new NacosException(429, ErrorCode.ACCESS_DENIED, "too many failed logins of user '" + username
                    + "' from " + ip + "; try again in " + wait + " s");
        }
        if (!accounts.passwordMatches(username, password)) {
            throttle.failed(username, ip);
            LOG.warn("failed login of '{}' from {}", username, ip);
            throw new NacosException(NacosException.FORBIDDEN, ErrorCode.ACCESS_DENIED,
                    "unknown user or wrong password");
        }
        throttle.succeeded(username, ip);
        String token = tokens.issue(username);
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("accessToken", token);
        answer.put("tokenTtl", tokens.ttlSeconds());
        answer.put("globalAdmin", accounts.isAdmin(username));
        answer.put("username", username);
        exchange.respond(HttpResponseStatus.OK, "application/json;charset=UTF-8", Json.bytes(answer),
                new DefaultHttpHeaders().set("Authorization", "Bearer " + token));
    }

    private void createAdmin(HttpExchange exchange) {
        String password = accounts.createAdmin(exchange.param("password"));
        LOG.info("created the admin user '{}' at the request of {}", Accounts.ADMIN_USER, exchange.clientIp());
        Map<String, String> answer = new LinkedHashMap<>();
        answer.put("username", Accounts.ADMIN_USER);
        answer.put("password", password);
        exchange.respondJson(answer);
    }

    /** An admin sets anyone's password; a user its own. */
    private void updatePassword(HttpExchange exchange, ApiVersion version) {
        String username = exchange.requiredParam("username");
        String caller = gate.userOf(HttpAccess.tokenOf(exchange));
        if (gate.enabled() && caller != null && !caller.equals(username) && !accounts.isAdmin(caller)) {
            throw new NacosException(NacosException.FORBIDDEN, ErrorCode.ACCESS_DENIED,
                    "authorization failed! only an admin may change another user's password");
        }
        accounts.updatePassword(username, exchange.requiredParam("newPassword"));
        LOG.info("password of '{}' changed by {}", username, caller == null ? exchange.clientIp() : caller);
        done(exchange, "update user ok!", version);
    }

    /** The signed-in user changes its own password, proving the old one. */
    private void changeOwnPassword(HttpExchange exchange) {
        String caller = gate.userOf(HttpAccess.tokenOf(exchange));
        if (caller == null) {
            throw new NacosException(NacosException.UNAUTHORIZED, ErrorCode.ACCESS_DENIED,
                    "log in first: the password changed is the signed-in user's");
        }
        if (!accounts.passwordMatches(caller, exchange.requiredParam("oldPassword"))) {
            throw new NacosException(NacosException.UNAUTHORIZED, ErrorCode.ACCESS_DENIED, "Old password is invalid");
        }
        accounts.updatePassword(caller, exchange.requiredParam("newPassword"));
        exchange.respondJson(RestResult.ok("Update password success"));
    }

    private void users(HttpExchange exchange, boolean blur, ApiVersion version) {
        version.data(exchange, accounts.users(exchange.param("username"), blur, exchange.requiredIntParam("pageNo"),
                exchange.requiredIntParam("pageSize")));
    }

    private void roles(HttpExchange exchange, boolean blur, ApiVersion version) {
        version.data(exchange, accounts.roles(exchange.param("username"), exchange.param("role"), blur,
                exchange.requiredIntParam("pageNo"), exchange.requiredIntParam("pageSize")));
    }

    private void grants(HttpExchange exchange, boolean blur, ApiVersion version) {
        version.data(exchange, accounts.grants(exchange.param("role"), blur, exchange.requiredIntParam("pageNo"),
                exchange.requiredIntParam("pageSize")));
    }

    /** A change done: the 1.x API's {@code RestResult}, the v3 envelope after. */
    private static void done(HttpExchange exchange, String message, ApiVersion version) {
        if (version == ApiVersion.V1) {
            exchange.respondJson(RestResult.ok(message));
        } else {
            version.data(exchange, message);
        }
    }
}
