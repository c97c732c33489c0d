package com.nacosx.tests.client2x;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.alibaba.nacos.api.NacosFactory;
import com.alibaba.nacos.api.PropertyKeyConst;
import com.alibaba.nacos.api.naming.NamingService;
import com.alibaba.nacos.api.naming.pojo.Instance;
import com.nacosx.testsupport.Patience;
import com.nacosx.testsupport.ServerProcess;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/** Persistent instances registered by the 2.5.1 client (over gRPC) are kept across a server restart. */
class NamingPersistence2xTest {

    @Test
    void persistentInstanceSurvivesRestart() throws Exception {
        try (ServerProcess server = ServerProcess.startStandalone()) {
            Properties properties = new Properties();
            properties.put(PropertyKeyConst.SERVER_ADDR, server.address());
            NamingService client = NacosFactory.createNamingService(properties);
            try {
                Instance instance = new Instance();
                instance.setIp("127.0.0.1");
                instance.setPort(server.port());
                instance.setEphemeral(false);
                instance.setWeight(3.0);
                client.registerInstance("durable", instance);
                assertEquals(1, client.getAllInstances("durable", false).size());

                server.restart();
                List<Instance> after = awaitInstances(client, "durable");
                assertEquals(1, after.size());
                assertEquals(3.0, after.get(0).getWeight());
                assertFalse(after.get(0).isEphemeral());

                client.deregisterInstance("durable", instance);
                server.restart();
                Thread.sleep(1000);
                assertEquals(0, awaitAnswer(client, "durable").size(), "the deregistration is durable too");
            } finally {
                client.shutDown();
            }
        }
    }

    private static List<Instance> awaitInstances(NamingService client, String service) throws Exception {
        long deadline = System.currentTimeMillis() + Patience.millis(20_000);
        List<Instance> found = List.of();
        while (System.currentTimeMillis() < deadline && found.isEmpty()) {
            found = awaitAnswer(client, service);
            if (found.isEmpty()) {
                Thread.sleep(200);
            }
        }
        return found;
    }

    private static List<Instance> awaitAnswer(NamingService client, String service) throws Exception {
        long deadline = System.currentTimeMillis() + Patience.millis(20_000);
        while (true) {
            try {
                return client.getAllInstances(service, false);
            } catch (Exception reconnecting) {
                if (System.currentTimeMillis() > deadline) {
                    throw reconnecting;
                }
                Thread.sleep(200);
            }
        }
    }
}
