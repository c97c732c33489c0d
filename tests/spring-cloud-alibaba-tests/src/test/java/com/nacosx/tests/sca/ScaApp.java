package com.nacosx.tests.sca;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.cloud.client.loadbalancer.LoadBalanced;
import org.springframework.cloud.context.environment.EnvironmentChangeEvent;
import org.springframework.cloud.context.config.annotation.RefreshScope;
import org.springframework.cloud.endpoint.event.RefreshEvent;
import org.springframework.context.annotation.Bean;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.client.RestClient;

/**
 * The application the tests start, twice: configured from Nacos and registered in it, it answers
 * {@code /hello} with its greeting and calls another registered application by its name through
 * Spring Cloud LoadBalancer.
 */
@SpringBootApplication
@EnableConfigurationProperties(ShopProperties.class)
public class ScaApp {

    @Bean
    @LoadBalanced
    RestClient.Builder loadBalancedRestClient() {
        return RestClient.builder();
    }

    /** The greeting from Nacos, rebuilt on each refresh. */
    @Component
    @RefreshScope
    public static class Greeting {

        @Value("${greeting.text}")
        private String text;

        public String text() {
            return text;
        }
    }

    /** Every refresh the Nacos listener triggered, and the keys each changed. */
    @Component
    public static class Refreshes {

        private final List<RefreshEvent> events = new CopyOnWriteArrayList<>();
        private final List<String> changedKeys = new CopyOnWriteArrayList<>();

        @EventListener
        void on(RefreshEvent event) {
            events.add(event);
        }

        @EventListener
        void on(EnvironmentChangeEvent event) {
            changedKeys.addAll(event.getKeys());
        }

        public int count() {
            return events.size();
        }

        public List<String> changedKeys() {
            return changedKeys;
        }
    }

    @RestController
    static class Endpoints {

        private final Greeting greeting;
        private final RestClient.Builder loadBalanced;
        private final String name;

        Endpoints(Greeting greeting, @LoadBalanced RestClient.Builder loadBalanced,
                @Value("${spring.application.name}") String name) {
            this.greeting = greeting;
            this.loadBalanced = loadBalanced;
            this.name = name;
        }

        @GetMapping("/hello")
        String hello() {
            return greeting.text() + " from " + name;
        }

        @GetMapping("/call/{service}")
        String call(@PathVariable String service) {
            return loadBalanced.build().get().uri("http://" + service + "/hello").retrieve().body(String.class);
        }
    }
}
