package com.nacosx.naming.store.legacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.alibaba.nacos.consistency.entity.ReadRequest;
import com.alibaba.nacos.consistency.entity.Response;
import com.alibaba.nacos.consistency.entity.WriteRequest;
import com.google.protobuf.ByteString;
import com.nacosx.core.auth.AuthSettings;
import com.nacosx.core.cluster.ClusterSettings;
import com.nacosx.core.cluster.ServerMemberManager;
import com.nacosx.core.cluster.remote.LegacyPeerHttp;
import com.nacosx.core.cluster.remote.PeerClients;
import com.nacosx.core.http.HttpServerProperties;
import com.nacosx.core.readiness.ServerReadiness;
import com.nacosx.core.upgrade.UpgradeJudgement;
import com.nacosx.core.upgrade.UpgradeSettings;
import com.nacosx.naming.model.ClusterMeta;
import com.nacosx.naming.model.ServiceKey;
import com.nacosx.naming.model.ServiceMeta;
import com.nacosx.naming.registry.RegisteredService;
import com.nacosx.naming.registry.ServiceRegistry;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.core.env.StandardEnvironment;

class LegacyPersistentStoreTest {

    static final ServiceKey SERVICE = ServiceKey.of("public", null, "DEFAULT_GROUP@@orders");
    static final String LIST_KEY = "com.alibaba.nacos.naming.iplist.public##DEFAULT_GROUP@@orders";
    static final String SERVICE_KEY = "com.alibaba.nacos.naming.domains.meta.public##DEFAULT_GROUP@@orders";
    static final String SWITCH_KEY =
            "com.alibaba.nacos.naming.domains.meta.00-00---000-NACOS_SWITCH_DOMAIN-000---00-00";

    @TempDir
    Path home;

    final ServiceRegistry registry = new ServiceRegistry();

    UpgradeJudgement upgrading() {
        ClusterSettings cluster = new ClusterSettings(false, "127.0.0.1", 8848, 3, null, "file", "", 0, "",
                home.resolve("cluster.conf"));
        AuthSettings auth = AuthSettings.from(new StandardEnvironment());
        ServerMemberManager members = new ServerMemberManager(cluster, new PeerClients(cluster, auth),
                new LegacyPeerHttp(new HttpServerProperties(null, null, null, null, null), auth), new ServerReadiness());
        return new UpgradeJudgement(new UpgradeSettings(true, home.resolve("data/upgrade.state")), cluster, members);
    }

    static String list(String... addresses) {
        StringJoiner instances = new StringJoiner(",", "[", "]");
        for (String address : addresses) {
            String[] ipPort = address.split(":");
            instances.add("{\"ip\":\"" + ipPort[0] + "\",\"port\":" + ipPort[1] + ",\"weight\":2.0,\"healthy\":true,"
                    + "\"enabled\":true,\"ephemeral\":false,\"clusterName\":\"DEFAULT\",\"metadata\":{\"k\":\"v\"},"
                    + "\"app\":\"DEFAULT\"}");
        }
        return "{\"key\":\"" + LIST_KEY + "\",\"value\":{\"instanceList\":" + instances + "},\"timestamp\":0}";
    }

    static WriteRequest write(String operation, List<String> keys, List<String> values) {
        return WriteRequest.newBuilder().setGroup(LegacyPersistentStore.GROUP).setOperation(operation)
                .setData(ByteString.copyFromUtf8("{\"keys\":" + base64s(keys) + ",\"values\":" + base64s(values) + "}"))
                .build();
    }

    static String base64s(List<String> texts) {
        StringJoiner array = new StringJoiner(",", "[", "]");
        texts.forEach(text -> array.add('"' + Base64.getEncoder().encodeToString(text.getBytes(StandardCharsets.UTF_8))
                + '"'));
        return array.toString();
    }

    List<String> listed() {
        RegisteredService service = registry.get(SERVICE);
        List<String> addresses = new ArrayList<>();
        if (service != null) {
            service.publications().values().forEach(publication -> publication.instances().forEach(instance ->
                    addresses.add(instance.ip() + ":" + instance.port() + (instance.ephemeral() ? "/ephemeral" : ""))));
        }
        return addresses.stream().sorted().toList();
    }

