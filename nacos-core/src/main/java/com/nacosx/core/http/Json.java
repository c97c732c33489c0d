package com.nacosx.core.http;

import tools.jackson.core.JacksonException;
import tools.jackson.core.type.TypeReference;
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

    /** The value as JSON text, for a JSON document carried inside a string field. */
    public static String text(Object value) {
        return MAPPER.writeValueAsString(value);
    }

    /**
     * Reads a JSON text a client sent.
     *
     * @throws IllegalArgumentException naming {@code what} when the text is not valid JSON for the type
     */
    public static <T> T read(String json, TypeReference<T> type, String what) {
        try {
            return MAPPER.readValue(json, type);
        } catch (JacksonException e) {
            throw new IllegalArgumentException("'" + what + "' is not valid JSON: " + e.getOriginalMessage());
        }
    }

    public static <T> T read(String json, Class<T> type, String what) {
        try {
            return MAPPER.readValue(json, type);
        } catch (JacksonException e) {
            throw new IllegalArgumentException("'" + what + "' is not valid JSON: " + e.getOriginalMessage());
        }
    }

    /**
     * Reads the JSON document that is a request's whole body: as {@link #read}, and a body of JSON
     * {@code null} is refused as missing, since nothing can be done with it.
     *
     * @throws IllegalArgumentException naming {@code what}
     */
    public static <T> T readBody(String json, TypeReference<T> type, String what) {
        return present(read(json, type, what), what);
    }

    public static <T> T readBody(String json, Class<T> type, String what) {
        return present(read(json, type, what), what);
    }

    private static <T> T present(T value, String what) {
        if (value == null) {
            throw new IllegalArgumentException("'" + what + "' is missing: the body is JSON null");
        }
        return value;
    }
}
