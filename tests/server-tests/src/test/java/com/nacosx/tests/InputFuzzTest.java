package com.nacosx.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.Any;
import com.google.protobuf.ByteString;
import com.nacosx.api.grpc.auto.Metadata;
import com.nacosx.api.grpc.auto.Payload;
import com.nacosx.api.remote.ErrorCodes;
import com.nacosx.api.remote.PayloadCodec;
import com.nacosx.api.remote.Response;
import com.nacosx.api.remote.distro.DistroClient;
import com.nacosx.api.remote.distro.DistroDataRequest;
import com.nacosx.testsupport.HttpCall;
import com.nacosx.testsupport.NacosGrpcClient;
import com.nacosx.testsupport.ServerProcess;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A bounded, seeded fuzz of every HTTP route and every gRPC request type a client or a peer may
 * send (on the SDK port and the cluster port), on a server with the standalone profile's 512 MB
 * heap: JSON {@code null}, {@code []} and {@code {}} as every route's body, each field of every
 * request type null in turn, and random requests. Nothing answers 5xx (or gRPC error 500),
 * nothing hangs, the server stays up, and what was written before is intact. The seed is printed
 * (and is in the test report): run again with {@code -Dnacosx.fuzz.seed=N} to replay a failure.
 */
class InputFuzzTest {

    static final long SEED = Long.getLong("nacosx.fuzz.seed", System.nanoTime());
    static final int HTTP_REQUESTS = 3000;
    static final int GRPC_MESSAGES_PER_TYPE = 60;

