package com.nacosx.config.http;

import com.nacosx.api.common.Constants;
import com.nacosx.api.common.Page;
import com.nacosx.config.model.ConfigEntry;
import com.nacosx.config.model.ConfigKey;
import com.nacosx.config.model.ConfigType;
import com.nacosx.config.model.StoredConfig;
import com.nacosx.config.push.ListeningConfigs;
import com.nacosx.config.push.LongPollHolder;
import com.nacosx.config.service.ConfigService;
import com.nacosx.config.store.ConfigInfoStore.SearchCriteria;
import com.nacosx.core.auth.Action;
import com.nacosx.core.cluster.ServerMemberManager;
import com.nacosx.core.http.HttpAccess;
import com.nacosx.core.http.HttpApi;
import com.nacosx.core.http.HttpExchange;
import com.nacosx.core.http.HttpRoutes;
import com.nacosx.core.http.RestResult;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import org.springframework.stereotype.Component;

/**
 * The 1.x config Open API, {@code /v1/cs/configs} and its listener: translates parameters into
 * calls on the config service, and its answers into the official status codes, headers and bodies.
 */
@Component
public class ConfigHttpApi implements HttpApi {

    private static final String CONFIGS = "/v1/cs/configs";
    private static final byte[] NOT_FOUND_BODY = "config data not exist\n".getBytes(StandardCharsets.UTF_8);
    private static final byte[] EMPTY = new byte[0];

    private final ConfigService service;
    private final LongPollHolder longPolls;
    private final ServerMemberManager members;

    public ConfigHttpApi(ConfigService service, LongPollHolder longPolls, ServerMemberManager members) {
        this.service = service;
        this.longPolls = longPolls;
        this.members = members;
    }

    @Override
    public void register(HttpRoutes routes) {
        routes.get(CONFIGS).access(HttpAccess.config(Action.READ)).tps("ConfigQuery").inline(this::read);
        routes.get(CONFIGS).access(HttpAccess.config(Action.READ)).when("show", "all").blocking(this::detail);
        routes.get(CONFIGS).access(HttpAccess.config(Action.READ)).when("search", "accurate")
                .blocking(exchange -> search(exchange, false));
        routes.get(CONFIGS).access(HttpAccess.config(Action.READ)).when("search", "blur")
                .blocking(exchange -> search(exchange, true));
        routes.get(CONFIGS).access(HttpAccess.config(Action.READ)).when("beta", "true").blocking(this::readBeta);
        // A publish or a remove only queues its write (for the database writer or the Raft group)
        // and is answered when it is applied, so it runs on the event loop, sparing a hop to a
        // worker and keeping a connection's writes in the order they came.
        routes.post(CONFIGS).access(HttpAccess.config(Action.WRITE)).tps("ConfigPublish").inline(this::publish);
        routes.delete(CONFIGS).access(HttpAccess.config(Action.WRITE)).tps("ConfigRemove").inline(this::remove);
        routes.delete(CONFIGS).access(HttpAccess.config(Action.WRITE)).when("delType", "ids")
                .blocking(this::removeByIds);
        routes.delete(CONFIGS).access(HttpAccess.config(Action.WRITE)).when("beta", "true").blocking(this::stopBeta);
        routes.post(CONFIGS + "/listener").access(HttpAccess.config(Action.READ)).tps("ConfigListen")
                .inline(this::listen);
    }

    private ConfigKey key(HttpExchange exchange) {
        return service.key(exchange.requiredParam("dataId"), exchange.requiredParam("group"), exchange.param("tenant"));
    }

