package com.nacosx.api.exception;

/**
 * A failure the caller can act on. It carries the HTTP status the 1.x API answers with (which is
 * also the errCode the official server reports) and the Nacos detail code.
 */
public class NacosException extends RuntimeException {

    public static final int BAD_REQUEST = 400;
    public static final int UNAUTHORIZED = 401;
    public static final int FORBIDDEN = 403;
    public static final int NOT_FOUND = 404;
    public static final int CONFLICT = 409;
    public static final int SERVER_ERROR = 500;
    public static final int SERVICE_UNAVAILABLE = 503;
    /**
     * A write passed on to the node that orders it got no answer in time: it may or may not have
     * been applied (the status of a gateway whose upstream did not answer).
     */
    public static final int GATEWAY_TIMEOUT = 504;

    private final int status;
    private final ErrorCode errorCode;
    private final int errCode;

    public NacosException(int status, ErrorCode errorCode, String message) {
        this(status, status, errorCode, message);
    }

    /**
     * A failure whose official errCode is not an HTTP status (the capacity refusals, 5031-5034):
     * gRPC answers carry {@code errCode}, HTTP answers {@code status}.
     */
    public NacosException(int errCode, int status, ErrorCode errorCode, String message) {
        super(message);
        this.status = status;
        this.errorCode = errorCode;
        this.errCode = errCode;
    }

    public NacosException(int status, ErrorCode errorCode, String message, Throwable cause) {
        super(message, cause);
        this.status = status;
        this.errorCode = errorCode;
        this.errCode = status;
    }

    private NacosException(String message) {
        super(message, null, false, false);
        this.status = SERVICE_UNAVAILABLE;
        this.errorCode = ErrorCode.ILLEGAL_STATE;
        this.errCode = SERVICE_UNAVAILABLE;
    }

    /**
     * 503 for a state of the node that passes (starting, warming up, stopping), not a fault. It is
     * answered to thousands of requests a second while 1.x clients beat a starting node, whose JVM
     * is at its slowest: no stack trace is taken.
     */
    public static NacosException unavailable(String message) {
        return new NacosException(message);
    }

    public static NacosException badRequest(String message) {
        return new NacosException(BAD_REQUEST, ErrorCode.PARAMETER_VALIDATE_ERROR, message);
    }

    public static NacosException missingParameter(String name) {
        return new NacosException(BAD_REQUEST, ErrorCode.PARAMETER_MISSING,
                "Required parameter '" + name + "' is not present");
    }

    public int status() {
        return status;
    }

    public ErrorCode errorCode() {
        return errorCode;
    }

    /** The code a gRPC answer carries: the official errCode, which is the HTTP status but for a few. */
    public int errCode() {
        return errCode;
    }
}