    /** Every route of the HTTP door (method, path below /nacos), as the modules register them. */
    static final List<String[]> ROUTES = List.of(
            route("GET", "/v1/cs/configs"), route("POST", "/v1/cs/configs"), route("DELETE", "/v1/cs/configs"),
            route("POST", "/v1/cs/configs/listener"), route("GET", "/v1/cs/history"),
            route("GET", "/v1/cs/history/previous"), route("GET", "/v1/cs/metrics/current"),
            route("GET", "/v1/console/namespaces"), route("POST", "/v1/console/namespaces"),
            route("PUT", "/v1/console/namespaces"), route("DELETE", "/v1/console/namespaces"),
            route("GET", "/v1/console/health/liveness"), route("GET", "/v1/console/health/readiness"),
            route("GET", "/v1/core/raft"), route("POST", "/v1/core/ops/raft"),
            route("GET", "/v1/core/cluster/nodes"), route("GET", "/v1/core/cluster/self"),
            route("GET", "/v1/core/cluster/health"), route("GET", "/v1/core/cluster/simple/nodes"),
            route("POST", "/v1/core/cluster/server/leave"), route("GET", "/v1/cs/history/configs"),
            route("GET", "/v2/core/loader/current"), route("GET", "/v2/core/loader/cluster"),
            route("GET", "/v2/core/cluster/node/self"), route("GET", "/v2/core/cluster/node/self/health"),
            route("GET", "/v2/core/cluster/node/list"), route("PUT", "/v2/core/cluster/node/list"),
            route("PUT", "/v2/core/cluster/lookup"), route("DELETE", "/v2/core/cluster/nodes"),
            route("PUT", "/v2/core/ops/log"), route("GET", "/v2/core/ops/ids"), route("POST", "/v2/core/ops/raft"),
            route("GET", "/v2/console/health/liveness"), route("GET", "/v2/console/health/readiness"),
            route("GET", "/v2/console/namespace/list"), route("GET", "/v2/console/namespace"),
            route("POST", "/v2/console/namespace"), route("PUT", "/v2/console/namespace"),
            route("DELETE", "/v2/console/namespace"),
            route("GET", "/v2/cs/config"), route("POST", "/v2/cs/config"), route("DELETE", "/v2/cs/config"),
            route("GET", "/v2/cs/config/searchDetail"), route("GET", "/v2/cs/history/list"),
            route("GET", "/v2/cs/history"), route("GET", "/v2/cs/history/detail"),
            route("GET", "/v2/cs/history/previous"), route("GET", "/v2/cs/history/configs"),
            route("GET", "/v1/ns/instance"), route("POST", "/v1/ns/instance"), route("PUT", "/v1/ns/instance"),
            route("PATCH", "/v1/ns/instance"), route("DELETE", "/v1/ns/instance"),
            route("GET", "/v1/ns/instance/list"), route("PUT", "/v1/ns/instance/beat"),
            route("GET", "/v1/ns/instance/statuses"),
            route("GET", "/v1/ns/service"), route("POST", "/v1/ns/service"), route("PUT", "/v1/ns/service"),
            route("DELETE", "/v1/ns/service"), route("GET", "/v1/ns/service/list"),
            route("GET", "/v1/ns/service/subscribers"), route("PUT", "/v1/ns/cluster"),
            route("PUT", "/v1/ns/health"), route("PUT", "/v1/ns/health/instance"), route("GET", "/v1/ns/health/server"),
            route("GET", "/v1/ns/catalog/services"), route("GET", "/v1/ns/catalog/instances"),
            route("GET", "/v1/ns/operator/metrics"), route("GET", "/v1/ns/operator/switches"),
            route("PUT", "/v1/ns/operator/switches"), route("GET", "/v1/ns/operator/push/state"),
            route("GET", "/v1/ns/operator/distro/client"), route("GET", "/v1/ns/service/names"),
            route("PUT", "/v1/ns/instance/metadata/batch"), route("DELETE", "/v1/ns/instance/metadata/batch"),
            route("GET", "/v1/ns/health/checkers"), route("GET", "/v1/ns/catalog/service"),
            route("GET", "/v1/ns/service/selector/types"), route("GET", "/v1/cs/listener"),
            route("GET", "/v1/cs/configs/listener"), route("GET", "/v1/cs/capacity"), route("POST", "/v1/cs/capacity"),
            route("POST", "/v2/ns/instance"), route("PUT", "/v2/ns/instance"), route("DELETE", "/v2/ns/instance"),
            route("PATCH", "/v2/ns/instance"), route("GET", "/v2/ns/instance"), route("GET", "/v2/ns/instance/list"),
            route("PUT", "/v2/ns/instance/beat"), route("GET", "/v2/ns/instance/statuses/DEFAULT_GROUP@@fuzz"),
            route("PUT", "/v2/ns/instance/metadata/batch"), route("DELETE", "/v2/ns/instance/metadata/batch"),
            route("POST", "/v2/ns/service"), route("PUT", "/v2/ns/service"), route("DELETE", "/v2/ns/service"),
            route("GET", "/v2/ns/service"), route("GET", "/v2/ns/service/list"),
            route("PUT", "/v2/ns/health/instance"), route("GET", "/v2/ns/catalog/instances"),
            route("GET", "/v2/ns/operator/switches"), route("PUT", "/v2/ns/operator/switches"),
            route("GET", "/v2/ns/operator/metrics"), route("GET", "/v2/ns/client/list"), route("GET", "/v2/ns/client"),
            route("GET", "/v2/ns/client/publish/list"), route("GET", "/v2/ns/client/subscribe/list"),
            route("GET", "/v2/ns/client/service/publisher/list"),
            route("GET", "/v2/ns/client/service/subscriber/list"),
            route("GET", "/v1/console/server/state"), route("GET", "/v1/console/server/announcement"),
            route("GET", "/v3/admin/cs/config"), route("POST", "/v3/admin/cs/config"),
            route("DELETE", "/v3/admin/cs/config"), route("DELETE", "/v3/admin/cs/config/batch"),
            route("GET", "/v3/admin/cs/config/list"), route("GET", "/v3/admin/cs/config/beta"),
            route("DELETE", "/v3/admin/cs/config/beta"), route("GET", "/v3/admin/cs/history/list"),
            route("GET", "/v3/admin/cs/history"), route("GET", "/v3/admin/cs/history/previous"),
            route("GET", "/v3/admin/cs/history/configs"), route("GET", "/v3/client/cs/config"),
            route("GET", "/v3/admin/core/namespace/list"), route("GET", "/v3/admin/core/namespace"),
            route("POST", "/v3/admin/core/namespace"), route("PUT", "/v3/admin/core/namespace"),
            route("DELETE", "/v3/admin/core/namespace"), route("GET", "/v3/admin/core/namespace/check"),
            route("GET", "/v3/admin/core/cluster/node/self"), route("GET", "/v3/admin/core/cluster/node/list"),
            route("GET", "/v3/admin/core/state"), route("GET", "/v3/admin/core/state/liveness"),
            route("GET", "/v3/admin/core/state/readiness"), route("GET", "/v3/admin/core/loader/current"),
            route("GET", "/v3/admin/core/ops/ids"), route("PUT", "/v3/admin/core/ops/log"),
            route("POST", "/v3/admin/ns/service"), route("PUT", "/v3/admin/ns/service"),
            route("DELETE", "/v3/admin/ns/service"), route("GET", "/v3/admin/ns/service"),
            route("GET", "/v3/admin/ns/service/list"), route("GET", "/v3/admin/ns/service/subscribers"),
            route("GET", "/v3/admin/ns/service/selector/types"), route("PUT", "/v3/admin/ns/cluster"),
            route("POST", "/v3/admin/ns/instance"), route("PUT", "/v3/admin/ns/instance"),
            route("DELETE", "/v3/admin/ns/instance"), route("GET", "/v3/admin/ns/instance"),
            route("GET", "/v3/admin/ns/instance/list"), route("PUT", "/v3/admin/ns/instance/partial"),
            route("PUT", "/v3/admin/ns/instance/metadata/batch"),
            route("DELETE", "/v3/admin/ns/instance/metadata/batch"), route("PUT", "/v3/admin/ns/health/instance"),
            route("GET", "/v3/admin/ns/health/checkers"), route("GET", "/v3/admin/ns/ops/switches"),
            route("PUT", "/v3/admin/ns/ops/switches"), route("GET", "/v3/admin/ns/ops/metrics"),
            route("GET", "/v3/admin/ns/client/list"), route("GET", "/v3/admin/ns/client"),
            route("POST", "/v3/client/ns/instance"), route("DELETE", "/v3/client/ns/instance"),
            route("GET", "/v3/client/ns/instance/list"), route("GET", "/v3/auth/user/list"),
            route("GET", "/v3/auth/role/list"), route("GET", "/v3/auth/permission/list"),
            route("POST", "/v3/auth/user/login"), route("GET", "/v3/admin/cs/config/export"),
            route("POST", "/v3/admin/cs/config/import"), route("POST", "/v3/admin/cs/config/clone"),
            route("GET", "/v3/admin/cs/config/listener"), route("GET", "/v3/admin/cs/listener"),
            route("GET", "/v3/admin/cs/capacity"), route("POST", "/v3/admin/cs/capacity"),
            route("GET", "/v3/admin/cs/metrics/ip"), route("GET", "/v3/admin/cs/metrics/cluster"),
            route("POST", "/v3/admin/cs/ops/localCache"), route("POST", "/v1/cs/ops/localCache"),
            route("GET", "/v3/admin/ns/client/distro"));

