package com.nacosx.bench;

import com.nacosx.api.naming.Instance;
import com.nacosx.api.remote.ServerRequest;
import com.nacosx.api.remote.naming.NotifySubscriberRequest;
import com.nacosx.api.remote.naming.SubscribeServiceRequest;
import com.nacosx.testsupport.NacosGrpcClient;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * {@code naming-push}: {@code --subscribers} connections (spread over {@code --listen-ports}, a
 * cluster's nodes, when given) subscribe to one service; a publisher (to {@code --port})
 * moves its instance there to a new port {@code --changes} times, {@code --interval-ms} apart (a
 * change every server pushes), stamping each change's number in the instance's metadata. Reports, per (subscriber, change), the delay from
 * sending the change to receiving the push that carries it, and how many were never received.
 */
final class NamingPushLoad {

    private static final String SERVICE = "bench-push";

    static void run(Args args) throws InterruptedException {
        int subscribers = args.number("subscribers", 1000);
        int changes = args.number("changes", 30);
        int interval = args.number("interval-ms", 1000);
        AtomicLongArray sentAt = new AtomicLongArray(changes + 1);
        AtomicIntegerArray lastSeen = new AtomicIntegerArray(subscribers);
        AtomicLong received = new AtomicLong();
        Latencies latencies = new Latencies();
        try (Clients clients = new Clients(args, "naming")) {
            List<NacosGrpcClient> ready = clients.open(subscribers, args.list("sources", "127.0.0.1,127.0.0.2"),
                    args.ports("listen-ports"), index -> push -> onPush(push, index, sentAt, lastSeen, received, latencies));
            NacosGrpcClient publisher = clients.open(1, List.of(args.host()), i -> push -> { }).get(0);
            CompletableFuture.allOf(ready.stream().map(client -> client.request(subscribe()))
                    .toArray(CompletableFuture[]::new)).join();
            System.out.printf("%d subscribers of %s; %d changes %d ms apart%n", ready.size(), SERVICE, changes, interval);
            for (int change = 1; change <= changes; change++) {
                sentAt.set(change, System.nanoTime());
                publisher.request(NamingLoad.register(SERVICE, "10.2.0.1", 10_000 + change,
                        Map.of("seq", Integer.toString(change))))
                        .join();
                Thread.sleep(interval);
            }
            Thread.sleep(5000);
            long expected = (long) ready.size() * changes;
            System.out.printf("naming push: %d of %d (subscriber, change) deliveries received, %d missing; delay %s%n",
                    received.get(), expected, expected - received.get(), latencies.summary());
        }
    }

    private static void onPush(ServerRequest push, int subscriber, AtomicLongArray sentAt, AtomicIntegerArray lastSeen,
            AtomicLong received, Latencies latencies) {
        if (!(push instanceof NotifySubscriberRequest notify) || notify.serviceInfo == null
                || notify.serviceInfo.hosts == null) {
            return;
        }
        long now = System.nanoTime();
        for (Instance host : notify.serviceInfo.hosts) {
            String seq = host.metadata == null ? null : host.metadata.get("seq");
            if (seq == null) {
                continue;
            }
            int change = Integer.parseInt(seq);
            int before = lastSeen.get(subscriber);
            if (change > before && change < sentAt.length() && lastSeen.compareAndSet(subscriber, before, change)) {
                received.addAndGet(change - before);
                latencies.record(now - sentAt.get(change));
            }
        }
    }

    private static SubscribeServiceRequest subscribe() {
        SubscribeServiceRequest subscribe = new SubscribeServiceRequest();
        subscribe.namespace = "public";
        subscribe.groupName = NamingLoad.GROUP;
        subscribe.serviceName = SERVICE;
        subscribe.clusters = "";
        subscribe.subscribe = true;
        return subscribe;
    }

    private NamingPushLoad() {
    }
}
