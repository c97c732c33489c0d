package com.nacosx.config.capacity;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/** Binds the capacity settings once, from their official unprefixed names. */
@Configuration(proxyBeanMethods = false)
public class CapacityConfiguration {

    @Bean
    CapacitySettings capacitySettings(Environment environment) {
        return CapacitySettings.from(environment);
    }
}
