package com.nacosx.core.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class LoginThrottleTest {

    @Test
    void aPairWaitsAfterRepeatedFailuresAndOthersDoNot() {
        LoginThrottle throttle = new LoginThrottle(3, 60);
        for (int i = 0; i < 2; i++) {
            throttle.failed("nacos", "10.0.0.1");
        }
        assertEquals(0, throttle.waitSeconds("nacos", "10.0.0.1"));
        throttle.failed("nacos", "10.0.0.1");
        assertTrue(throttle.waitSeconds("nacos", "10.0.0.1") > 55);
        assertEquals(0, throttle.waitSeconds("nacos", "10.0.0.2"));
        assertEquals(0, throttle.waitSeconds("other", "10.0.0.1"));
        throttle.succeeded("nacos", "10.0.0.1");
        assertEquals(0, throttle.waitSeconds("nacos", "10.0.0.1"));
    }
}
