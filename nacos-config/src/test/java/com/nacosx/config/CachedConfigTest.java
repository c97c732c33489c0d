package com.nacosx.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import com.nacosx.config.cache.ConfigCache;
import com.nacosx.config.model.ConfigEntry;
import com.nacosx.config.model.ConfigKey;
import com.nacosx.config.model.Md5;
import java.util.Set;
import org.junit.jupiter.api.Test;

class CachedConfigTest {

    private final ConfigCache cache = new ConfigCache();
    private final ConfigKey key = new ConfigKey("d", "g", "");
    private final ConfigEntry formal = ConfigEntry.of("formal", "text", 1, null);
    private final ConfigEntry beta = ConfigEntry.of("beta", "text", 2, null);
    private final ConfigEntry blue = ConfigEntry.of("blue", "text", 3, null);

    @Test
    void betaGoesOnlyToListedIpsAndWinsOverATag() {
        cache.update(key, c -> c.withFormal(formal).withBeta(beta, Set.of("10.0.0.1")).withTag("blue", blue));
        assertSame(beta, cache.get(key, "10.0.0.1", "blue"));
        assertSame(blue, cache.get(key, "10.0.0.2", "blue"));
        assertSame(formal, cache.get(key, "10.0.0.2", null));
    }

    @Test
    void anUnknownTagGetsNothing() {
        cache.update(key, c -> c.withFormal(formal));
        assertNull(cache.get(key, "10.0.0.2", "green"));
    }

    @Test
    void absentConfigHasTheEmptyMd5AndEmptiedConfigsAreDropped() {
        cache.update(key, c -> c.withFormal(formal));
        assertEquals(Md5.of("formal"), cache.md5(key, null, null));
        cache.update(key, c -> c.withFormal(null));
        assertEquals("", cache.md5(key, null, null));
        assertEquals(0, cache.size());
    }
}
