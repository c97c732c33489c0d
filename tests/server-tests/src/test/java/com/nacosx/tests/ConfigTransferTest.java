package com.nacosx.tests;

import static com.nacosx.tests.CoreOpenApiTest.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nacosx.testsupport.HttpCall;
import com.nacosx.testsupport.ServerProcess;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Config export ({@code export=true}, {@code exportV2=true}), import ({@code import=true}) and
 * clone ({@code clone=true}) on {@code /v1/cs/configs}, on a standalone server: archives round-trip
 * every config with its metadata into another namespace, the policies handle existing configs, and
 * bad input is refused with the official code and nothing written.
 */
class ConfigTransferTest {

    static ServerProcess server;
    static String configs;

    @BeforeAll
    static void start() {
        server = ServerProcess.startStandalone();
        configs = server.baseUrl() + "/v1/cs/configs";
        publish("a.yaml", "GA", "", "a: 1", "yaml", "shop", "the a config");
        publish("b.properties", "GA", "", "b=2", "properties", null, null);
        publish("c.txt", "GB", "", "c", "text", null, null);
        for (String namespace : new String[] {"copy", "copy-v1", "cloned"}) {
            json(HttpCall.post(server.baseUrl() + "/v1/console/namespaces").param("customNamespaceId", namespace)
                    .param("namespaceName", namespace).send(), 200);
        }
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    static void publish(String dataId, String group, String tenant, String content, String type, String app,
            String desc) {
        HttpCall call = HttpCall.post(configs).param("dataId", dataId).param("group", group).param("tenant", tenant)
                .param("content", content).param("type", type);
        if (app != null) {
            call.param("appName", app);
        }
        if (desc != null) {
            call.param("desc", desc);
        }
        assertEquals(200, call.send().statusCode());
    }

    static JsonNode detail(String dataId, String group, String tenant) {
        return json(HttpCall.get(configs).param("show", "all").param("dataId", dataId).param("group", group)
                .param("tenant", tenant).send(), 200);
    }

    static Map<String, String> unzip(byte[] archive) throws IOException {
        Map<String, String> entries = new LinkedHashMap<>();
        try (ZipInputStream zip = new ZipInputStream(new ByteArrayInputStream(archive))) {
            for (ZipEntry entry = zip.getNextEntry(); entry != null; entry = zip.getNextEntry()) {
                entries.put(entry.getName(), new String(zip.readAllBytes(), StandardCharsets.UTF_8));
            }
        }
        return entries;
    }

    static byte[] zip(Map<String, String> entries) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(bytes)) {
            for (Map.Entry<String, String> entry : entries.entrySet()) {
                zip.putNextEntry(new ZipEntry(entry.getKey()));
                zip.write(entry.getValue().getBytes(StandardCharsets.UTF_8));
                zip.closeEntry();
            }
        }
        return bytes.toByteArray();
    }

    static JsonNode importInto(String namespace, String policy, byte[] archive) {
        HttpCall call = HttpCall.post(configs).param("import", "true").param("namespace", namespace)
                .file("file", "configs.zip", archive);
        if (policy != null) {
            call.param("policy", policy);
        }
        return json(call.send(), 200);
    }

    static int countIn(String tenant) {
        return json(HttpCall.get(configs).param("search", "accurate").param("tenant", tenant).param("dataId", "")
                .param("group", "").param("pageNo", "1").param("pageSize", "100").send(), 200).path("totalCount").asInt();
    }

    @Test
    void exportV2ThenImportRoundTripsEveryConfigWithItsMetadata() throws IOException {
        HttpResponse<byte[]> exported = HttpCall.get(configs).param("exportV2", "true").param("tenant", "").sendForBytes();
        assertEquals(200, exported.statusCode());
        assertTrue(exported.headers().firstValue("Content-Disposition").orElse("").contains("nacos_config_export_"));
        Map<String, String> entries = unzip(exported.body());
        assertEquals("a: 1", entries.get("GA/a.yaml"));
        assertTrue(entries.get(".metadata.yml").contains("dataId: a.yaml"), entries.get(".metadata.yml"));

        JsonNode imported = importInto("copy", null, exported.body());
        assertEquals(200, imported.path("code").asInt(), imported.toString());
        assertEquals("import success", imported.path("message").asString());
        assertEquals(entries.size() - 1, imported.path("data").path("succCount").asInt(), imported.toString());
        JsonNode a = detail("a.yaml", "GA", "copy");
        assertEquals("a: 1", a.path("content").asString());
        assertEquals("yaml", a.path("type").asString());
        assertEquals("shop", a.path("appName").asString());
        assertEquals("the a config", a.path("desc").asString());
        assertEquals("properties", detail("b.properties", "GA", "copy").path("type").asString());

        JsonNode aborted = importInto("copy", "ABORT", exported.body());
        assertEquals(0, aborted.path("data").path("succCount").asInt(), aborted.toString());
        assertEquals(1, aborted.path("data").path("failData").size());
        assertEquals(entries.size() - 2, aborted.path("data").path("skipCount").asInt());
        JsonNode skipped = importInto("copy", "SKIP", exported.body());
        assertEquals(entries.size() - 1, skipped.path("data").path("skipCount").asInt(), skipped.toString());

        publish("a.yaml", "GA", "copy", "changed", "yaml", "shop", null);
        JsonNode overwritten = importInto("copy", "OVERWRITE", exported.body());
        assertEquals(entries.size() - 1, overwritten.path("data").path("succCount").asInt());
        assertEquals("a: 1", detail("a.yaml", "GA", "copy").path("content").asString());
    }

    @Test
    void firstFormatExportCarriesAppNames() throws IOException {
        byte[] archive = HttpCall.get(configs).param("export", "true").param("tenant", "").param("group", "GA")
                .sendForBytes().body();
        Map<String, String> entries = unzip(archive);
        assertEquals(3, entries.size(), entries.keySet().toString());
        assertTrue(entries.get(".meta.yml").contains("GA.a~yaml.app=shop"), entries.get(".meta.yml"));
        assertEquals(2, importInto("copy-v1", null, archive).path("data").path("succCount").asInt());
        assertEquals("shop", detail("a.yaml", "GA", "copy-v1").path("appName").asString());
    }

    @Test
    void badImportsAreRefusedWithTheOfficialCodesAndWriteNothing() throws IOException {
        int before = countIn("copy-v1");
        JsonNode noFile = json(HttpCall.post(configs).param("import", "true").param("namespace", "copy-v1")
                .file("other", "x.zip", new byte[0]).send(), 200);
        assertEquals(100005, noFile.path("code").asInt(), noFile.toString());
        byte[] good = zip(Map.of("G/x.txt", "x"));
        assertEquals(100001, importInto("no-such-namespace", null, good).path("code").asInt());
        assertEquals(100004, importInto("copy-v1", null, "not a zip".getBytes(StandardCharsets.UTF_8)).path("code")
                .asInt());
        assertEquals(100002, importInto("copy-v1", null, zip(Map.of(".metadata.yml", "metadata: [oops",
                "G/x.txt", "x"))).path("code").asInt());
        assertEquals(100002, importInto("copy-v1", null, zip(Map.of(".metadata.yml",
                "metadata:\n- dataId: x.txt\n  group: G\n", "G/x.txt", "x"))).path("code").asInt(),
                "a config without a type in the new metadata");
        HttpResponse<String> badName = HttpCall.post(configs).param("import", "true").param("namespace", "copy-v1")
                .file("file", "bad.zip", zip(Map.of("G/fine.txt", "x", "G/bad name!", "y"))).send();
        assertEquals(400, badName.statusCode(), badName.body());
        assertEquals(400, HttpCall.post(configs).param("import", "true").param("namespace", "copy-v1")
                .param("policy", "MERGE").file("file", "x.zip", good).send().statusCode());
        assertEquals(before, countIn("copy-v1"), "nothing was written by a refused import");

        JsonNode unrecognized = importInto("copy-v1", null, zip(Map.of("G/y.txt", "y", "loose.txt", "z")));
        assertEquals(1, unrecognized.path("data").path("succCount").asInt());
        assertEquals(1, unrecognized.path("data").path("unrecognizedCount").asInt(), unrecognized.toString());

        HttpResponse<String> oversized = HttpCall.post(configs).param("import", "true").param("namespace", "copy-v1")
                .file("file", "big.zip", new byte[33 * 1024 * 1024]).send();
        assertEquals(413, oversized.statusCode());
    }

    @Test
    void cloneCopiesConfigsByIdUnderNewNames() {
        JsonNode page = json(HttpCall.get(configs).param("search", "accurate").param("dataId", "a.yaml")
                .param("group", "GA").param("tenant", "").param("pageNo", "1").param("pageSize", "10").send(), 200);
        String id = page.path("pageItems").get(0).path("id").asString();
        JsonNode cloned = json(HttpCall.post(configs).param("clone", "true").param("tenant", "cloned")
                .json("[{\"cfgId\":" + id + ",\"dataId\":\"a-copy.yaml\",\"group\":\"GC\"}]").send(), 200);
        assertEquals("Clone Completed Successfully", cloned.path("message").asString(), cloned.toString());
        assertEquals(1, cloned.path("data").path("succCount").asInt());
        JsonNode copy = detail("a-copy.yaml", "GC", "cloned");
        assertEquals("a: 1", copy.path("content").asString());
        assertEquals("shop", copy.path("appName").asString());

        assertEquals(100006, json(HttpCall.post(configs).param("clone", "true").param("tenant", "cloned").json("[]")
                .send(), 200).path("code").asInt());
        assertEquals(100001, json(HttpCall.post(configs).param("clone", "true").param("tenant", "nowhere")
                .json("[{\"cfgId\":" + id + "}]").send(), 200).path("code").asInt());
        assertFalse(detail("a-copy.yaml", "GC", "nowhere").has("content"));
    }
}
