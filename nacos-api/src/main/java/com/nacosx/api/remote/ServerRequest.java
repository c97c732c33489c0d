package com.nacosx.api.remote;

/** A request the server pushes to a client down the bi-stream; the client answers on the stream. */
public abstract class ServerRequest extends Request {
}
