package com.nacosx.tests.client3x;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.alibaba.nacos.api.NacosFactory;
import com.alibaba.nacos.api.config.ConfigService;
import com.alibaba.nacos.api.config.listener.AbstractFuzzyWatchEventWatcher;
import com.alibaba.nacos.api.config.listener.AbstractListener;
import com.alibaba.nacos.api.config.listener.ConfigFuzzyWatchChangeEvent;
import com.alibaba.nacos.api.config.listener.FuzzyWatchLoadWatcher;
import com.alibaba.nacos.api.exception.NacosException;
import com.nacosx.testsupport.Await;
import com.nacosx.api.remote.config.ConfigPublishRequest;
import com.nacosx.testsupport.HttpCall;
import com.nacosx.testsupport.NacosGrpcClient;
import com.nacosx.testsupport.Patience;
import com.nacosx.testsupport.ServerProcess;
import com.nacosx.testsupport.TestServers;
import java.net.http.HttpResponse;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The official nacos-client 3.x ConfigService: on the default namespace, which it names "public"
 * where 1.x and 2.x clients send "", and on a namespace of its own; fuzzy watch. On a cluster the
 * changes made "elsewhere" go through another node than the client's.
 */
class ConfigClient3xTest {

    static final String GROUP = "DEFAULT_GROUP";
    static ServerProcess server;
    static ServerProcess elsewhere;
    static ConfigService client;

    @BeforeAll
    static void start() throws Exception {
        server = TestServers.start();
        elsewhere = TestServers.elsewhere(server);
        client = clientFor(null);
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
        return NacosFactory.createConfigService(Clients3x.properties(server, namespace));
    }

    /** Publishes over the 1.x HTTP API on another node, naming the namespace as given ("" for a 1.x/2.x client). */
    static void publishOverHttp(String dataId, String tenant, String content) {
        HttpResponse<String> answer = HttpCall.post(elsewhere.baseUrl() + "/v1/cs/configs").param("dataId", dataId)
                .param("group", GROUP).param("tenant", tenant).param("content", content).send();
        assertEquals(200, answer.statusCode(), answer.body());
    }

    static String readOverHttp(String dataId, String tenant) {
        HttpResponse<String> answer = HttpCall.get(elsewhere.baseUrl() + "/v1/cs/configs").param("dataId", dataId)
                .param("group", GROUP).param("tenant", tenant).send();
        return answer.statusCode() == 200 ? answer.body() : null;
    }

    static String read(String dataId) {
        try {
            return client.getConfig(dataId, GROUP, 3000);
        } catch (NacosException e) {
            throw new IllegalStateException(e);
        }
    }

    static AbstractListener into(BlockingQueue<String> received) {
        return new AbstractListener() {
            @Override
            public void receiveConfigInfo(String configInfo) {
                received.add(configInfo);
            }
        };
    }

    static String next(BlockingQueue<String> received) throws InterruptedException {
        return received.poll(Patience.millis(5000), TimeUnit.MILLISECONDS);
    }

    @Test
    void publicAndEmptyNameOneNamespace() throws Exception {
        assertTrue(client.publishConfig("one-ns.properties", GROUP, "from=3x"));
        Await.until(5000, () -> "from=3x".equals(readOverHttp("one-ns.properties", "")),
                "a 1.x/2.x reader sees it in ''");
        assertEquals("from=3x", readOverHttp("one-ns.properties", "public"));

        publishOverHttp("one-ns.properties", "", "from=http");
        Await.until(5000, () -> "from=http".equals(read("one-ns.properties")), "the 3.x client reads the HTTP publish");

        assertTrue(client.removeConfig("one-ns.properties", GROUP));
        Await.until(5000, () -> readOverHttp("one-ns.properties", "") == null, "removed for a 1.x/2.x reader");
    }

    @Test
    void listenerOnTheDefaultNamespaceIsPushedEveryChange() throws Exception {
        BlockingQueue<String> received = new LinkedBlockingQueue<>();
        client.addListener("pushed.txt", GROUP, into(received));
        publishOverHttp("pushed.txt", "", "v1");
        assertEquals("v1", next(received), "a change as a 1.x/2.x client names the namespace");
        publishOverHttp("pushed.txt", "public", "v2");
        assertEquals("v2", next(received), "a change naming it 'public'");
        assertTrue(client.publishConfig("pushed.txt", GROUP, "v3"));
        assertEquals("v3", next(received), "its own change");
        // The official 2.5.1 client cannot share this class path; this one speaks its protocol and
        // names the namespace as it does.
        try (NacosGrpcClient twoX = NacosGrpcClient.connect("127.0.0.1", elsewhere.grpcPort())) {
            ConfigPublishRequest publish = new ConfigPublishRequest();
            publish.dataId = "pushed.txt";
            publish.group = GROUP;
            publish.tenant = "";
            publish.content = "v4";
            assertTrue(twoX.requestNow(publish).isSuccess());
        }
        assertEquals("v4", next(received), "a change a 2.x client made over gRPC");
    }

