package com.nacosx.config.service;

import com.nacosx.core.replication.CommandLog;
import com.nacosx.api.common.Constants;
import com.nacosx.api.exception.ErrorCode;
import com.nacosx.api.exception.NacosException;
import com.nacosx.api.exception.Shown;
import com.nacosx.config.cache.ConfigCache;
import com.nacosx.config.model.Namespace;
import com.nacosx.config.store.NamespaceStore;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.regex.Pattern;
import org.springframework.stereotype.Service;

/** Namespaces (tenants): the public one, always there, and the custom ones in tenant_info. */
@Service
public class NamespaceService {

    private static final Pattern ID = Pattern.compile("[\\w-]+");
    private static final Pattern NAME = Pattern.compile("[^@#$%^&*]+");
    private static final int ID_MAX = 128;
    private static final int NAME_MAX = 128;
    private static final int DESC_MAX = 256;
    private static final String PUBLIC_NAME = "public";
    private static final String PUBLIC_DESC = "Default Namespace";

    private final NamespaceStore store;
    private final ConfigCache cache;
    private final CommandLog<ConfigWriter> commands;

    public NamespaceService(NamespaceStore store, ConfigCache cache, CommandLog<ConfigWriter> commands) {
        this.store = store;
        this.cache = cache;
        this.commands = commands;
    }

    public List<Namespace> list() {
        List<Namespace> namespaces = new ArrayList<>();
        namespaces.add(publicNamespace());
        for (NamespaceStore.TenantInfo info : store.findAll()) {
            namespaces.add(custom(info));
        }
        return namespaces;
    }

    public Namespace get(String namespaceId) {
        String id = ConfigService.normalizeTenant(namespaceId);
        if (id.isEmpty()) {
            return publicNamespace();
        }
        return store.find(id).map(this::custom).orElseThrow(() -> new NacosException(NacosException.NOT_FOUND,
                ErrorCode.NAMESPACE_NOT_EXIST, "namespaceId [ " + namespaceId + " ] not exist"));
    }

    public boolean exists(String namespaceId) {
        return namespaceId != null && !namespaceId.isBlank() && store.find(namespaceId.trim()).isPresent();
    }

    /** Creates a namespace; a blank id gets a generated UUID. Returns the id. */
    public String create(String namespaceId, String name, String desc) {
        String id = namespaceId == null || namespaceId.isBlank() ? UUID.randomUUID().toString() : namespaceId.trim();
        if (!ID.matcher(id).matches() || id.length() > ID_MAX) {
            throw new NacosException(NacosException.BAD_REQUEST, ErrorCode.ILLEGAL_NAMESPACE, "invalid namespace id '"
                    + Shown.bounded(id) + "': use at most " + ID_MAX + " letters, digits, '_' or '-'");
        }
        if (Constants.PUBLIC_NAMESPACE_ID.equalsIgnoreCase(id) || store.find(id).isPresent()) {
            throw new NacosException(NacosException.CONFLICT, ErrorCode.NAMESPACE_ALREADY_EXIST,
                    "namespaceId [" + id + "] already exist; choose another id");
        }
        checkName(name);
        checkDesc(desc);
        commands.submitAndWait(new ConfigCommand.CreateNamespace(id, name.trim(), desc, System.currentTimeMillis()));
        return id;
    }

    public void update(String namespaceId, String name, String desc) {
        checkName(name);
        checkDesc(desc);
        if (!commands.submitAndWait(new ConfigCommand.UpdateNamespace(namespaceId, name.trim(), desc,
                System.currentTimeMillis()))) {
            throw new NacosException(NacosException.NOT_FOUND, ErrorCode.NAMESPACE_NOT_EXIST,
                    "namespaceId [ " + namespaceId + " ] not exist");
        }
    }

    /** Deletes a custom namespace; its configs stay in the store, as in the official server. */
    public void delete(String namespaceId) {
        if (!commands.submitAndWait(new ConfigCommand.DeleteNamespace(namespaceId))) {
            throw new NacosException(NacosException.NOT_FOUND, ErrorCode.NAMESPACE_NOT_EXIST,
                    "namespaceId [ " + namespaceId + " ] not exist");
        }
    }

    private static void checkName(String name) {
        if (name == null || name.isBlank() || !NAME.matcher(name).matches() || name.length() > NAME_MAX) {
            throw new NacosException(NacosException.BAD_REQUEST, ErrorCode.ILLEGAL_NAMESPACE, "invalid namespace name '"
                    + Shown.bounded(name) + "': it must be 1 to " + NAME_MAX + " characters without @#$%^&*");
        }
    }

    /** The column {@code tenant_info.tenant_desc} holds 256 characters. */
    private static void checkDesc(String desc) {
        if (desc != null && desc.length() > DESC_MAX) {
            throw new NacosException(NacosException.BAD_REQUEST, ErrorCode.ILLEGAL_NAMESPACE,
                    "too long namespaceDesc, over " + DESC_MAX);
        }
    }

    private Namespace publicNamespace() {
        return new Namespace("", PUBLIC_NAME, PUBLIC_DESC, Namespace.DEFAULT_QUOTA, cache.countFormal(""),
                Namespace.TYPE_PUBLIC);
    }

    private Namespace custom(NamespaceStore.TenantInfo info) {
        return new Namespace(info.tenantId(), info.tenantName(), info.tenantDesc(), Namespace.DEFAULT_QUOTA,
                cache.countFormal(info.tenantId()), Namespace.TYPE_CUSTOM);
    }
}
