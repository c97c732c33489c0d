package com.nacosx.config.http;

import com.nacosx.api.common.Constants;
import com.nacosx.api.exception.NacosException;
import com.nacosx.config.model.ConfigEntry;
import com.nacosx.config.model.ConfigKey;
import com.nacosx.config.model.ConfigType;
import com.nacosx.config.model.ConfigWrite;
import com.nacosx.config.model.Page;
import com.nacosx.config.model.StoredConfig;
import com.nacosx.config.service.ConfigService;
import com.nacosx.config.service.PublishOptions;
import com.nacosx.config.store.ConfigInfoStore.SearchCriteria;
import com.nacosx.core.http.ClientIp;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The 1.x config Open API, {@code /v1/cs/configs}: translates parameters into calls on the
 * config service and its answers into the official status codes, headers and bodies.
 */
@RestController
@RequestMapping("/v1/cs/configs")
public class ConfigController {

    private static final byte[] NOT_FOUND_BODY = "config data not exist\n".getBytes(StandardCharsets.UTF_8);

    private final ConfigService service;

    public ConfigController(ConfigService service) {
        this.service = service;
    }

    @GetMapping
    public void get(@RequestParam String dataId, @RequestParam String group,
            @RequestParam(required = false) String tenant, @RequestParam(required = false) String tag,
            HttpServletRequest request, HttpServletResponse response) throws IOException {
        ConfigKey key = service.key(dataId, group, tenant);
        String wantedTag = tag != null ? tag : request.getHeader("Vipserver-Tag");
        ConfigService.Served served = service.read(key, ClientIp.of(request), wantedTag);
        if (served == null) {
            response.setStatus(HttpServletResponse.SC_NOT_FOUND);
            response.setContentType("application/json;charset=UTF-8");
            response.getOutputStream().write(NOT_FOUND_BODY);
            return;
        }
        ConfigEntry entry = served.entry();
        response.setHeader(Constants.CONFIG_TYPE_HEADER, entry.type());
        response.setHeader(Constants.CONTENT_MD5_HEADER, entry.md5());
        response.setHeader("Pragma", "no-cache");
        response.setDateHeader("Expires", 0);
        response.setHeader("Cache-Control", "no-cache,no-store");
        response.setDateHeader("Last-Modified", entry.lastModified());
        if (entry.encryptedDataKey() != null) {
            response.setHeader(Constants.ENCRYPTED_DATA_KEY_HEADER, entry.encryptedDataKey());
        }
        if (served.beta()) {
            response.setHeader(Constants.IS_BETA_HEADER, "true");
        } else if (served.tag() != null) {
            response.setHeader("tag", URLEncoder.encode(served.tag(), StandardCharsets.UTF_8));
        }
        response.setContentType(ConfigType.httpContentType(entry.type()));
        response.setContentLength(entry.bytes().length);
        response.getOutputStream().write(entry.bytes());
    }

    @PostMapping
    public Boolean publish(@RequestParam String dataId, @RequestParam String group,
            @RequestParam(required = false) String tenant, @RequestParam(required = false) String content,
            @RequestParam(required = false) String tag, @RequestParam(required = false) String appName,
            @RequestParam(value = "src_user", required = false) String srcUser,
            @RequestParam(value = "config_tags", required = false) String configTags,
            @RequestParam(required = false) String desc, @RequestParam(required = false) String use,
            @RequestParam(required = false) String effect, @RequestParam(required = false) String type,
            @RequestParam(required = false) String schema, @RequestParam(required = false) String encryptedDataKey,
            HttpServletRequest request) {
        if (content == null) {
            throw NacosException.missingParameter("content");
        }
        ConfigKey key = service.key(dataId, group, tenant);
        ConfigWrite write = new ConfigWrite(content, type, appName, ClientIp.of(request), srcUser, desc, use, effect,
                schema, encryptedDataKey, configTags);
        PublishOptions options = new PublishOptions(request.getHeader(Constants.CAS_MD5_HEADER),
                request.getHeader(Constants.BETA_IPS_HEADER), tag);
        service.publish(key, write, options);
        return Boolean.TRUE;
    }

    @DeleteMapping
    public Boolean delete(@RequestParam String dataId, @RequestParam String group,
            @RequestParam(required = false) String tenant, @RequestParam(required = false) String tag,
            @RequestParam(value = "src_user", required = false) String srcUser, HttpServletRequest request) {
        service.remove(service.key(dataId, group, tenant), tag, ClientIp.of(request), srcUser);
        return Boolean.TRUE;
    }

    @DeleteMapping(params = "delType=ids")
    public RestResult<Boolean> deleteByIds(@RequestParam List<Long> ids, HttpServletRequest request) {
        service.removeByIds(ids, ClientIp.of(request), null);
        return RestResult.ok(true);
    }

    @GetMapping(params = "show=all")
    public ResponseEntity<ConfigView.Detail> detail(@RequestParam String dataId, @RequestParam String group,
            @RequestParam(required = false) String tenant) {
        return service.detail(service.key(dataId, group, tenant))
                .map(detail -> ResponseEntity.ok(ConfigView.detailOf(detail)))
                .orElseGet(() -> ResponseEntity.ok().build());
    }

    @GetMapping(params = "beta=true")
    public RestResult<ConfigView.Beta> beta(@RequestParam String dataId, @RequestParam String group,
            @RequestParam(required = false) String tenant) {
        return RestResult.ok(service.beta(service.key(dataId, group, tenant)).map(ConfigView::betaOf).orElse(null));
    }

    @DeleteMapping(params = "beta=true")
    public RestResult<Boolean> stopBeta(@RequestParam String dataId, @RequestParam String group,
            @RequestParam(required = false) String tenant, HttpServletRequest request) {
        service.removeBeta(service.key(dataId, group, tenant), ClientIp.of(request), null);
        return RestResult.ok(true);
    }

    @GetMapping(params = "search=accurate")
    public Page<ConfigView.Item> searchAccurate(@RequestParam Map<String, String> params) {
        return search(params, false);
    }

    @GetMapping(params = "search=blur")
    public Page<ConfigView.Item> searchBlur(@RequestParam Map<String, String> params) {
        return search(params, true);
    }

    private Page<ConfigView.Item> search(Map<String, String> params, boolean blur) {
        SearchCriteria criteria = new SearchCriteria(ConfigService.normalizeTenant(params.get("tenant")),
                params.getOrDefault("dataId", ""), params.getOrDefault("group", ""), params.get("appName"),
                params.get("config_tags"), blur);
        Page<StoredConfig> page = service.search(criteria,
                intParam(params, "pageNo", 1), intParam(params, "pageSize", 10));
        return new Page<>(page.totalCount(), page.pageNumber(), page.pagesAvailable(),
                page.pageItems().stream().map(ConfigView::itemOf).toList());
    }

    private static int intParam(Map<String, String> params, String name, int defaultValue) {
        String value = params.get(name);
        if (value == null || value.isBlank()) {
            return defaultValue;
        }
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("parameter '" + name + "' must be a number, got '" + value + "'");
        }
    }
}
