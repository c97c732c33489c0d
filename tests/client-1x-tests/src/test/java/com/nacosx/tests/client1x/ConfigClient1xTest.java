package com.nacosx.tests.client1x;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.alibaba.nacos.api.NacosFactory;
import com.alibaba.nacos.api.PropertyKeyConst;
import com.alibaba.nacos.api.config.ConfigService;
import com.alibaba.nacos.api.config.listener.AbstractListener;
import com.alibaba.nacos.api.exception.NacosException;
import com.nacosx.testsupport.Await;
import com.nacosx.testsupport.HttpCall;
import com.nacosx.testsupport.Patience;
import com.nacosx.testsupport.ServerProcess;
import com.nacosx.testsupport.TestServers;
import java.net.http.HttpResponse;
import java.util.Properties;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The official nacos-client 1.4.8 ConfigService, used as applications use it. Listener tests each
 * use a client of their own: a 1.x client adds a new listener's key to its long poll only when
 * the poll in flight returns, as against the official server.
 */
class ConfigClient1xTest {

    static final String GROUP = "DEFAULT_GROUP";
    static ServerProcess server;
    static ConfigService client;

    @BeforeAll
    static void start() throws Exception {
        server = TestServers.start();
        client = clientFor("");
    }

    @AfterAll
    static void stop() throws Exception {
        try {
            if (client != null) {
                client.shutDown();
            }
        } finally {
            TestServers.stop(server);
        }
    }

    static ConfigService clientFor(String namespace) throws Exception {
        Properties properties = new Properties();
        properties.put(PropertyKeyConst.SERVER_ADDR, server.address());
        properties.put(PropertyKeyConst.NAMESPACE, namespace);
        return NacosFactory.createConfigService(properties);
    }

    /** What a test does with a client of its own. */
    interface ClientUse {
        void accept(ConfigService own) throws Exception;
    }

    static void withOwnClient(ClientUse use) throws Exception {
        ConfigService own = clientFor("");
        try {
            use.accept(own);
        } finally {
            own.shutDown();
        }
    }

    /**
     * Adds a listener and lets the client's first check settle, then forgets what that check
     * delivered (a 1.x client tells a new listener the current content), so the recorder holds
     * only later changes.
     */
    static Recorder listen(ConfigService own, String dataId) throws Exception {
        Recorder recorder = new Recorder();
        own.addListener(dataId, GROUP, recorder);
        Thread.sleep(Patience.millis(500));
        recorder.received.clear();
        return recorder;
    }

    /** A listener that queues every content it is told. */
    static final class Recorder extends AbstractListener {
        final BlockingQueue<String> received = new LinkedBlockingQueue<>();

        @Override
        public void receiveConfigInfo(String configInfo) {
            received.add(configInfo == null ? "<null>" : configInfo);
        }

        String next() throws InterruptedException {
            return received.poll(Patience.millis(1000), TimeUnit.MILLISECONDS);
        }
    }

    @Test
    void publishThenGet() throws Exception {
        assertTrue(client.publishConfig("c1.properties", GROUP, "a=1"));
        assertEquals("a=1", client.getConfig("c1.properties", GROUP, 3000));
    }

    @Test
    void overwrite() throws Exception {
        client.publishConfig("c1-over", GROUP, "one");
        client.publishConfig("c1-over", GROUP, "two");
        assertEquals("two", client.getConfig("c1-over", GROUP, 3000));
    }

    @Test
    void remove() throws Exception {
        client.publishConfig("c1-remove", GROUP, "x");
        assertTrue(client.removeConfig("c1-remove", GROUP));
        assertNull(client.getConfig("c1-remove", GROUP, 3000));
    }

    @Test
    void missingConfigIsNull() throws Exception {
        assertNull(client.getConfig("c1-never", GROUP, 3000));
    }

    @Test
    void listenerIsNotifiedWithinOneSecondOfAChange() throws Exception {
        withOwnClient(own -> {
            own.publishConfig("c1-listen", GROUP, "v1");
            Recorder recorder = listen(own, "c1-listen");
            own.publishConfig("c1-listen", GROUP, "v2");
            assertEquals("v2", recorder.next(), "no notification within 1 s");
            own.removeListener("c1-listen", GROUP, recorder);
        });
    }

    @Test
    void listenerIsNotifiedOfAChangeMadeOverHttp() throws Exception {
        withOwnClient(own -> {
            Recorder recorder = listen(own, "c1-http");
            HttpCall.post(server.baseUrl() + "/v1/cs/configs").param("dataId", "c1-http").param("group", GROUP)
                    .param("content", "from-curl").send();
            assertEquals("from-curl", recorder.next());
        });
    }

    @Test
    void listenerOnAConfigCreatedLaterIsNotifiedOfItsCreation() throws Exception {
        withOwnClient(own -> {
            Recorder recorder = listen(own, "c1-later");
            own.publishConfig("c1-later", GROUP, "created");
            assertEquals("created", recorder.next());
        });
    }

    @Test
    void namespacesAreIsolated() throws Exception {
        HttpCall.post(server.baseUrl() + "/v1/console/namespaces").param("customNamespaceId", "c1-ns")
                .param("namespaceName", "c1 ns").send();
        ConfigService inNamespace = clientFor("c1-ns");
        try {
            inNamespace.publishConfig("c1-iso", GROUP, "namespaced");
            client.publishConfig("c1-iso", GROUP, "public");
            assertEquals("namespaced", inNamespace.getConfig("c1-iso", GROUP, 3000));
            assertEquals("public", client.getConfig("c1-iso", GROUP, 3000));
            inNamespace.removeConfig("c1-iso", GROUP);
            assertNull(inNamespace.getConfig("c1-iso", GROUP, 3000));
            assertEquals("public", client.getConfig("c1-iso", GROUP, 3000));
        } finally {
            inNamespace.shutDown();
        }
    }

    /**
     * The largest content a config may have. The 1.x client gives a publish 3 s, whatever its size:
     * on a loaded machine a 10 MB one (about 1 s on an idle one, most of it Derby writing the row
     * and its history) may take longer, and the client says false while the server goes on and
     * stores it. Publishing again would start the same long write over, so the test, like an
     * application that checks before it retries, takes the server's answer to a read as the proof.
     */
    @Test
    void tenMegabyteContent() throws Exception {
        String content = "y".repeat(10 * 1024 * 1024);
        if (!publish("c1-big", content)) {
            Await.until(6_000, () -> content.equals(storedContent("c1-big")), "the 10 MB content stored");
        }
        assertEquals(content, client.getConfig("c1-big", GROUP, 10000));
    }

    private static boolean publish(String dataId, String content) {
        try {
            return client.publishConfig(dataId, GROUP, content);
        } catch (NacosException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String storedContent(String dataId) {
        HttpResponse<String> response = HttpCall.get(server.baseUrl() + "/v1/cs/configs").param("dataId", dataId)
                .param("group", GROUP).send();
        return response.statusCode() == 200 ? response.body() : null;
    }

    @Test
    void utf8Content() throws Exception {
        String content = "服务: 订单\nemoji: 🚀\nquote: «ça va»";
        client.publishConfig("c1-utf8", GROUP, content);
        assertEquals(content, client.getConfig("c1-utf8", GROUP, 3000));
    }

    @Test
    void utf8ChangeReachesTheListener() throws Exception {
        withOwnClient(own -> {
            own.publishConfig("c1-utf8-listen", GROUP, "一");
            Recorder recorder = listen(own, "c1-utf8-listen");
            own.publishConfig("c1-utf8-listen", GROUP, "二");
            assertEquals("二", recorder.next());
        });
    }
}
