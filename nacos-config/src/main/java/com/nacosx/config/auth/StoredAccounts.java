package com.nacosx.config.auth;

import com.nacosx.config.service.ConfigCommand;
import com.nacosx.config.service.ConfigCommands;
import com.nacosx.config.store.AccountTables;
import com.nacosx.core.auth.AccountChange;
import com.nacosx.core.auth.AccountStore;
import java.util.concurrent.CompletableFuture;
import org.springframework.stereotype.Component;

/**
 * The accounts of the auth module, kept in the config store: read from this node's database, and
 * changed as config writes are, so an embedded-storage cluster replicates them through its Raft
 * group and a MySQL cluster shares them.
 */
@Component
public class StoredAccounts implements AccountStore {

    private final AccountTables tables;
    private final ConfigCommands commands;

    public StoredAccounts(AccountTables tables, ConfigCommands commands) {
        this.tables = tables;
        this.commands = commands;
    }

    @Override
    public Tables load() {
        return tables.load();
    }

    @Override
    public CompletableFuture<Boolean> change(AccountChange change) {
        return commands.submitAsync(new ConfigCommand.ChangeAccount(change)).thenApply(Boolean.TRUE::equals);
    }
}
