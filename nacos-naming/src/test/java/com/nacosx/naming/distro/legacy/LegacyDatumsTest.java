package com.nacosx.naming.distro.legacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nacosx.naming.model.InstanceRecord;
import com.nacosx.naming.model.ServiceKey;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LegacyDatumsTest {

    /** What a real 1.4.8 node sent for one service (PUT /v1/ns/distro/datum), as captured. */
    static final String CAPTURED = "{\"com.alibaba.nacos.naming.iplist.ephemeral.public##DEFAULT_GROUP@@captured-d\":"
            + "{\"key\":\"com.alibaba.nacos.naming.iplist.ephemeral.public##DEFAULT_GROUP@@captured-d\",\"value\":"
            + "{\"instanceList\":[{\"instanceId\":\"127.0.0.9#8080#DEFAULT#DEFAULT_GROUP@@captured-d\",\"ip\":\"127.0.0.9\","
            + "\"port\":8080,\"weight\":1.0,\"healthy\":true,\"enabled\":true,\"ephemeral\":true,\"clusterName\":\"DEFAULT\","
            + "\"serviceName\":\"DEFAULT_GROUP@@captured-d\",\"metadata\":{},\"lastBeat\":1795496681358,\"marked\":false,"
            + "\"app\":\"DEFAULT\",\"instanceHeartBeatInterval\":5000,\"instanceHeartBeatTimeOut\":15000,"
            + "\"ipDeleteTimeout\":30000,\"instanceIdGenerator\":\"simple\"}]},\"timestamp\":1}}";
    static final ServiceKey CAPTURED_SERVICE = new ServiceKey("public", "DEFAULT_GROUP", "captured-d");

    static InstanceRecord instance(String ip, int port, Map<String, String> metadata) {
        return new InstanceRecord(ip, port, "DEFAULT", 1.0, true, true, true, metadata);
    }

    @Test
    void theChecksumIsTheOneTheReal148NodeSentForTheSameInstance() {
        // The node's PUT /v1/ns/distro/checksum carried this for 127.0.0.9:8080 alone.
        assertEquals("e8b26c9ca3220eb0e3adba467c57ee48",
                LegacyDatums.checksum(List.of(instance("127.0.0.9", 8080, Map.of()))));
    }

    @Test
    void theChecksumFollowsThe1xTextOfSortedInstancesAndSortedMetadata() throws Exception {
        List<InstanceRecord> instances = List.of(instance("10.0.0.2", 80, Map.of("b", "2", "a", "1")),
                instance("10.0.0.1", 81, Map.of()));
        String text = "10.0.0.1:81_1.0_true_true_DEFAULT_,10.0.0.2:80_1.0_true_true_DEFAULT_a:1,b:2,,";
        String expected = java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("MD5")
                .digest(text.getBytes(StandardCharsets.UTF_8)));
        assertEquals(expected, LegacyDatums.checksum(instances));
        assertEquals(expected, LegacyDatums.checksum(List.of(instances.get(1), instances.get(0))));
    }

    @Test
    void theCapturedDatumReadsAsTheServiceAndItsInstance() {
        Map<ServiceKey, List<InstanceRecord>> services = LegacyDatums.decode(CAPTURED);
        assertEquals(Map.of(CAPTURED_SERVICE, List.of(instance("127.0.0.9", 8080, Map.of()))), services);
    }

    @Test
    void whatIsWrittenReadsBackTheSameAndKeepsThe1xFields() {
        Map<ServiceKey, List<LegacyDatums.Beating>> services = new LinkedHashMap<>();
        InstanceRecord tagged = instance("10.0.0.3", 8080, Map.of("zone", "a"));
        services.put(CAPTURED_SERVICE, List.of(new LegacyDatums.Beating(tagged, 1234L)));
        String json = new String(LegacyDatums.encode(services, 7), StandardCharsets.UTF_8);
        assertEquals(Map.of(CAPTURED_SERVICE, List.of(tagged)), LegacyDatums.decode(json));
        for (String field : List.of("\"instanceId\":\"10.0.0.3#8080#DEFAULT#DEFAULT_GROUP@@captured-d\"",
                "\"serviceName\":\"DEFAULT_GROUP@@captured-d\"", "\"lastBeat\":1234", "\"timestamp\":7",
                "\"instanceHeartBeatTimeOut\":15000", "\"ipDeleteTimeout\":30000", "\"marked\":false")) {
            assertTrue(json.contains(field), field + " in " + json);
        }
    }

    @Test
    void keysAreThe1xEphemeralInstanceListKeysAndOthersAreNotServices() {
        assertEquals("com.alibaba.nacos.naming.iplist.ephemeral.public##DEFAULT_GROUP@@captured-d",
                LegacyDatums.key(CAPTURED_SERVICE));
        assertEquals(CAPTURED_SERVICE, LegacyDatums.service(LegacyDatums.key(CAPTURED_SERVICE)));
        assertNull(LegacyDatums.service("com.alibaba.nacos.naming.iplist.public##DEFAULT_GROUP@@persistent"));
        assertNull(LegacyDatums.service("com.alibaba.nacos.naming.domains.meta.public##DEFAULT_GROUP@@s"));
        assertNull(LegacyDatums.service("com.alibaba.nacos.naming.iplist.ephemeral.public##a@@b@@c"));
        assertTrue(LegacyDatums.decode("{\"com.alibaba.nacos.naming.domains.meta.x\":{}}").isEmpty());
    }

    @Test
    void badDatumsAreRefusedNamingWhatIsWrong() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> LegacyDatums.decode("[1,2]")).getMessage()
                .contains("datums"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> LegacyDatums.decode(CAPTURED.replace(
                "\"ip\":\"127.0.0.9\",", ""))).getMessage().contains("has no ip or port"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> LegacyDatums.decode(" ")).getMessage()
                .contains("empty"));
    }
}
