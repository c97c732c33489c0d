package com.nacosx.core.auth;

import com.nacosx.api.common.Page;
import com.nacosx.api.exception.ErrorCode;
import com.nacosx.api.exception.NacosException;
import com.nacosx.core.util.Futures;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import java.util.function.Predicate;
import org.springframework.security.crypto.bcrypt.BCryptPasswordEncoder;

/**
 * Users, roles and permissions: who a password belongs to, what a user may do, and the managed
 * changes to them. Checks read an in-memory view of the tables, refreshed after each change made
 * here and every few seconds (a change applied through another member, or straight in a shared
 * database); changes go through the store so every member applies them.
 */
public final class Accounts {

    /** The admin's name, as on the official server. */
    public static final String ADMIN_USER = "nacos";
    private static final int MAX_NAME = 50;
    private static final int MAX_RESOURCE = 128;
    private static final List<String> ACTIONS = List.of("r", "w", "rw");
    /**
     * Compared against when the user is unknown, so a login takes as long either way: a hash of
     * "decoy" at the encoder's strength (10), written out because hashing it took ~0.1 s of every
     * start.
     */
    static final String DECOY_HASH = "$2a$10$vejj.Q22sbyXZvaQyLcTzumeDP8ZRoRrW5TDaGFIZw1t5l//71pZe";

    private final AccountStore store;
    private final BCryptPasswordEncoder encoder = new BCryptPasswordEncoder();
    private volatile AccountView view = AccountView.empty();

    public Accounts(AccountStore store) {
        this.store = store;
    }

    /** Reads the tables again. */
    public void refresh() {
        view = new AccountView(store.load());
    }

    /** Whether the password is the user's. */
    public boolean passwordMatches(String username, String password) {
        String hash = view.passwordOf(username);
        boolean matches = encoder.matches(password, hash == null ? DECOY_HASH : hash);
        return hash != null && matches;
    }

    public boolean exists(String username) {
        return view.exists(username);
    }

    public boolean isAdmin(String username) {
        return view.isAdmin(username);
    }

    public boolean hasAdmin() {
        return view.hasAdmin();
    }

    public boolean permits(String username, Resource resource, Action action) {
        return view.permits(username, resource, action);
    }

    // --- listings, as the console pages them

    public Page<UserInfo> users(String username, boolean blur, int pageNo, int pageSize) {
        Predicate<String> named = like(username, blur);
        return Page.slice(view.tables.users().stream().filter(user -> named.test(user.username()))
                .map(user -> new UserInfo(user.username())).sorted(Comparator.comparing(UserInfo::username))
                .toList(), pageNo, pageSize);
    }

    public List<String> usernamesLike(String username) {
        return view.tables.users().stream().map(AccountStore.User::username).filter(like(username, true))
                .sorted().toList();
    }

    public Page<AccountStore.RoleBinding> roles(String username, String role, boolean blur, int pageNo,
            int pageSize) {
        Predicate<String> user = like(username, blur);
        Predicate<String> named = like(role, blur);
        return Page.slice(view.tables.roles().stream()
                .filter(binding -> user.test(binding.username()) && named.test(binding.role()))
                .sorted(Comparator.comparing(AccountStore.RoleBinding::role)
                        .thenComparing(AccountStore.RoleBinding::username)).toList(), pageNo, pageSize);
    }

    public List<String> rolesLike(String role) {
        return view.tables.roles().stream().map(AccountStore.RoleBinding::role).filter(like(role, true))
                .distinct().sorted().toList();
    }

    public Page<AccountStore.Grant> grants(String role, boolean blur, int pageNo, int pageSize) {
        Predicate<String> named = like(role, blur);
        return Page.slice(view.tables.grants().stream().filter(grant -> named.test(grant.role()))
                .sorted(Comparator.comparing(AccountStore.Grant::role).thenComparing(AccountStore.Grant::resource))
                .toList(), pageNo, pageSize);
    }

    /** A user as listed: the password hash is never shown. */
    public record UserInfo(String username) {
    }

    /** Empty matches all; accurate search is equality, blur search a substring. */
    private static Predicate<String> like(String wanted, boolean blur) {
        if (wanted == null || wanted.isEmpty()) {
            return value -> true;
        }
        String bare = wanted.replace("*", "");
        return blur ? value -> value.contains(bare) : value -> value.equals(wanted);
    }

