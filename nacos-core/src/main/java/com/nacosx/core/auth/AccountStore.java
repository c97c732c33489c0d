package com.nacosx.core.auth;

import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The {@code users}, {@code roles} and {@code permissions} tables of the Nacos schema, kept by the
 * module that owns the store (config): read whole, and changed through the store's replicated
 * writes so every member applies the same changes.
 */
public interface AccountStore {

    /** A row of {@code users}: the name and its BCrypt hash. */
    record User(String username, String password) {
    }

    /** A row of {@code roles}: a user bound to a role. */
    record RoleBinding(String role, String username) {
    }

    /** A row of {@code permissions}: what a role may do ({@code r}, {@code w}, {@code rw}) on resources. */
    record Grant(String role, String resource, String action) {
    }

    /** All three tables, as they are now. */
    record Tables(List<User> users, List<RoleBinding> roles, List<Grant> grants) {
    }

    Tables load();

    /**
     * Applies the change on every member; the future completes once it is applied here, with
     * whether it changed a row.
     */
    CompletableFuture<Boolean> change(AccountChange change);
}
