package com.nacosx.config.push;

import com.nacosx.api.common.Constants;
import com.nacosx.config.model.ConfigKey;
import com.nacosx.config.service.ConfigService;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Parses the 1.x {@code Listening-Configs} parameter: records of {@code dataId, group, md5[, tenant]}
 * whose fields are separated by \u0002 and records by \u0001.
 */
public final class ListeningConfigs {

    private ListeningConfigs() {
    }

    /**
     * @return each listened key with the md5 the client holds
     * @throws IllegalArgumentException when a record has fewer than 3 or more than 4 fields
     */
    public static Map<ConfigKey, String> parse(String probe) {
        if (probe == null) {
            throw new IllegalArgumentException("invalid probeModify: the 'Listening-Configs' parameter is missing");
        }
        Map<ConfigKey, String> listened = new LinkedHashMap<>();
        for (String record : probe.split(String.valueOf(Constants.LINE_SEPARATOR))) {
            if (record.isEmpty()) {
                continue;
            }
            String[] fields = record.split(String.valueOf(Constants.WORD_SEPARATOR), -1);
            if (fields.length < 3 || fields.length > 4) {
                throw new IllegalArgumentException("invalid probeModify: record '" + record.replace(
                        Constants.WORD_SEPARATOR, ' ') + "' must be dataId, group, md5 and an optional tenant");
            }
            String tenant = ConfigService.normalizeTenant(fields.length == 4 ? fields[3] : "");
            listened.put(new ConfigKey(fields[0], fields[1], tenant), fields[2]);
        }
        return listened;
    }
}
