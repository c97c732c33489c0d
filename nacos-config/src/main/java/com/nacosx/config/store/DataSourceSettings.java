package com.nacosx.config.store;

import java.util.ArrayList;
import java.util.List;
import org.springframework.core.env.Environment;

/**
 * Which database holds the configs, read from the keys operators already have in their Nacos
 * {@code application.properties}: {@code spring.sql.init.platform=mysql} (or the older
 * {@code spring.datasource.platform}) selects MySQL with {@code db.num}, {@code db.url.N},
 * {@code db.user[.N]}, {@code db.password[.N]} and {@code db.pool.config.*}; anything else selects
 * the embedded Derby under {@code ${nacos.home}/data/derby-data}.
 *
 * @param urls the MySQL URLs in order; the first one that answers at start is used
 */
public record DataSourceSettings(SqlDialect dialect, List<String> urls, List<String> users, List<String> passwords,
                                 int maximumPoolSize, int minimumIdle, long connectionTimeoutMs) {

    public static DataSourceSettings from(Environment env) {
        String platform = env.getProperty("spring.sql.init.platform", env.getProperty("spring.datasource.platform", ""));
        int poolSize = env.getProperty("db.pool.config.maximumPoolSize", Integer.class, 20);
        int minIdle = env.getProperty("db.pool.config.minimumIdle", Integer.class, 2);
        long timeout = env.getProperty("db.pool.config.connectionTimeout", Long.class, 3000L);
        if (!"mysql".equalsIgnoreCase(platform.trim())) {
            return new DataSourceSettings(SqlDialect.DERBY, List.of(), List.of(), List.of(), poolSize, minIdle, timeout);
        }
        int count = env.getProperty("db.num", Integer.class, 1);
        List<String> urls = new ArrayList<>();
        List<String> users = new ArrayList<>();
        List<String> passwords = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            String url = env.getProperty("db.url." + i);
            if (url == null || url.isBlank()) {
                throw new IllegalStateException("spring.sql.init.platform=mysql needs db.url." + i
                        + " (db.num=" + count + "); set it in conf/application.properties");
            }
            urls.add(url.trim());
            users.add(env.getProperty("db.user." + i, env.getProperty("db.user", "")).trim());
            passwords.add(env.getProperty("db.password." + i, env.getProperty("db.password", "")).trim());
        }
        return new DataSourceSettings(SqlDialect.MYSQL, urls, users, passwords, poolSize, minIdle, timeout);
    }
}
