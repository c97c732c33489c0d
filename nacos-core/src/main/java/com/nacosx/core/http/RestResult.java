package com.nacosx.core.http;

/** The {@code {code, message, data}} envelope of the official console and core APIs. */
public record RestResult<T>(int code, String message, T data) {

    public static <T> RestResult<T> ok(T data) {
        return new RestResult<>(200, null, data);
    }

    public static <T> RestResult<T> failed(int code, String message) {
        return new RestResult<>(code, message, null);
    }
}
