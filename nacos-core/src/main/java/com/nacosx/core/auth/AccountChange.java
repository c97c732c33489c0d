package com.nacosx.core.auth;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;

/** A change to the account tables; a value, so it can travel through the store's Raft group. */
@JsonTypeInfo(use = JsonTypeInfo.Id.SIMPLE_NAME, property = "op")
@JsonSubTypes({
        @JsonSubTypes.Type(AccountChange.CreateUser.class), @JsonSubTypes.Type(AccountChange.UpdatePassword.class),
        @JsonSubTypes.Type(AccountChange.DeleteUser.class), @JsonSubTypes.Type(AccountChange.BindRole.class),
        @JsonSubTypes.Type(AccountChange.UnbindRole.class), @JsonSubTypes.Type(AccountChange.Grant.class),
        @JsonSubTypes.Type(AccountChange.Revoke.class)})
public sealed interface AccountChange {

    /** Where changes are applied: the account tables. Each method answers whether a row changed. */
    interface Tables {
        boolean createUser(String username, String password);

        boolean updatePassword(String username, String password);

        boolean deleteUser(String username);

        boolean bindRole(String role, String username);

        /** @param username null unbinds the role from every user, and drops its permissions */
        boolean unbindRole(String role, String username);

        boolean grant(String role, String resource, String action);

        boolean revoke(String role, String resource, String action);
    }

    /** @return whether a row changed */
    boolean applyTo(Tables tables);

    /** @param password the BCrypt hash, never the password */
    record CreateUser(String username, String password) implements AccountChange {
        @Override
        public boolean applyTo(Tables tables) {
            return tables.createUser(username, password);
        }
    }

    record UpdatePassword(String username, String password) implements AccountChange {
        @Override
        public boolean applyTo(Tables tables) {
            return tables.updatePassword(username, password);
        }
    }

    record DeleteUser(String username) implements AccountChange {
        @Override
        public boolean applyTo(Tables tables) {
            return tables.deleteUser(username);
        }
    }

    record BindRole(String role, String username) implements AccountChange {
        @Override
        public boolean applyTo(Tables tables) {
            return tables.bindRole(role, username);
        }
    }

    /** @param username null unbinds the role from every user */
    record UnbindRole(String role, String username) implements AccountChange {
        @Override
        public boolean applyTo(Tables tables) {
            return tables.unbindRole(role, username);
        }
    }

    record Grant(String role, String resource, String action) implements AccountChange {
        @Override
        public boolean applyTo(Tables tables) {
            return tables.grant(role, resource, action);
        }
    }

    record Revoke(String role, String resource, String action) implements AccountChange {
        @Override
        public boolean applyTo(Tables tables) {
            return tables.revoke(role, resource, action);
        }
    }
}
