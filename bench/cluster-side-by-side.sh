#!/bin/bash
# Three nodes of ours, three official 2.5.1 nodes and three r-nacos 0.8.8 nodes, one cluster at a
# time on 127.0.0.1 (node ports P, P+100, P+200), each started with the launcher its project ships
# and the same heap (-Xms512m -Xmx512m -Xmn256m for the two JVM servers; HEAP="..." sets another for
# both, as "-Xms64m -Xmx512m" for heaps that grow as their nodes need; HEAP="" for each launcher's
# own default), embedded storage; BREAKDOWN=1 adds where each node of ours holds its memory at rest;
# KEEP_LOGS=DIR keeps every node's logs there (a restarted node's start phases are in its nacos.log):
#   bench/cluster-side-by-side.sh [tiny|full] [ours official rnacos]   (default: full, all three)
# STORAGE=mysql runs ours and the official on one MariaDB instead (each cluster on an empty
# database with its own schema; the figures are named WORKLOAD-mysql); r-nacos, which has no such
# storage, is left out of that run.
# Workloads, with the clients spread over the three nodes as the SDK spreads them:
#   register: 2.x instance registers over gRPC, 8 connections x 8 in flight per node, 1,000 services
#   publish:  config publish over gRPC, 8 connections x 8 in flight per node, 1 KB to 1,000 keys
#             (every publish is committed through the cluster's Raft group)
#   query:    config query over gRPC, 8 connections x 64 in flight per node, 200 configs of 5 KB
#             (these three: one load process per node, run at once, their rates summed)
#   publish-one: config publish over gRPC, one connection with one publish at a time, 1 KB to
#             100 keys: such a load on every node at once for the warm-up, then on each node in turn
#             for the measure: the mean rate of the three and the worst p99. Two of the three nodes
#             pass each publish on to the leader, so this is also the wait of a sparse write taken
#             by a follower
#   push:     100 listener connections spread over the nodes, each listening to 100 configs; one
#             connection to the first node publishes changes, 64 in flight, as fast as acked:
#             pushes delivered per second on all nodes, and the publish-to-push p99
#   1x-register, 1x-beat: the 1.x HTTP Open API, one wrk -t1 -c16 per node at once, over 5,000
#             instances (50 services x 100 addresses): registrations, then light beats
#   held:     the 1.x->2.x report's cluster at rest: 14,000 instances on 1,400 connections and
#             20,000 config listeners on 100 connections spread over the nodes, health checks every
#             5 s: the three nodes' CPU over 60 s and their RSS, summed (measured from 20 s after the
#             load is up; HELD_SETTLE=SECONDS measures later, once the JIT compilers are done)
#   restart:  under the held load, the third node is stopped by its pid and launched again on its
#             data: seconds until it is ready, until it lists the instances held through the other
#             two, and until a new third of the held load through it alone is registered and listening
# "full" warms up 120 s and measures 20 s: on this 2-core host, shared by three nodes and their
# load, a JVM node's JIT compilers need that long to compile a workload's path (jstat -compiler: a
# node compiled for 40 s of CPU in the register storm's first minute, and for 100 s in three
# minutes of publishes; after 30 s the JIT still took 40-55% of a node's CPU). "tiny" (to show the
# harness works, about 2 min for ours) 1 s and 2 s, and a held load of 300 instances and 1,000
# listeners for 5 s after 2 s (not 20). WARMUP (seconds) overrides either; WINDOWS=N measures the
# register, publish and query N windows one after another, each printed (with WARMUP=0, the warm-up
# curve), and reports the last; WORKLOADS names the
# workloads to run (default all: register publish publish-one query push 1x-register 1x-beat held restart;
# restart needs held); RESTARTS=N restarts the third node N times in a row and reports the median
# of each restart figure (this host's restarts spread over a second and more). Needs: wrk (installed
# from Debian's packages when absent), jq, mvn -B -DskipTests package (ours and bench/grpc-bench),
# the official 2.5.1 built from its source tag at $OFFICIAL_DIR (default
# /tmp/n251/distribution/target/nacos-server-2.5.1/nacos), and r-nacos at $RNACOS_BIN (cargo
# install rnacos --version 0.8.8 --root /opt/rnacos).
# Ends with one line per workload:
#   WORKLOAD: ours X/s, official Y/s, r-nacos Z/s, ours/official R1, ours/r-nacos R2
# and for p99s, the held load and the restart (less is better) official/ours and r-nacos/ours:
#   held-cpu: ours X%, official Y%, r-nacos Z%, official/ours R1, r-nacos/ours R2
# and exits 1 when a cluster it ran left a workload without a figure. Results go to
# $OUT_DIR/cluster-side-by-side.txt (default bench/out).
source "$(dirname "$0")/lib.sh"
source "$ROOT_DIR/tests/scripts/debian-packages.sh"
install_if_absent wrk wrk || true
install_if_absent jq jq || true
ulimit -n "$(ulimit -Hn)"
SIZE=${1:-full}
shift || true
TARGETS=${*:-ours official rnacos}
source "$BENCH_DIR/cluster-lib.sh"
NAME_SUFFIX=""
if [ "$STORAGE" = mysql ]; then
    NAME_SUFFIX=-mysql
    [[ " $TARGETS " == *" rnacos "* ]] && echo "r-nacos has no MySQL storage: left out of this run" >&2
    TARGETS=$(tr ' ' '\n' <<< "$TARGETS" | grep -vx rnacos | paste -sd' ')