    private void read(HttpExchange exchange) {
        ConfigKey key = key(exchange);
        String asked = exchange.param("tag");
        String tag = asked != null ? asked : exchange.header("Vipserver-Tag");
        ConfigService.Served served = service.read(key, exchange.clientIp(), tag);
        HttpHeaders headers = new DefaultHttpHeaders(false);
        if (members.isCutOff()) {
            // What this node has may be older than what the cluster has taken since it was cut off.
            headers.set(Constants.STALE_HEADER, "this node is cut off from the cluster; read from another node");
        }
        if (served == null) {
            exchange.respond(HttpResponseStatus.NOT_FOUND, "application/json;charset=UTF-8", NOT_FOUND_BODY, headers);
            return;
        }
        ConfigEntry entry = served.entry();
        headers.set(Constants.CONFIG_TYPE_HEADER, entry.type())
                .set(Constants.CONTENT_MD5_HEADER, entry.md5())
                .set("Pragma", "no-cache")
                .set("Expires", "Thu, 01 Jan 1970 00:00:00 GMT")
                .set("Cache-Control", "no-cache,no-store")
                .set("Last-Modified", DateTimeFormatter.RFC_1123_DATE_TIME.format(
                        Instant.ofEpochMilli(entry.lastModified()).atOffset(ZoneOffset.UTC)));
        if (entry.encryptedDataKey() != null) {
            headers.set(Constants.ENCRYPTED_DATA_KEY_HEADER, entry.encryptedDataKey());
        }
        if (served.beta()) {
            headers.set(Constants.IS_BETA_HEADER, "true");
        } else if (served.tag() != null) {
            headers.set("tag", URLEncoder.encode(served.tag(), StandardCharsets.UTF_8));
        }
        exchange.respond(HttpResponseStatus.OK, ConfigType.httpContentType(entry.type()), entry.bytes(), headers);
    }

    private void publish(HttpExchange exchange) {
        String dataId = exchange.requiredParam("dataId");
        String group = exchange.requiredParam("group");
        String content = exchange.requiredParam("content");
        PublishParams.publish(exchange, service, service.key(dataId, group, exchange.param("tenant")), content,
                "src_user", "config_tags", Boolean.TRUE);
    }

    private void remove(HttpExchange exchange) {
        exchange.respondJsonWhenDone(service.removeAsync(key(exchange), exchange.param("tag"), exchange.clientIp(),
                exchange.param("src_user")), Boolean.TRUE);
    }

    private void removeByIds(HttpExchange exchange) {
        exchange.requiredParam("ids");
        service.removeByIds(exchange.longListParam("ids"), exchange.clientIp(), null);
        exchange.respondJson(RestResult.ok(true));
    }

    /** The stored config with all its details; an empty 200 when there is none, as the official server. */
    private void detail(HttpExchange exchange) {
        var detail = service.detail(key(exchange));
        if (detail.isPresent()) {
            exchange.respondJson(ConfigView.detailOf(detail.get()));
        } else {
            exchange.respond(HttpResponseStatus.OK, "application/json;charset=UTF-8", EMPTY, null);
        }
    }

    private void readBeta(HttpExchange exchange) {
        exchange.respondJson(RestResult.ok(service.beta(key(exchange)).map(ConfigView::betaOf).orElse(null)));
    }

    private void stopBeta(HttpExchange exchange) {
        service.removeBeta(key(exchange), exchange.clientIp(), null);
        exchange.respondJson(RestResult.ok(true));
    }

    private void search(HttpExchange exchange, boolean blur) {
        SearchCriteria criteria = new SearchCriteria(ConfigService.normalizeTenant(exchange.param("tenant")),
                exchange.param("dataId"), exchange.param("group"), exchange.param("appName"),
                exchange.param("config_tags"), exchange.param("config_detail"), blur);
        Page<StoredConfig> page = service.search(criteria, exchange.intParam("pageNo", 1), exchange.intParam("pageSize", 10));
        exchange.respondJson(ConfigView.pageOf(page));
    }

    private void listen(HttpExchange exchange) {
        String probe = exchange.param(Constants.LISTENING_CONFIGS);
        if (probe == null) {
            throw new IllegalArgumentException("invalid probeModify: the 'Listening-Configs' parameter is missing");
        }
        // The official server decodes the already form-decoded value once more; clients rely on it.
        var listened = ListeningConfigs.parse(URLDecoder.decode(probe, StandardCharsets.UTF_8));
        longPolls.poll(exchange, listened, exchange.clientIp(), exchange.header("Vipserver-Tag"),
                exchange.header(Constants.LONG_POLLING_TIMEOUT_HEADER),
                "true".equalsIgnoreCase(exchange.header(Constants.LONG_POLLING_NO_HANGUP_HEADER)));
    }
}
