#!/bin/bash
# Scale curves of ours alone, on one node (bin/startup.sh -m standalone) and on three (a cluster
# on embedded storage, started as cluster-side-by-side.sh starts it), each with the same heap
# (-Xms512m -Xmx512m -Xmn256m). Each point on fresh nodes, its load held by grpc-bench held (every
# connection checking its health every 5 s, spread over the nodes), then the nodes' CPU over 30 s
# at rest, their heap after a full GC (jcmd) and their RSS, summed over the nodes:
#   instances    1k, 10k, 100k ephemeral instances, 10 per connection (the 1.x->2.x report's ratio)
#   connections  1k, 10k, 20k connections, each listening to 10 configs
#   configs      1k, 10k, 100k configs of 256 bytes, one connection listening to 10 of them
# and, at the largest point of the instances and the configs, a node stopped by its pid and
# launched again on its data: seconds until it is ready (and, on three nodes, until it lists the
# instances held through the other two and until a new third of the load through it is up).
#   bench/scale-curves.sh [one|three ...]   (default: one three)
# CURVES names the curves to run (default all: instances connections configs).
# Prints one line per point:
#   CURVE NODES SIZE: cpu X%, heap Y MB, rss Z MB, up in S s
# and writes them to $OUT_DIR/scale-curves.txt; bench/plot-scale.sh draws them.
source "$(dirname "$0")/lib.sh"
ulimit -n "$(ulimit -Hn)"
TOPOLOGIES=${*:-one three}
CURVES=${CURVES:-instances connections configs}
HELD_SETTLE=10
HELD_STEADY=30
[ -x "$(command -v jq)" ] || { echo "scale-curves.sh needs jq" >&2; exit 1; }
WORK_DIR=$(mktemp -d /tmp/nacosx-scale-XXXX)
OUT="$OUT_DIR/scale-curves.txt"
mkdir -p "$OUT_DIR"

# heap_after_gc_mb: the nodes' heap in use after a full GC each, summed, in MB.
heap_after_gc_mb() {
    local total=0
    for pid in "${NODE_PIDS[@]}"; do
        jcmd "$pid" GC.run >/dev/null
        local kilobytes
        kilobytes=$(jcmd "$pid" GC.heap_info | grep -o 'used [0-9]*K' | head -1 | grep -o '[0-9]*')
        total=$((total + kilobytes / 1024))
    done
    echo "$total"
}

# point CURVE SIZE HELD-ARGS...: fresh nodes, the load held, its line; leaves the load up.
point() {
    local curve=$1 size=$2
    shift 2
    start_cluster ours
    held_in_background "$@"
    local cpu rss up heap
    cpu=$(sed -n 's/^held: .* CPU \([0-9.]*\)% of one core.*/\1/p' "$CLIENT_OUT")
    rss=$(sed -n 's/^held: .* RSS \([0-9]*\) MB (all nodes.*/\1/p' "$CLIENT_OUT")
    up=$(sed -n 's/.* up in \([0-9.]*\) s .*/\1/p' "$CLIENT_OUT")
    heap=$(heap_after_gc_mb)
    echo "$curve $NODE_COUNT $size: cpu $cpu%, heap $heap MB, rss $rss MB, up in $up s" | tee -a "$WORK_DIR/points.txt"
}

# restart_ready CURVE SIZE INDEX: node INDEX relaunched; its point: seconds until it is ready.
restart_ready() {
    relaunch ours "$3"
    echo "restart-$1 $NODE_COUNT $2: ready after $RESTART_READY s" | tee -a "$WORK_DIR/points.txt"
}

{
    trap 'stop_cluster; rm -rf "$WORK_DIR"' EXIT
    echo "# scale curves of ours, $(date -u +%FT%TZ), $(load_line)"
    for topology in $TOPOLOGIES; do
        case $topology in
            one) NODE_COUNT=1 ;;
            three) NODE_COUNT=3 ;;
            *) echo "usage: bench/scale-curves.sh [one|three ...]" >&2; exit 1 ;;
        esac
        # cluster-lib.sh lays the nodes out by NODE_COUNT when it is sourced.
        source "$BENCH_DIR/cluster-lib.sh"
        trap 'stop_cluster; rm -rf "$WORK_DIR"' EXIT
        for size in 1000 10000 100000; do
            [[ " $CURVES " == *" instances "* ]] || break
            HELD_CONNECTIONS=$((size / 10)) HELD_INSTANCES=$size HELD_LISTENERS=10
            point instances "$size" --config-connections 1
            if [ "$size" = 100000 ] && [ "$NODE_COUNT" = 1 ]; then
                restart_ready instances "$size" 0
            elif [ "$size" = 100000 ]; then
                restart_under_held ours
                echo "restart-instances 3 $size: ready after $RESTART_READY s, lists after $RESTART_LISTING s," \
                    "new share after ${RESTART_SHARE:--} s" | tee -a "$WORK_DIR/points.txt"
            fi
            stop_cluster
        done
        for size in 1000 10000 20000; do
            [[ " $CURVES " == *" connections "* ]] || break
            # A node holds its share of the connections and the one load process all of them, each
            # with its own files besides: past the open-files limit, the point cannot be run here.
            if [ $((size + 1000)) -gt "$(ulimit -Hn)" ]; then
                echo "connections $NODE_COUNT $size: skipped: $size connections and the process's own files" \
                    "exceed the open-files limit of $(ulimit -Hn) (ulimit -Hn) that this host allows" | tee -a "$WORK_DIR/points.txt"
                continue
            fi
            HELD_CONNECTIONS=1 HELD_INSTANCES=1 HELD_LISTENERS=$((size * 10))
            point connections "$size" --config-connections "$size"
            stop_cluster
        done
        for size in 1000 10000 100000; do
            [[ " $CURVES " == *" configs "* ]] || break
            HELD_CONNECTIONS=1 HELD_INSTANCES=1 HELD_LISTENERS=10
            point configs "$size" --config-connections 1 --configs "$size"
            if [ "$size" = 100000 ]; then restart_ready configs "$size" $((NODE_COUNT - 1)); fi
            stop_cluster
        done
    done
    echo "## points"
    cat "$WORK_DIR/points.txt"
} 2>&1 | tee "$OUT"
grep -E '^[a-z-]+ [13] [0-9]+:' "$OUT" | sort -u > "$OUT_DIR/scale-points.txt"
