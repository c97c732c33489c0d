package com.nacosx.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nacosx.testsupport.HttpCall;
import com.nacosx.testsupport.Patience;
import com.nacosx.testsupport.RawHttp;
import com.nacosx.testsupport.ServerProcess;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * HTTP input an attacker or a careless client sends, each written as the attack: the server
 * refuses it with a 4xx that names what is wrong, changes nothing, and keeps serving everyone else.
 */
class HostileHttpInputTest {

    static final Duration ANSWER = Duration.ofSeconds(5);
    static ServerProcess server;

    @BeforeAll
    static void start() {
        server = ServerProcess.startStandalone();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    static String configs() {
        return server.baseUrl() + "/v1/cs/configs";
    }

    static int read(String dataId) {
        return HttpCall.get(configs()).param("dataId", dataId).param("group", "G").send().statusCode();
    }

    static String publishLine(String dataId) {
        return "POST /nacos/v1/cs/configs?dataId=" + dataId + "&group=G&content=executed HTTP/1.1\r\nHost: x\r\n";
    }

    /** Sends a request with broken framing and checks it was refused, the connection closed, and nothing stored. */
    static void assertRefusedAndNotStored(String dataId, String request, int status) {
        RawHttp.Answer answer = RawHttp.exchange(server.port(), request, ANSWER);
        assertEquals(status, answer.status(), answer.text());
        assertTrue(answer.closed(), "the connection is closed after a malformed request");
        assertEquals(404, read(dataId), "a malformed request must not be executed");
    }

    @Test
    void contentLengthThatIsNotANumberIsRefused() {
        assertRefusedAndNotStored("cl-abc", publishLine("cl-abc") + "Content-Length: abc\r\n\r\nabc", 400);
    }

    @Test
    void negativeContentLengthIsRefused() {
        assertRefusedAndNotStored("cl-negative", publishLine("cl-negative") + "Content-Length: -5\r\n\r\n", 400);
    }

    @Test
    void duplicateContentLengthsAreRefused() {
        assertRefusedAndNotStored("cl-twice", publishLine("cl-twice")
                + "Content-Length: 0\r\nContent-Length: 7\r\n\r\nsmuggle", 400);
        assertRefusedAndNotStored("cl-twice-same", publishLine("cl-twice-same")
                + "Content-Length: 0\r\nContent-Length: 0\r\n\r\n", 400);
    }

    @Test
    void contentLengthWithTransferEncodingIsRefused() {
        assertRefusedAndNotStored("cl-te", publishLine("cl-te")
                + "Content-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 400);
    }

    @Test
    void badChunkSizeIsRefused() {
        assertRefusedAndNotStored("bad-chunk", publishLine("bad-chunk")
                + "Transfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n0\r\n\r\n", 400);
    }

    @Test
    void headersOverTheLimitAreRefused() {
        assertRefusedAndNotStored("big-head", publishLine("big-head") + "X-Padding: " + "a".repeat(20_000)
                + "\r\nContent-Length: 0\r\n\r\n", 431);
    }

    @Test
    void nulInAHeaderNameIsRefused() {
        assertRefusedAndNotStored("nul-name", publishLine("nul-name") + "X-Bad\0Name: v\r\nContent-Length: 0\r\n\r\n",
                400);
    }

    @Test
    void expectContinueWithABodyOverTheLimitGets413NotContinue() {
        RawHttp.Answer answer = RawHttp.exchange(server.port(), "POST /nacos/v1/cs/configs HTTP/1.1\r\nHost: x\r\n"
                + "Content-Type: application/x-www-form-urlencoded\r\nExpect: 100-continue\r\n"
                + "Content-Length: 41943040\r\n\r\n", ANSWER);
        assertEquals(413, answer.status(), answer.text());
        assertFalse(answer.text().contains("100 Continue"), answer.text());
    }

    @Test
    void lineBreakInAnEncryptedDataKeyIsRefusedAndReadsStillAnswer() {
        HttpResponse<String> refused = HttpCall.post(configs()).param("dataId", "lf-key").param("group", "G")
                .param("content", "c").param("encryptedDataKey", "a\nb").send();
        assertEquals(400, refused.statusCode(), refused.body());
        assertTrue(refused.body().contains("encryptedDataKey"), refused.body());
        assertEquals(404, read("lf-key"));

        assertEquals(200, HttpCall.post(configs()).param("dataId", "with-key").param("group", "G")
                .param("content", "c").param("encryptedDataKey", "k1").send().statusCode());
        HttpResponse<String> served = HttpCall.get(configs()).param("dataId", "with-key").param("group", "G")
                .timeout(ANSWER).send();
        assertEquals("k1", served.headers().firstValue("Encrypted-Data-Key").orElse(null));
    }

    @Test
    void overLongDetailsAreRefusedWithTheOfficialMessageAndFailNoOtherPublish() {
        String tooLong = "d".repeat(300);
        List<CompletableFuture<Integer>> good = new ArrayList<>();
        List<CompletableFuture<HttpResponse<String>>> bad = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            int n = i;
            good.add(CompletableFuture.supplyAsync(() -> HttpCall.post(configs()).param("dataId", "neighbour-" + n)
                    .param("group", "G").param("content", "fine").send().statusCode()));
            bad.add(CompletableFuture.supplyAsync(() -> HttpCall.post(configs()).param("dataId", "long-desc-" + n)
                    .param("group", "G").param("content", "c").param("desc", tooLong).send()));
        }
        for (CompletableFuture<HttpResponse<String>> refused : bad) {
            assertEquals(400, refused.join().statusCode(), refused.join().body());
            assertTrue(refused.join().body().contains("too long desc, over 128"), refused.join().body());
        }
        good.forEach(publish -> assertEquals(200, publish.join(), "a valid publish beside a refused one succeeds"));
        for (String field : List.of("appName", "src_user", "use", "effect", "type", "config_tags")) {
            HttpResponse<String> refused = HttpCall.post(configs()).param("dataId", "long-" + field).param("group", "G")
                    .param("content", "c").param(field, "x".repeat(300)).send();
            assertEquals(400, refused.statusCode(), field + ": " + refused.body());
            assertTrue(refused.body().contains("too long"), refused.body());
            assertEquals(404, read("long-" + field));
        }
    }

    @Test
    void anOverLongForwardedForIsNotTakenAsTheSourceAddress() {
        HttpResponse<String> published = HttpCall.post(configs()).param("dataId", "xff").param("group", "G")
                .param("content", "c").header("X-Forwarded-For", "1".repeat(60)).send();
        assertEquals(200, published.statusCode(), published.body());
        String detail = HttpCall.get(configs()).param("dataId", "xff").param("group", "G").param("show", "all")
                .send().body();
        assertTrue(detail.contains("\"createIp\":\"127.0.0.1\""), detail);
    }

    @Test
    void overLongNamespaceDescriptionIsRefused() {
        HttpResponse<String> refused = HttpCall.post(server.baseUrl() + "/v1/console/namespaces")
                .param("customNamespaceId", "long-desc").param("namespaceName", "n")
                .param("namespaceDesc", "d".repeat(4096)).send();
        assertEquals(400, refused.statusCode(), refused.body());
        assertTrue(refused.body().contains("too long namespaceDesc"), refused.body());
        assertFalse(HttpCall.get(server.baseUrl() + "/v1/console/namespaces").send().body().contains("long-desc"));
    }

    /** 3.5 M three-byte characters: under 10 M characters, over 10 MB in UTF-8. */
    @Test
    void contentOverTheLimitInBytesIsRefusedEvenUnderItInCharacters() {
        HttpResponse<String> refused = HttpCall.post(configs()).param("dataId", "wide").param("group", "G")
                .param("content", "\u20ac".repeat(3_500_000)).timeout(Duration.ofSeconds(60)).send();
        assertEquals(400, refused.statusCode(), refused.body());
        assertTrue(refused.body().contains("bytes in UTF-8"), refused.body());
        assertEquals(404, read("wide"));
    }

    /**
     * 120 MB of stored content on a 512 MB heap: a page of 5 reads 5 contents, not all of them (when
     * the database sorted whole rows, each such page took ~2 s per 60 MB stored here).
     */
    @Test
    void aBlurSearchPageCostsAPageNotTheWholeStore() {
        String big = "b".repeat(3 * 1024 * 1024);
        for (int i = 0; i < 40; i++) {
            assertEquals(200, HttpCall.post(configs()).param("dataId", "blur-big-" + i).param("group", "BLUR")
                    .param("content", big).timeout(Duration.ofSeconds(60)).send().statusCode());
        }
        for (int round = 0; round < 5; round++) {
            long start = System.nanoTime();
            HttpResponse<String> page = HttpCall.get(configs()).param("search", "blur").param("dataId", "*")
                    .param("group", "*").param("pageNo", "1").param("pageSize", "5")
                    .timeout(Duration.ofSeconds(60)).send();
            long took = Duration.ofNanos(System.nanoTime() - start).toMillis();
            assertEquals(200, page.statusCode());
            assertEquals(5, page.body().split("\"dataId\"").length - 1, "five items");
            assertTrue(took < Patience.millis(2000), "a page of 5 answered in " + took + " ms");
        }
    }

    static HttpResponse<String> register(String service, String field, String value) {
        HttpCall call = HttpCall.post(server.baseUrl() + "/v1/ns/instance").param("serviceName", service)
                .param("ip", "10.0.0.1").param("port", "8080");
        return call.param(field, value).timeout(Duration.ofSeconds(60)).send();
    }

    static String serviceList() {
        return HttpCall.get(server.baseUrl() + "/v1/ns/service/list").param("pageNo", "1").param("pageSize", "100")
                .send().body();
    }

    /** Names and metadata are held, pushed and listed: a megabyte of them must be refused, not stored. */
    @Test
    void oversizedNamingFieldsAreRefusedAndNothingIsRegistered() {
        String before = serviceList();
        String megabyte = "s".repeat(1024 * 1024);
        HttpResponse<String> refused = register("svc", "serviceName", megabyte);
        assertEquals(400, refused.statusCode());
        assertTrue(refused.body().length() < 2000, "the answer does not echo the megabyte");
        assertTrue(refused.body().contains("should not exceed 512"), refused.body());
        assertEquals(400, register("svc-ip", "ip", "1".repeat(200)).statusCode());
        assertEquals(400, register("svc-cluster", "clusterName", "c".repeat(100)).statusCode());
        assertEquals(400, register("svc-group", "groupName", "g".repeat(200)).statusCode());
        HttpResponse<String> metadata = register("svc-meta", "metadata", "{\"k\":\"" + "v".repeat(2000) + "\"}");
        assertEquals(400, metadata.statusCode());
        assertTrue(metadata.body().contains("should not exceed 1024"), metadata.body());
        assertEquals(before, serviceList(), "nothing was registered");
    }

    @Test
    void nullsInNamingJsonAreRefusedNot500() {
        HttpResponse<String> nullValue = register("svc-null", "metadata", "{\"k\":null}");
        assertEquals(400, nullValue.statusCode(), nullValue.body());
        assertTrue(nullValue.body().contains("'k' is null"), nullValue.body());
        HttpResponse<String> selector = HttpCall.post(server.baseUrl() + "/v1/ns/service")
                .param("serviceName", "svc-selector").param("selector", "null").send();
        assertEquals(400, selector.statusCode(), selector.body());
        HttpResponse<String> checker = HttpCall.put(server.baseUrl() + "/v1/ns/cluster")
                .param("serviceName", "svc-selector").param("clusterName", "DEFAULT").param("healthChecker", "null")
                .send();
        assertEquals(400, checker.statusCode(), checker.body());
    }

    @Test
    void aValidKeptAliveConnectionServesManyRequests() {
        try (RawHttp client = RawHttp.open(server.port())) {
            for (int i = 0; i < 3; i++) {
                client.send("GET /nacos/v1/console/health/liveness HTTP/1.1\r\nHost: x\r\n\r\n");
                RawHttp.Answer answer = client.readResponse(ANSWER);
                assertEquals(200, answer.status(), answer.text());
                assertFalse(answer.closed());
            }
        }
    }
}
