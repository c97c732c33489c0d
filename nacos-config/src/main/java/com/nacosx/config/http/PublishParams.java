package com.nacosx.config.http;

import com.nacosx.api.common.Constants;
import com.nacosx.config.model.ConfigKey;
import com.nacosx.config.model.ConfigWrite;
import com.nacosx.config.service.ConfigService;
import com.nacosx.config.service.PublishOptions;
import com.nacosx.core.http.HttpExchange;

/**
 * The details of a publish as the 1.x and v2 config APIs take them; they differ only in the names
 * of two parameters ({@code src_user}/{@code srcUser}, {@code config_tags}/{@code configTags}).
 */
final class PublishParams {

    private PublishParams() {
    }

    static ConfigWrite write(HttpExchange exchange, String content, String srcUserParam, String tagsParam) {
        return new ConfigWrite(content, exchange.param("type"), exchange.param("appName"), exchange.clientIp(),
                exchange.param(srcUserParam), exchange.param("desc"), exchange.param("use"), exchange.param("effect"),
                exchange.param("schema"), exchange.param("encryptedDataKey"), exchange.param(tagsParam));
    }

    /** Publishes and answers {@code answer} once the write is applied (or the failure). */
    static void publish(HttpExchange exchange, ConfigService service, ConfigKey key, String content,
            String srcUserParam, String tagsParam, Object answer) {
        exchange.respondJsonWhenDone(service.publishAsync(key, write(exchange, content, srcUserParam, tagsParam),
                options(exchange)), answer);
    }

    static PublishOptions options(HttpExchange exchange) {
        return new PublishOptions(exchange.header(Constants.CAS_MD5_HEADER), exchange.header(Constants.BETA_IPS_HEADER),
                exchange.param("tag"));
    }
}
