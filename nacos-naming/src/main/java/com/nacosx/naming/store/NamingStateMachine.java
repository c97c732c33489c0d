package com.nacosx.naming.store;

import com.nacosx.core.raft.RaftStateMachine;
import com.nacosx.core.replication.Command;
import com.nacosx.naming.registry.ServiceRegistry;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * The durable part of the registry as a Raft group (cluster mode): every node applies the same
 * {@link NamingCommand}s; the group's snapshot is the naming data file.
 */
@Component
public class NamingStateMachine implements RaftStateMachine {

    /** The official 2.x group of persistent instances. */
    public static final String GROUP = "naming_persistent_service_v2";

    private static final JsonMapper MAPPER = JsonMapper.builder().build();

    private final ServiceRegistry registry;
    private final NamingStore store;

    public NamingStateMachine(ServiceRegistry registry, NamingStore store) {
        this.registry = registry;
        this.store = store;
    }

    /** The command's bytes in the group's log; every command applied to the registry is one of this family. */
    static byte[] encode(Command<ServiceRegistry, ?> command) {
        return MAPPER.writerFor(NamingCommand.class).writeValueAsBytes(command);
    }

    @Override
    public String group() {
        return GROUP;
    }

    @Override
    public void reset() {
        store.forgetDurable();
    }

    @Override
    public CompletableFuture<Object> apply(byte[] command) {
        return CompletableFuture.completedFuture(MAPPER.readValue(command, NamingCommand.class).applyNow(registry));
    }

    @Override
    public void saveSnapshot(Path directory) {
        store.save(directory.resolve(NamingStore.FILE_NAME));
    }

    @Override
    public void loadSnapshot(Path directory) {
        store.forgetDurable();
        store.load(directory.resolve(NamingStore.FILE_NAME));
    }
}
