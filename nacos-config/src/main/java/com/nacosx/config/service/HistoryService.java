package com.nacosx.config.service;

import com.nacosx.api.common.Page;
import com.nacosx.api.exception.ErrorCode;
import com.nacosx.api.exception.NacosException;
import com.nacosx.config.model.ConfigKey;
import com.nacosx.config.model.HistoryDetail;
import com.nacosx.config.model.HistoryEntry;
import com.nacosx.config.store.ConfigInfoStore;
import com.nacosx.config.store.GrayStore;
import com.nacosx.config.store.HistoryStore;
import org.springframework.stereotype.Service;

import java.util.List;
import java.util.Optional;

/** Reading the change history of configs, for the 1.x and v2 history APIs alike. */
@Service
public class HistoryService {

    private final HistoryStore history;
    private final ConfigInfoStore configs;
    private final GrayStore grays;

    public HistoryService(HistoryStore history, ConfigInfoStore configs, GrayStore grays) {
        this.history = history;
        this.configs = configs;
        this.grays = grays;
    }

    /** The changes of one config, newest first. */
    public Page<HistoryEntry> list(ConfigKey key, int pageNo, int pageSize) {
        Page.checkPaging(pageNo, pageSize);
        return history.list(key, pageNo, pageSize);
    }

    public Optional<HistoryEntry> find(long nid) {
        return history.find(nid);
    }

    /** The newest change recorded for the config row {@code id}: what it held before its latest change. */
    public Optional<HistoryEntry> previous(long id) {
        return history.latestOf(id);
    }

    /** An entry with what the config held before and after the change it records. */
    public HistoryDetail detail(HistoryEntry entry) {
        return switch (entry.opType()) {
            case HistoryStore.INSERT -> HistoryDetail.of(entry, HistoryDetail.none(), HistoryDetail.versionOf(entry));
            case HistoryStore.DELETE -> HistoryDetail.of(entry, HistoryDetail.versionOf(entry), HistoryDetail.none());
            default -> HistoryDetail.of(entry, HistoryDetail.versionOf(entry), after(entry));
        };
    }

    /** What an update changed the config to: the next entry of the same variant, else what is stored now. */
    private HistoryDetail.Version after(HistoryEntry entry) {
        Optional<HistoryEntry> next = history.next(entry);
        if (next.isPresent()) {
            return HistoryDetail.versionOf(next.get());
        }
        if (entry.grayName() == null || entry.grayName().isEmpty()) {
            return configs.find(entry.key()).map(c -> new HistoryDetail.Version(c.content(), c.md5(),
                    c.encryptedDataKey())).orElse(HistoryDetail.none());
        }
        return grays.find(entry.key(), entry.grayName()).map(g -> new HistoryDetail.Version(g.content(), g.md5(),
                g.encryptedDataKey())).orElse(HistoryDetail.none());
    }

    /** The configs of a namespace, as the official's history API lists them (names, app and type only). */
    public List<ConfigInfoStore.ConfigName> configsOf(String tenant) {
        return configs.namesOf(tenant);
    }

    /**
     * The entry, checked to belong to the config asked for: the official answers a mismatch as an
     * access error, so that an entry cannot be read through a config one may read.
     */
    public static HistoryEntry belongingTo(HistoryEntry entry, ConfigKey asked) {
        if (!asked.equals(entry.key())) {
            throw new NacosException(403, ErrorCode.ACCESS_DENIED, "Please check dataId, group or namespaceId.");
        }
        return entry;
    }
}
