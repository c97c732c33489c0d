#!/bin/bash
# Three nodes of ours, three official 2.5.1 nodes and three r-nacos 0.8.8 nodes, one cluster at a
# time on 127.0.0.1 (node ports P, P+100, P+200), each started with the launcher its project ships
# and the same heap (-Xms512m -Xmx512m -Xmn256m for the two JVM servers), embedded storage:
#   bench/cluster-side-by-side.sh [tiny|full] [ours official rnacos]   (default: full, all three)
# Workloads, with the clients spread over the three nodes as the SDK spreads them:
#   register: 2.x instance registers over gRPC, 8 connections x 8 in flight per node, 1,000 services
#   publish:  config publish over gRPC, 8 connections x 8 in flight per node, 1 KB to 1,000 keys
#             (every publish is committed through the cluster's Raft group)
#   query:    config query over gRPC, 8 connections x 64 in flight per node, 200 configs of 5 KB
#             (these three: one load process per node, run at once, their rates summed)
#   push:     100 listener connections spread over the nodes, each listening to 100 configs; one
#             connection to the first node publishes changes, 64 in flight, as fast as acked:
#             pushes delivered per second on all nodes, and the publish-to-push p99
#   held:     the 1.x->2.x report's cluster at rest: 14,000 instances on 1,400 connections and
#             20,000 config listeners on 100 connections spread over the nodes, health checks every
#             5 s: the three nodes' CPU over 60 s and their RSS, summed
# "full" warms up 30 s and measures 20 s; "tiny" (to show the harness works) 2 s and 3 s, and a
# held load of 300 instances and 1,000 listeners for 5 s. Needs: mvn -B -DskipTests package (ours
# and bench/grpc-bench), the official 2.5.1 built from its source tag at $OFFICIAL_DIR (default
# /tmp/n251/distribution/target/nacos-server-2.5.1/nacos), and r-nacos at $RNACOS_BIN (cargo
# install rnacos --version 0.8.8 --root /opt/rnacos).
# Ends with one line per workload:
#   WORKLOAD: ours X/s, official Y/s, r-nacos Z/s, ours/official R1, ours/r-nacos R2
# and for the push p99 and the held load (less is better) official/ours and r-nacos/ours:
#   held-cpu: ours X%, official Y%, r-nacos Z%, official/ours R1, r-nacos/ours R2
# Results go to bench/out/cluster-side-by-side.txt.
# Still to come (issue 48): the 1.x register+beat workload, a node restart under the held load,
# MySQL, and the scale curves.
source "$(dirname "$0")/lib.sh"
ulimit -n "$(ulimit -Hn)"
SIZE=${1:-full}
shift || true
TARGETS=${*:-ours official rnacos}
OFFICIAL_DIR=${OFFICIAL_DIR:-/tmp/n251/distribution/target/nacos-server-2.5.1/nacos}
BENCH_JAR="$BENCH_DIR/grpc-bench/target/grpc-bench.jar"
HEAP="-Xms512m -Xmx512m -Xmn256m"
case $SIZE in
    full) WARMUP=30; SECONDS_MEASURED=20; HELD_CONNECTIONS=1400; HELD_INSTANCES=14000; HELD_LISTENERS=20000
          HELD_STEADY=60 ;;
    tiny) WARMUP=2; SECONDS_MEASURED=3; HELD_CONNECTIONS=30; HELD_INSTANCES=300; HELD_LISTENERS=1000; HELD_STEADY=5 ;;
    *) echo "usage: bench/cluster-side-by-side.sh [tiny|full] [ours official rnacos]" >&2; exit 1 ;;
esac
[ -f "$BENCH_JAR" ] || { echo "no $BENCH_JAR: run mvn -B -DskipTests package first" >&2; exit 1; }
PORTS=("$PORT" $((PORT + 100)) $((PORT + 200)))
MEMBERS=$(printf "127.0.0.1:%s," "${PORTS[@]}")
MEMBERS=${MEMBERS%,}
GRPC_PORTS=$(printf "%s," $((PORTS[0] + 1000)) $((PORTS[1] + 1000)) $((PORTS[2] + 1000)))
GRPC_PORTS=${GRPC_PORTS%,}
NODE_PIDS=()
NODE_HOMES=()

stop_cluster() {
    for pid in "${NODE_PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
    for pid in "${NODE_PIDS[@]}"; do
        for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
        kill -9 "$pid" 2>/dev/null || true
    done
    for home in "${NODE_HOMES[@]}"; do rm -rf "$home"; done
    NODE_PIDS=()
    NODE_HOMES=()
}
trap stop_cluster EXIT

