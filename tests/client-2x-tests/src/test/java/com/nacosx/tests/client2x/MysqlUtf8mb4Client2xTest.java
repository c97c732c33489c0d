package com.nacosx.tests.client2x;

import com.alibaba.nacos.api.NacosFactory;
import com.alibaba.nacos.api.PropertyKeyConst;
import com.alibaba.nacos.api.config.ConfigService;
import com.alibaba.nacos.api.config.listener.AbstractListener;
import com.nacosx.testsupport.ServerProcess;
import com.nacosx.testsupport.Utf8mb4Scenario;
import java.util.Properties;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** {@link Utf8mb4Scenario}, emoji on MariaDB before and after the conversion, with the official 2.5.1 client (gRPC). */
class MysqlUtf8mb4Client2xTest {

    static final String GROUP = "DEFAULT_GROUP";
    static ServerProcess server;
    static ConfigService client;

    @BeforeAll
    static void start() throws Exception {
        server = Utf8mb4Scenario.serverOnOfficialSchema();
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
        Utf8mb4Scenario.run(new Utf8mb4Scenario.ConfigClient() {
            @Override
            public boolean publish(String dataId, String content) throws Exception {
                return client.publishConfig(dataId, GROUP, content, "yaml");
            }

            @Override
            public String read(String dataId) throws Exception {
                return client.getConfig(dataId, GROUP, 3000);
            }

            @Override
            public void listen(String dataId, Consumer<String> pushed) throws Exception {
                client.addListener(dataId, GROUP, new AbstractListener() {
                    @Override
                    public void receiveConfigInfo(String configInfo) {
                        pushed.accept(configInfo);
                    }
                });
            }
        });
    }
}
