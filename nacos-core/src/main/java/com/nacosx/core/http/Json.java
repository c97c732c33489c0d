package com.nacosx.core.http;

import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

/** The one JSON mapper of the HTTP door: Jackson, unknown fields ignored. Thread-safe. */
public final class Json {

    private static final JsonMapper MAPPER = JsonMapper.builder()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();

    private Json() {
    }

    public static byte[] bytes(Object value) {
        return MAPPER.writeValueAsBytes(value);
    }
}
