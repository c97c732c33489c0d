package com.nacosx.naming.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nacosx.naming.model.ServiceKey;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class StartingBeatsTest {

    private static final ServiceKey KEY = ServiceKey.of(null, null, "svc");

    private final StartingBeats beats = new StartingBeats();

    @Test
    void eachInstancesLatestBeatIsAppliedOnceAndNoneIsKeptAfterwards() {
        assertTrue(beats.keep(KEY, "10.0.0.1", 8080, 2_000));
        assertTrue(beats.keep(KEY, "10.0.0.1", 8080, 1_000), "an older beat arriving late changes nothing");
        assertTrue(beats.keep(KEY, "10.0.0.2", 8080, 1_500));
        List<String> applied = new ArrayList<>();
        StartingBeats.Applier record = (service, ip, port, at) -> applied.add(ip + ":" + port + "@" + at);

        assertEquals(2, beats.applyAll(record));
        assertEquals(List.of("10.0.0.1:8080@2000", "10.0.0.2:8080@1500"), applied.stream().sorted().toList());
        assertFalse(beats.keep(KEY, "10.0.0.3", 8080, 3_000), "once applied, a beat is answered as a ready node does");
        assertEquals(0, beats.applyAll(record), "applied once");
    }

    @Test
    void beyondTheBoundOnlyInstancesAlreadyKeptAreKept() {
        for (int i = 0; i < StartingBeats.MOST_KEPT; i++) {
            assertTrue(beats.keep(KEY, "10.1." + (i >> 8) + "." + (i & 0xff), 8080, i));
        }
        assertFalse(beats.keep(KEY, "10.9.9.9", 8080, 1), "one more instance is answered as a ready node does");
        assertTrue(beats.keep(KEY, "10.1.0.0", 8080, 5), "an instance already kept keeps its latest beat");
    }
}