    @Test
    void aNamespaceOfItsOwn() throws Exception {
        HttpCall.post(server.baseUrl() + "/v1/console/namespaces").param("customNamespaceId", "dev3")
                .param("namespaceName", "dev3").param("namespaceDesc", "3.x tests").send();
        ConfigService dev = clientFor("dev3");
        try {
            BlockingQueue<String> received = new LinkedBlockingQueue<>();
            dev.addListener("ns.yaml", GROUP, into(received));
            publishOverHttp("ns.yaml", "dev3", "a: 1");
            assertEquals("a: 1", next(received));
            assertEquals("a: 1", dev.getConfig("ns.yaml", GROUP, 3000));
            assertNull(client.getConfig("ns.yaml", GROUP, 3000), "not in the default namespace");
        } finally {
            dev.shutDown();
        }
    }

    @Test
    void historyOfTheDefaultNamespaceAnswersBothNames() throws Exception {
        assertTrue(client.publishConfig("history.txt", GROUP, "h1"));
        assertTrue(client.publishConfig("history.txt", GROUP, "h2"));
        for (String tenant : new String[] {"", "public"}) {
            Await.until(5000, () -> HttpCall.get(elsewhere.baseUrl() + "/v1/cs/history").param("search", "accurate")
                    .param("dataId", "history.txt").param("group", GROUP).param("tenant", tenant).send().body()
                    .contains("\"totalCount\":2"), "both versions in the history of tenant '" + tenant + "'");
        }
    }

    /** Collects fuzzy-watch events; counts the over-limit notices the client passes on. */
    static final class Events extends AbstractFuzzyWatchEventWatcher implements FuzzyWatchLoadWatcher {

        final BlockingQueue<ConfigFuzzyWatchChangeEvent> received = new LinkedBlockingQueue<>();
        final CountDownLatch patternOverLimit = new CountDownLatch(1);
        final CountDownLatch matchesOverLimit = new CountDownLatch(1);

        @Override
        public void onEvent(ConfigFuzzyWatchChangeEvent event) {
            received.add(event);
        }

        @Override
        public void onPatternOverLimit() {
            patternOverLimit.countDown();
        }

        @Override
        public void onConfigReachUpLimit() {
            matchesOverLimit.countDown();
        }

        String next() throws InterruptedException {
            ConfigFuzzyWatchChangeEvent event = received.poll(Patience.millis(5000), TimeUnit.MILLISECONDS);
            return event == null ? null : event.getDataId() + " " + event.getChangedType();
        }

        /** Nothing more comes within a second: a notice that should not be sent would have arrived by then. */
        String quiet() throws InterruptedException {
            ConfigFuzzyWatchChangeEvent event = received.poll(Patience.millis(1000), TimeUnit.MILLISECONDS);
            return event == null ? null : event.getDataId() + " " + event.getChangedType();
        }
    }

    @Test
    void fuzzyWatchListsMatchesThenTellsComingsAndGoings() throws Exception {
        assertTrue(client.publishConfig("fz-app-1", GROUP, "1"));
        assertTrue(client.publishConfig("fz-app-2", GROUP, "2"));
        assertTrue(client.publishConfig("fz-other", GROUP, "x"));
        Events events = new Events();
        Set<String> listed = client.fuzzyWatchWithGroupKeys("fz-app-*", GROUP, events)
                .get(Patience.millis(10_000), TimeUnit.MILLISECONDS);
        assertEquals(Set.of("fz-app-1+DEFAULT_GROUP+public", "fz-app-2+DEFAULT_GROUP+public"), listed);
        assertEquals(Set.of("fz-app-1 ADD_CONFIG", "fz-app-2 ADD_CONFIG"), Set.of(events.next(), events.next()));

        publishOverHttp("fz-app-3", "", "3");
        assertEquals("fz-app-3 ADD_CONFIG", events.next(), "created through another node, as a 2.x client names it");
        publishOverHttp("fz-other-2", "", "x");
        publishOverHttp("fz-app-1", "", "changed");
        HttpCall.delete(elsewhere.baseUrl() + "/v1/cs/configs").param("dataId", "fz-app-2").param("group", GROUP)
                .send();
        assertEquals("fz-app-2 DELETE_CONFIG", events.next(),
                "a key outside the pattern and a content change are not told; a delete is");

        client.cancelFuzzyWatch("fz-app-*", GROUP, events);
        publishOverHttp("fz-app-4", "", "4");
        assertNull(events.quiet(), "nothing after the cancel");
    }

    @Test
    void fuzzyWatchPastThePatternLimitIsToldToTheApplication() throws Exception {
        ConfigService own = clientFor(null);
        try {
            Events events = new Events();
            for (int i = 0; i <= 20; i++) {
                own.fuzzyWatch("limit-" + i + "-*", GROUP, events);
            }
            assertTrue(events.patternOverLimit.await(Patience.millis(10_000), TimeUnit.MILLISECONDS),
                    "the 21st pattern of one client is refused with 50310 and the client says so");
        } finally {
            own.shutDown();
        }
    }
}
