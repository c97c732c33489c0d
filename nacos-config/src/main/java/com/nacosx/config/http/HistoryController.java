package com.nacosx.config.http;

import com.nacosx.api.exception.ErrorCode;
import com.nacosx.api.exception.NacosException;
import com.nacosx.config.model.ConfigKey;
import com.nacosx.config.model.HistoryEntry;
import com.nacosx.config.model.Page;
import com.nacosx.config.service.ConfigService;
import com.nacosx.config.store.HistoryStore;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** The change history of configs, {@code /v1/cs/history}. */
@RestController
@RequestMapping("/v1/cs/history")
public class HistoryController {

    private final ConfigService service;
    private final HistoryStore history;

    public HistoryController(ConfigService service, HistoryStore history) {
        this.service = service;
        this.history = history;
    }

    @GetMapping(params = "search=accurate")
    public Page<HistoryEntry> list(@RequestParam String dataId, @RequestParam String group,
            @RequestParam(required = false) String tenant, @RequestParam(defaultValue = "1") int pageNo,
            @RequestParam(defaultValue = "100") int pageSize) {
        if (pageNo < 1 || pageSize < 1 || pageSize > 500) {
            throw NacosException.badRequest("pageNo must be >= 1 and pageSize between 1 and 500");
        }
        return history.list(service.key(dataId, group, tenant), pageNo, pageSize);
    }

    /** One history entry; when dataId and group are given they must match it, as the official server checks. */
    @GetMapping(params = "nid")
    public HistoryEntry get(@RequestParam long nid, @RequestParam(required = false) String dataId,
            @RequestParam(required = false) String group, @RequestParam(required = false) String tenant) {
        HistoryEntry entry = history.find(nid).orElseThrow(() -> new NacosException(NacosException.NOT_FOUND,
                ErrorCode.RESOURCE_NOT_FOUND, "history entry nid=" + nid + " does not exist"));
        checkBelongs(entry, dataId, group, tenant);
        return entry;
    }

    /** The newest history entry of the config row {@code id}: what it held before its latest change. */
    @GetMapping("/previous")
    public HistoryEntry previous(@RequestParam long id, @RequestParam(required = false) String dataId,
            @RequestParam(required = false) String group, @RequestParam(required = false) String tenant) {
        HistoryEntry entry = history.latestOf(id).orElseThrow(() -> new NacosException(NacosException.NOT_FOUND,
                ErrorCode.RESOURCE_NOT_FOUND, "config id=" + id + " has no history"));
        checkBelongs(entry, dataId, group, tenant);
        return entry;
    }

    private void checkBelongs(HistoryEntry entry, String dataId, String group, String tenant) {
        if (dataId == null || group == null) {
            return;
        }
        ConfigKey asked = service.key(dataId, group, tenant);
        if (!asked.equals(entry.key())) {
            throw NacosException.badRequest("the history entry belongs to " + entry.key() + ", not to " + asked);
        }
    }
}
