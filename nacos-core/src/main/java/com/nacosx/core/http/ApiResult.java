package com.nacosx.core.http;

import com.nacosx.api.exception.ErrorCode;

/**
 * The {@code {code, message, data}} envelope of the v2 Open API ({@code Result} in the official
 * API): code 0 and message "success" with the answer, or a detail code, its short text and what
 * went wrong in {@code data}.
 */
public record ApiResult<T>(int code, String message, T data) {

    public static <T> ApiResult<T> success(T data) {
        return new ApiResult<>(ErrorCode.SUCCESS.code(), ErrorCode.SUCCESS.message(), data);
    }

    public static ApiResult<String> failure(ErrorCode code, String detail) {
        return new ApiResult<>(code.code(), code.message(), detail);
    }
}