    /**
     * The routes that read a JSON body (the peers' among them), with the parameters that pick
     * them; they are sent {@link #EMPTY_JSON_BODIES} besides every route of {@link #ROUTES}.
     */
    static final List<String[]> JSON_ROUTES = List.of(
            route("POST", "/v1/core/ops/raft"), route("POST", "/v2/core/ops/raft"),
            route("POST", "/v1/core/cluster/report"), route("PUT", "/v2/core/cluster/node/list"),
            route("PUT", "/v1/core/ops/log"), route("PUT", "/v2/core/ops/log"),
            route("POST", "/v1/cs/configs", "clone", "true", "namespace", "kept"),
            route("PUT", "/v1/ns/distro/datum"), route("PUT", "/v1/ns/distro/checksum", "source", "127.0.0.1:1"),
            route("GET", "/v1/ns/distro/datum"), route("POST", "/v1/ns/service/status"),
            route("POST", "/v1/ns/raft/vote"), route("POST", "/v1/ns/raft/beat"), route("POST", "/v1/ns/raft/datum"),
            route("POST", "/v1/ns/raft/datum/commit"), route("PUT", "/v1/ns/raft/datum/reload"),
            route("POST", "/v3/admin/cs/config/clone", "namespaceId", "kept"), route("POST", "/v3/admin/core/ops/raft"),
            route("PUT", "/v3/admin/core/cluster/node/list"));

