package com.nacosx.core.raft;

import com.nacosx.api.exception.ErrorCode;
import com.nacosx.api.exception.NacosException;
import com.nacosx.api.remote.Response;
import com.nacosx.api.remote.cluster.RaftWriteRequest;
import com.nacosx.api.remote.cluster.RaftWriteResponse;
import com.nacosx.core.remote.AsyncRequestHandler;
import com.nacosx.core.remote.RequestMeta;
import com.nacosx.core.util.Futures;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.springframework.stereotype.Component;

/** Serves a write a follower passed on: this node, the group's leader, commits it. */
@Component
public class RaftWriteHandler implements AsyncRequestHandler<RaftWriteRequest> {

    private final RaftGroups groups;
    private final RaftSettings settings;

    public RaftWriteHandler(RaftGroups groups, RaftSettings settings) {
        this.groups = groups;
        this.settings = settings;
    }

    @Override
    public Class<RaftWriteRequest> requestType() {
        return RaftWriteRequest.class;
    }

    @Override
    public boolean peersOnly() {
        return true;
    }

    /**
     * Answered when committed, so no thread waits; entries from one follower are appended in the
     * order they came. One the follower already gave up on is refused: its client was told the write
     * failed and may have written since (found by the fault tests: writes a cut follower passed on
     * arrived when the cut healed, TCP's retransmission having kept them, and overwrote newer ones).
     * This compares the nodes' clocks, which a Nacos cluster keeps in step.
     */
    @Override
    public CompletableFuture<Response> handleAsync(RaftWriteRequest request, RequestMeta meta) {
        if (request.group == null || request.entry == null) {
            throw NacosException.badRequest("a Raft write needs a group and an entry");
        }
        if (request.validUntil > 0 && System.currentTimeMillis() > request.validUntil) {
            throw notCommitted(request, "it arrived " + (System.currentTimeMillis() - request.validUntil)
                    + " ms after the node that passed it on stopped waiting (a slow or cut link between them)");
        }
        long timeout = settings.writeTimeout().toMillis();
        return groups.commitAsLeader(request.group, request.entry)
                .orTimeout(timeout, TimeUnit.MILLISECONDS)
                .handle((committed, error) -> {
                    if (error == null) {
                        return new RaftWriteResponse();
                    }
                    Throwable cause = Futures.causeOf(error);
                    if (RaftGroup.refusedBeforeLog(cause)) {
                        throw notCommitted(request, cause.getMessage());
                    }
                    // Appended here, it may still commit: the follower must not pass it on again.
                    throw new NacosException(NacosException.GATEWAY_TIMEOUT, ErrorCode.SERVER_ERROR, "write to "
                            + request.group + " appended but not known to be committed: " + (cause instanceof TimeoutException
                            ? "not committed within " + timeout + " ms" : cause.getMessage()));
                });
    }

    /** Refused before the log: the follower may pass it on again. */
    private static NacosException notCommitted(RaftWriteRequest request, String why) {
        return new NacosException(NacosException.SERVICE_UNAVAILABLE, ErrorCode.SERVER_ERROR,
                "write to " + request.group + " not committed: " + why);
    }

    @Override
    public Response failure() {
        return new RaftWriteResponse();
    }
}
