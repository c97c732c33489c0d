package com.nacosx.core.auth;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The account tables as read at one moment, indexed for the checks every request makes: a user's
 * roles, and each role's grants with their resource patterns compiled ({@code *} matches anything,
 * every other character itself).
 */
final class AccountView {

    static final String ADMIN_ROLE = "ROLE_ADMIN";
    private static final String PUBLIC_NAMESPACE_PREFIX = "public:";

    private record CompiledGrant(Pattern resource, String action) {
    }

    final AccountStore.Tables tables;
    private final Map<String, String> passwords = new HashMap<>();
    private final Map<String, List<String>> rolesOfUser = new HashMap<>();
    private final Map<String, List<CompiledGrant>> grantsOfRole = new HashMap<>();

    AccountView(AccountStore.Tables tables) {
        this.tables = tables;
        tables.users().forEach(user -> passwords.put(user.username(), user.password()));
        tables.roles().forEach(binding ->
                rolesOfUser.computeIfAbsent(binding.username(), u -> new ArrayList<>()).add(binding.role()));
        tables.grants().forEach(grant -> grantsOfRole.computeIfAbsent(grant.role(), r -> new ArrayList<>())
                .add(new CompiledGrant(compile(grant.resource()), grant.action())));
    }

    static AccountView empty() {
        return new AccountView(new AccountStore.Tables(List.of(), List.of(), List.of()));
    }

    /**
     * A grant's resource as a pattern. Resources write the public namespace empty; a grant written
     * by a 3.x console or tool names it {@code public:}, and means the same namespace.
     */
    private static Pattern compile(String resource) {
        String inPublicAsEmpty = resource.startsWith(PUBLIC_NAMESPACE_PREFIX)
                ? resource.substring(PUBLIC_NAMESPACE_PREFIX.length() - 1) : resource;
        StringBuilder regex = new StringBuilder();
        for (String literal : inPublicAsEmpty.split("\\*", -1)) {
            if (!regex.isEmpty()) {
                regex.append(".*");
            }
            if (!literal.isEmpty()) {
                regex.append(Pattern.quote(literal));
            }
        }
        return Pattern.compile(regex.toString(), Pattern.DOTALL);
    }

    String passwordOf(String username) {
        return passwords.get(username);
    }

    boolean exists(String username) {
        return passwords.containsKey(username);
    }

    boolean isAdmin(String username) {
        return rolesOfUser.getOrDefault(username, List.of()).contains(ADMIN_ROLE);
    }

    boolean hasAdmin() {
        return tables.roles().stream().anyMatch(binding -> ADMIN_ROLE.equals(binding.role()));
    }

    boolean roleExists(String role) {
        return tables.roles().stream().anyMatch(binding -> binding.role().equals(role));
    }

    boolean hasRole(String username, String role) {
        return rolesOfUser.getOrDefault(username, List.of()).contains(role);
    }

    /** Admins may do anything; others what one of their roles was granted, and never console resources. */
    boolean permits(String username, Resource resource, Action action) {
        List<String> roles = rolesOfUser.getOrDefault(username, List.of());
        if (roles.contains(ADMIN_ROLE)) {
            return true;
        }
        if (resource.isConsole()) {
            return false;
        }
        for (String role : roles) {
            for (CompiledGrant grant : grantsOfRole.getOrDefault(role, List.of())) {
                if (action.allowedBy(grant.action()) && grant.resource().matcher(resource.joined()).matches()) {
                    return true;
                }
            }
        }
        return false;
    }
}
