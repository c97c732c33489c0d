#!/bin/bash
# Config center over gRPC (the 2.x protocol), one target at a time, with bench/grpc-bench:
#   bench/config-grpc.sh ours|rnacos [query|publish|publish-fuzzy|publish-warmup|connections|push|push-fanout ...]
#   (default: all but publish-fuzzy and publish-warmup)
# 1. query: config query QPS, 8 connections x 64 requests in flight, 200 configs of 1 KB,
#    10 s warm-up then 20 s measured; server CPU per request from /proc.
# 1b. publish: config publish QPS of 1 KB to random keys among 1,000, 8 connections x 8 in flight
#    (20 s warm-up, 20 s measured), then 1 connection x 64 in flight (the shape of one 2.x
#    application publishing from many threads; 10 s more warm-up, 20 s measured).
# 1b'. publish-fuzzy (ours only: a 3.x feature): the publish of 1b (1 connection x 64 in flight) with
#    no fuzzy-watch pattern, then on a fresh server with 10,000 patterns watched (500 connections x
#    20, all in the publishes' namespace and group, none matching), as prefix, suffix and contains
#    patterns (the server indexes the first two and walks the third): the cost of finding a
#    publish's watchers.
# 1c. publish-warmup: the warm-up curve of a fresh server: 1 connection x 64 in flight publishing
#    from the first second, twelve 5 s windows one after the other.
# 2. connections: 2 x 9,750 connections (two load processes: one process may hold at most
#    20,000 descriptors here) doing the real handshake from 127.0.0.1-8, each listening to 200
#    configs and health-checking every 5 s like the SDK; server CPU over a 60 s steady window, RSS.
# 3. push: 500 listener connections x 100 configs, 8 publishers changing the configs round-robin
#    as fast as they are acked, 30 s of warm-up then 20 s measured: pushes received per second,
#    delay from the publish to the push, and (listener, config) pairs never told of their config's
#    last change.
# 3b. push-fanout: the shape of a 2.x application publishing to configs its fleet listens to: 100
#    listener connections x 100 configs, one publishing connection with up to 64 publishes in
#    flight offered 1,000 changes/s (30 s warm-up, 20 s measured): publishes that got through and
#    their p99, pushes per second, push delay, missed notices; then the same publisher as fast as
#    its 64 in flight are acked (10 s more warm-up, 20 s measured), where the server is the limit.
# Build first: mvn -B -DskipTests package. Results go to bench/out/config-grpc-TARGET.txt.
source "$(dirname "$0")/lib.sh"
TARGET=${1:?usage: config-grpc.sh ours|rnacos [query|publish|publish-fuzzy|publish-warmup|connections|push|push-fanout ...]}
shift
WORKLOADS=${*:-query publish connections push push-fanout}
BENCH_JAR="$BENCH_DIR/grpc-bench/target/grpc-bench.jar"
[ -f "$BENCH_JAR" ] || { echo "no $BENCH_JAR: run mvn -B -DskipTests package first" >&2; exit 1; }
ulimit -n "$(ulimit -Hn)"
LOADER_PID=""
trap '[ -n "$LOADER_PID" ] && kill "$LOADER_PID" 2>/dev/null; stop_server' EXIT

bench() {
    java -Xmx4g -jar "$BENCH_JAR" "$@" --port $((PORT + 1000)) --server-pid "$SERVER_PID" \
        ${ACCESS_TOKEN:+--access-token "$ACCESS_TOKEN"} 2>&1 | grep --line-buffered -v '^\s*at '
}

OUT="$OUT_DIR/config-grpc-$TARGET.txt"
mkdir -p "$OUT_DIR"
{
    # The block runs in a subshell of the pipe, which does not inherit the trap: an early exit
    # (set -e) must still stop the server it started.
    trap '[ -n "$LOADER_PID" ] && kill "$LOADER_PID" 2>/dev/null; stop_server' EXIT
    echo "# config over gRPC, target=$TARGET, $(date -u +%FT%TZ)"
    for workload in $WORKLOADS; do
        start_server "$TARGET"
        echo "## $workload (idle RSS $(rss_mb) MB)"
        load_line
        case $workload in
            query)
                bench query --connections 8 --inflight 64 --configs 200 --size 1024 --warmup 10 --seconds 20
                ;;
            publish)
                bench publish --connections 8 --inflight 8 --configs 1000 --size 1024 --warmup 20 --seconds 20
                bench publish --connections 1 --inflight 64 --configs 1000 --size 1024 --warmup 10 --seconds 20
                ;;
            publish-fuzzy)
                bench publish --connections 1 --inflight 64 --configs 1000 --size 1024 --warmup 20 --seconds 20
                stop_server
                start_server "$TARGET"
                bench publish --connections 1 --inflight 64 --configs 1000 --size 1024 --warmup 20 --seconds 20 \
                    --fuzzy-patterns 10000
                stop_server
                start_server "$TARGET"
                bench publish --connections 1 --inflight 64 --configs 1000 --size 1024 --warmup 20 --seconds 20 \
                    --fuzzy-patterns 10000 --fuzzy-form suffix
                stop_server
                start_server "$TARGET"
                bench publish --connections 1 --inflight 64 --configs 1000 --size 1024 --warmup 20 --seconds 20 \
                    --fuzzy-patterns 10000 --fuzzy-form contains
                ;;
            publish-warmup)
                bench publish --connections 1 --inflight 64 --configs 1000 --size 1024 --warmup 0 --seconds 5 \
                    --windows 12
                ;;
            connections)
                # Started directly (not through the bench function's pipe) so that $! is the JVM to stop.
                java -Xmx4g -jar "$BENCH_JAR" connections --connections 9750 --listen 200 --steady 400 \
                    --sources 127.0.0.1,127.0.0.2,127.0.0.3,127.0.0.4 --port $((PORT + 1000)) \
                    --server-pid "$SERVER_PID" > "$WORK/first-half.txt" 2>&1 &
                LOADER_PID=$!
                for _ in $(seq 1 300); do grep -q "set up" "$WORK/first-half.txt" && break; sleep 1; done
                grep -v '^\s*at ' "$WORK/first-half.txt"
                (sleep 75; echo "established connections to the server during the steady window: $(ss -Htn state established "( sport = :$((PORT + 1000)) )" | wc -l)"; load_line) &
                PROBE_PID=$!
                bench connections --connections 9750 --listen 200 --steady 60 \
                    --sources 127.0.0.5,127.0.0.6,127.0.0.7,127.0.0.8
                wait "$PROBE_PID"
                kill "$LOADER_PID" 2>/dev/null || true
                wait "$LOADER_PID" 2>/dev/null || true
                LOADER_PID=""
                ;;
            push)
                bench push --listeners 500 --configs 100 --publishers 8 --warmup 30 --seconds 20
                ;;
            push-fanout)
                bench push --listeners 100 --configs 100 --publishers 1 --inflight 64 --rate 1000 --warmup 30 \
                    --seconds 20
                load_line
                bench push --listeners 100 --configs 100 --publishers 1 --inflight 64 --warmup 10 --seconds 20
                ;;
            *) echo "unknown workload $workload" >&2 ;;
        esac
        stop_server
    done
} 2>&1 | tee "$OUT"
