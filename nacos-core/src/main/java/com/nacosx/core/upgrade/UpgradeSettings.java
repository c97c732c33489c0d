package com.nacosx.core.upgrade;

import com.nacosx.core.env.NacosServerProperties;
import org.springframework.core.env.Environment;

import java.nio.file.Path;

/**
 * @param supportFrom1x {@code nacos.core.support.upgrade.from.1x} (default false): this cluster is
 *                      being upgraded from official 1.x nodes, so it starts in the 1.x mode
 * @param stateFile     where whether the cluster has switched to the 2.x mode survives a restart
 *                      ({@code ${nacos.home}/data/upgrade.state}, as the official server keeps it)
 */
public record UpgradeSettings(boolean supportFrom1x, Path stateFile) {

    public static UpgradeSettings from(Environment env, NacosServerProperties server) {
        return new UpgradeSettings(env.getProperty("nacos.core.support.upgrade.from.1x", Boolean.class, false),
                server.homePath().resolve("data").resolve("upgrade.state"));
    }
}