    @Test
    void aBatchIsStoredAsSentAndItsListBecomesTheServicesPersistentInstances() {
        LegacyPersistentStore store = new LegacyPersistentStore(registry, upgrading());
        assertTrue(store.applyWrite(write("Write", List.of(LIST_KEY), List.of(list("10.0.0.1:80", "10.0.0.2:80"))))
                .getSuccess());
        assertEquals(List.of("10.0.0.1:80", "10.0.0.2:80"), listed());
        assertEquals(2.0, registry.get(SERVICE).publications().values().iterator().next().instances().get(0).weight());

        assertTrue(store.applyWrite(write("Write", List.of(LIST_KEY), List.of(list("10.0.0.2:80")))).getSuccess());
        assertEquals(List.of("10.0.0.2:80"), listed());
        assertTrue(store.applyWrite(write("Delete", List.of(LIST_KEY), List.of(""))).getSuccess());
        assertEquals(List.of(), listed());
    }

    @Test
    void whatA14NodeRefusesIsRefusedWholeAndChangesNothing() {
        LegacyPersistentStore store = new LegacyPersistentStore(registry, upgrading());
        store.applyWrite(write("Write", List.of(LIST_KEY), List.of(list("10.0.0.1:80"))));

        Response badKey = store.applyWrite(write("Write", List.of(LIST_KEY, "elsewhere"),
                List.of(list("10.0.0.9:80"), "{}")));
        assertEquals("invalid key: elsewhere", badKey.getErrMsg());
        Response badOperation = store.applyWrite(write("Merge", List.of(LIST_KEY), List.of(list("10.0.0.9:80"))));
        assertEquals("unsupport operation : Merge", badOperation.getErrMsg());
        Response badValue = store.applyWrite(write("Write", List.of(LIST_KEY), List.of("{\"value\":")));
        assertFalse(badValue.getSuccess());
        Response badBatch = store.applyWrite(WriteRequest.newBuilder().setOperation("Write")
                .setData(ByteString.copyFromUtf8("{\"keys\":[\"YQ==\"],\"values\":[]}")).build());
        assertFalse(badBatch.getSuccess());
        assertEquals(List.of("10.0.0.1:80"), listed());
    }

    static String service(double protectThreshold) {
        return "{\"key\":\"" + SERVICE_KEY + "\",\"value\":{\"name\":\"DEFAULT_GROUP@@orders\",\"protectThreshold\":"
                + protectThreshold + ",\"metadata\":{\"team\":\"a\"}},\"timestamp\":0}";
    }

    @Test
    void aServiceDescribedBeforeItExistsHereIsDescribedOnceCreated() {
        LegacyPersistentStore store = new LegacyPersistentStore(registry, upgrading());
        // Our own group applies the creation after the 1.x group applied a later edit.
        assertTrue(store.applyWrite(write("Write", List.of(SERVICE_KEY), List.of(service(0.7)))).getSuccess());
        assertEquals(null, registry.get(SERVICE), "no kind of service is made of a description alone");
        registry.create(SERVICE, true, new ServiceMeta(0.5F, Map.of(), "none", ""));
        assertEquals(0.7F, registry.get(SERVICE).meta().protectThreshold());
        assertEquals(Map.of("team", "a"), registry.get(SERVICE).meta().metadata());
        registry.updateMeta(SERVICE, new ServiceMeta(0.6F, Map.of(), "none", ""));
        assertEquals(0.6F, registry.get(SERVICE).meta().protectThreshold(), "described once, not on every change");

        // A 1.4 node writes the service's datum before its instance list, in one batch.
        ServiceRegistry other = new ServiceRegistry();
        LegacyPersistentStore second = new LegacyPersistentStore(other, upgrading());
        assertTrue(second.applyWrite(write("Write", List.of(SERVICE_KEY, LIST_KEY),
                List.of(service(0.3), list("10.0.0.1:80")))).getSuccess());
        assertEquals(0.3F, other.get(SERVICE).meta().protectThreshold());
    }

    /** A cluster as 1.4.8 writes it in its service's datum after {@code PUT /nacos/v1/ns/cluster}. */
    static final String HTTP_CHECKED_CLUSTER = "{\"serviceName\":\"DEFAULT_GROUP@@orders\",\"name\":\"DEFAULT\","
            + "\"healthChecker\":{\"type\":\"HTTP\",\"path\":\"/ready\",\"headers\":\"\",\"expectedResponseCode\":200},"
            + "\"defaultPort\":80,\"defaultCheckPort\":80,\"useIPPort4Check\":false,\"metadata\":{\"zone\":\"a\"},"
            + "\"sitegroup\":\"\",\"defCkport\":8081,\"defIPPort\":8081}";

