package com.nacosx.tests.client1x;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.alibaba.nacos.api.NacosFactory;
import com.alibaba.nacos.api.PropertyKeyConst;
import com.alibaba.nacos.api.config.ConfigService;
import com.alibaba.nacos.api.config.listener.AbstractListener;
import com.alibaba.nacos.api.exception.NacosException;
import com.alibaba.nacos.api.naming.NamingService;
import com.alibaba.nacos.api.naming.listener.NamingEvent;
import com.nacosx.testsupport.Await;
import com.nacosx.testsupport.HttpCall;
import com.nacosx.testsupport.ServerAuth;
import com.nacosx.testsupport.ServerProcess;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The official nacos-client 1.4.8 against a server with auth on: with a username and password it
 * logs in and works as usual over HTTP (the token in each request's accessToken parameter);
 * without, it is refused (401, on which this client reads its local snapshot, empty here); a user
 * who may only read one namespace reads there and nowhere else (403), and cannot write.
 */
class AuthClient1xTest {

    static ServerProcess server;
    static String admin;
    static final List<Runnable> shutdowns = new ArrayList<>();

    @BeforeAll
    static void start() {
        server = ServerProcess.startStandalone(ServerAuth.enabled());
        admin = ServerAuth.adminToken(server);
        ServerAuth.createUser(server, admin, "app", "app-pw", ":*:*", "rw");
        ServerAuth.createUser(server, admin, "dev-reader", "reader-pw", "dev:*:*", "r");
        ServerAuth.awaitToken(server, "dev-reader", "reader-pw");
    }

    @AfterAll
    static void stop() {
        try {
            shutdowns.forEach(Runnable::run);
        } finally {
            server.close();
        }
    }

    static Properties properties(String namespace, String username, String password) {
        Properties properties = new Properties();
        properties.put(PropertyKeyConst.SERVER_ADDR, server.address());
        properties.put(PropertyKeyConst.NAMESPACE, namespace);
        if (username != null) {
            properties.put(PropertyKeyConst.USERNAME, username);
            properties.put(PropertyKeyConst.PASSWORD, password);
        }
        return properties;
    }

    /** A client's way to shut down. */
    interface Shutdown {
        void run() throws NacosException;
    }

    /** Shuts the client down after the tests. */
    static <T> T closedAfterwards(T client, Shutdown shutdown) {
        shutdowns.add(() -> {
            try {
                shutdown.run();
            } catch (NacosException e) {
                throw new IllegalStateException(e);
            }
        });
        return client;
    }

    static ConfigService config(String namespace, String username, String password) throws NacosException {
        ConfigService service = NacosFactory.createConfigService(properties(namespace, username, password));
        return closedAfterwards(service, service::shutDown);
    }

    static NamingService naming(String namespace, String username, String password) throws NacosException {
        NamingService service = NacosFactory.createNamingService(properties(namespace, username, password));
        return closedAfterwards(service, service::shutDown);
    }

    @Test
    void withCredentialsConfigsArePublishedReadAndPushed() throws Exception {
        ConfigService client = config("", "app", "app-pw");
        assertTrue(client.publishConfig("auth1x.yaml", "DEFAULT_GROUP", "v: 1"));
        assertEquals("v: 1", client.getConfig("auth1x.yaml", "DEFAULT_GROUP", 5000));
        BlockingQueue<String> received = new LinkedBlockingQueue<>();
        client.addListener("auth1x.yaml", "DEFAULT_GROUP", new AbstractListener() {
            @Override
            public void receiveConfigInfo(String configInfo) {
                received.add(configInfo);
            }
        });
        assertTrue(client.publishConfig("auth1x.yaml", "DEFAULT_GROUP", "v: 2"));
        String pushed = received.poll(60, TimeUnit.SECONDS);
        while ("v: 1".equals(pushed)) {
            pushed = received.poll(60, TimeUnit.SECONDS);
        }
        assertEquals("v: 2", pushed);
    }

    @Test
    void withCredentialsInstancesAreRegisteredAndPushed() throws Exception {
        NamingService client = naming("", "app", "app-pw");
        BlockingQueue<Integer> sizes = new LinkedBlockingQueue<>();
        client.subscribe("auth1x-svc", event -> sizes.add(((NamingEvent) event).getInstances().size()));
        client.registerInstance("auth1x-svc", "10.0.0.5", 8080);
        Await.until(15_000, () -> sizes.contains(1), "the subscriber is pushed the registered instance");
        assertEquals(1, client.getAllInstances("auth1x-svc").size());
    }

    @Test
    void withoutCredentialsTheClientIsRefused() throws Exception {
        assertEquals(200, HttpCall.post(server.baseUrl() + "/v1/cs/configs").param("dataId", "secret.yaml")
                .param("group", "DEFAULT_GROUP").param("content", "password: x").param("accessToken", admin).send()
                .statusCode());
        ConfigService anonymous = config("", null, null);
        assertNull(anonymous.getConfig("secret.yaml", "DEFAULT_GROUP", 5000));
        assertFalse(anonymous.publishConfig("secret.yaml", "DEFAULT_GROUP", "password: mine"));
        NamingService anonymousNaming = naming("", null, null);
        NacosException notRegistered = assertThrows(NacosException.class,
                () -> anonymousNaming.registerInstance("auth1x-anon", "10.0.0.6", 80));
        assertEquals(401, notRegistered.getErrCode());
        assertEquals("password: x", HttpCall.get(server.baseUrl() + "/v1/cs/configs").param("dataId", "secret.yaml")
                .param("group", "DEFAULT_GROUP").param("accessToken", admin).send().body(), "nothing was changed");
    }

    @Test
    void aNamespaceReaderReadsThereOnlyAndCannotWrite() throws Exception {
        assertEquals(200, HttpCall.post(server.baseUrl() + "/v1/cs/configs").param("dataId", "dev.yaml")
                .param("group", "DEFAULT_GROUP").param("tenant", "dev").param("content", "env: dev")
                .param("accessToken", admin).send().statusCode());
        ConfigService inDev = config("dev", "dev-reader", "reader-pw");
        assertEquals("env: dev", inDev.getConfig("dev.yaml", "DEFAULT_GROUP", 5000));
        assertEquals(NacosException.NO_RIGHT, assertThrows(NacosException.class,
                () -> inDev.publishConfig("dev.yaml", "DEFAULT_GROUP", "env: changed")).getErrCode());
        assertEquals("env: dev", inDev.getConfig("dev.yaml", "DEFAULT_GROUP", 5000));
        ConfigService inPublic = config("", "dev-reader", "reader-pw");
        assertEquals(NacosException.NO_RIGHT, assertThrows(NacosException.class,
                () -> inPublic.getConfig("secret.yaml", "DEFAULT_GROUP", 5000)).getErrCode());
        NamingService devNaming = naming("dev", "dev-reader", "reader-pw");
        assertTrue(devNaming.getAllInstances("nothing-here").isEmpty());
        assertEquals(NacosException.NO_RIGHT, assertThrows(NacosException.class,
                () -> devNaming.registerInstance("dev-svc", "10.0.0.7", 80)).getErrCode());
        assertNull(inDev.getConfig("absent.yaml", "DEFAULT_GROUP", 5000));
    }
}
