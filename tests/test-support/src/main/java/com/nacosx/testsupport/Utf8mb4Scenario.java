package com.nacosx.testsupport;

import java.io.IOException;
import java.sql.SQLException;
import java.util.Objects;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * A config holding emoji, published by an official client to a server on MariaDB whose config
 * tables have the official schema's utf8: refused, nothing stored. Then
 * {@code conf/mysql-upgrade-from-1.4.sql} converts the tables, and the same server, not restarted,
 * stores the config, serves it and pushes it to a listener. The 1.x and 2.x clients cannot share a
 * class path: each client module adapts its own to {@link ConfigClient}.
 */
public final class Utf8mb4Scenario {

    public static final String CONTENT = "greeting: \uD83D\uDE00\nclef: \uD834\uDD1E\n";
    private static final String DATA_ID = "emoji.yaml";

    /** What the scenario asks of a config client, in the DEFAULT_GROUP of the default namespace. */
    public interface ConfigClient {

        /** @return whether the server took it, as the client says */
        boolean publish(String dataId, String content) throws Exception;

        /** @return the content, or null when there is none */
        String read(String dataId) throws Exception;

        void listen(String dataId, Consumer<String> pushed) throws Exception;
    }

    private Utf8mb4Scenario() {
    }

    /** A standalone server on an emptied MariaDB, its config tables as the official schema makes them. */
    public static ServerProcess serverOnOfficialSchema() throws IOException, SQLException {
        MariaDb.reset();
        MariaDb.createSchema();
        MariaDb.useOfficialCharset();
        return ServerProcess.startStandalone(MariaDb.serverProperties());
    }

    public static void run(ConfigClient client) throws Exception {
        check(!client.publish(DATA_ID, CONTENT), "the official utf8 tables refuse the publish");
        check(client.read(DATA_ID) == null, "nothing was stored");

        MariaDb.runScript("mysql-upgrade-from-1.4.sql");
        BlockingQueue<String> pushed = new LinkedBlockingQueue<>();
        client.listen(DATA_ID, pushed::add);
        check(client.publish(DATA_ID, CONTENT), "the converted tables take the publish");
        check(CONTENT.equals(client.read(DATA_ID)), "the content is served as published");
        String notified = pushed.poll(Patience.millis(35_000), TimeUnit.MILLISECONDS);
        check(CONTENT.equals(notified), "the listener is pushed the content, not " + Objects.toString(notified));
    }

    private static void check(boolean holds, String what) {
        if (!holds) {
            throw new AssertionError(what);
        }
    }
}