fi
case $SIZE in
    full) WARMUP=${WARMUP:-120}; SECONDS_MEASURED=20; HELD_CONNECTIONS=1400; HELD_INSTANCES=14000; HELD_LISTENERS=20000
          HELD_SETTLE=${HELD_SETTLE:-20}; HELD_STEADY=60 ;;
    tiny) WARMUP=${WARMUP:-1}; SECONDS_MEASURED=2; HELD_CONNECTIONS=30; HELD_INSTANCES=300; HELD_LISTENERS=1000; HELD_SETTLE=2
          HELD_STEADY=5 ;;
    *) echo "usage: bench/cluster-side-by-side.sh [tiny|full] [ours official rnacos]" >&2; exit 1 ;;
esac
WORKLOADS=${WORKLOADS:-register publish publish-one query push 1x-register 1x-beat held restart}
[ -f "$BENCH_JAR" ] || { echo "no $BENCH_JAR: run mvn -B -DskipTests package first" >&2; exit 1; }

# on_every_node WORKLOAD ARGS...: one load process per node at once; prints each node's line and
# leaves the summed rate in RATE.
on_every_node() {
    local outs=() pids=()
    for index in 0 1 2; do
        local out="$WORK_DIR/node$index.txt"
        outs+=("$out")
        java -Xmx2g -jar "$BENCH_JAR" "$@" --port $((PORTS[index] + 1000)) --server-pid "${NODE_PIDS[index]}" \
            --warmup "$WARMUP" --seconds "$SECONDS_MEASURED" --windows "${WINDOWS:-1}" > "$out" 2>&1 &
        pids+=("$!")
    done
    for pid in "${pids[@]}"; do wait "$pid" || true; done
    RATE=0
    for out in "${outs[@]}"; do
        grep -v '^SLF4J' "$out" | grep -E 'requests|errors|refused' || true
        local rate
        rate=$(sed -n 's/.* \([0-9]*\) req\/s.*/\1/p' "$out" | tail -1)
        RATE=$((RATE + ${rate:-0}))
    done
}

# one_at_a_time: publish-one's load on every node at once for WARMUP seconds (three JVMs compile
# on two cores: a sparse load measured sooner measures their compilers), then on each node in turn;
# leaves the mean rate in RATE and the worst node's p99 in P99.
one_at_a_time() {
    local total=0 warming=()
    for index in 0 1 2; do
        java -jar "$BENCH_JAR" publish --connections 1 --inflight 1 --configs 100 --size 1024 \
            --port $((PORTS[index] + 1000)) --server-pid "${NODE_PIDS[index]}" --warmup 0 --seconds "$WARMUP" \
            > /dev/null 2>&1 &
        warming+=("$!")
    done
    for pid in "${warming[@]}"; do wait "$pid" || true; done
    P99=0
    for index in 0 1 2; do
        local out="$WORK_DIR/one$index.txt"
        java -jar "$BENCH_JAR" publish --connections 1 --inflight 1 --configs 100 --size 1024 \
            --port $((PORTS[index] + 1000)) --server-pid "${NODE_PIDS[index]}" --warmup 1 --seconds "$SECONDS_MEASURED" \
            > "$out" 2>&1 || true
        grep -v '^SLF4J' "$out" | grep -E 'requests|errors|refused' || true
        local rate p99
        rate=$(sed -n 's/.* \([0-9]*\) req\/s.*/\1/p' "$out" | tail -1)
        p99=$(sed -n 's/.* p99 \([0-9.]*\) ms.*/\1/p' "$out" | tail -1)
        total=$((total + ${rate:-0}))
        P99=$(awk -v a="$P99" -v b="${p99:-0}" 'BEGIN { printf "%.2f", (b > a ? b : a) }')
    done
    RATE=$((total / 3))
}

