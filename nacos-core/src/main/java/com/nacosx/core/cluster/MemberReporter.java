package com.nacosx.core.cluster;

import com.nacosx.api.remote.cluster.MemberInfo;
import com.nacosx.api.remote.cluster.MemberReportRequest;
import com.nacosx.api.remote.cluster.MemberReportResponse;
import com.nacosx.core.cluster.remote.LegacyPeerHttp;
import com.nacosx.core.cluster.remote.PeerClients;
import com.nacosx.core.http.Json;
import com.nacosx.core.http.RestResult;

import java.net.ConnectException;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * Reports this node to one peer over the channel the peer speaks: the cluster gRPC port (2.x
 * nodes) or {@code POST /v1/core/cluster/report} on the main port (1.x nodes, which have no gRPC
 * port). A peer is first tried over the channel its version calls for (gRPC while it is unknown);
 * when a report fails the other channel is tried at once. So an official 1.4 node in the member
 * list is UP as soon as it answers over HTTP, and a 1.4 node replaced by one of ours is found
 * again over gRPC, as the official 2.x nodes switch between the two.
 * <p>
 * Over HTTP this node reports itself only while it is UP. An official 1.x node takes any report as
 * UP, whatever state it says, and passes clients' beats to a member that is UP: reported while
 * starting, its peers sent beats to a port not yet open and answered their clients 500 (seen in a
 * rolling upgrade); reported while stopping, it kept getting them until they found it gone. Until
 * then, and once it stops, this node only asks such a peer for {@code /v1/core/cluster/self}, which
 * tells it the peer answers without telling the peer anything.
 */
final class MemberReporter {

    static final String HTTP_REPORT_PATH = "/v1/core/cluster/report";
    static final String HTTP_SELF_PATH = "/v1/core/cluster/self";
    private static final Duration TIMEOUT = Duration.ofSeconds(3);

    private final PeerClients grpc;
    private final LegacyPeerHttp http;

    MemberReporter(PeerClients grpc, LegacyPeerHttp http) {
        this.grpc = grpc;
        this.http = http;
    }

    /**
     * @return the peer's description of itself, or null when its answer held none (a 1.4 node
     *         answers "true"); fails with {@link ReportFailed} when neither channel answered
     */
    CompletableFuture<MemberInfo> report(Member peer, MemberInfo self) {
        boolean overHttp = peer.isLegacy();
        return over(overHttp, peer, self).exceptionallyCompose(first -> over(!overHttp, peer, self)
                .whenComplete((info, second) -> {
                    if (second == null) {
                        peer.answeredOverHttp(!overHttp);
                    }
                })
                .exceptionallyCompose(second -> CompletableFuture.failedFuture(
                        new ReportFailed(overHttp ? second : first, overHttp ? first : second))));
    }

    private CompletableFuture<MemberInfo> over(boolean overHttp, Member peer, MemberInfo self) {
        if (!overHttp) {
            return grpc.request(peer, new MemberReportRequest(self), TIMEOUT).thenApply(answer -> {
                if (!answer.isSuccess()) {
                    throw new IllegalStateException(answer.message);
                }
                return answer instanceof MemberReportResponse report ? report.node : null;
            });
        }
        if (!NodeState.UP.name().equals(self.state)) {
            return http.get(peer, HTTP_SELF_PATH, Map.of(), TIMEOUT).thenApply(MemberReporter::answerOf);
        }
        return http.postJson(peer, HTTP_REPORT_PATH, Json.bytes(self), TIMEOUT).thenApply(MemberReporter::answerOf);
    }

    /**
     * The official envelope; its data is the peer's JSON as a string (a 2.x report's answer),
     * "true"/"false" (a 1.4 report's) or an object (the self query's). The self query's object
     * names the peer's version: a node of ours that answers it after a gRPC call failed (a cold
     * client past its deadline on a busy host, or a channel still backing off from a refused
     * connect) is no 1.x node, and a Raft group started then must count it among its peers.
     */
    private static MemberInfo answerOf(HttpResponse<String> response) {
        if (response.statusCode() != 200) {
            throw new IllegalStateException("HTTP " + response.statusCode());
        }
        RestResult<?> result = Json.read(response.body(), RestResult.class, "the report's answer");
        if (result.code() != 200) {
            throw new IllegalStateException(result.code() + " " + result.message());
        }
        String data = result.data() instanceof Map<?, ?> object ? Json.text(object)
                : result.data() instanceof String text ? text : "";
        if (!data.startsWith("{")) {
            return null;
        }
        try {
            return Json.read(data, MemberInfo.class, "the reporting node");
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** Neither channel answered: why, for each. */
    static final class ReportFailed extends RuntimeException {

        private final boolean refused;

        ReportFailed(Throwable overGrpc, Throwable overHttp) {
            super("over gRPC: " + rootMessage(overGrpc) + "; over HTTP: " + rootMessage(overHttp), null, false, false);
            this.refused = refused(overGrpc) && refused(overHttp);
        }

        /** Whether both channels refused the connection: nothing listens at the peer's address. */
        boolean refused() {
            return refused;
        }

        private static boolean refused(Throwable error) {
            for (Throwable cause = error; cause != null; cause = cause.getCause()) {
                if (cause instanceof ConnectException) {
                    return true;
                }
            }
            return false;
        }

        private static String rootMessage(Throwable error) {
            Throwable root = error;
            while (root.getCause() != null) {
                root = root.getCause();
            }
            return root.toString();
        }
    }
}
