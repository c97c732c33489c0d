package com.nacosx.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.nacosx.config.model.ConfigKey;
import com.nacosx.config.push.ListeningConfigs;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ListeningConfigsTest {

    @Test
    void parsesRecordsWithAndWithoutTenant() {
        Map<ConfigKey, String> listened = ListeningConfigs.parse("a\u0002G\u0002md5a\u0001b\u0002G\u0002md5b\u0002ns\u0001").md5s();
        assertEquals("md5a", listened.get(new ConfigKey("a", "G", "")));
        assertEquals("md5b", listened.get(new ConfigKey("b", "G", "ns")));
    }

    @Test
    void publicTenantIsTheEmptyTenant() {
        ListeningConfigs listening = ListeningConfigs.parse("a\u0002G\u0002m\u0002public\u0001");
        assertEquals("m", listening.md5s().get(new ConfigKey("a", "G", "")));
        assertEquals("public", listening.publicNamespaceName(), "answered as the client named it");
    }

    @Test
    void emptyMd5MeansTheClientHasNothing() {
        assertEquals("", ListeningConfigs.parse("a\u0002G\u0002\u0001").md5s().get(new ConfigKey("a", "G", "")));
    }

    @Test
    void aRecordWithTooFewFieldsIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> ListeningConfigs.parse("a\u0002G\u0001"));
    }

    @Test
    void changedRecordIsWhatTheClientParses() {
        assertEquals("a\u0002G\u0001", new ConfigKey("a", "G", "").changedRecord(""));
        assertEquals("a\u0002G\u0002public\u0001", new ConfigKey("a", "G", "").changedRecord("public"));
        assertEquals("a\u0002G\u0002ns\u0001", new ConfigKey("a", "G", "ns").changedRecord("public"));
    }
}