# on_one_client WORKLOAD ARGS...: one load process that spreads its connections over the nodes
# itself and samples all three; its output is printed and left in CLIENT_OUT.
on_one_client() {
    CLIENT_OUT="$WORK_DIR/client.txt"
    java -Xmx2g -jar "$BENCH_JAR" "$@" --server-pid "$(IFS=,; echo "${NODE_PIDS[*]}")" > "$CLIENT_OUT" 2>&1 || true
    grep -v '^SLF4J' "$CLIENT_OUT" | grep -vE '^warm-up' || true
}

# legacy MODE: the 1.x HTTP Open API through every node at once, one wrk -t1 -c16 per node, over
# 5,000 instances (50 services x 100 addresses, each instance an application of its own, as the
# 1.0 report registers them): MODE register (POST /nacos/v1/ns/instance) or beat (light beats of
# the same instances). Leaves the summed rate in RATE and the worst node's p99 in P99.
legacy() {
    local mode=$1 outs=() loads=()
    # Waits on its own wrk processes only: r-nacos nodes are children of this shell too.
    for port in "${PORTS[@]}"; do
        wrk -t1 -c16 -d"${WARMUP}s" -s "$BENCH_DIR/lua/naming.lua" "http://127.0.0.1:$port" -- "$mode" 50 100 distinct \
            > /dev/null &
        loads+=("$!")
    done
    wait "${loads[@]}"
    loads=()
    for port in "${PORTS[@]}"; do
        outs+=("$WORK_DIR/legacy-$port.txt")
        wrk -t1 -c16 -d"${SECONDS_MEASURED}s" --latency -s "$BENCH_DIR/lua/naming.lua" "http://127.0.0.1:$port" \
            -- "$mode" 50 100 distinct > "$WORK_DIR/legacy-$port.txt" &
        loads+=("$!")
    done
    wait "${loads[@]}"
    RATE=0
    P99=0
    for out in "${outs[@]}"; do
        echo "$(basename "$out" .txt): $(awk '/Requests\/sec/ {print $2}' "$out") req/s," \
            "p99 $(awk '$1 == "99%" {print $2}' "$out"), $(grep -E 'Non-2xx|Socket errors' "$out" || echo 'no errors')"
        RATE=$(awk -v a="$RATE" -v b="$(awk '/Requests\/sec/ {print $2}' "$out")" 'BEGIN {printf "%.0f", a + b}')
        P99=$(awk -v a="$P99" -v b="$(awk '$1 == "99%" {print $2}' "$out")" 'BEGIN {
            v = b + 0; if (b ~ /us$/) v /= 1000; else if (b ~ /[^m]s$/) v *= 1000; printf "%.2f", (v > a ? v : a) }')
    done
}

# runs WORKLOAD: whether WORKLOADS names it.
runs() {
    [[ " $WORKLOADS " == *" $1 "* ]]
}

