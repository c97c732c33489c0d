package com.nacosx.core.cluster.remote;

import com.nacosx.core.util.Futures;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.net.ConnectException;

/**
 * A request that cannot have reached the peer: no connection to it could be set up. Unlike a
 * timeout or a connection lost mid-call, the peer did nothing with it, so sending it again (or to
 * another node) cannot make it happen twice.
 */
public final class PeerUnreachable extends RuntimeException {

    PeerUnreachable(String address, Throwable cause) {
        super("peer " + address + " is unreachable: " + cause.getMessage(), cause);
    }

    /** Whether {@code failure} (as a future fails with it) says the request cannot have reached the peer. */
    public static boolean isCause(Throwable failure) {
        return Futures.causeOf(failure) instanceof PeerUnreachable;
    }

    /** A call gRPC failed because it could not connect: UNAVAILABLE from a refused or failed connect. */
    static boolean refusedConnection(Throwable error) {
        if (!(error instanceof StatusRuntimeException grpc) || grpc.getStatus().getCode() != Status.Code.UNAVAILABLE) {
            return false;
        }
        for (Throwable cause = error.getCause(); cause != null; cause = cause.getCause()) {
            if (cause instanceof ConnectException) {
                return true;
            }
        }
        return false;
    }
}
