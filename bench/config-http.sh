#!/bin/bash
# Config center over HTTP (1.x Open API), one target at a time:
#   bench/config-http.sh ours|rnacos
# 1. GET of 200 configs of 5 KB with random keys (wrk, 2 threads, 64 connections, 20 s)
# 2. publish of random keys among 1000, 1 KB content (wrk, 2 threads, 16 connections, 20 s)
# 3. 5,000 held 1.x long polls (wrk -c5000 holds one poll per connection for 30 s): heap after a
#    full GC and thread count for ours, RSS for both.
# Both targets get the same warm-up (15 s of reads, 30 s of publishes) before anything is measured:
# the JVM needs about that long to compile its hot paths.
# Results go to bench/out/config-http-TARGET.txt.
source "$(dirname "$0")/lib.sh"
TARGET=${1:?usage: config-http.sh ours|rnacos}
DURATION=${DURATION:-20s}
ulimit -n "$(ulimit -Hn)"
trap stop_server EXIT

start_server "$TARGET"
OUT="$OUT_DIR/config-http-$TARGET.txt"
{
    # The block runs in a subshell of the pipe, which does not inherit the trap: an early exit
    # (set -e) must still stop the server it started.
    trap stop_server EXIT
    echo "# config over HTTP, target=$TARGET, $(date -u +%FT%TZ)"
    echo "idle RSS: $(rss_mb) MB"
    MD5=$(seed_configs 200 5120)
    echo "## warm-up (not measured): 15 s of reads, 30 s of publishes"
    wrk -t2 -c64 -d15s -s "$BENCH_DIR/lua/config-get.lua" "http://127.0.0.1:$PORT" -- 200 > /dev/null
    wrk -t2 -c16 -d30s -s "$BENCH_DIR/lua/config-publish.lua" "http://127.0.0.1:$PORT" -- 1000 1024 > /dev/null
    echo "## GET 200 configs x 5 KB, random keys, wrk -t2 -c64 -d$DURATION"
    load_line
    wrk -t2 -c64 -d"$DURATION" --latency -s "$BENCH_DIR/lua/config-get.lua" "http://127.0.0.1:$PORT" -- 200
    echo "## publish 1000 keys x 1 KB, wrk -t2 -c16 -d$DURATION"
    load_line
    wrk -t2 -c16 -d"$DURATION" --latency -s "$BENCH_DIR/lua/config-publish.lua" "http://127.0.0.1:$PORT" -- 1000 1024
    echo "## 5000 held long polls"
    wrk -t2 -c5000 -d25s --timeout 60s -s "$BENCH_DIR/lua/long-poll.lua" "http://127.0.0.1:$PORT" -- 200 "$MD5" 30000 > "$WORK/lp.txt" 2>&1 &
    WRK_PID=$!
    sleep 20
    load_line
    echo "established connections to the server: $(ss -Htn state established "( sport = :$PORT )" | wc -l)"
    echo "RSS with polls held: $(rss_mb) MB"
    if [ "$TARGET" = ours ]; then
        jcmd "$SERVER_PID" GC.run >/dev/null
        echo "heap after full GC: $(jcmd "$SERVER_PID" GC.heap_info | grep -o 'used [0-9]*K' | head -1)"
        echo "JVM threads: $(thread_count)"
    fi
    wait "$WRK_PID" || true
    echo "long-poll wrk summary (requests answered in 25 s; polls are held ~29.5 s, so ~0 is expected):"
    grep -E "requests in|Socket errors" "$WORK/lp.txt" || true
} 2>&1 | tee "$OUT"
