package com.nacosx.config.model;

import com.nacosx.api.common.Constants;

/**
 * Identifies one config: dataId, group and tenant (namespace id; the public namespace is the
 * empty tenant).
 */
public record ConfigKey(String dataId, String group, String tenant) {

    public ConfigKey {
        tenant = tenant == null ? "" : tenant;
    }

    /**
     * The record a 1.x long poll answers for this key: dataId, group and tenant, separated as the
     * client parses them.
     *
     * @param publicNamespaceName the tenant to print for the public namespace, as the client named it
     */
    public String changedRecord(String publicNamespaceName) {
        StringBuilder record = new StringBuilder().append(dataId).append(Constants.WORD_SEPARATOR).append(group);
        String named = tenant.isEmpty() ? publicNamespaceName : tenant;
        if (!named.isEmpty()) {
            record.append(Constants.WORD_SEPARATOR).append(named);
        }
        return record.append(Constants.LINE_SEPARATOR).toString();
    }

    /** The key clients use for a config: {@code dataId+group[+tenant]}. */
    public String groupKey() {
        return tenant.isEmpty() ? dataId + "+" + group : dataId + "+" + group + "+" + tenant;
    }

    @Override
    public String toString() {
        return groupKey();
    }
}
