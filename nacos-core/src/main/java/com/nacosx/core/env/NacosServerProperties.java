package com.nacosx.core.env;

import java.nio.file.Path;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Where this node lives and how it runs, bound once from {@code nacos.*}.
 *
 * @param home       the install dir; data and logs live under it ({@code nacos.home}, default
 *                   {@code ~/nacos}, as the official server)
 * @param standalone one node with embedded storage ({@code nacos.standalone})
 */
@ConfigurationProperties(prefix = "nacos")
public record NacosServerProperties(String home, boolean standalone) {

    public NacosServerProperties {
        if (home == null || home.isBlank()) {
            home = Path.of(System.getProperty("user.home"), "nacos").toString();
        }
    }

    public Path homePath() {
        return Path.of(home);
    }

    public Path dataDir() {
        return homePath().resolve("data");
    }
}
