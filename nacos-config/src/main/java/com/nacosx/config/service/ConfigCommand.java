package com.nacosx.config.service;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.nacosx.config.model.ConfigKey;
import com.nacosx.config.model.ConfigWrite;
import com.nacosx.core.auth.AccountChange;
import com.nacosx.core.replication.Command;
import java.util.concurrent.CompletableFuture;
import tools.jackson.databind.json.JsonMapper;

/**
 * A validated write to the config center, with the time it was made. Commands are values: in an
 * embedded-storage cluster they travel through the Raft group and every node applies the same
 * ones in the same order; otherwise {@link ConfigWriter} applies them at once.
 *
 * @param <R> what applying it yields to its submitter
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.SIMPLE_NAME, property = "op")
@JsonSubTypes({
        @JsonSubTypes.Type(ConfigCommand.Publish.class), @JsonSubTypes.Type(ConfigCommand.Remove.class),
        @JsonSubTypes.Type(ConfigCommand.RemoveGray.class), @JsonSubTypes.Type(ConfigCommand.CreateNamespace.class),
        @JsonSubTypes.Type(ConfigCommand.UpdateNamespace.class),
        @JsonSubTypes.Type(ConfigCommand.DeleteNamespace.class), @JsonSubTypes.Type(ConfigCommand.PruneHistory.class),
        @JsonSubTypes.Type(ConfigCommand.SetCapacity.class), @JsonSubTypes.Type(ConfigCommand.ChangeAccount.class)})
public sealed interface ConfigCommand<R> extends Command<ConfigWriter, R> {

    /** The Raft group of an embedded-storage cluster, named as on the official server. */
    String RAFT_GROUP = "nacos_config";

    /** The command's bytes in the Raft log; every command applied to the writer is one of this family. */
    static byte[] toBytes(Command<ConfigWriter, ?> command) {
        return Codec.MAPPER.writerFor(ConfigCommand.class).writeValueAsBytes(command);
    }

    static ConfigCommand<?> fromBytes(byte[] bytes) {
        return Codec.MAPPER.readValue(bytes, ConfigCommand.class);
    }

    record Publish(ConfigKey key, ConfigWrite write, PublishOptions options, long time) implements ConfigCommand<Void> {
        @Override
        public CompletableFuture<Void> applyTo(ConfigWriter writer) {
            return writer.publish(key, write, options, time);
        }
    }

    /** Removes the formal config; removing what is absent succeeds. */
    record Remove(ConfigKey key, String srcIp, String srcUser, long time) implements ConfigCommand<Void> {
        @Override
        public CompletableFuture<Void> applyTo(ConfigWriter writer) {
            return writer.remove(key, srcIp, srcUser, time);
        }
    }

    /** Removes one variant (the beta, or a tag's) of a config. */
    record RemoveGray(ConfigKey key, String grayName, String srcIp, String srcUser, long time)
            implements ConfigCommand<Void> {
        @Override
        public CompletableFuture<Void> applyTo(ConfigWriter writer) {
            return writer.removeGray(key, grayName, srcIp, srcUser, time);
        }
    }

    record CreateNamespace(String id, String name, String desc, long time) implements ConfigCommand<Void> {
        @Override
        public CompletableFuture<Void> applyTo(ConfigWriter writer) {
            return writer.createNamespace(id, name, desc, time);
        }
    }

    /** @return whether the namespace existed */
    record UpdateNamespace(String id, String name, String desc, long time) implements ConfigCommand<Boolean> {
        @Override
        public CompletableFuture<Boolean> applyTo(ConfigWriter writer) {
            return writer.updateNamespace(id, name, desc, time);
        }
    }

    /** @return whether the namespace existed */
    record DeleteNamespace(String id) implements ConfigCommand<Boolean> {
        @Override
        public CompletableFuture<Boolean> applyTo(ConfigWriter writer) {
            return writer.deleteNamespace(id);
        }
    }

    /** Deletes up to {@code limit} history rows last changed before {@code before}; @return how many */
    record PruneHistory(long before, int limit) implements ConfigCommand<Integer> {
        @Override
        public CompletableFuture<Integer> applyTo(ConfigWriter writer) {
            return writer.pruneHistory(before, limit);
        }
    }

    /** Sets a namespace's ({@code tenant}) or a group's limits; null leaves one as it is. */
    record SetCapacity(boolean tenant, String name, Integer quota, Integer maxSize, Integer maxAggrCount,
                       Integer maxAggrSize, long time) implements ConfigCommand<Void> {
        @Override
        public CompletableFuture<Void> applyTo(ConfigWriter writer) {
            return writer.setCapacity(this);
        }
    }

    /** Changes a user, a role binding or a permission; @return whether a row changed */
    record ChangeAccount(AccountChange change) implements ConfigCommand<Boolean> {
        @Override
        public CompletableFuture<Boolean> applyTo(ConfigWriter writer) {
            return writer.changeAccount(change);
        }
    }

    /** Holds the mapper out of the interface's public constants. */
    final class Codec {
        private static final JsonMapper MAPPER = JsonMapper.builder().build();

        private Codec() {
        }
    }
}
