package com.nacosx.core.cluster.remote;

import com.nacosx.api.remote.Request;
import com.nacosx.api.remote.Response;
import com.nacosx.core.auth.AuthSettings;
import com.nacosx.core.cluster.ClusterSettings;
import com.nacosx.core.cluster.Member;
import org.springframework.core.env.StandardEnvironment;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/** The peers' side of the cluster port: each call sent, to whom, and the answers the test releases. */
final class HeldPeerCalls extends PeerClients {

    static final Member PEER = new Member("127.0.0.1", 8848);

    final List<Request> sent = new ArrayList<>();
    final List<String> sentTo = new ArrayList<>();
    final List<CompletableFuture<Response>> held = new ArrayList<>();

    HeldPeerCalls() {
        super(new ClusterSettings(false, "127.0.0.1", 7848, 3, "127.0.0.1:7848,127.0.0.1:8848", "file", "", 0,
                "", Path.of("cluster.conf")), AuthSettings.from(new StandardEnvironment()));
    }

    @Override
    public CompletableFuture<Response> request(Member peer, Request request, Duration timeout) {
        CompletableFuture<Response> answer = new CompletableFuture<>();
        sent.add(request);
        sentTo.add(peer.address());
        held.add(answer);
        return answer;
    }

    void answer(int call, Function<Request, Response> answer) {
        held.get(call).complete(answer.apply(sent.get(call)));
    }

    void fail(int call, Throwable failure) {
        held.get(call).completeExceptionally(failure);
    }
}
