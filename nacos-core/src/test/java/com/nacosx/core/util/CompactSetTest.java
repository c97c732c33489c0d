package com.nacosx.core.util;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

class CompactSetTest {

    @Test
    void behavesLikeAHashSetUnderRandomAddsAndRemoves() {
        CompactSet<Integer> compact = new CompactSet<>();
        Set<Integer> reference = new HashSet<>();
        Random random = new Random(42);
        for (int step = 0; step < 200_000; step++) {
            // Values that collide on the low bits exercise the probe runs and their repair on removal.
            Integer value = random.nextInt(500) * 64;
            if (random.nextInt(3) == 0) {
                assertEquals(reference.remove(value), compact.remove(value));
            } else {
                assertEquals(reference.add(value), compact.add(value));
            }
            assertEquals(reference.size(), compact.size());
        }
        for (int value = 0; value < 500 * 64; value += 64) {
            assertEquals(reference.contains(value), compact.contains(value), "value " + value);
        }
        assertEquals(reference, Set.copyOf(compact.snapshot()));
    }

    @Test
    void shrinksBackWhenEmptied() {
        CompactSet<String> set = new CompactSet<>();
        for (int i = 0; i < 10_000; i++) {
            set.add("connection-" + i);
        }
        for (int i = 0; i < 10_000; i++) {
            assertTrue(set.remove("connection-" + i));
        }
        assertTrue(set.isEmpty());
        assertFalse(set.remove("connection-1"));
        assertEquals(List.of(), set.snapshot());
    }
}