declare -A RESULT
WORK_DIR=$(mktemp -d /tmp/nacosx-side-load-XXXX)
OUT="$OUT_DIR/cluster-side-by-side.txt"
mkdir -p "$OUT_DIR"
{
    trap 'stop_cluster; rm -rf "$WORK_DIR"' EXIT
    echo "# 3-node clusters side by side ($SIZE, $STORAGE storage), ports ${PORTS[*]}, $(date -u +%FT%TZ)"
    for target in $TARGETS; do
        start_cluster "$target"
        echo "## $target: $(load_line)"
        if runs register; then
            echo "### register"
            on_every_node naming-register --connections 8 --inflight 8 --services 1000
            RESULT[$target,register]=$RATE
        fi
        if runs publish; then
            echo "### publish"
            on_every_node publish --connections 8 --inflight 8 --configs 1000 --size 1024
            RESULT[$target,publish]=$RATE
        fi
        if runs publish-one; then
            echo "### publish, one at a time, through each node in turn"
            one_at_a_time
            RESULT[$target,publish-one]=$RATE
            RESULT[$target,publish-one-p99]=$P99
        fi
        if runs query; then
            echo "### query"
            on_every_node query --connections 8 --inflight 64 --configs 200 --size 5120
            RESULT[$target,query]=$RATE
        fi
        if runs push; then
            echo "### push"
            on_one_client push --port $((PORTS[0] + 1000)) --listen-ports "$GRPC_PORTS" --listeners 100 --configs 100 \
                --publishers 1 --inflight 64 --warmup "$WARMUP" --seconds "$SECONDS_MEASURED"
            RESULT[$target,push]=$(sed -n 's/^pushes received in the window [0-9]* (\([0-9]*\)\/s).*/\1/p' "$CLIENT_OUT")
            RESULT[$target,push-p99]=$(sed -n 's/^pushes received.*push delay p50 [0-9.]* ms, p99 \([0-9.]*\) ms.*/\1/p' \
                "$CLIENT_OUT")
        fi
        if runs 1x-register; then
            echo "### legacy register"
            legacy register
            RESULT[$target,1x-register]=$RATE
            RESULT[$target,1x-register-p99]=$P99
        fi
        if runs 1x-beat; then
            echo "### legacy beat"
            legacy beat
            RESULT[$target,1x-beat]=$RATE
            RESULT[$target,1x-beat-p99]=$P99
        fi
        if runs held; then
            echo "### held"
            held_in_background
            RESULT[$target,held-cpu]=$(sed -n 's/^held: .* CPU \([0-9.]*\)% of one core.*/\1/p' "$CLIENT_OUT")
            RESULT[$target,held-rss]=$(sed -n 's/^held: .* RSS \([0-9]*\) MB (all nodes.*/\1/p' "$CLIENT_OUT")
            [ "$target" = ours ] && [ "${BREAKDOWN:-0}" = 1 ] && memory_breakdown
            if runs restart; then
                echo "### restart"
                readies=() listings=() shares=()
                for _ in $(seq 1 "${RESTARTS:-1}"); do
                    restart_under_held "$target"
                    readies+=("$RESTART_READY") listings+=("$RESTART_LISTING") shares+=("$RESTART_SHARE")
                done
                RESULT[$target,restart-ready]=$(median "${readies[@]}")
                RESULT[$target,restart-listing]=$(median "${listings[@]}")
                RESULT[$target,restart-share]=$(median "${shares[@]}")
            fi
        fi
        stop_cluster
    done
    ratio() {
        if [ -n "$1" ] && [ -n "$2" ]; then
            awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else printf "-" }'
        else
            echo "-"
        fi
    }
    # result_line NAME UNIT HIGHER_IS_BETTER: the three servers' figures and two ratios, each so
    # that a ratio above 1 is ours doing better (rates: ours over theirs; at rest: theirs over ours).
    result_line() {
        local name=$1 unit=$2 ours=${RESULT[ours,$1]:-} official=${RESULT[official,$1]:-} rnacos=${RESULT[rnacos,$1]:-}
        [ -z "$ours$official$rnacos" ] && return
        if [ "$3" = yes ]; then
            echo "$name$NAME_SUFFIX: ours ${ours:--}$unit, official ${official:--}$unit, r-nacos ${rnacos:--}$unit," \
                "ours/official $(ratio "$ours" "$official"), ours/r-nacos $(ratio "$ours" "$rnacos")"
        else
            echo "$name$NAME_SUFFIX: ours ${ours:--}$unit, official ${official:--}$unit, r-nacos ${rnacos:--}$unit," \
                "official/ours $(ratio "$official" "$ours"), r-nacos/ours $(ratio "$rnacos" "$ours")"
        fi
    }
    for workload in register publish publish-one query push 1x-register 1x-beat; do
        result_line "$workload" /s yes
    done
    for workload in publish-one-p99 push-p99 1x-register-p99 1x-beat-p99; do
        result_line "$workload" " ms" no
    done
    result_line held-cpu % no
    result_line held-rss " MB" no
    for workload in restart-ready restart-listing restart-share; do
        result_line "$workload" " s" no
    done
    missing=0
    for target in $TARGETS; do
        for key in "${!RESULT[@]}"; do
            [[ $key == "$target,"* ]] && [ -z "${RESULT[$key]}" ] && { echo "no figure for ${key#*,} on $target" >&2; missing=1; }
        done
    done
    exit "$missing"
} 2>&1 | tee "$OUT"
