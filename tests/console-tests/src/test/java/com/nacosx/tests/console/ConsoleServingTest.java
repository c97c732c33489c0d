package com.nacosx.tests.console;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nacosx.testsupport.HttpCall;
import com.nacosx.testsupport.ServerProcess;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * How the packaged server serves the console: the page at /nacos/, /nacos/index.html and any of
 * the app's addresses a browser opens, gzipped when asked, hashed assets cached for good and the
 * page never; API paths keep answering as the API; and nacos.console.ui.enabled=false turns it off.
 */
class ConsoleServingTest {

    static ServerProcess server;
    static ServerProcess withoutConsole;

    @BeforeAll
    static void start() {
        server = ServerProcess.startInNewHome(ServerProcess.freePort());
        withoutConsole = ServerProcess.startInNewHome(ServerProcess.freePort(), "nacos.console.ui.enabled=false");
    }

    @AfterAll
    static void stop() {
        server.close();
        withoutConsole.close();
    }

    static HttpResponse<String> page(ServerProcess node, String path) {
        return HttpCall.get("http://127.0.0.1:" + node.port() + path).header("Accept", "text/html,*/*").send();
    }

    @Test
    void thePageIsServedAtEveryAddressOfTheAppAndNeverCached() {
        for (String path : new String[] {"/nacos/", "/nacos/index.html", "/nacos/configs", "/nacos/configs/edit?dataId=a"}) {
            HttpResponse<String> answer = page(server, path);
            assertEquals(200, answer.statusCode(), path);
            assertTrue(answer.body().contains("<div id=\"root\"></div>"), path + ": " + answer.body());
            assertEquals("no-cache", answer.headers().firstValue("Cache-Control").orElse(""), path);
            assertTrue(answer.headers().firstValue("Content-Security-Policy").orElse("").contains("default-src 'self'"));
        }
        HttpResponse<String> bare = HttpCall.get("http://127.0.0.1:" + server.port() + "/nacos").send();
        assertEquals(302, bare.statusCode());
        assertEquals("/nacos/", bare.headers().firstValue("Location").orElse(""));
    }

    @Test
    void hashedAssetsAreCachedForAYearAndGzippedForABrowserThatTakesIt() throws IOException {
        Matcher script = Pattern.compile("src=\"(/nacos/assets/[^\"]+\\.js)\"").matcher(page(server, "/nacos/").body());
        assertTrue(script.find());
        String url = "http://127.0.0.1:" + server.port() + script.group(1);
        HttpResponse<byte[]> plain = HttpCall.get(url).sendForBytes();
        HttpResponse<byte[]> gzipped = HttpCall.get(url).header("Accept-Encoding", "gzip").sendForBytes();
        assertEquals(200, plain.statusCode());
        assertTrue(plain.headers().firstValue("Content-Type").orElse("").startsWith("text/javascript"));
        assertEquals("public, max-age=31536000, immutable", plain.headers().firstValue("Cache-Control").orElse(""));
        assertEquals("gzip", gzipped.headers().firstValue("Content-Encoding").orElse(""));
        assertTrue(gzipped.body().length < plain.body().length / 2);
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(gzipped.body()))) {
            assertArrayEquals(plain.body(), in.readAllBytes());
        }
    }

    @Test
    void apiClientsStillGetTheApisAnswers() {
        HttpResponse<String> missing = HttpCall.get("http://127.0.0.1:" + server.port() + "/nacos/v1/no/such/api").send();
        assertEquals(404, missing.statusCode());
        assertTrue(missing.body().contains("no API at /nacos/v1/no/such/api"), missing.body());
        assertTrue(HttpCall.get(server.baseUrl() + "/v1/console/server/state").send().body()
                .contains("\"console_ui_enabled\":\"true\""));
    }

    @Test
    void turnedOffTheConsoleServesNothingAndTheStateSaysSo() {
        assertEquals(404, page(withoutConsole, "/nacos/").statusCode());
        assertEquals(404, page(withoutConsole, "/nacos/configs").statusCode());
        assertTrue(HttpCall.get(withoutConsole.baseUrl() + "/v1/console/server/state").send().body()
                .contains("\"console_ui_enabled\":\"false\""));
    }
}
