package com.nacosx.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nacosx.api.remote.Response;
import com.nacosx.api.remote.cluster.MemberReportRequest;
import com.nacosx.api.remote.config.ConfigPublishRequest;
import com.nacosx.api.remote.config.ConfigQueryRequest;
import com.nacosx.api.remote.naming.InstanceRequest;
import com.nacosx.testsupport.HttpCall;
import com.nacosx.testsupport.NacosGrpcClient;
import com.nacosx.testsupport.NamingRequests;
import com.nacosx.testsupport.ServerAuth;
import com.nacosx.testsupport.ServerProcess;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.Map;
import java.util.concurrent.CompletionException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Auth on a standalone server: login, tokens, users, roles and permissions, 401 and 403 on HTTP and
 * gRPC, the cluster port closed to non-members, and each of the official server's historic holes
 * tried and refused.
 */
class AuthTest {

    static final JsonMapper JSON = JsonMapper.builder().build();
    static final String PUBLISHED_KEY = "SecretKey012345678901234567890123456789012345678901234567890123456789";
    static final String ADMIN_PASSWORD = ServerAuth.ADMIN_PASSWORD;

    static ServerProcess server;
    static String admin;

    @BeforeAll
    static void start() {
        server = ServerProcess.startStandalone(ServerAuth.enabled("nacos.core.auth.login.max-failures=3"));
        admin = ServerAuth.adminToken(server);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    static String[] withKey(String key) {
        return ServerAuth.enabled("nacos.core.auth.plugin.nacos.token.secret.key=" + key);
    }

    static String url(String path) {
        return server.baseUrl() + path;
    }

    static HttpResponse<String> login(String username, String password) {
        return ServerAuth.login(server, username, password);
    }

    static String awaitLogin(String username, String password) {
        return ServerAuth.awaitToken(server, username, password);
    }

    static HttpCall readConfig(String tenant) {
        HttpCall call = HttpCall.get(url("/v1/cs/configs")).param("dataId", "auth.yaml").param("group", "G");
        return tenant == null ? call : call.param("tenant", tenant);
    }

    static HttpCall publishConfig(String tenant, String content) {
        HttpCall call = HttpCall.post(url("/v1/cs/configs")).param("dataId", "auth.yaml").param("group", "G")
                .param("content", content);
        return tenant == null ? call : call.param("tenant", tenant);
    }

    static HttpResponse<String> asAdmin(HttpCall call) {
        return call.param("accessToken", admin).send();
    }

    static String b64(String text) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(text.getBytes(StandardCharsets.UTF_8));
    }

