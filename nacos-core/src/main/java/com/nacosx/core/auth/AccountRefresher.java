package com.nacosx.core.auth;

import com.nacosx.core.readiness.ServerReadiness;
import com.nacosx.core.util.BackgroundRounds;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads the account tables every few seconds (changes made through another member or straight in
 * a shared database), and creates the admin from {@code nacos.core.auth.admin.password} when none
 * exists: at once when the node becomes ready, so that the admin can log in as soon as the node
 * answers, and again every round while the store refuses the write (no Raft leader yet).
 */
final class AccountRefresher extends BackgroundRounds {

    private static final Logger LOG = LoggerFactory.getLogger(AccountRefresher.class);
    private static final long REFRESH_SECONDS = 5;

    private final Accounts accounts;
    private final String adminPassword;
    private final ServerReadiness readiness;
    /** Touched only on the rounds' thread. */
    private boolean adminSettled;

    AccountRefresher(Accounts accounts, String adminPassword, ServerReadiness readiness) {
        super("auth-refresh");
        this.accounts = accounts;
        this.adminPassword = adminPassword;
        this.readiness = readiness;
        this.adminSettled = adminPassword.isEmpty();
    }

    @Override
    protected void scheduleRounds() {
        every(0, REFRESH_SECONDS, TimeUnit.SECONDS, this::round);
        readiness.ready().thenRun(() -> once(this::settleAdmin));
    }

    private void round() {
        accounts.refresh();
        if (readiness.isReady()) {
            settleAdmin();
        }
    }

    /** Runs once the node is ready, so that a joining node has caught up with the admin its peers may hold. */
    private void settleAdmin() {
        if (adminSettled) {
            return;
        }
        if (!accounts.hasAdmin()) {
            accounts.createAdmin(adminPassword);
        }
        adminSettled = true;
        LOG.info("the admin user '{}' exists (nacos.core.auth.admin.password is used only while none does)",
                Accounts.ADMIN_USER);
    }
}