    /** The JSON bodies that stand for nothing: each route refuses them or serves them, never fails. */
    static final List<String> EMPTY_JSON_BODIES = List.of("null", "[]", "{}");

    /** The parameters the routes read; each request sets a random few of them. */
    static final List<String> PARAMS = List.of("dataId", "group", "tenant", "content", "type", "desc", "appName",
            "config_tags", "tag", "betaIps", "casMd5", "encryptedDataKey", "search", "show", "beta", "pageNo",
            "pageSize", "nid", "id", "ip", "port", "customNamespaceId", "namespaceId", "namespaceName",
            "namespaceDesc", "checkNamespaceIdExist", "serviceName", "groupName", "clusterName", "clusters",
            "cluster", "weight", "healthy", "enabled", "ephemeral", "metadata", "selector", "protectThreshold",
            "healthChecker", "checkPort", "useInstancePort4Check", "beat", "udpPort", "clientIP", "healthyOnly",
            "key", "entry", "value", "onlyStatus", "Listening-Configs", "groupId", "command", "count",
            "connectionId", "redirectAddress", "keyword", "withInstances", "config_detail", "state", "address",
            "logName", "logLevel", "srcUser", "configTags", "consistencyType", "instances", "expr", "clientId",
            "enabledOnly", "language", "export", "exportV2", "import", "clone", "policy", "namespace", "ids", "quota",
            "maxSize", "all");

    static ServerProcess server;
    static final Random random = new Random(SEED);
    final List<String> failures = new ArrayList<>();

    /** @param params the route's own parameters, name then value */
    static String[] route(String method, String path, String... params) {
        String[] route = new String[2 + params.length];
        route[0] = method;
        route[1] = path;
        System.arraycopy(params, 0, route, 2, params.length);
        return route;
    }

