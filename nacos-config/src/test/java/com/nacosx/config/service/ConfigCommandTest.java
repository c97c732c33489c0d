package com.nacosx.config.service;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.nacosx.config.model.ConfigKey;
import com.nacosx.config.model.ConfigWrite;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Config commands survive the trip through the Raft log unchanged, time and md5 included. */
class ConfigCommandTest {

    @Test
    void everyCommandIsTheSameAfterEncoding() {
        ConfigKey key = new ConfigKey("app.yaml", "DEFAULT_GROUP", "team-a");
        ConfigWrite write = new ConfigWrite("a: 1\nb: 'ü'", "yaml", "app", "10.0.0.1", "alice", "desc", null, null,
                null, "", "t1,t2");
        List<ConfigCommand> commands = List.of(
                new ConfigCommand.Publish(key, write, new PublishOptions("abc", null, null), 1_700_000_000_123L),
                new ConfigCommand.Publish(key, write, new PublishOptions(null, "10.0.0.1,10.0.0.2", null), 1L),
                new ConfigCommand.Remove(key, "10.0.0.1", null, 2L),
                new ConfigCommand.RemoveGray(key, "beta", "10.0.0.1", "bob", 3L),
                new ConfigCommand.CreateNamespace("team-a", "Team A", null, 4L),
                new ConfigCommand.UpdateNamespace("team-a", "Team A2", "d", 5L),
                new ConfigCommand.DeleteNamespace("team-a"));
        for (ConfigCommand command : commands) {
            assertEquals(command, ConfigCommand.fromBytes(ConfigCommand.toBytes(command)));
        }
    }
}
