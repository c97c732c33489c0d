package com.nacosx.core.fuzzy;

import com.nacosx.api.remote.fuzzy.FuzzyWatch;
import com.nacosx.core.remote.ServerAbility;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Tells 3.x clients in the setup ack that configs and services may be fuzzy-watched: without
 * it the SDK refuses {@code fuzzyWatch} with "server version is too low".
 */
@Configuration(proxyBeanMethods = false)
public class FuzzyWatchAbility {

    @Bean
    public ServerAbility fuzzyWatch() {
        return new ServerAbility(FuzzyWatch.ABILITY, true);
    }
}
