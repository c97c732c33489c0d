package com.nacosx.config.store;

import java.util.List;
import java.util.Optional;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;

/** Custom namespaces: table tenant_info, under the one key-pair id Nacos uses ("1"). */
@Repository
public class NamespaceStore {

    private static final String KP = "1";
    private static final String CREATE_SOURCE = "nacos";

    private final JdbcTemplate jdbc;

    public NamespaceStore(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** A stored namespace. */
    public record TenantInfo(String tenantId, String tenantName, String tenantDesc) {
    }

    public List<TenantInfo> findAll() {
        return jdbc.query("SELECT tenant_id, tenant_name, tenant_desc FROM tenant_info WHERE kp = ? ORDER BY id",
                (rs, i) -> new TenantInfo(rs.getString(1), rs.getString(2), rs.getString(3)), KP);
    }

    public Optional<TenantInfo> find(String tenantId) {
        return jdbc.query("SELECT tenant_id, tenant_name, tenant_desc FROM tenant_info WHERE kp = ? AND tenant_id = ?",
                (rs, i) -> new TenantInfo(rs.getString(1), rs.getString(2), rs.getString(3)), KP, tenantId)
                .stream().findFirst();
    }

    public void insert(String tenantId, String name, String desc, long now) {
        jdbc.update("INSERT INTO tenant_info (kp, tenant_id, tenant_name, tenant_desc, create_source, gmt_create, "
                + "gmt_modified) VALUES (?,?,?,?,?,?,?)", KP, tenantId, name, desc, CREATE_SOURCE, now, now);
    }

    public boolean update(String tenantId, String name, String desc, long now) {
        return jdbc.update("UPDATE tenant_info SET tenant_name = ?, tenant_desc = ?, gmt_modified = ? "
                + "WHERE kp = ? AND tenant_id = ?", name, desc, now, KP, tenantId) > 0;
    }

    public boolean delete(String tenantId) {
        return jdbc.update("DELETE FROM tenant_info WHERE kp = ? AND tenant_id = ?", KP, tenantId) > 0;
    }
}
