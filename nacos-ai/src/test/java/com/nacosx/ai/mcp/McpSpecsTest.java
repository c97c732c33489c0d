package com.nacosx.ai.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nacosx.api.exception.ErrorCode;
import com.nacosx.api.exception.NacosException;
import org.junit.jupiter.api.Test;

class McpSpecsTest {

    private static final String LOCAL = "{\"name\":\"files\",\"protocol\":\"stdio\",\"versionDetail\":{\"version\":\"1.0.0\"}}";
    private static final String REMOTE = "{\"name\":\"search\",\"protocol\":\"mcp-sse\",\"version\":\"2.0.0\"}";

    @Test
    void readsALocalServerWithItsVersion() {
        McpRelease release = McpSpecs.fromForm(null, LOCAL, null, null);
        assertEquals("files", release.name());
        assertEquals("1.0.0", release.version());
        assertTrue(release.isLocal());
        assertNull(release.endpoint());
    }

    @Test
    void aRemoteServerNeedsAnEndpointUnlessTheSdkReleasesIt() {
        NacosException missing = assertThrows(NacosException.class, () -> McpSpecs.fromForm(null, REMOTE, null, null));
        assertEquals(ErrorCode.PARAMETER_MISSING, missing.errorCode());
        McpRelease direct = McpSpecs.fromForm(null, REMOTE, null,
                "{\"type\":\"direct\",\"data\":{\"address\":\"10.0.0.1\",\"port\":\"9000\"}}");
        assertEquals("DIRECT", direct.endpoint().path("type").asString());
        assertThrows(NacosException.class, () -> McpSpecs.fromForm(null, REMOTE, null,
                "{\"type\":\"DIRECT\",\"data\":{\"address\":\"10.0.0.1\",\"port\":\"99999\"}}"));
        assertThrows(NacosException.class, () -> McpSpecs.fromForm(null, REMOTE, null,
                "{\"type\":\"REF\",\"data\":{\"serviceName\":\"s\"}}"));
    }

    @Test
    void refusesWhatIsNotJsonOrNotAJsonSchema() {
        NacosException unparsable = assertThrows(NacosException.class,
                () -> McpSpecs.fromForm(null, "{oops", null, null));
        assertEquals(ErrorCode.PARAMETER_VALIDATE_ERROR, unparsable.errorCode());
        for (String tools : new String[] {
                "{\"tools\":[{\"name\":\"t\",\"inputSchema\":{\"type\":\"string\"}}]}",
                "{\"tools\":[{\"name\":\"t\",\"inputSchema\":{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"text\"}}}}]}",
                "{\"tools\":[{\"name\":\"t\",\"inputSchema\":{\"type\":\"object\",\"required\":\"a\"}}]}",
                "{\"tools\":[{\"inputSchema\":{\"type\":\"object\"}}]}",
                "[1]"}) {
            NacosException refused = assertThrows(NacosException.class,
                    () -> McpSpecs.fromForm(null, LOCAL, tools, null), tools);
            assertEquals(NacosException.BAD_REQUEST, refused.status(), tools);
        }
        McpRelease fine = McpSpecs.fromForm(null, LOCAL, "{\"tools\":[{\"name\":\"t\",\"inputSchema\":"
                + "{\"type\":\"object\",\"properties\":{\"q\":{\"type\":[\"string\",\"null\"]},"
                + "\"tags\":{\"type\":\"array\",\"items\":{\"type\":\"string\"}}},\"required\":[\"q\"]}}]}",
                null);
        assertTrue(fine.hasTools());
    }

    @Test
    void refusesAnIdThatIsNotAUuidAndAnUnknownProtocol() {
        assertThrows(NacosException.class, () -> McpSpecs.fromForm(null,
                LOCAL.replace("\"name\"", "\"id\":\"abc\",\"name\""), null, null));
        assertThrows(NacosException.class, () -> McpSpecs.fromForm(null, LOCAL.replace("stdio", "carrier-pigeon"),
                null, null));
    }
}