start_node() {
    local target=$1 index=$2 port=${PORTS[$2]}
    local home
    home=$(mktemp -d /tmp/nacosx-side-XXXX)
    NODE_HOMES+=("$home")
    case $target in
        ours)
            tar -xzf "$ROOT_DIR"/distribution/target/nacos-server-*.tar.gz -C "$home"
            JVM_XMS=512m JVM_XMX=512m JVM_XMN=256m \
                JAVA_OPT_EXT="-Dserver.port=$port -Dserver.address=127.0.0.1 -Dnacos.inetutils.ip-address=127.0.0.1" \
                "$home/nacos/bin/startup.sh" -m cluster -p embedded -c "$MEMBERS" >/dev/null 2>&1
            NODE_PIDS+=("$(cat "$home/nacos/logs/nacos.pid")")
            ;;
        official)
            [ -d "$OFFICIAL_DIR" ] || { echo "no official 2.5.1 at $OFFICIAL_DIR (build tag 2.5.1 with -Prelease-nacos)" >&2; exit 1; }
            cp -r "$OFFICIAL_DIR" "$home/nacos"
            tr ',' '\n' <<< "$MEMBERS" > "$home/nacos/conf/cluster.conf"
            launch_official "$index"
            ;;
        rnacos)
            [ -x "$RNACOS_BIN" ] || { echo "r-nacos not found at $RNACOS_BIN" >&2; exit 1; }
            local join=""
            [ "$index" -gt 0 ] && join="127.0.0.1:$((PORTS[0] + 1000))"
            (cd "$home" && exec env RNACOS_SDK_HOST=127.0.0.1 RNACOS_CONSOLE_HOST=127.0.0.1 RNACOS_HTTP_PORT=$port \
                RNACOS_GRPC_PORT=$((port + 1000)) RNACOS_HTTP_CONSOLE_PORT=$((port + 2000)) RNACOS_DATA_DIR="$home/data" \
                RNACOS_RAFT_NODE_ID=$((index + 1)) RNACOS_RAFT_NODE_ADDR=127.0.0.1:$((port + 1000)) \
                RNACOS_RAFT_AUTO_INIT=$([ "$index" = 0 ] && echo true || echo false) RNACOS_RAFT_JOIN_ADDR="$join" \
                RUST_LOG=warn "$RNACOS_BIN") > "$home/rnacos.out" 2>&1 &
            NODE_PIDS+=("$!")
            # A node joins through the first: it must be up before the next starts.
            await_ready "$port"
            ;;
    esac
}

# launch_official INDEX: (re)starts the official node INDEX from its home, keeping its data.
launch_official() {
    local index=$1 home=${NODE_HOMES[$1]}
    # 2.5.1 passes JAVA_OPT_EXT after -jar: the settings go as Spring arguments.
    (cd "$home/nacos" && CUSTOM_NACOS_MEMORY="$HEAP" \
        JAVA_OPT_EXT="--server.port=${PORTS[$index]} --nacos.inetutils.ip-address=127.0.0.1" \
        bash bin/startup.sh -p embedded >/dev/null 2>&1)
    local pid=""
    for _ in $(seq 1 100); do
        pid=$(pgrep -f "nacos.home=$home/nacos" | head -1 || true)
        [ -n "$pid" ] && break
        sleep 0.1
    done
    NODE_PIDS[index]=$pid
}

# is_ready PORT: the node answers its readiness probe with 200.
is_ready() {
    curl -s -o /dev/null -m 5 -w "%{http_code}" "http://127.0.0.1:$1/nacos/v1/console/health/readiness" 2>/dev/null \
        | grep -q 200
}

await_ready() {
    local port=$1
    for _ in $(seq 1 1500); do
        is_ready "$port" && return
        sleep 0.2
    done
    echo "node on $port did not become ready; its home is left for a look: ${NODE_HOMES[*]}" >&2
    NODE_HOMES=()
    exit 1
}

# An official 2.5.1 embedded node may wait for good in EmbeddedDumpService.init while its peers
# serve (seen here and by hand with the same commands): one not ready after OFFICIAL_READY_BOUND
# seconds is stopped by its pid and started again on its data, up to three times.
OFFICIAL_READY_BOUND=${OFFICIAL_READY_BOUND:-180}
await_official_ready() {
    local index=$1 port=${PORTS[$1]}
    for attempt in 1 2 3; do
        for _ in $(seq 1 $((OFFICIAL_READY_BOUND * 5))); do
            is_ready "$port" && return
            sleep 0.2
        done
        echo "official node on $port not ready after ${OFFICIAL_READY_BOUND} s (try $attempt): restarting it" >&2
        kill "${NODE_PIDS[index]}" 2>/dev/null || true
        for _ in $(seq 1 150); do kill -0 "${NODE_PIDS[index]}" 2>/dev/null || break; sleep 0.2; done
        kill -9 "${NODE_PIDS[index]}" 2>/dev/null || true
        launch_official "$index"
    done
    await_ready "$port"
}