    @Test
    void theClustersA14NodeNamesAreSetHereAndOursAreWrittenAs14ReadsThem() {
        LegacyPersistentStore store = new LegacyPersistentStore(registry, upgrading());
        store.applyWrite(write("Write", List.of(LIST_KEY), List.of(list("10.0.0.1:80"))));
        String described = "{\"key\":\"" + SERVICE_KEY + "\",\"value\":{\"name\":\"DEFAULT_GROUP@@orders\","
                + "\"clusterMap\":{\"DEFAULT\":" + HTTP_CHECKED_CLUSTER + "}},\"timestamp\":0}";
        assertTrue(store.applyWrite(write("Write", List.of(SERVICE_KEY), List.of(described))).getSuccess());
        ClusterMeta httpChecked = new ClusterMeta("HTTP", "/ready", 8081, false, Map.of("zone", "a"));
        assertEquals(httpChecked, registry.get(SERVICE).cluster("DEFAULT"));

        // Every cluster goes into the datum we write: a 1.4 node drops the clusters it does not name.
        byte[] ours = LegacyPersistentDatums.serviceDatum(SERVICE, ServiceMeta.DEFAULT,
                Map.of("DEFAULT", httpChecked, "plain", ClusterMeta.DEFAULT));
        String json = new String(ours, StandardCharsets.UTF_8);
        assertTrue(json.contains("\"healthChecker\":{\"type\":\"TCP\"}"), json);
        assertTrue(json.contains("\"defCkport\":8081") && json.contains("\"useIPPort4Check\":false"), json);
        assertEquals(Map.of("DEFAULT", httpChecked, "plain", ClusterMeta.DEFAULT),
                LegacyPersistentDatums.serviceDescription(SERVICE_KEY, ours).clusters());
    }

    @Test
    void aReadAnswersTheKeysHeldAsTheyWereWritten() {
        LegacyPersistentStore store = new LegacyPersistentStore(registry, upgrading());
        String datum = list("10.0.0.1:80");
        store.applyWrite(write("Write", List.of(LIST_KEY), List.of(datum)));

        Response read = store.read(ReadRequest.newBuilder().setData(ByteString.copyFromUtf8(
                base64s(List.of(LIST_KEY, SERVICE_KEY)))).build());
        assertTrue(read.getSuccess());
        assertEquals("{\"keys\":" + base64s(List.of(LIST_KEY)) + ",\"values\":" + base64s(List.of(datum)) + "}",
                read.getData().toStringUtf8());
    }

    @Test
    void theSnapshotIsThe14ArchiveAndLoadsBackIntoAnotherNode() throws IOException {
        LegacyPersistentStore store = new LegacyPersistentStore(registry, upgrading());
        String service = "{\"key\":\"" + SERVICE_KEY + "\",\"value\":{\"name\":\"DEFAULT_GROUP@@orders\"},\"timestamp\":0}";
        store.applyWrite(write("Write", List.of(SERVICE_KEY, LIST_KEY, SWITCH_KEY),
                List.of(service, list("10.0.0.1:80"), "{\"key\":\"switch\",\"value\":{},\"timestamp\":0}")));
        Path snapshot = Files.createDirectories(home.resolve("snapshot"));
        store.saveSnapshot(snapshot);

        List<String> entries = new ArrayList<>();
        try (ZipInputStream zip = new ZipInputStream(Files.newInputStream(snapshot.resolve("naming_persistent.zip")))) {
            for (ZipEntry entry = zip.getNextEntry(); entry != null; entry = zip.getNextEntry()) {
                entries.add(entry.getName());
            }
        }
        assertEquals(List.of("naming_persistent/" + SWITCH_KEY, "naming_persistent/public/" + SERVICE_KEY,
                "naming_persistent/public/" + LIST_KEY), entries.stream().sorted().toList());

        ServiceRegistry other = new ServiceRegistry();
        LegacyPersistentStore restored = new LegacyPersistentStore(other, upgrading());
        restored.loadSnapshot(snapshot);
        assertTrue(restored.holds(SWITCH_KEY));
        assertEquals(1, other.get(SERVICE).publications().size());
    }

    @Test
    void onceDoubleWriteIsOffTheGroupIsKeptButNoLongerMirrored() {
        UpgradeJudgement upgrade = upgrading();
        LegacyPersistentStore store = new LegacyPersistentStore(registry, upgrade);
        store.applyWrite(write("Write", List.of(LIST_KEY), List.of(list("10.0.0.1:80"))));
        upgrade.setDoubleWriteEnabled(false);

        assertTrue(store.applyWrite(write("Write", List.of(LIST_KEY), List.of(list("10.0.0.2:80")))).getSuccess());
        assertEquals(List.of("10.0.0.1:80"), listed());
        assertEquals("10.0.0.2", store.instances(SERVICE).get(0).ip());
        assertFalse(upgrading().isDoubleWriteEnabled(), "kept off across a restart");
    }
}
