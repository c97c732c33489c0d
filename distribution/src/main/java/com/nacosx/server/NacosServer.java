package com.nacosx.server;

import com.nacosx.core.readiness.StartPhases;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.metrics.buffering.BufferingApplicationStartup;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/** The server process: one Spring Boot application holding core, config and naming. */
@SpringBootApplication(scanBasePackages = "com.nacosx")
@ConfigurationPropertiesScan("com.nacosx")
public class NacosServer {

    public static void main(String[] args) {
        SpringApplication application = new SpringApplication(NacosServer.class);
        application.setApplicationStartup(new BufferingApplicationStartup(StartPhases.STEPS_RECORDED));
        application.run(args);
    }
}
