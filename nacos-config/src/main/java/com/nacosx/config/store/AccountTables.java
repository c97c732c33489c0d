package com.nacosx.config.store;

import com.nacosx.core.auth.AccountChange;
import com.nacosx.core.auth.AccountStore;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;

/**
 * The {@code users}, {@code roles} and {@code permissions} tables of the Nacos schema, as the
 * official server keeps them (so a database it used keeps its users). Applying a change that is
 * already there (a user or binding that exists) changes nothing and says so, so every member
 * applying the same change ends with the same rows.
 */
@Repository
public class AccountTables implements AccountChange.Tables {

    private final JdbcTemplate jdbc;

    public AccountTables(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    public AccountStore.Tables load() {
        return new AccountStore.Tables(
                jdbc.query("SELECT username, password FROM users WHERE enabled = ?",
                        (rs, i) -> new AccountStore.User(rs.getString(1), rs.getString(2)), true),
                jdbc.query("SELECT role, username FROM roles",
                        (rs, i) -> new AccountStore.RoleBinding(rs.getString(1), rs.getString(2))),
                jdbc.query("SELECT role, resource, action FROM permissions",
                        (rs, i) -> new AccountStore.Grant(rs.getString(1), rs.getString(2), rs.getString(3))));
    }

    /** @return whether a row changed */
    public boolean apply(AccountChange change) {
        return change.applyTo(this);
    }

    @Override
    public boolean createUser(String username, String password) {
        return insert("INSERT INTO users (username, password, enabled) VALUES (?, ?, ?)", username, password, true);
    }

    @Override
    public boolean updatePassword(String username, String password) {
        return jdbc.update("UPDATE users SET password = ? WHERE username = ?", password, username) > 0;
    }

    @Override
    public boolean deleteUser(String username) {
        return jdbc.update("DELETE FROM users WHERE username = ?", username) > 0;
    }

    @Override
    public boolean bindRole(String role, String username) {
        return insert("INSERT INTO roles (role, username) VALUES (?, ?)", role, username);
    }

    @Override
    public boolean unbindRole(String role, String username) {
        return username == null ? unbindEveryone(role)
                : jdbc.update("DELETE FROM roles WHERE role = ? AND username = ?", role, username) > 0;
    }

    @Override
    public boolean grant(String role, String resource, String action) {
        return insert("INSERT INTO permissions (role, resource, action) VALUES (?, ?, ?)", role, resource, action);
    }

    @Override
    public boolean revoke(String role, String resource, String action) {
        return jdbc.update("DELETE FROM permissions WHERE role = ? AND resource = ? AND action = ?", role, resource,
                action) > 0;
    }

    /** A role removed from everyone takes its permissions with it, as on the official server. */
    private boolean unbindEveryone(String role) {
        jdbc.update("DELETE FROM permissions WHERE role = ?", role);
        return jdbc.update("DELETE FROM roles WHERE role = ?", role) > 0;
    }

    private boolean insert(String sql, Object... values) {
        try {
            return jdbc.update(sql, values) > 0;
        } catch (DuplicateKeyException exists) {
            return false;
        }
    }
}
