package com.nacosx.core.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nacosx.api.exception.NacosException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.springframework.security.crypto.bcrypt.BCryptPasswordEncoder;

/** Accounts over an in-memory store with the same semantics as the tables. */
class AccountsTest {

    /** The three tables as lists, changed as the SQL store changes them. */
    static final class MemoryStore implements AccountStore, AccountChange.Tables {
        final List<User> users = new ArrayList<>();
        final List<RoleBinding> roles = new ArrayList<>();
        final List<Grant> grants = new ArrayList<>();

        @Override
        public Tables load() {
            return new Tables(List.copyOf(users), List.copyOf(roles), List.copyOf(grants));
        }

        @Override
        public CompletableFuture<Boolean> change(AccountChange change) {
            return CompletableFuture.completedFuture(change.applyTo(this));
        }

        @Override
        public boolean createUser(String username, String password) {
            return users.stream().noneMatch(u -> u.username().equals(username)) && users.add(new User(username, password));
        }

        @Override
        public boolean updatePassword(String username, String password) {
            return users.removeIf(u -> u.username().equals(username)) && users.add(new User(username, password));
        }

        @Override
        public boolean deleteUser(String username) {
            return users.removeIf(u -> u.username().equals(username));
        }

        @Override
        public boolean bindRole(String role, String username) {
            return !roles.contains(new RoleBinding(role, username)) && roles.add(new RoleBinding(role, username));
        }

        @Override
        public boolean unbindRole(String role, String username) {
            if (username == null) {
                grants.removeIf(g -> g.role().equals(role));
            }
            return roles.removeIf(r -> r.role().equals(role) && (username == null || r.username().equals(username)));
        }

        @Override
        public boolean grant(String role, String resource, String action) {
            return grants.add(new Grant(role, resource, action));
        }

        @Override
        public boolean revoke(String role, String resource, String action) {
            return grants.remove(new Grant(role, resource, action));
        }
    }

    final MemoryStore store = new MemoryStore();
    final Accounts accounts = new Accounts(store);

    /** An unknown user's login costs a full BCrypt comparison, as a known user's does. */
    @Test
    void theDecoyIsAHashAtTheEncodersStrength() {
        assertTrue(Accounts.DECOY_HASH.startsWith("$2a$10$"));
        assertTrue(new BCryptPasswordEncoder().matches("decoy", Accounts.DECOY_HASH));
    }

    @Test
    void passwordsAreBcryptHashesAndChecked() {
        accounts.createUser("alice", "secret");
        assertTrue(store.users.get(0).password().startsWith("$2a$"));
        assertTrue(accounts.passwordMatches("alice", "secret"));
        assertFalse(accounts.passwordMatches("alice", "Secret"));
        assertFalse(accounts.passwordMatches("nobody", "secret"));
        assertEquals(409, assertThrows(NacosException.class, () -> accounts.createUser("alice", "x")).status());
        assertEquals(400, assertThrows(NacosException.class, () -> accounts.createUser(" bad", "x")).status());
        assertEquals(400, assertThrows(NacosException.class, () -> accounts.createUser("long", "x".repeat(73))).status());
    }

    @Test
    void theAdminIsCreatedOnceAndCannotBeDeleted() {
        String password = accounts.createAdmin("");
        assertTrue(password.length() >= 16);
        assertTrue(accounts.isAdmin("nacos"));
        assertEquals(409, assertThrows(NacosException.class, () -> accounts.createAdmin("other")).status());
        assertEquals(400, assertThrows(NacosException.class, () -> accounts.deleteUser("nacos")).status());
        assertEquals(400, assertThrows(NacosException.class, () -> accounts.bindRole("ROLE_ADMIN", "nacos")).status());
        assertTrue(accounts.permits("nacos", Resource.console("users"), Action.WRITE));
    }

    @Test
    void permissionsMatchResourcePatternsAndActions() {
        accounts.createUser("reader", "pw");
        accounts.bindRole("dev-readers", "reader");
        accounts.grant("dev-readers", "dev:*:*", "r");
        accounts.grant("dev-readers", ":DEFAULT_GROUP:config/app.(yaml)", "rw");
        assertTrue(accounts.permits("reader", Resource.of("dev", "g", Resource.CONFIG, "a"), Action.READ));
        assertTrue(accounts.permits("reader", Resource.of("dev", null, Resource.NAMING, null), Action.READ));
        assertFalse(accounts.permits("reader", Resource.of("dev", "g", Resource.CONFIG, "a"), Action.WRITE));
        assertFalse(accounts.permits("reader", Resource.of("devx", "g", Resource.CONFIG, "a"), Action.READ));
        assertFalse(accounts.permits("reader", Resource.of("public", "g", Resource.CONFIG, "a"), Action.READ));
        // Characters other than * are literal: the parentheses and the dot are not a pattern.
        assertTrue(accounts.permits("reader", Resource.of("public", "DEFAULT_GROUP", Resource.CONFIG, "app.(yaml)"),
                Action.WRITE));
        assertFalse(accounts.permits("reader", Resource.of("", "DEFAULT_GROUP", Resource.CONFIG, "appX(yaml)"),
                Action.WRITE));
        assertFalse(accounts.permits("reader", Resource.console("users"), Action.READ));
        accounts.bindRole("public-readers", "reader");
        accounts.grant("public-readers", "public:*:*", "r");
        assertTrue(accounts.permits("reader", Resource.of("", "g", Resource.CONFIG, "a"), Action.READ),
                "a grant naming the public namespace 'public', as 3.x consoles write it, covers it however named");
        assertTrue(accounts.permits("reader", Resource.of("public", "g", Resource.NAMING, "s"), Action.READ));
        assertFalse(accounts.permits("reader", Resource.of("publicity", "g", Resource.CONFIG, "a"), Action.READ));
        accounts.unbindRole("public-readers", null);
        accounts.unbindRole("dev-readers", null);
        assertFalse(accounts.permits("reader", Resource.of("dev", "g", Resource.CONFIG, "a"), Action.READ));
        assertTrue(store.grants.isEmpty());
    }

    @Test
    void grantsNeedAnExistingRoleAndAKnownAction() {
        assertEquals(400, assertThrows(NacosException.class, () -> accounts.grant("ghost", "dev:*:*", "r")).status());
        accounts.createUser("u", "pw");
        accounts.bindRole("r1", "u");
        assertEquals(400, assertThrows(NacosException.class, () -> accounts.grant("r1", "dev:*:*", "x")).status());
        assertEquals(409, assertThrows(NacosException.class, () -> accounts.bindRole("r1", "u")).status());
        assertEquals(400, assertThrows(NacosException.class, () -> accounts.bindRole("r1", "ghost")).status());
    }

    @Test
    void listingsPageAndSearch() {
        for (String name : List.of("ann", "bob", "bobby", "carl")) {
            accounts.createUser(name, "pw");
        }
        assertEquals(4, accounts.users("", false, 1, 3).totalCount());
        assertEquals(2, accounts.users("", false, 1, 3).pagesAvailable());
        assertEquals(List.of(new Accounts.UserInfo("carl")), accounts.users("", false, 2, 3).pageItems());
        assertEquals(2, accounts.users("bob", true, 1, 10).totalCount());
        assertEquals(1, accounts.users("bob", false, 1, 10).totalCount());
        assertEquals(List.of("bob", "bobby"), accounts.usernamesLike("bo"));
        assertThrows(NacosException.class, () -> accounts.users("", false, 0, 10));
    }
}
