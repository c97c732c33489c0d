package com.nacosx.naming.store;

import com.nacosx.core.raft.RaftGroups;
import com.nacosx.naming.registry.ServiceRegistry;
import org.springframework.stereotype.Component;

/**
 * The one way durable naming data changes. In a cluster a command goes through the Raft group and
 * returns once this node applied it; on a standalone node it is applied and the naming data file
 * rewritten, one write at a time, before it returns.
 */
@Component
public class NamingWrites {

    private final ServiceRegistry registry;
    private final NamingStore store;
    private final RaftGroups raft;

    public NamingWrites(ServiceRegistry registry, NamingStore store, RaftGroups raft) {
        this.registry = registry;
        this.store = store;
        this.raft = raft;
    }

    /** @return what the command returned; a refusal it throws reaches the caller */
    public Object write(NamingCommand command) {
        if (raft.replicates(NamingStateMachine.GROUP)) {
            return raft.write(NamingStateMachine.GROUP, NamingStateMachine.encode(command));
        }
        synchronized (this) {
            Object result = command.applyTo(registry);
            store.persist();
            return result;
        }
    }
}
