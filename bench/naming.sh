#!/bin/bash
# The service registry, one target at a time, with wrk (1.x HTTP) and bench/grpc-bench (2.x gRPC):
#   bench/naming.sh ours|rnacos [http|grpc|hold|push ...]   (default: all four)
# http:  over 1,000 services x 100 ips (100,000 possible instances): register (random instances,
#        10 s warm-up then 20 s), beat (light beats of the same instances, 20 s), churn (register
#        then deregister of the same instance, 20 s), and instance-list query of 1,000 services x 5
#        instances (held by 5 gRPC clients), wrk -t2 -c64.
# grpc:  InstanceRequest registrations, 8 connections x 64 in flight and then 1 connection x 64 in
#        flight (one 2.x application), and ServiceQueryRequests (1,000 services x 5 instances),
#        8 connections x 64 in flight; 10 s warm-up then 20 s each, with server CPU.
# hold:  100 gRPC clients x 1,000 services = 100,000 ephemeral instances held; RSS before and
#        after, and for ours the heap after a full GC.
# push:  1,000 gRPC subscribers of one service; 30 changes 1 s apart: delay from the change to
#        each subscriber's push, and deliveries missing.
# Build first: mvn -B -DskipTests package. Results go to bench/out/naming-TARGET.txt.
source "$(dirname "$0")/lib.sh"
TARGET=${1:?usage: naming.sh ours|rnacos [http|grpc|hold|push ...]}
shift
WORKLOADS=${*:-http grpc hold push}
DURATION=${DURATION:-20s}
BENCH_JAR="$BENCH_DIR/grpc-bench/target/grpc-bench.jar"
[ -f "$BENCH_JAR" ] || { echo "no $BENCH_JAR: run mvn -B -DskipTests package first" >&2; exit 1; }
ulimit -n "$(ulimit -Hn)"
HOLDER_PID=""
trap '[ -n "$HOLDER_PID" ] && kill "$HOLDER_PID" 2>/dev/null; stop_server' EXIT

bench() {
    java -Xmx2g -jar "$BENCH_JAR" "$@" --port $((PORT + 1000)) --server-pid "$SERVER_PID" \
        ${ACCESS_TOKEN:+--access-token "$ACCESS_TOKEN"} 2>&1 | grep --line-buffered -v '^\s*at '
}

wrk_naming() {
    local mode=$1 duration=$2
    wrk -t2 -c64 -d"$duration" --latency -s "$BENCH_DIR/lua/naming.lua" "http://127.0.0.1:$PORT" -- "$mode" 1000 100
}

heap_after_gc() {
    if [ "$TARGET" = ours ]; then
        jcmd "$SERVER_PID" GC.run >/dev/null
        echo "heap after full GC: $(jcmd "$SERVER_PID" GC.heap_info | grep -o 'used [0-9]*K' | head -1)"
    fi
}

OUT="$OUT_DIR/naming-$TARGET.txt"
mkdir -p "$OUT_DIR"
{
    # The block runs in a subshell of the pipe, which does not inherit the trap: an early exit
    # (set -e) must still stop the server it started.
    trap '[ -n "$HOLDER_PID" ] && kill "$HOLDER_PID" 2>/dev/null; stop_server' EXIT
    echo "# naming, target=$TARGET, $(date -u +%FT%TZ)"
    for workload in $WORKLOADS; do
        start_server "$TARGET"
        echo "## $workload (idle RSS $(rss_mb) MB)"
        case $workload in
            http)
                echo "### warm-up (not measured): 10 s of registers"
                wrk_naming register 10s > /dev/null
                echo "### register, wrk -t2 -c64 -d$DURATION"
                load_line
                wrk_naming register "$DURATION"
                echo "### beat (light), wrk -t2 -c64 -d$DURATION"
                load_line
                wrk_naming beat "$DURATION"
                echo "### churn (register, then deregister the same instance), wrk -t2 -c64 -d$DURATION"
                load_line
                wrk_naming churn "$DURATION"
                java -Xmx1g -jar "$BENCH_JAR" naming-hold --connections 5 --services 1000 --hold 100000 \
                    --port $((PORT + 1000)) --server-pid "$SERVER_PID" > "$WORK/holder.txt" 2>&1 &
                HOLDER_PID=$!
                for _ in $(seq 1 120); do grep -q "holding" "$WORK/holder.txt" && break; sleep 1; done
                grep -v '^\s*at ' "$WORK/holder.txt"
                echo "### instance list of 1,000 services x 5 instances, wrk -t2 -c64 (10 s warm-up, then $DURATION)"
                wrk_naming list 10s > /dev/null
                load_line
                wrk_naming list "$DURATION"
                kill "$HOLDER_PID" 2>/dev/null || true
                wait "$HOLDER_PID" 2>/dev/null || true
                HOLDER_PID=""
                ;;
            grpc)
                load_line
                bench naming-register --connections 8 --inflight 64 --services 1000 --warmup 10 --seconds 20
                load_line
                bench naming-register --connections 1 --inflight 64 --services 1000 --warmup 10 --seconds 20
                load_line
                bench naming-query --connections 8 --inflight 64 --services 1000 --instances 5 --warmup 10 --seconds 20
                ;;
            hold)
                load_line
                java -Xmx2g -jar "$BENCH_JAR" naming-hold --connections 100 --services 1000 --hold 100000 \
                    --port $((PORT + 1000)) --server-pid "$SERVER_PID" > "$WORK/holder.txt" 2>&1 &
                HOLDER_PID=$!
                for _ in $(seq 1 300); do grep -q "holding" "$WORK/holder.txt" && break; sleep 1; done
                grep -v '^\s*at ' "$WORK/holder.txt"
                sleep 20
                echo "RSS holding 100,000 instances (20 s after registration): $(rss_mb) MB"
                heap_after_gc
                echo "RSS after that: $(rss_mb) MB"
                load_line
                kill "$HOLDER_PID" 2>/dev/null || true
                wait "$HOLDER_PID" 2>/dev/null || true
                HOLDER_PID=""
                ;;
            push)
                load_line
                bench naming-push --subscribers 1000 --changes 30 --interval-ms 1000
                ;;
            *) echo "unknown workload $workload" >&2 ;;
        esac
        stop_server
    done
} 2>&1 | tee "$OUT"