    // --- changes

    public void createUser(String username, String password) {
        requireName("username", username);
        requirePassword(password);
        if (ADMIN_USER.equals(username)) {
            throw conflict("user 'nacos' is the admin; create it with POST /nacos/v1/auth/users/admin");
        }
        if (view.exists(username)) {
            throw conflict("user '" + username + "' already exist!");
        }
        change(new AccountChange.CreateUser(username, encoder.encode(password)));
    }

    /**
     * Creates the admin {@code nacos} with this password (a random one when blank) and its role,
     * only while no admin exists; @return the password
     */
    public synchronized String createAdmin(String password) {
        if (view.hasAdmin()) {
            throw conflict("have admin user cannot use it");
        }
        String chosen = password == null || password.isBlank() ? randomPassword() : password;
        requirePassword(chosen);
        if (!view.exists(ADMIN_USER)) {
            change(new AccountChange.CreateUser(ADMIN_USER, encoder.encode(chosen)));
        } else {
            change(new AccountChange.UpdatePassword(ADMIN_USER, encoder.encode(chosen)));
        }
        change(new AccountChange.BindRole(AccountView.ADMIN_ROLE, ADMIN_USER));
        return chosen;
    }

    public void updatePassword(String username, String password) {
        requirePassword(password);
        if (!view.exists(username)) {
            throw NacosException.badRequest("user " + username + " not exist!");
        }
        change(new AccountChange.UpdatePassword(username, encoder.encode(password)));
    }

    public void deleteUser(String username) {
        if (view.isAdmin(username)) {
            throw NacosException.badRequest("cannot delete admin: " + username);
        }
        change(new AccountChange.DeleteUser(username));
    }

    public void bindRole(String role, String username) {
        requireName("role", role);
        if (AccountView.ADMIN_ROLE.equals(role)) {
            throw NacosException.badRequest("role '" + role + "' is not permitted to create!");
        }
        if (!view.exists(username)) {
            throw NacosException.badRequest("user '" + username + "' not found!");
        }
        if (view.hasRole(username, role)) {
            throw conflict("user '" + username + "' already bound to the role '" + role + "'!");
        }
        change(new AccountChange.BindRole(role, username));
    }

    /** @param username blank unbinds the role from everyone */
    public void unbindRole(String role, String username) {
        if (AccountView.ADMIN_ROLE.equals(role)) {
            throw NacosException.badRequest("cannot delete role " + role + ": it is the admin's");
        }
        change(new AccountChange.UnbindRole(role, username == null || username.isBlank() ? null : username));
    }

    public void grant(String role, String resource, String action) {
        if (!view.roleExists(role)) {
            throw NacosException.badRequest("role " + role + " not found!");
        }
        requireResource(resource);
        if (!ACTIONS.contains(action)) {
            throw NacosException.badRequest("action must be r, w or rw, got '" + action + "'");
        }
        change(new AccountChange.Grant(role, resource, action));
    }

    public void revoke(String role, String resource, String action) {
        change(new AccountChange.Revoke(role, resource, action));
    }

    private void change(AccountChange change) {
        Futures.join(store.change(change));
        refresh();
    }

    private static void requireName(String what, String name) {
        if (name == null || name.isBlank() || name.length() > MAX_NAME || !name.strip().equals(name)) {
            throw NacosException.badRequest(what + " must be 1 to " + MAX_NAME
                    + " characters without leading or trailing spaces");
        }
    }

    private static void requirePassword(String password) {
        if (password == null || password.isBlank()) {
            throw NacosException.badRequest("password must not be blank");
        }
        if (password.getBytes(StandardCharsets.UTF_8).length > 72) {
            throw NacosException.badRequest("password must be at most 72 bytes in UTF-8 (BCrypt's limit)");
        }
    }

    private static void requireResource(String resource) {
        if (resource == null || resource.isBlank() || resource.length() > MAX_RESOURCE) {
            throw NacosException.badRequest("resource must be 1 to " + MAX_RESOURCE
                    + " characters, as namespaceId:group:type/name (for a whole namespace: namespaceId:*:*)");
        }
    }

    private static NacosException conflict(String message) {
        return new NacosException(NacosException.CONFLICT, ErrorCode.RESOURCE_CONFLICT, message);
    }

    private static String randomPassword() {
        byte[] bytes = new byte[12];
        new SecureRandom().nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }
}
