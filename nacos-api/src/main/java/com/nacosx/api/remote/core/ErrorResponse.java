package com.nacosx.api.remote.core;

import com.nacosx.api.remote.Response;

/** The answer to a request the server could not route or read. */
public class ErrorResponse extends Response {
    public static ErrorResponse of(int errorCode, String message) {
        return new ErrorResponse().fail(errorCode, message);
    }
}
