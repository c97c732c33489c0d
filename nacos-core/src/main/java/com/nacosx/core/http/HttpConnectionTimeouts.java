package com.nacosx.core.http;

import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.LastHttpContent;
import java.time.Duration;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Bounds how long a connection may hold the server without a request to serve: a connection with
 * no request under way is closed after the idle timeout (this also ends a client that sends the
 * head of a request byte by byte, which is still "no request" until the head is complete), and a
 * request whose body does not arrive within the read timeout of its head is answered 408 and its
 * connection closed. A request the server is serving (a held long poll) has no limit here. One
 * instance per connection, between the decoder and the aggregator; all on the connection's event
 * loop.
 */
final class HttpConnectionTimeouts extends ChannelDuplexHandler {

    private final long idleMillis;
    private final long readMillis;
    private ScheduledFuture<?> timer;
    private boolean readingRequest;
    private int requestsBeingServed;

    HttpConnectionTimeouts(Duration idle, Duration requestRead) {
        this.idleMillis = idle.toMillis();
        this.readMillis = requestRead.toMillis();
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) throws Exception {
        awaitNextRequest(ctx);
        super.channelActive(ctx);
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object message) throws Exception {
        if (message instanceof HttpRequest) {
            readingRequest = true;
            schedule(ctx, readMillis, () -> answerTooSlow(ctx));
        }
        if (message instanceof LastHttpContent) {
            readingRequest = false;
            requestsBeingServed++;
            cancelTimer();
        }
        super.channelRead(ctx, message);
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object message, ChannelPromise promise) throws Exception {
        if (message instanceof LastHttpContent && requestsBeingServed > 0) {
            requestsBeingServed--;
            if (requestsBeingServed == 0 && !readingRequest) {
                awaitNextRequest(ctx);
            }
        }
        super.write(ctx, message, promise);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        cancelTimer();
        super.channelInactive(ctx);
    }

    private void awaitNextRequest(ChannelHandlerContext ctx) {
        schedule(ctx, idleMillis, ctx::close);
    }

    private void schedule(ChannelHandlerContext ctx, long millis, Runnable action) {
        cancelTimer();
        if (millis > 0) {
            timer = ctx.executor().schedule(action, millis, TimeUnit.MILLISECONDS);
        }
    }

    private void cancelTimer() {
        if (timer != null) {
            timer.cancel(false);
            timer = null;
        }
    }

    private void answerTooSlow(ChannelHandlerContext ctx) {
        HttpErrors.answerAndClose(ctx, HttpResponseStatus.REQUEST_TIMEOUT, "the request did not arrive within "
                + readMillis + " ms of its first line (nacos.http.request-read-timeout); send it at once");
    }
}
