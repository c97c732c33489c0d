package com.nacosx.config.http;

/** The {@code {code, message, data}} envelope of the official console APIs. */
public record RestResult<T>(int code, String message, T data) {

    public static <T> RestResult<T> ok(T data) {
        return new RestResult<>(200, null, data);
    }
}
