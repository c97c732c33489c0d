package com.nacosx.api.remote;

/**
 * The answer to a {@link Request}. {@code resultCode} is 200 or 500; on failure {@code errorCode}
 * says why (for example 300 config not found, 301 connection unregistered).
 */
public abstract class Response {

    public static final int SUCCESS = 200;
    public static final int FAIL = 500;

    public int resultCode = SUCCESS;
    public int errorCode;
    public String message;
    public String requestId;

    public boolean isSuccess() {
        return resultCode == SUCCESS;
    }

    /** Marks this response failed with a Nacos error code and a message that tells the caller what to do. */
    @SuppressWarnings("unchecked")
    public <R extends Response> R fail(int code, String why) {
        resultCode = FAIL;
        errorCode = code;
        message = why;
        return (R) this;
    }
}