    static String signed(String payload, byte[] key) throws Exception {
        String content = b64("{\"alg\":\"HS256\",\"typ\":\"JWT\"}") + "." + b64(payload);
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(key, "HmacSHA256"));
        return content + "." + Base64.getUrlEncoder().withoutPadding()
                .encodeToString(mac.doFinal(content.getBytes(StandardCharsets.UTF_8)));
    }

    static long inSeconds(long seconds) {
        return System.currentTimeMillis() / 1000 + seconds;
    }

    @Test
    void loginAnswersATokenAsTheOfficialServerDoes() {
        HttpResponse<String> answer = login("nacos", ADMIN_PASSWORD);
        assertEquals(200, answer.statusCode());
        JsonNode body = JSON.readTree(answer.body());
        assertEquals(18000, body.path("tokenTtl").asLong());
        assertTrue(body.path("globalAdmin").asBoolean());
        assertEquals("nacos", body.path("username").asString());
        assertEquals("Bearer " + body.path("accessToken").asString(),
                answer.headers().firstValue("Authorization").orElse(""));
        assertEquals(403, login("nacos", "wrong").statusCode());
        assertEquals(403, login("nobody", "wrong").statusCode());
        assertEquals(200, HttpCall.post(url("/v1/auth/login")).param("username", "nacos")
                .param("password", ADMIN_PASSWORD).send().statusCode(), "the older login path");
        assertEquals(409, HttpCall.post(url("/v1/auth/users/admin")).param("password", "take-over").send()
                .statusCode(), "the admin is created once");
        JsonNode state = JSON.readTree(HttpCall.get(url("/v1/console/server/state")).send().body());
        assertEquals("true", state.path("auth_enabled").asString(), "the state is open and says auth is on");
        assertEquals("false", state.path("auth_admin_request").asString());
    }

    @Test
    void everyCarrierOfTheTokenIsAccepted() {
        assertEquals(200, asAdmin(publishConfig(null, "v1")).statusCode());
        assertEquals("v1", readConfig(null).param("accessToken", admin).send().body());
        assertEquals(200, readConfig(null).header("accessToken", admin).send().statusCode());
        assertEquals(200, readConfig(null).header("Authorization", "Bearer " + admin).send().statusCode());
    }

    @Test
    void withoutAValidTokenRequestsAre401AndChangeNothing() throws Exception {
        assertEquals(401, readConfig(null).send().statusCode());
        assertEquals(401, publishConfig(null, "anonymous").send().statusCode());
        assertEquals(401, readConfig(null).param("accessToken", "not.a.token").send().statusCode());
        String expired = signed("{\"sub\":\"nacos\",\"exp\":" + inSeconds(-10) + "}",
                Base64.getDecoder().decode(ServerAuth.KEY));
        HttpResponse<String> refused = readConfig(null).param("accessToken", expired).send();
        assertEquals(401, refused.statusCode());
        assertTrue(refused.body().contains("token expired"), refused.body());
        assertEquals(401, HttpCall.get(url("/v1/ns/instance/list")).param("serviceName", "s").send().statusCode());
        assertEquals(401, HttpCall.get(url("/v2/cs/config")).param("dataId", "auth.yaml").param("group", "G").send()
                .statusCode());
        assertEquals(404, asAdmin(HttpCall.get(url("/v1/cs/configs")).param("dataId", "anonymous-never")
                .param("group", "G")).statusCode());
    }

    @Test
    void historicHolesAreClosed() throws Exception {
        // CVE-2021-29441: the User-Agent "Nacos-Server" passed the auth filter.
        assertEquals(401, HttpCall.get(url("/v1/auth/users")).param("search", "accurate").param("pageNo", "1")
                .param("pageSize", "10").header("User-Agent", "Nacos-Server").send().statusCode());
        assertEquals(401, HttpCall.post(url("/v1/auth/users")).param("username", "intruder").param("password", "x")
                .header("User-Agent", "Nacos-Server").send().statusCode());
        // The published default secret key signed tokens anyone could forge.
        String forged = signed("{\"sub\":\"nacos\",\"exp\":" + inSeconds(3600) + "}",
                PUBLISHED_KEY.getBytes(StandardCharsets.UTF_8));
        assertEquals(401, HttpCall.get(url("/v1/auth/users")).param("search", "accurate").param("pageNo", "1")
                .param("pageSize", "10").param("accessToken", forged).send().statusCode());
        String unsigned = b64("{\"alg\":\"none\"}") + "." + b64("{\"sub\":\"nacos\",\"exp\":" + inSeconds(3600) + "}")
                + ".";
        assertEquals(401, readConfig(null).param("accessToken", unsigned).send().statusCode());
        // The default server identity of old docs grants nothing; only the configured one does.
        assertEquals(401, readConfig(null).header("serverIdentity", "security").send().statusCode());
        assertEquals(200, readConfig(null).header(ServerAuth.IDENTITY_KEY, ServerAuth.IDENTITY_VALUE).send().statusCode());
        // The Derby SQL console (/v1/cs/ops/derby) ran any SELECT: there is no such endpoint, even for the admin.
        assertEquals(404, asAdmin(HttpCall.get(url("/v1/cs/ops/derby")).param("sql", "select * from users"))
                .statusCode());
        assertEquals(404, asAdmin(HttpCall.post(url("/v1/cs/ops/data/removal"))).statusCode());
        assertFalse(asAdmin(HttpCall.get(url("/v1/auth/users")).param("search", "blur").param("pageNo", "1")
                .param("pageSize", "10")).body().contains("$2a$"), "password hashes are never listed");
    }

    @Test
    void aReaderOfOneNamespaceReadsThereAndNowhereElse() {
        assertEquals(200, asAdmin(HttpCall.post(url("/v1/auth/users")).param("username", "reader")
                .param("password", "reader-pw")).statusCode());
        assertEquals(200, asAdmin(HttpCall.post(url("/v1/auth/roles")).param("role", "dev-reader")
                .param("username", "reader")).statusCode());
        assertEquals(200, asAdmin(HttpCall.post(url("/v1/auth/permissions")).param("role", "dev-reader")
                .param("resource", "dev:*:*").param("action", "r")).statusCode());
        assertEquals(200, asAdmin(publishConfig("dev", "in dev")).statusCode());
        assertEquals(200, asAdmin(publishConfig(null, "in public")).statusCode());
        String reader = awaitLogin("reader", "reader-pw");

        assertEquals("in dev", readConfig("dev").param("accessToken", reader).send().body());
        HttpResponse<String> elsewhere = readConfig(null).param("accessToken", reader).send();
        assertEquals(403, elsewhere.statusCode());
        assertTrue(elsewhere.body().contains("no permission 'r'"), elsewhere.body());
        assertEquals(403, publishConfig("dev", "overwritten").param("accessToken", reader).send().statusCode());
        assertEquals("in dev", readConfig("dev").param("accessToken", admin).send().body(), "nothing was written");
        assertEquals(403, HttpCall.get(url("/v1/auth/users")).param("search", "accurate").param("pageNo", "1")
                .param("pageSize", "10").param("accessToken", reader).send().statusCode(), "admin APIs");
        assertEquals(403, HttpCall.get(url("/v1/core/cluster/nodes")).param("accessToken", reader).send()
                .statusCode());
        assertEquals(200, HttpCall.get(url("/v1/ns/instance/list")).param("serviceName", "s")
                .param("namespaceId", "dev").param("accessToken", reader).send().statusCode());

        // A user changes its own password, not another's; the old password stops working.
        assertEquals(403, HttpCall.put(url("/v1/auth/users")).param("username", "nacos").param("newPassword", "x")
                .param("accessToken", reader).send().statusCode());
        assertEquals(200, HttpCall.put(url("/v1/auth/users")).param("username", "reader")
                .param("newPassword", "reader-pw-2").param("accessToken", reader).send().statusCode());
        assertEquals(403, login("reader", "reader-pw").statusCode());
        awaitLogin("reader", "reader-pw-2");

        // A deleted user's token is refused at once.
        assertEquals(200, asAdmin(HttpCall.delete(url("/v1/auth/users")).param("username", "reader")).statusCode());
        assertEquals(401, readConfig("dev").param("accessToken", reader).send().statusCode());
    }

    @Test
    void usersRolesAndPermissionsAreManagedAndListed() {
        assertEquals(200, asAdmin(HttpCall.post(url("/v1/auth/users")).param("username", "lister-1")
                .param("password", "pw")).statusCode());
        assertEquals(200, asAdmin(HttpCall.post(url("/v1/auth/users")).param("username", "lister-2")
                .param("password", "pw")).statusCode());
        assertEquals(409, asAdmin(HttpCall.post(url("/v1/auth/users")).param("username", "lister-1")
                .param("password", "pw")).statusCode());
        assertEquals(400, asAdmin(HttpCall.post(url("/v1/auth/users")).param("username", "")
                .param("password", "pw")).statusCode());
        JsonNode page = JSON.readTree(asAdmin(HttpCall.get(url("/v1/auth/users")).param("search", "blur")
                .param("username", "lister").param("pageNo", "1").param("pageSize", "1")).body());
        assertEquals(2, page.path("totalCount").asInt());
        assertEquals(2, page.path("pagesAvailable").asInt());
        assertEquals("lister-1", page.path("pageItems").get(0).path("username").asString());
        assertEquals("[\"lister-1\",\"lister-2\"]", asAdmin(HttpCall.get(url("/v1/auth/users/search"))
                .param("username", "lister")).body());
        assertEquals(400, asAdmin(HttpCall.post(url("/v1/auth/roles")).param("role", "ROLE_ADMIN")
                .param("username", "lister-1")).statusCode(), "nobody is made admin through the API");
        assertEquals(200, asAdmin(HttpCall.post(url("/v1/auth/roles")).param("role", "listers")
                .param("username", "lister-1")).statusCode());
        assertEquals(400, asAdmin(HttpCall.post(url("/v1/auth/permissions")).param("role", "no-such-role")
                .param("resource", "dev:*:*").param("action", "r")).statusCode());
        assertEquals(400, asAdmin(HttpCall.post(url("/v1/auth/permissions")).param("role", "listers")
                .param("resource", "dev:*:*").param("action", "x")).statusCode());
        assertEquals(200, asAdmin(HttpCall.post(url("/v1/auth/permissions")).param("role", "listers")
                .param("resource", "ns1:*:*").param("action", "rw")).statusCode());
        JsonNode grants = JSON.readTree(asAdmin(HttpCall.get(url("/v1/auth/permissions")).param("search", "accurate")
                .param("role", "listers").param("pageNo", "1").param("pageSize", "10")).body());
        assertEquals("ns1:*:*", grants.path("pageItems").get(0).path("resource").asString());
        JsonNode roles = JSON.readTree(asAdmin(HttpCall.get(url("/v1/auth/roles")).param("search", "accurate")
                .param("username", "lister-1").param("pageNo", "1").param("pageSize", "10")).body());
        assertEquals("listers", roles.path("pageItems").get(0).path("role").asString());
        assertEquals(400, asAdmin(HttpCall.delete(url("/v1/auth/users")).param("username", "nacos")).statusCode());
        assertEquals(200, asAdmin(HttpCall.delete(url("/v1/auth/roles")).param("role", "listers")).statusCode());
        assertEquals(0, JSON.readTree(asAdmin(HttpCall.get(url("/v1/auth/permissions")).param("search", "accurate")
                .param("role", "listers").param("pageNo", "1").param("pageSize", "10")).body())
                .path("totalCount").asInt(), "a role removed takes its permissions with it");
    }

    @Test
    void repeatedFailedLoginsMustWait() {
        assertEquals(200, asAdmin(HttpCall.post(url("/v1/auth/users")).param("username", "guessed")
                .param("password", "right-pw")).statusCode());
        awaitLogin("guessed", "right-pw");
        for (int i = 0; i < 3; i++) {
            assertEquals(403, login("guessed", "wrong-" + i).statusCode());
        }
        HttpResponse<String> locked = login("guessed", "right-pw");
        assertEquals(429, locked.statusCode(), "even the right password waits");
        assertTrue(locked.body().contains("try again in"), locked.body());
        HttpResponse<String> spoofed = HttpCall.post(url("/v1/auth/users/login")).param("username", "guessed")
                .param("password", "right-pw").header("X-Forwarded-For", "10.9.9.9").send();
        assertEquals(429, spoofed.statusCode(), "a forwarded-for header does not make another client");
        assertEquals(200, login("nacos", ADMIN_PASSWORD).statusCode(), "other users are not locked");
    }

    static InstanceRequest register(String service) {
        return NamingRequests.register("public", service, "10.0.0.1", Map.of());
    }

    @Test
    void grpcRequestsNeedTheTokenInTheirHeaders() {
        try (NacosGrpcClient client = NacosGrpcClient.connect("127.0.0.1", server.grpcPort())) {
            ConfigQueryRequest query = new ConfigQueryRequest();
            query.dataId = "auth.yaml";
            query.group = "G";
            Response refused = client.requestNow(query);
            assertEquals(403, refused.errorCode, "the code the official SDK logs in again on");
            assertTrue(refused.message.contains("no access token"), refused.message);

            ConfigPublishRequest publish = new ConfigPublishRequest();
            publish.dataId = "grpc-auth.yaml";
            publish.group = "G";
            publish.content = "by grpc";
            assertEquals(403, client.requestNow(publish).errorCode);
            publish.headers().put("accessToken", admin);
            assertTrue(client.requestNow(publish).isSuccess());
            query.dataId = "grpc-auth.yaml";
            query.headers().put("accessToken", admin);
            assertTrue(client.requestNow(query).isSuccess());

            assertEquals(403, client.requestNow(register("grpc-auth")).errorCode);
            InstanceRequest withToken = register("grpc-auth");
            withToken.headers().put("accessToken", admin);
            assertTrue(client.requestNow(withToken).isSuccess());
            assertTrue(client.healthCheck().join().isSuccess(), "keep-alive needs no token");
        }
    }

    @Test
    void theClusterPortServesMembersShowingTheServerIdentityOnly() {
        int clusterPort = server.grpcPort() + 1;
        try (NacosGrpcClient stranger = NacosGrpcClient.open("127.0.0.1", clusterPort, "127.0.0.2", null, null)) {
            CompletionException refused = assertThrows(CompletionException.class,
                    () -> stranger.setUp(Map.of("source", "cluster")).join());
            assertTrue(refused.getCause().getMessage().contains("PERMISSION_DENIED"), refused.getCause().toString());
        }
        try (NacosGrpcClient member = NacosGrpcClient.open("127.0.0.1", clusterPort, null, null, null)) {
            member.setUp(Map.of("source", "cluster")).join();
            MemberReportRequest report = new MemberReportRequest();
            Response withoutIdentity = member.requestNow(report);
            assertEquals(403, withoutIdentity.errorCode, withoutIdentity.message);
            report.headers().put("accessToken", admin);
            assertEquals(403, member.requestNow(report).errorCode, "no user token opens a peer request");
        }
        assertEquals(200, HttpCall.get(url("/v1/console/health/readiness")).send().statusCode());
    }

    /** The path of the home the server that refused to start wrote its logs in. */
    static Path homeOf(IllegalStateException refused) {
        Matcher matcher = Pattern.compile("see (\\S+)/logs$").matcher(refused.getMessage());
        assertTrue(matcher.find(), refused.getMessage());
        return Path.of(matcher.group(1));
    }

    static String startRefusedWith(String... properties) throws Exception {
        IllegalStateException refused = assertThrows(IllegalStateException.class,
                () -> ServerProcess.startStandalone(properties));
        Path logs = homeOf(refused).resolve("logs");
        return Files.readString(logs.resolve("start.out")) + Files.readString(logs.resolve("nacos.log"));
    }

    @Test
    void theServerRefusesToStartWithAMissingWeakOrPublishedKey() throws Exception {
        assertTrue(startRefusedWith(withKey("")).contains("token.secret.key is empty"));
        assertTrue(startRefusedWith(withKey(PUBLISHED_KEY)).contains("published in Nacos' documentation"));
        assertTrue(startRefusedWith(withKey(Base64.getEncoder().encodeToString("too short".getBytes())))
                .contains("decodes to 9 bytes"));
    }
}
