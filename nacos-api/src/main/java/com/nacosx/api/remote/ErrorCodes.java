package com.nacosx.api.remote;

/** The error codes of gRPC responses that the official clients act on. */
public final class ErrorCodes {

    /** Config query: the config does not exist. Also: the server is still starting. */
    public static final int CONFIG_NOT_FOUND = 300;
    public static final int INVALID_SERVER_STATUS = 300;
    /** The request came on a connection that was never set up or is gone; the client reconnects. */
    public static final int UN_REGISTER = 301;
    /** No handler for the request's type. */
    public static final int NO_HANDLER = 302;
    public static final int BAD_REQUEST = 400;
    public static final int OVER_THRESHOLD = -600;
    public static final int SERVER_ERROR = 500;
    /** The request body could not be parsed. */
    public static final int BAD_GATEWAY = 502;

    private ErrorCodes() {
    }
}