    @BeforeAll
    static void start() {
        System.out.println("InputFuzzTest seed " + SEED + " (replay with -Dnacosx.fuzz.seed=" + SEED + ")");
        server = ServerProcess.startStandalone();
        HttpCall.post(server.baseUrl() + "/v1/console/namespaces").param("customNamespaceId", "kept")
                .param("namespaceName", "kept").send();
        for (int i = 0; i < 5; i++) {
            assertEquals(200, HttpCall.post(server.baseUrl() + "/v1/cs/configs").param("dataId", "kept-" + i)
                    .param("group", "KEPT").param("tenant", "kept").param("content", "written before " + i).send()
                    .statusCode());
        }
        assertEquals(200, HttpCall.post(server.baseUrl() + "/v1/ns/instance").param("serviceName", "kept-service")
                .param("namespaceId", "kept").param("ip", "10.1.1.1").param("port", "80").param("ephemeral", "false")
                .send().statusCode());
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void fuzzedRequestsNeverFailTheServer() throws Exception {
        int grpcMessages = fuzzGrpc(server.grpcPort()) + fuzzGrpc(server.grpcPort() + 1);
        int httpRequests = fuzzHttp() + sendEmptyJsonBodies();
        System.out.println("InputFuzzTest seed " + SEED + ": " + httpRequests + " HTTP requests, " + grpcMessages
                + " gRPC messages, " + failures.size() + " server errors");
        assertTrue(failures.isEmpty(), failures.size() + " server errors (seed " + SEED + "):\n"
                + String.join("\n", failures.subList(0, Math.min(40, failures.size()))));
        assertEquals(200, HttpCall.get(server.baseUrl() + "/v1/console/health/readiness").send().statusCode());
        for (int i = 0; i < 5; i++) {
            assertEquals("written before " + i, HttpCall.get(server.baseUrl() + "/v1/cs/configs")
                    .param("dataId", "kept-" + i).param("group", "KEPT").param("tenant", "kept").send().body());
        }
        String instances = HttpCall.get(server.baseUrl() + "/v1/ns/instance/list").param("serviceName", "kept-service")
                .param("namespaceId", "kept").send().body();
        assertTrue(instances.contains("10.1.1.1"), instances);
    }

    /** Two requests that once failed the server are refused, naming what is missing. */
    @Test
    void aNullRaftCommandAndADistroChangeWithoutItsClientAreRefusedAsMissing() {
        HttpResponse<String> raft = HttpCall.post(server.baseUrl() + "/v1/core/ops/raft").json("null").send();
        assertEquals(400, raft.statusCode(), raft.body());
        assertTrue(raft.body().contains("'the Raft command' is missing"), raft.body());

        try (NacosGrpcClient peer = NacosGrpcClient.connect("127.0.0.1", server.grpcPort() + 1)) {
            DistroDataRequest change = new DistroDataRequest();
            change.dataOperation = DistroDataRequest.CHANGE;
            change.source = "127.0.0.1:1";
            change.clients.add(null);
            Response refused = peer.requestNow(change);
            assertEquals(400, refused.errorCode, refused.message);
            assertTrue(refused.message.contains("'clients[0]'"), refused.message);

            change.clients.set(0, new DistroClient());
            refused = peer.requestNow(change);
            assertEquals(400, refused.errorCode, refused.message);
            assertTrue(refused.message.contains("'clients[0].clientId'"), refused.message);
        }
    }

    private int fuzzHttp() {
        int sent = 0;
        for (; sent < HTTP_REQUESTS; sent++) {
            String[] route = ROUTES.get(random.nextInt(ROUTES.size()));
            HttpCall call = call(route);
            StringBuilder shown = new StringBuilder(route[0] + " " + route[1]);
            int count = random.nextInt(6);
            for (int i = 0; i < count; i++) {
                String name = PARAMS.get(random.nextInt(PARAMS.size()));
                String value = value();
                call.param(name, value);
                shown.append(' ').append(name).append('=').append(value, 0, Math.min(40, value.length()));
            }
            sendAndCheck(call, shown.toString());
        }
        return sent;
    }

    /**
     * Every route, and each route that reads a JSON body, sent each of {@link #EMPTY_JSON_BODIES}.
     * The 1.x Distro routes answer 503 on a node with no official 1.x member, before they read
     * the body: that refusal of the route is not counted.
     */
    private int sendEmptyJsonBodies() {
        int sent = 0;
        for (List<String[]> routes : List.of(ROUTES, JSON_ROUTES)) {
            for (String[] route : routes) {
                for (String body : EMPTY_JSON_BODIES) {
                    String shown = String.join(" ", route) + " with the JSON body " + body;
                    HttpResponse<String> answer = send(call(route).json(body));
                    if (answer.statusCode() >= 500 && !(answer.statusCode() == 503
                            && answer.body().contains("1.x Distro is off on this node"))) {
                        failures.add(shown + " answered " + answer.statusCode() + " " + shown(answer));
                    }
                    sent++;
                }
            }
        }
        return sent;
    }

    private HttpCall call(String[] route) {
        HttpCall call = switch (route[0]) {
            case "GET" -> HttpCall.get(server.baseUrl() + route[1]);
            case "POST" -> HttpCall.post(server.baseUrl() + route[1]);
            case "PUT" -> HttpCall.put(server.baseUrl() + route[1]);
            case "PATCH" -> HttpCall.patch(server.baseUrl() + route[1]);
            default -> HttpCall.delete(server.baseUrl() + route[1]);
        };
        for (int i = 2; i + 1 < route.length; i += 2) {
            call.param(route[i], route[i + 1]);
        }
        return call;
    }

    private void sendAndCheck(HttpCall call, String shown) {
        HttpResponse<String> answer = send(call);
        if (answer.statusCode() >= 500) {
            failures.add(shown + " answered " + answer.statusCode() + " " + shown(answer));
        }
    }

    private static HttpResponse<String> send(HttpCall call) {
        // A long poll holds for its timeout: keep it short so that the fuzz moves on.
        return call.header("Long-Pulling-Timeout", "600").timeout(Duration.ofSeconds(30)).send();
    }

    private static String shown(HttpResponse<String> answer) {
        return answer.body().substring(0, Math.min(300, answer.body().length()));
    }

    /**
     * Every request type, on the SDK port or the cluster port (where the peers' types are served):
     * the bodies that stand for nothing, one with each field null in turn, and random ones.
     */
    private int fuzzGrpc(int port) throws Exception {
        int sent = 0;
        try (NacosGrpcClient client = NacosGrpcClient.connect("127.0.0.1", port)) {
            for (String type : PayloadCodec.types().stream().sorted().toList()) {
                if (!type.endsWith("Request") || type.equals("ConnectionSetupRequest")) {
                    continue;
                }
                Class<?> requestClass = requestClass(type);
                List<String> bodies = new ArrayList<>(EMPTY_JSON_BODIES);
                for (Field field : ownFields(requestClass)) {
                    bodies.add(jsonWithNull(requestClass, field));
                }
                for (int i = 0; i < GRPC_MESSAGES_PER_TYPE; i++) {
                    bodies.add(jsonFor(requestClass, 2));
                }
                for (String body : bodies) {
                    Payload payload = Payload.newBuilder().setMetadata(Metadata.newBuilder().setType(type))
                            .setBody(Any.newBuilder().setValue(ByteString.copyFrom(body, StandardCharsets.UTF_8)))
                            .build();
                    Payload answer = client.raw(payload).get(30, TimeUnit.SECONDS);
                    Response response = (Response) PayloadCodec.decode(answer);
                    if (response.errorCode == ErrorCodes.SERVER_ERROR) {
                        failures.add(type + " on port " + port + " " + body.substring(0, Math.min(300, body.length()))
                                + " answered " + response.errorCode + " " + response.message);
                    }
                    sent++;
                }
            }
        }
        return sent;
    }

    private static List<Field> ownFields(Class<?> type) {
        return Arrays.stream(type.getFields()).filter(field -> !Modifier.isStatic(field.getModifiers()))
                .toList();
    }

    /** A JSON object with every field of the class given a value of its type, except {@code nulled}. */
    private String jsonWithNull(Class<?> type, Field nulled) {
        List<String> fields = new ArrayList<>();
        for (Field field : ownFields(type)) {
            String value = field.equals(nulled) ? "null" : typedValue(field.getType(), field.getGenericType(), 2);
            fields.add("\"" + field.getName() + "\":" + value);
        }
        return "{" + String.join(",", fields) + "}";
    }

    /**
     * A JSON object with some of the class's own fields set: mostly values of the field's type
     * (so that parsing succeeds and the handler sees them), with nulls inside lists and maps, and
     * sometimes a value of the wrong shape.
     */
    private String jsonFor(Class<?> type, int depth) {
        List<String> fields = new ArrayList<>();
        for (Field field : ownFields(type)) {
            if (random.nextInt(3) > 0) {
                String value = random.nextInt(5) == 0 ? jsonValue(2) : typedValue(field.getType(),
                        field.getGenericType(), depth);
                fields.add("\"" + field.getName() + "\":" + value);
            }
        }
        return "{" + String.join(",", fields) + "}";
    }

    private String typedValue(Class<?> type, Type generic, int depth) {
        if (random.nextInt(5) == 0) {
            return "null";
        }
        if (type == String.class) {
            return quote(value());
        }
        if (type == boolean.class || type == Boolean.class) {
            return String.valueOf(random.nextBoolean());
        }
        if (type.isPrimitive() || Number.class.isAssignableFrom(type)) {
            return String.valueOf(random.nextInt(2_000_001) - 1_000_000);
        }
        if (Map.class.isAssignableFrom(type)) {
            return random.nextBoolean() ? "{\"k\":null}" : "{\"k\":" + quote(value()) + "}";
        }
        if (List.class.isAssignableFrom(type) || Set.class.isAssignableFrom(type)) {
            Class<?> element = elementOf(generic);
            if (depth <= 0 || element == null || random.nextInt(3) == 0) {
                return "[null]";
            }
            return "[" + typedValue(element, element, depth - 1) + ",null]";
        }
        return depth <= 0 ? "null" : jsonFor(type, depth - 1);
    }

    private static Class<?> elementOf(Type generic) {
        if (generic instanceof ParameterizedType parameterized
                && parameterized.getActualTypeArguments()[0] instanceof Class<?> element) {
            return element;
        }
        return null;
    }

    private static Class<?> requestClass(String type) throws ClassNotFoundException {
        for (String pkg : List.of("core", "config", "naming", "cluster", "distro", "ai")) {
            try {
                return Class.forName("com.nacosx.api.remote." + pkg + "." + type);
            } catch (ClassNotFoundException notHere) {
                // try the next package
            }
        }
        throw new ClassNotFoundException(type);
    }

    private String jsonValue(int depth) {
        return switch (random.nextInt(depth > 0 ? 9 : 5)) {
            case 0 -> "null";
            case 1 -> String.valueOf(random.nextInt() - random.nextInt(3) * 1_000_000_000L);
            case 2 -> random.nextBoolean() ? "true" : "false";
            case 3 -> "\"\"";
            case 4 -> quote(value());
            case 5 -> "[" + jsonValue(depth - 1) + "," + jsonValue(depth - 1) + "]";
            case 6 -> "{\"a\":" + jsonValue(depth - 1) + ",\"" + value().replace("\"", "") + "\":" + jsonValue(depth - 1) + "}";
            case 7 -> "[null]";
            default -> "[{\"dataId\":" + jsonValue(0) + ",\"group\":" + jsonValue(0) + ",\"md5\":null}]";
        };
    }

    private static String quote(String value) {
        StringBuilder json = new StringBuilder("\"");
        for (char c : value.toCharArray()) {
            if (c == '"' || c == '\\') {
                json.append('\\').append(c);
            } else if (c < 0x20) {
                json.append(String.format("\\u%04x", (int) c));
            } else {
                json.append(c);
            }
        }
        return json.append('"').toString();
    }

    /** A parameter value of a kind that has broken servers: empty, huge, not a number, JSON, controls, unicode. */
    private String value() {
        return switch (random.nextInt(16)) {
            case 0 -> "";
            case 1 -> " ";
            case 2 -> "x".repeat(1 + random.nextInt(70_000));
            case 3 -> String.valueOf(random.nextInt(200_000) - 100_000);
            case 4 -> "NaN";
            case 5 -> "9999999999999999999999";
            case 6 -> "null";
            case 7 -> "{\"a\":null}";
            case 8 -> "{\"type\":null,\"expression\":null}";
            case 9 -> "[1,2,{\"x\":[]}]";
            case 10 -> "a\r\nInjected: 1";
            case 11 -> "\u0000\u0001\u007f";
            case 12 -> "\u20ac\ud83d\ude00\u4e2d";
            case 13 -> "%00%ZZ%";
            case 14 -> "true";
            default -> "fuzz-" + Integer.toHexString(random.nextInt());
        };
    }
}
