package com.nacosx.tests.sca;

import com.nacosx.testsupport.ServerProcess;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Starts {@link ScaApp} as a user configures it: Nacos server, credentials, namespace and the
 * dataIds in Spring properties, given on the command line as a launcher would. The shared and the
 * extension dataIds are imported too: in the 2025.1 release train only {@code spring.config.import}
 * loads configs ({@code shared-configs} and {@code extension-configs} are still bound, but the
 * bootstrap locator that read them is no longer registered).
 */
final class ScaApps {

    static final String NAMESPACE = "sca-tests";
    static final String GROUP = "SCA_GROUP";
    static final String SHARED_GROUP = "SHARED_GROUP";
    static final String EXTENSION_GROUP = "EXT_GROUP";
    static final String USERNAME = "sca-app";
    static final String PASSWORD = "sca-app-pw";

    private ScaApps() {
    }

    static ConfigurableApplicationContext start(ServerProcess server, String name) {
        String[] args = {
                "--spring.application.name=" + name,
                "--server.address=127.0.0.1",
                "--server.port=0",
                "--spring.main.banner-mode=off",
                "--spring.cloud.nacos.server-addr=" + server.address(),
                "--spring.cloud.nacos.username=" + USERNAME,
                "--spring.cloud.nacos.password=" + PASSWORD,
                "--spring.cloud.nacos.config.namespace=" + NAMESPACE,
                "--spring.cloud.nacos.config.group=" + GROUP,
                "--spring.config.import=" + String.join(",",
                        "nacos:sca-app.yaml?group=" + GROUP + "&refreshEnabled=true",
                        "nacos:sca-app.properties?group=" + GROUP + "&refreshEnabled=true",
                        "nacos:sca-shared.properties?group=" + SHARED_GROUP + "&refreshEnabled=false",
                        "nacos:sca-ext.yaml?group=" + EXTENSION_GROUP + "&refreshEnabled=true"),
                "--spring.cloud.nacos.discovery.namespace=" + NAMESPACE,
                "--spring.cloud.nacos.discovery.ip=127.0.0.1",
                "--spring.cloud.nacos.discovery.weight=3",
                "--spring.cloud.nacos.discovery.metadata.zone=z1",
                "--management.endpoints.web.exposure.include=health,nacosconfig,nacosdiscovery",
                "--management.endpoint.health.show-details=always",
                "--spring.cloud.nacos.discovery.health-indicator.enabled=true",
                "--spring.nacos.config.health-indicator.enabled=true"};
        return new SpringApplicationBuilder(ScaApp.class).run(args);
    }

    static int port(ConfigurableApplicationContext app) {
        return ((WebServerApplicationContext) app).getWebServer().getPort();
    }

    static String url(ConfigurableApplicationContext app, String path) {
        return "http://127.0.0.1:" + port(app) + path;
    }
}
