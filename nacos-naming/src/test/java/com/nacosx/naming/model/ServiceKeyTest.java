package com.nacosx.naming.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.Map;
import org.junit.jupiter.api.Test;

class ServiceKeyTest {

    @Test
    void keysAreEqualExactlyWhenNamespaceGroupAndNameAre() {
        ServiceKey key = new ServiceKey("public", "DEFAULT_GROUP", "orders");
        ServiceKey same = ServiceKey.of(null, null, "DEFAULT_GROUP@@orders");
        assertEquals(key, same);
        assertEquals(key.hashCode(), same.hashCode());
        assertNotEquals(key, new ServiceKey("dev", "DEFAULT_GROUP", "orders"));
        assertNotEquals(key, new ServiceKey("public", "PAY", "orders"));
        assertNotEquals(key, new ServiceKey("public", "DEFAULT_GROUP", "order"));
        assertNotEquals(key, new ServiceKey("public", "orders", "DEFAULT_GROUP"), "the group and the name are not interchangeable");
        assertNotEquals(key, null);
        assertEquals("found", Map.of(key, "found").get(same), "a key made again finds what was kept under it");
    }
}
