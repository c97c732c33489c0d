package com.nacosx.core.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TpsControlTest {

    @TempDir
    Path home;

    void write(String relative, String json) throws IOException {
        Path file = home.resolve(relative);
        Files.createDirectories(file.getParent());
        Files.writeString(file, json);
    }

    /** The rules read from the home, as at start. */
    ControlRules rules() {
        ControlRules rules = new ControlRules(home);
        rules.reload();
        return rules;
    }

    static int passed(TpsControl tps, String point, String ip, int tries) {
        int passed = 0;
        for (int i = 0; i < tries; i++) {
            if (tps.check(point, ip) == null) {
                passed++;
            }
        }
        return passed;
    }

    @Test
    void limitsAPointInAllAndEachClientApart() throws IOException {
        write("data/tps/ConfigPublish", "{\"pointName\":\"ConfigPublish\",\"pointRule\":{\"maxCount\":12,"
                + "\"period\":\"DAYS\",\"monitorType\":\"intercept\"},\"monitorKeyRule\":{\"clientIp:*\":"
                + "{\"maxCount\":3,\"period\":\"DAYS\"},\"clientIp:10.0.0.9\":{\"maxCount\":5,\"period\":\"DAYS\"}}}");
        TpsControl tps = new TpsControl(rules());
        assertEquals(3, passed(tps, "ConfigPublish", "10.0.0.1", 6));
        assertEquals(5, passed(tps, "ConfigPublish", "10.0.0.9", 8));
        // Refused requests count against the point too: its 12 are spent.
        assertEquals(0, passed(tps, "ConfigPublish", "10.0.0.2", 3));
        assertNull(tps.check("ConfigQuery", "10.0.0.1"));
        assertNull(tps.check(null, "10.0.0.1"));
    }

    /** The rule reader forgets idle clients every few seconds: a client's daily count outlives that. */
    @Test
    void aClientsDailyCountOutlivesTheSweepOfIdleClients() throws IOException {
        write("data/tps/ConfigQuery", "{\"monitorKeyRule\":{\"clientIp:*\":{\"maxCount\":3,\"period\":\"DAYS\"}}}");
        TpsControl tps = new TpsControl(rules());
        long now = System.currentTimeMillis();
        assertEquals(3, passed(tps, "ConfigQuery", "10.0.0.1", 3));
        tps.forgetIdle(now + TimeUnit.HOURS.toMillis(1));
        assertEquals(0, passed(tps, "ConfigQuery", "10.0.0.1", 2), "still over its limit an hour later");
        tps.forgetIdle(now + TimeUnit.DAYS.toMillis(3));
        assertEquals(1, passed(tps, "ConfigQuery", "10.0.0.1", 1), "forgotten once its day and the next are over");
    }

    @Test
    void monitorOnlyRulesLetEverythingThrough() throws IOException {
        write("data/tps/ConfigQuery", "{\"pointRule\":{\"maxCount\":1,\"period\":\"DAYS\",\"monitorType\":\"monitor\"}}");
        assertEquals(5, passed(new TpsControl(rules()), "ConfigQuery", "10.0.0.1", 5));
    }

    @Test
    void aChangedOrRemovedFileChangesTheRuleAndABadOneKeepsTheLast() throws IOException {
        write("data/tps/ConfigQuery", "{\"pointRule\":{\"maxCount\":0,\"period\":\"DAYS\"}}");
        ControlRules rules = rules();
        TpsControl tps = new TpsControl(rules);
        assertNotNull(tps.check("ConfigQuery", "ip"));
        Path file = home.resolve("data/tps/ConfigQuery");
        Files.writeString(file, "{not json");
        Files.setLastModifiedTime(file, java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis() + 5000));
        rules.reload();
        assertNotNull(tps.check("ConfigQuery", "ip"));
        Files.delete(file);
        rules.reload();
        assertNull(tps.check("ConfigQuery", "ip"));
    }

    @Test
    void theConnectionRuleLimitsInAllAndPerAddress() throws IOException {
        write("data/connection/limitRule", "{\"countLimit\":100,\"countLimitPerClientIpDefault\":2,"
                + "\"countLimitPerClientIp\":{\"10.0.0.9\":5}}");
        ConnectionControl control = new ConnectionControl(rules());
        assertNull(control.refuse("10.0.0.1", 10, 1));
        assertNotNull(control.refuse("10.0.0.1", 10, 2));
        assertNull(control.refuse("10.0.0.9", 10, 4));
        assertNotNull(control.refuse("10.0.0.9", 100, 0));
    }
}