# Writes go through Raft: the cluster serves when a publish through each node is acknowledged.
await_writable() {
    for port in "${PORTS[@]}"; do
        for _ in $(seq 1 600); do
            curl -s -X POST "http://127.0.0.1:$port/nacos/v1/cs/configs" -d dataId=side-by-side-probe \
                -d group=BENCH -d content=ok 2>/dev/null | grep -q true && break
            sleep 0.5
        done
    done
}

start_cluster() {
    local target=$1
    for index in 0 1 2; do start_node "$target" "$index"; done
    for index in 0 1 2; do
        if [ "$target" = official ]; then
            await_official_ready "$index"
        else
            await_ready "${PORTS[index]}"
        fi
    done
    await_writable
}

# on_every_node WORKLOAD ARGS...: one load process per node at once; prints each node's line and
# leaves the summed rate in RATE.
on_every_node() {
    local outs=() pids=()
    for index in 0 1 2; do
        local out="$WORK_DIR/node$index.txt"
        outs+=("$out")
        java -Xmx2g -jar "$BENCH_JAR" "$@" --port $((PORTS[index] + 1000)) --server-pid "${NODE_PIDS[index]}" \
            --warmup "$WARMUP" --seconds "$SECONDS_MEASURED" > "$out" 2>&1 &
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

# on_one_client WORKLOAD ARGS...: one load process that spreads its connections over the nodes
# itself and samples all three; its output is printed and left in CLIENT_OUT.
on_one_client() {
    CLIENT_OUT="$WORK_DIR/client.txt"
    java -Xmx2g -jar "$BENCH_JAR" "$@" --server-pid "$(IFS=,; echo "${NODE_PIDS[*]}")" > "$CLIENT_OUT" 2>&1 || true
    grep -v '^SLF4J' "$CLIENT_OUT" | grep -vE '^warm-up' || true
}

declare -A RESULT
WORK_DIR=$(mktemp -d /tmp/nacosx-side-load-XXXX)
OUT="$OUT_DIR/cluster-side-by-side.txt"
mkdir -p "$OUT_DIR"
{
    trap 'stop_cluster; rm -rf "$WORK_DIR"' EXIT
    echo "# 3-node clusters side by side ($SIZE), ports ${PORTS[*]}, $(date -u +%FT%TZ)"
    for target in $TARGETS; do
        start_cluster "$target"
        echo "## $target: $(load_line)"
        echo "### register"
        on_every_node naming-register --connections 8 --inflight 8 --services 1000
        RESULT[$target,register]=$RATE
        echo "### publish"
        on_every_node publish --connections 8 --inflight 8 --configs 1000 --size 1024
        RESULT[$target,publish]=$RATE
        echo "### query"
        on_every_node query --connections 8 --inflight 64 --configs 200 --size 5120
        RESULT[$target,query]=$RATE
        echo "### push"
        on_one_client push --port $((PORTS[0] + 1000)) --listen-ports "$GRPC_PORTS" --listeners 100 --configs 100 \
            --publishers 1 --inflight 64 --warmup "$WARMUP" --seconds "$SECONDS_MEASURED"
        RESULT[$target,push]=$(sed -n 's/^pushes received in the window [0-9]* (\([0-9]*\)\/s).*/\1/p' "$CLIENT_OUT")
        RESULT[$target,push-p99]=$(sed -n 's/^pushes received.*push delay p50 [0-9.]* ms, p99 \([0-9.]*\) ms.*/\1/p' "$CLIENT_OUT")
        echo "### held"
        on_one_client held --port $((PORTS[0] + 1000)) --ports "$GRPC_PORTS" --naming-connections "$HELD_CONNECTIONS" \
            --instances "$HELD_INSTANCES" --config-connections 100 --listeners "$HELD_LISTENERS" --steady "$HELD_STEADY"
        RESULT[$target,held-cpu]=$(sed -n 's/^held: .* CPU \([0-9.]*\)% of one core.*/\1/p' "$CLIENT_OUT")
        RESULT[$target,held-rss]=$(sed -n 's/^held: .* RSS \([0-9]*\) MB (all nodes.*/\1/p' "$CLIENT_OUT")
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
        if [ "$3" = yes ]; then
            echo "$name: ours ${ours:--}$unit, official ${official:--}$unit, r-nacos ${rnacos:--}$unit," \
                "ours/official $(ratio "$ours" "$official"), ours/r-nacos $(ratio "$ours" "$rnacos")"
        else
            echo "$name: ours ${ours:--}$unit, official ${official:--}$unit, r-nacos ${rnacos:--}$unit," \
                "official/ours $(ratio "$official" "$ours"), r-nacos/ours $(ratio "$rnacos" "$ours")"
        fi
    }
    for workload in register publish query push; do
        result_line "$workload" /s yes
    done
    result_line push-p99 " ms" no
    result_line held-cpu % no
    result_line held-rss " MB" no
} 2>&1 | tee "$OUT"
