package com.nacosx.config.transfer;

import com.nacosx.api.exception.NacosException;
import com.nacosx.core.auth.Action;
import com.nacosx.core.http.ApiResult;
import com.nacosx.core.http.HttpAccess;
import com.nacosx.core.http.HttpApi;
import com.nacosx.core.http.HttpExchange;
import com.nacosx.core.http.HttpRoutes;
import com.nacosx.core.http.Json;
import com.nacosx.core.http.RestResult;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.HttpResponseStatus;
import org.springframework.stereotype.Component;
import tools.jackson.core.type.TypeReference;

import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Export, import and clone on {@code /v1/cs/configs}, told apart by a parameter as on the official
 * server: {@code export=true} and {@code exportV2=true} (GET, the zip archive), {@code import=true}
 * (POST, the archive in the multipart field {@code file}) and {@code clone=true} (POST, a JSON list
 * of {@code {cfgId, dataId, group}}). Import and clone answer {@code {"code":200,"message":...,"data":
 * {succCount, skipCount, ...}}}, or a refusal with the official code (100001 namespace missing,
 * 100002 bad metadata, 100004 unreadable archive, 100005 nothing to import, 100006 nothing chosen).
 * The v3 admin API has them as {@code /v3/admin/cs/config/export}, {@code /import} and
 * {@code /clone} (a JSON list of the 3.x {@code ConfigCloneInfo}).
 */
@Component
public class ConfigTransferHttpApi implements HttpApi {

    private static final String CONFIGS = "/v1/cs/configs";
    private static final String V3 = "/v3/admin/cs/config";
    private static final DateTimeFormatter FILE_TIME = DateTimeFormatter.ofPattern("yyyyMMddHHmmss");

    private final ConfigTransfer transfer;

    public ConfigTransferHttpApi(ConfigTransfer transfer) {
        this.transfer = transfer;
    }

    @Override
    public void register(HttpRoutes routes) {
        routes.get(CONFIGS).access(HttpAccess.config(Action.READ)).when("export", "true").blocking(exchange -> export(exchange, false));
        routes.get(CONFIGS).access(HttpAccess.config(Action.READ)).when("exportV2", "true").blocking(exchange -> export(exchange, true));
        routes.post(CONFIGS).access(HttpAccess.config(Action.WRITE)).when("import", "true").blocking(exchange -> answer(exchange, "import success",
                () -> transfer.importArchive(exchange.file("file"), exchange.param("namespace"),
                        ConfigTransfer.Policy.of(exchange.param("policy")), exchange.clientIp(),
                        exchange.param("src_user"))));
        routes.post(CONFIGS).access(HttpAccess.config(Action.WRITE)).when("clone", "true").blocking(exchange -> answer(exchange,
                "Clone Completed Successfully", () -> transfer.cloneConfigs(cloneRequests(exchange),
                        exchange.requiredParam("tenant"), ConfigTransfer.Policy.of(exchange.param("policy")),
                        exchange.clientIp(), exchange.param("src_user"))));

        // The v3 admin API: namespaceId and groupName, the v2 archive, answers in the envelope.
        routes.get(V3 + "/export").access(HttpAccess.config(Action.READ)).blocking(exchange ->
                export(exchange, exchange.param("namespaceId"), exchange.param("groupName"), true));
        routes.post(V3 + "/import").access(HttpAccess.config(Action.WRITE)).blocking(exchange -> answerV3(exchange,
                () -> transfer.importArchive(exchange.file("file"), exchange.param("namespaceId"),
                        ConfigTransfer.Policy.of(exchange.param("policy")), exchange.clientIp(),
                        exchange.param("src_user"))));
        routes.post(V3 + "/clone").access(HttpAccess.config(Action.WRITE)).blocking(exchange -> answerV3(exchange,
                () -> transfer.cloneConfigs(cloneRequestsV3(exchange), exchange.requiredParam("namespaceId"),
                        ConfigTransfer.Policy.of(exchange.param("policy")), exchange.clientIp(),
                        exchange.param("src_user"))));
    }

    /** The 3.x {@code ConfigCloneInfo}: a config's id and the name and group it gets in the target namespace. */
    private record CloneInfo(Long configId, String targetDataId, String targetGroupName) {
    }

    private static List<ConfigTransfer.CloneRequest> cloneRequestsV3(HttpExchange exchange) {
        String body = exchange.jsonBody();
        List<CloneInfo> infos = body == null || body.isBlank() ? List.of()
                : Json.readBody(body, new TypeReference<List<CloneInfo>>() { }, "the configs to clone");
        return infos.stream().map(info -> info == null ? null
                : new ConfigTransfer.CloneRequest(info.configId(), info.targetDataId(), info.targetGroupName())).toList();
    }

    private static void answerV3(HttpExchange exchange, Supplier<Map<String, Object>> work) {
        try {
            exchange.respondJson(ApiResult.success(work.get()));
        } catch (ConfigTransfer.Refused refused) {
            exchange.respondJson(NacosException.BAD_REQUEST,
                    new ApiResult<>(refused.code(), refused.getMessage(), Map.of("succCount", 0)));
        }
    }

    private void export(HttpExchange exchange, boolean v2) {
        export(exchange, exchange.param("tenant"), exchange.param("group"), v2);
    }

    private void export(HttpExchange exchange, String tenant, String group, boolean v2) {
        byte[] archive = transfer.export(tenant, exchange.param("dataId"), group, exchange.param("appName"),
                exchange.longListParam("ids"), v2);
        String fileName = "nacos_config_export_" + LocalDateTime.now().format(FILE_TIME) + ".zip";
        exchange.respond(HttpResponseStatus.OK, "application/zip", archive,
                new DefaultHttpHeaders().set("Content-Disposition", "attachment;filename=" + fileName));
    }

    private static List<ConfigTransfer.CloneRequest> cloneRequests(HttpExchange exchange) {
        String body = exchange.jsonBody();
        return body == null || body.isBlank() ? List.of()
                : Json.readBody(body, new TypeReference<List<ConfigTransfer.CloneRequest>>() { }, "the configs to clone");
    }

    private static void answer(HttpExchange exchange, String done, Supplier<Map<String, Object>> work) {
        try {
            exchange.respondJson(new RestResult<>(200, done, work.get()));
        } catch (ConfigTransfer.Refused refused) {
            exchange.respondJson(new RestResult<>(refused.code(), refused.getMessage(), Map.of("succCount", 0)));
        }
    }
}
