package com.nacosx.tests.client2x;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.alibaba.nacos.api.NacosFactory;
import com.alibaba.nacos.api.PropertyKeyConst;
import com.alibaba.nacos.api.config.ConfigService;
import com.alibaba.nacos.api.config.listener.AbstractListener;
import com.nacosx.testsupport.MariaDb;
import com.nacosx.testsupport.Patience;
import com.nacosx.testsupport.ServerProcess;
import java.util.Properties;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The official 2.5.1 client (gRPC) publishing a config that holds emoji to a server on MariaDB:
 * refused while the tables have the official schema's utf8, then stored, served and pushed to a
 * listener once conf/mysql-upgrade-from-1.4.sql has converted them, without a restart.
 */
class MysqlUtf8mb4Client2xTest {

    static final String GROUP = "DEFAULT_GROUP";
    static final String CONTENT = "greeting: \uD83D\uDE00\nclef: \uD834\uDD1E\n";
    static ServerProcess server;
    static ConfigService client;

    @BeforeAll
    static void start() throws Exception {
        MariaDb.reset();
        MariaDb.createSchema();
        MariaDb.useOfficialCharset();
        server = ServerProcess.startStandalone(MariaDb.serverProperties());
        Properties properties = new Properties();
        properties.put(PropertyKeyConst.SERVER_ADDR, server.address());
        client = NacosFactory.createConfigService(properties);
    }

    @AfterAll
    static void stop() throws Exception {
        try {
            if (client != null) {
                client.shutDown();
            }
        } finally {
            if (server != null) {
                server.close();
            }
        }
    }

    @Test
    void emojiAreRefusedByTheOfficialSchemaAndStoredOnceTheTablesAreConverted() throws Exception {
        assertFalse(client.publishConfig("emoji.yaml", GROUP, CONTENT, "yaml"));
        assertNull(client.getConfig("emoji.yaml", GROUP, 3000), "nothing was stored");

        MariaDb.runScript("mysql-upgrade-from-1.4.sql");
        BlockingQueue<String> pushed = new LinkedBlockingQueue<>();
        client.addListener("emoji.yaml", GROUP, new AbstractListener() {
            @Override
            public void receiveConfigInfo(String configInfo) {
                pushed.add(configInfo);
            }
        });
        assertTrue(client.publishConfig("emoji.yaml", GROUP, CONTENT, "yaml"));
        assertEquals(CONTENT, client.getConfig("emoji.yaml", GROUP, 3000));
        assertEquals(CONTENT, pushed.poll(Patience.millis(35_000), TimeUnit.MILLISECONDS));
    }
}
