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

    /** Answered when committed, so no thread waits; entries from one follower are appended in the order they came. */
    @Override
    public CompletableFuture<Response> handleAsync(RaftWriteRequest request, RequestMeta meta) {
        if (request.group == null || request.entry == null) {
            throw NacosException.badRequest("a Raft write needs a group and an entry");
        }
        long timeout = settings.writeTimeout().toMillis();
        return groups.commitAsLeader(request.group, request.entry)
                .orTimeout(timeout, TimeUnit.MILLISECONDS)
                .handle((committed, error) -> {
                    if (error == null) {
                        return new RaftWriteResponse();
                    }
                    Throwable cause = Futures.causeOf(error);
                    throw notCommitted(request, cause instanceof TimeoutException
                            ? "not committed within " + timeout + " ms" : cause.getMessage());
                });
    }

    private static NacosException notCommitted(RaftWriteRequest request, String why) {
        return new NacosException(NacosException.SERVICE_UNAVAILABLE, ErrorCode.SERVER_ERROR,
                "write to " + request.group + " not committed: " + why);
    }

    @Override
    public Response failure() {
        return new RaftWriteResponse();
    }
}
