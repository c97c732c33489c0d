package com.nacosx.config.push;

import com.nacosx.api.common.Constants;
import com.nacosx.config.model.ConfigKey;
import com.nacosx.config.service.ConfigService;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A 1.x client's {@code Listening-Configs} parameter: records of {@code dataId, group, md5[, tenant]}
 * whose fields are separated by \u0002 and records by \u0001.
 *
 * @param md5s                each listened key with the md5 the client holds
 * @param publicNamespaceName how the client names the public namespace ({@code ""} or {@code "public"}):
 *                            its answer must name it so, or the client does not find its own config
 */
public record ListeningConfigs(Map<ConfigKey, String> md5s, String publicNamespaceName) {

    /**
     * @throws IllegalArgumentException when a record has fewer than 3 or more than 4 fields
     */
    public static ListeningConfigs parse(String probe) {
        if (probe == null) {
            throw new IllegalArgumentException("invalid probeModify: the 'Listening-Configs' parameter is missing");
        }
        Map<ConfigKey, String> listened = new LinkedHashMap<>();
        String publicNamespaceName = "";
        for (String record : probe.split(String.valueOf(Constants.LINE_SEPARATOR))) {
            if (record.isEmpty()) {
                continue;
            }
            String[] fields = record.split(String.valueOf(Constants.WORD_SEPARATOR), -1);
            if (fields.length < 3 || fields.length > 4) {
                throw new IllegalArgumentException("invalid probeModify: record '" + record.replace(
                        Constants.WORD_SEPARATOR, ' ') + "' must be dataId, group, md5 and an optional tenant");
            }
            String named = fields.length == 4 ? fields[3] : "";
            String tenant = ConfigService.normalizeTenant(named);
            if (tenant.isEmpty() && !named.isBlank()) {
                publicNamespaceName = named.trim();
            }
            listened.put(new ConfigKey(fields[0], fields[1], tenant), fields[2]);
        }
        return new ListeningConfigs(listened, publicNamespaceName);
    }
}
