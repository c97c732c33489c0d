package com.nacosx.core.cluster.remote;

import com.nacosx.api.grpc.auto.Payload;
import com.nacosx.api.remote.PayloadCodec;
import com.nacosx.api.remote.Response;
import com.nacosx.core.util.DaemonThreads;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Where a peer's answer is decoded and its caller continued. The peers' channels run their calls'
 * callbacks on the gRPC event loop, which every call to that peer, and the other channels gRPC put
 * on that loop (JRaft's among them), share. A small answer is decoded there at once; a large one (a
 * peer's Distro snapshot: megabytes of clients) on a thread of its own. Two peers' snapshots held a
 * restarted node's loops for ~0.7 s, and with them the notice that its Raft groups had started: the
 * leader heard of them only after the snapshots were loaded.
 */
final class PeerAnswers {

    static final int INLINE_BYTES = 64 * 1024;
    private static final PeerAnswers SHARED = new PeerAnswers(largeAnswerThreads());

    private final Executor largeAnswers;

    PeerAnswers(Executor largeAnswers) {
        this.largeAnswers = largeAnswers;
    }

    static PeerAnswers shared() {
        return SHARED;
    }

    void complete(Payload result, CompletableFuture<Response> answer) {
        if (result.getBody().getValue().size() > INLINE_BYTES) {
            largeAnswers.execute(() -> decode(result, answer));
        } else {
            decode(result, answer);
        }
    }

    private static void decode(Payload result, CompletableFuture<Response> answer) {
        try {
            answer.complete((Response) PayloadCodec.decode(result));
        } catch (RuntimeException unreadable) {
            answer.completeExceptionally(unreadable);
        }
    }

    /** A thread a core, started when a large answer comes and ended after a while without one. */
    private static Executor largeAnswerThreads() {
        int threads = Runtime.getRuntime().availableProcessors();
        ThreadPoolExecutor pool = new ThreadPoolExecutor(threads, threads, 30, TimeUnit.SECONDS,
                new LinkedBlockingQueue<>(), DaemonThreads.named("peer-large-answers"));
        pool.allowCoreThreadTimeOut(true);
        return pool;
    }
}
