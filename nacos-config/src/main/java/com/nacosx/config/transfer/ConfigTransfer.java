package com.nacosx.config.transfer;

import com.nacosx.config.model.ConfigKey;
import com.nacosx.config.model.ConfigWrite;
import com.nacosx.config.model.StoredConfig;
import com.nacosx.config.service.ConfigService;
import com.nacosx.config.service.ConfigValidator;
import com.nacosx.config.service.NamespaceService;
import com.nacosx.config.service.PublishOptions;
import com.nacosx.config.store.ConfigInfoStore;
import org.springframework.stereotype.Service;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Moving configs in bulk, as the official console does: export to a zip archive, import one into
 * a namespace, and clone configs by id into a namespace. An import or clone is checked whole
 * before anything is written (a bad config refuses it all, where the official stops halfway);
 * configs that already exist are handled by the {@link Policy}.
 */
@Service
public class ConfigTransfer {

    /** The most an archive may unpack to: every config at the largest allowed size would not fit anyway. */
    private static final long MAX_UNPACKED_BYTES = 256L * 1024 * 1024;

    /** What to do with a config that already exists where it is imported or cloned to. */
    public enum Policy {
        /** Stop there: the rest is skipped and reported (what came before stays written). */
        ABORT,
        /** Leave it and go on. */
        SKIP,
        /** Replace it. */
        OVERWRITE;

        public static Policy of(String name) {
            if (name == null || name.isBlank()) {
                return ABORT;
            }
            try {
                return valueOf(name.trim().toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException unknown) {
                throw new IllegalArgumentException("unknown policy '" + name + "'; use ABORT, SKIP or OVERWRITE");
            }
        }
    }

    /** An import or clone refused as a whole, with the official result code (nothing was written). */
    public static final class Refused extends RuntimeException {
        private final int code;

        Refused(int code, String message) {
            super(message);
            this.code = code;
        }

        public int code() {
            return code;
        }
    }

    /** One config to clone: its row id, and the dataId and group it gets (blank: the same). */
    public record CloneRequest(Long cfgId, String dataId, String group) {
    }

    private final ConfigService service;
    private final ConfigInfoStore configs;
    private final ConfigValidator validator;
    private final NamespaceService namespaces;

    public ConfigTransfer(ConfigService service, ConfigInfoStore configs, ConfigValidator validator,
            NamespaceService namespaces) {
        this.service = service;
        this.configs = configs;
        this.validator = validator;
        this.namespaces = namespaces;
    }

    /** The archive of the chosen configs: by row id when ids are given, else by tenant and filters. */
    public byte[] export(String tenant, String dataId, String group, String appName, List<Long> ids, boolean v2) {
        List<StoredConfig> chosen = ids.isEmpty()
                ? configs.findForExport(service.namespace(tenant), dataId, group, appName)
                : configs.findByIds(ids);
        return ConfigArchive.write(chosen, v2);
    }

    /** Imports an archive into a namespace; @return the official result: counts, failed, skipped, unrecognized */
    public Map<String, Object> importArchive(byte[] archive, String namespace, Policy policy, String srcIp,
            String srcUser) {
        if (archive == null || archive.length == 0) {
            throw new Refused(100005, "no file was sent: send the zip archive in the multipart field 'file'");
        }
        String tenant = existingNamespace(namespace);
        ConfigArchive.Contents contents;
        try {
            contents = ConfigArchive.read(archive, MAX_UNPACKED_BYTES);
        } catch (ConfigArchive.UnreadableArchive e) {
            throw new Refused(e.badMetadata() ? 100002 : 100004, e.getMessage());
        }
        if (contents.items().isEmpty()) {
            throw new Refused(100005, "the archive holds no config");
        }
        List<Planned> planned = new ArrayList<>();
        for (ConfigArchive.Item item : contents.items()) {
            planned.add(plan(item.dataId(), item.group(), tenant, new ConfigWrite(item.content(), item.type(),
                    item.appName(), srcIp, srcUser, item.desc(), null, null, null, null, null)));
        }
        Map<String, Object> result = publishAll(planned, policy);
        if (!contents.unrecognized().isEmpty()) {
            result.put("unrecognizedCount", contents.unrecognized().size());
            result.put("unrecognizedData", contents.unrecognized());
        }
        return result;
    }

    /** Copies configs by row id into a namespace, optionally under new names. */
    public Map<String, Object> cloneConfigs(List<CloneRequest> requests, String namespace, Policy policy, String srcIp,
            String srcUser) {
        List<CloneRequest> listed = requests == null ? List.of()
                : requests.stream().filter(request -> request != null && request.cfgId() != null).toList();
        if (listed.isEmpty()) {
            throw new Refused(100006, "no config was chosen: send a JSON list of {\"cfgId\":id,\"dataId\":..,\"group\":..}");
        }
        String tenant = existingNamespace(namespace);
        Map<Long, CloneRequest> byId = new LinkedHashMap<>();
        listed.forEach(request -> byId.putIfAbsent(request.cfgId(), request));
        List<StoredConfig> sources = configs.findByIds(List.copyOf(byId.keySet()));
        if (sources.isEmpty()) {
            throw new Refused(100005, "none of the chosen config ids exists");
        }
        List<Planned> planned = new ArrayList<>();
        for (StoredConfig source : sources) {
            CloneRequest request = byId.get(source.id());
            String dataId = request.dataId() == null || request.dataId().isBlank() ? source.key().dataId() : request.dataId();
            String group = request.group() == null || request.group().isBlank() ? source.key().group() : request.group();
            planned.add(plan(dataId, group, tenant, new ConfigWrite(source.content(), source.type(), source.appName(),
                    srcIp, srcUser, source.desc(), null, null, null, source.encryptedDataKey(), null)));
        }
        return publishAll(planned, policy);
    }

    private String existingNamespace(String namespace) {
        String tenant = ConfigService.normalizeTenant(namespace);
        if (!tenant.isEmpty() && !namespaces.exists(tenant)) {
            throw new Refused(100001, "namespace '" + namespace + "' does not exist; create it first");
        }
        return tenant;
    }

    /** A config checked and ready to write. */
    private record Planned(ConfigKey key, ConfigWrite write) {
    }

    private Planned plan(String dataId, String group, String tenant, ConfigWrite write) {
        ConfigKey key = service.key(dataId, group, tenant);
        validator.checkContent(write.content());
        validator.checkDetails(write, PublishOptions.FORMAL);
        return new Planned(key, write);
    }

    private Map<String, Object> publishAll(List<Planned> planned, Policy policy) {
        int written = 0;
        List<Map<String, String>> failed = new ArrayList<>();
        List<Map<String, String>> skipped = new ArrayList<>();
        for (int i = 0; i < planned.size(); i++) {
            Planned next = planned.get(i);
            if (policy != Policy.OVERWRITE && configs.exists(next.key())) {
                if (policy == Policy.SKIP) {
                    skipped.add(named(next));
                    continue;
                }
                failed.add(named(next));
                planned.subList(i + 1, planned.size()).forEach(rest -> skipped.add(named(rest)));
                break;
            }
            service.publish(next.key(), next.write(), PublishOptions.FORMAL);
            written++;
        }
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("succCount", written);
        result.put("skipCount", skipped.size());
        if (!failed.isEmpty()) {
            result.put("failData", failed);
        }
        if (!skipped.isEmpty()) {
            result.put("skipData", skipped);
        }
        return result;
    }

    private static Map<String, String> named(Planned planned) {
        Map<String, String> name = new LinkedHashMap<>();
        name.put("dataId", planned.key().dataId());
        name.put("group", planned.key().group());
        return name;
    }
}
