package com.nacosx.config.auth;

import com.nacosx.config.service.ConfigCommand;
import com.nacosx.config.service.ConfigWriter;
import com.nacosx.core.replication.CommandLog;
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
    private final CommandLog<ConfigWriter> commands;

    public StoredAccounts(AccountTables tables, CommandLog<ConfigWriter> commands) {
        this.tables = tables;
        this.commands = commands;
    }

    @Override
    public Tables load() {
        return tables.load();
    }

    @Override
    public CompletableFuture<Boolean> change(AccountChange change) {
        return commands.submit(new ConfigCommand.ChangeAccount(change)).thenApply(Boolean.TRUE::equals);
    }
}
