package com.nacosx.server;

import com.nacosx.core.readiness.ServerReadiness;
import com.nacosx.core.readiness.StartPhases;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.context.metrics.buffering.BufferingApplicationStartup;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.ComponentScan;
import org.springframework.context.annotation.DependsOn;
import org.springframework.context.support.PropertySourcesPlaceholderConfigurer;

/**
 * The server process: one Spring Boot application holding core, config and naming. The server
 * builds its own pools, stores, HTTP and gRPC servers and metrics, so it imports no
 * auto-configuration: the ~60 that {@code @SpringBootApplication} weighed made a transaction proxy
 * creator look at every bean, a second JdbcTemplate, task executors and schedulers nothing used;
 * their conditions alone were 7% of the start's main-thread samples (JFR). Importing even one
 * reads every jar's auto-configuration metadata, so the placeholders are declared here. No
 * configuration class is proxied: none calls its own bean methods, and a proxy is a class
 * generated at every start. The scans read the components' index each module writes at build
 * time (spring-context-indexer, META-INF/spring.components) instead of every class file of
 * com.nacosx: reading them was 0.3 s of the main thread's start (ComponentIndexTest keeps the
 * index whole). The build then works the bean definitions out ahead of time (Spring's AOT
 * processing), which bin/startup.sh uses; no bean may hang on a condition (BeansFixedAtBuildTest).
 *
 * <p>The data source is built first: the embedded Derby opens on a thread of its own, and the
 * sooner it starts the less the config store waits for it (0.2-0.3 s of a standalone start).
 */
@SpringBootConfiguration(proxyBeanMethods = false)
@ComponentScan("com.nacosx")
@ConfigurationPropertiesScan("com.nacosx")
@DependsOn("dataSource")
public class NacosServer {

    /** {@code ${...}} in {@code @Value}s, resolved from the environment; one that names no property fails the start. */
    @Bean
    static PropertySourcesPlaceholderConfigurer placeholders() {
        return new PropertySourcesPlaceholderConfigurer();
    }

    /**
     * With {@code -Dnacos.training-start=true} (bin/training-start.sh), the process stops cleanly
     * once it is ready: a training start for the class-data archive or the AOT cache then records
     * the whole start, the ports' servers and the HTTP warm-up included, not only the context.
     */
    public static void main(String[] args) {
        SpringApplication application = new SpringApplication(NacosServer.class);
        application.setApplicationStartup(new BufferingApplicationStartup(StartPhases.STEPS_RECORDED));
        ConfigurableApplicationContext context = application.run(args);
        if (Boolean.getBoolean("nacos.training-start")) {
            context.getBean(ServerReadiness.class).ready().join();
            System.exit(SpringApplication.exit(context));
        }
    }
}
