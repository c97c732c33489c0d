package com.nacosx.server;

import com.nacosx.core.readiness.StartPhases;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.autoconfigure.context.PropertyPlaceholderAutoConfiguration;
import org.springframework.boot.context.metrics.buffering.BufferingApplicationStartup;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;
import org.springframework.context.annotation.ComponentScan;

/**
 * The server process: one Spring Boot application holding core, config and naming. The server
 * builds its own pools, stores, HTTP and gRPC servers and metrics, so it imports no
 * auto-configuration but the placeholders: the ~60 that {@code @SpringBootApplication} weighed
 * made a transaction proxy creator look at every bean, a second JdbcTemplate, task executors and
 * schedulers nothing used; their conditions alone were 7% of the start's main-thread samples (JFR).
 */
@SpringBootConfiguration
@ComponentScan("com.nacosx")
@ConfigurationPropertiesScan("com.nacosx")
@ImportAutoConfiguration(PropertyPlaceholderAutoConfiguration.class)
public class NacosServer {

    public static void main(String[] args) {
        SpringApplication application = new SpringApplication(NacosServer.class);
        application.setApplicationStartup(new BufferingApplicationStartup(StartPhases.STEPS_RECORDED));
        application.run(args);
    }
}
