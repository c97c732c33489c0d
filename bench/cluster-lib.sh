#!/bin/bash
# Sourced by the bench scripts that run clusters (after lib.sh): NODE_COUNT (default 3) nodes of
# ours, the official 2.5.1 or r-nacos 0.8.8 on 127.0.0.1, node ports P, P+100, P+200 (gRPC +1000),
# each node started with the launcher its project ships and the same heap (one node of ours is
# started standalone); start_cluster/stop_cluster/stop_node/launch_node, and the held load of the
# 1.x->2.x report with a node restarted under it (HELD_* settings). STORAGE=mysql puts ours and the
# official on one MariaDB (tests/scripts/mariadb.sh installs and starts it), emptied and loaded with
# the cluster's own schema before each cluster starts; r-nacos has no such storage.
OFFICIAL_DIR=${OFFICIAL_DIR:-/tmp/n251/distribution/target/nacos-server-2.5.1/nacos}
BENCH_JAR="$BENCH_DIR/grpc-bench/target/grpc-bench.jar"
# Both JVM servers get HEAP through their launchers' CUSTOM_NACOS_MEMORY; HEAP="-Xms64m -Xmx512m"
# lets each heap grow as its node needs, under the same cap; HEAP="" leaves each launcher its own
# default (ours: the heap that grows with the machine's memory, and the JVM it finds: JAVA_HOME, else
# Java 25 where installed).
HEAP=${HEAP--Xms512m -Xmx512m -Xmn256m}
MEMORY_SETTING=()
[ -n "$HEAP" ] && MEMORY_SETTING=(CUSTOM_NACOS_MEMORY="$HEAP")
# BREAKDOWN=1: our nodes track their native memory (-XX:NativeMemoryTracking=summary, ~3 MB a node)
# and memory_breakdown says where each node's RSS goes.
TRACKING=""
[ "${BREAKDOWN:-0}" = 1 ] && TRACKING="-XX:NativeMemoryTracking=summary"
NODE_COUNT=${NODE_COUNT:-3}
STORAGE=${STORAGE:-embedded}
case $STORAGE in
    embedded|mysql) ;;
    *) echo "STORAGE is embedded or mysql, not $STORAGE" >&2; exit 1 ;;
esac
MARIADB_PORT=${MARIADB_PORT:-13306}
PORTS=()
for index in $(seq 0 $((NODE_COUNT - 1))); do PORTS+=($((PORT + 100 * index))); done
MEMBERS=$(printf "127.0.0.1:%s," "${PORTS[@]}")
MEMBERS=${MEMBERS%,}
GRPC_PORTS=$(for port in "${PORTS[@]}"; do echo $((port + 1000)); done | paste -sd,)
NODE_PIDS=()
NODE_HOMES=()
HELD_PID=""

stop_cluster() {
    # Under set -e a failed kill as the last of an && list would end the script: the load may be gone.
    if [ -n "$HELD_PID" ]; then kill "$HELD_PID" 2>/dev/null || true; fi
    HELD_PID=""
    for pid in "${NODE_PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
    for index in "${!NODE_PIDS[@]}"; do stop_node "$index"; done
    for home in "${NODE_HOMES[@]}"; do
        # KEEP_LOGS=DIR keeps each node's logs (its start phases, the restart's among them).
        if [ -n "${KEEP_LOGS:-}" ] && [ -d "$home/nacos/logs" ]; then
            mkdir -p "$KEEP_LOGS/$(basename "$home")" && cp -r "$home/nacos/logs/." "$KEEP_LOGS/$(basename "$home")/"
        fi
        rm -rf "$home"
    done
    NODE_PIDS=()
    NODE_HOMES=()
}
trap stop_cluster EXIT

start_node() {
    local target=$1 index=$2
    local home
    home=$(mktemp -d /tmp/nacosx-side-XXXX)
    NODE_HOMES[index]=$home
    case $target in
        ours)
            tar -xzf "$ROOT_DIR"/distribution/target/nacos-server-*.tar.gz -C "$home"
            [ "$STORAGE" = mysql ] && use_database "$home/nacos/conf/application.properties"
            ;;
        official)
            [ -d "$OFFICIAL_DIR" ] || { echo "no official 2.5.1 at $OFFICIAL_DIR (build tag 2.5.1 with -Prelease-nacos)" >&2; exit 1; }
            cp -r "$OFFICIAL_DIR" "$home/nacos"
            tr ',' '\n' <<< "$MEMBERS" > "$home/nacos/conf/cluster.conf"
            [ "$STORAGE" = mysql ] && use_database "$home/nacos/conf/application.properties"
            ;;
        rnacos) [ -x "$RNACOS_BIN" ] || { echo "r-nacos not found at $RNACOS_BIN" >&2; exit 1; } ;;
    esac
    launch_node "$target" "$index"
    # An r-nacos node joins through the first: it must be up before the next starts.
    if [ "$target" = rnacos ]; then await_sound_rnacos "$index"; fi
}

# await_sound_rnacos INDEX: waits until r-nacos node INDEX is ready. An r-nacos 0.8.8 node can
# panic as it starts (raftapply.rs:421, unwrap() on None) and then answer but take no write: such a
# node is started again on an empty data directory, up to three times.
await_sound_rnacos() {
    local index=$1 home=${NODE_HOMES[$1]}
    for attempt in 1 2 3; do
        await_ready "${PORTS[index]}"
        grep -q panicked "$home/rnacos.out" || return 0
        echo "r-nacos node on ${PORTS[index]} panicked as it started (try $attempt): starting it again" >&2
        stop_node "$index"
        rm -rf "$home/data"
        mv "$home/rnacos.out" "$home/rnacos.out.$attempt"
        launch_node rnacos "$index"
    done
    await_ready "${PORTS[index]}"
    if grep -q panicked "$home/rnacos.out"; then
        echo "r-nacos node on ${PORTS[index]} panicked in four starts: see $home" >&2
        NODE_HOMES=()
        exit 1
    fi
}

# launch_node TARGET INDEX: (re)starts node INDEX from its home with the launcher its project
# ships, keeping its data, and leaves its pid in NODE_PIDS.
launch_node() {
    local target=$1 index=$2 port=${PORTS[$2]} home=${NODE_HOMES[$2]}
    case $target in
        ours)
            local mode=(-m cluster -c "$MEMBERS")
            [ "$STORAGE" = embedded ] && mode+=(-p embedded)
            [ "$NODE_COUNT" = 1 ] && mode=(-m standalone)
            env "${MEMORY_SETTING[@]}" \
                JAVA_OPT_EXT="-Dserver.port=$port -Dserver.address=127.0.0.1 -Dnacos.inetutils.ip-address=127.0.0.1 $TRACKING ${EXTRA_OPTS:-}" \
                "$home/nacos/bin/startup.sh" "${mode[@]}" >/dev/null 2>&1
            NODE_PIDS[index]=$(cat "$home/nacos/logs/nacos.pid")
            ;;
        official) launch_official "$index" ;;
        rnacos)
            local join=""
            [ "$index" -gt 0 ] && join="127.0.0.1:$((PORTS[0] + 1000))"
            (cd "$home" && exec env RNACOS_SDK_HOST=127.0.0.1 RNACOS_CONSOLE_HOST=127.0.0.1 RNACOS_HTTP_PORT=$port \
                RNACOS_GRPC_PORT=$((port + 1000)) RNACOS_HTTP_CONSOLE_PORT=$((port + 2000)) RNACOS_DATA_DIR="$home/data" \
                RNACOS_RAFT_NODE_ID=$((index + 1)) RNACOS_RAFT_NODE_ADDR=127.0.0.1:$((port + 1000)) \
                RNACOS_RAFT_AUTO_INIT=$([ "$index" = 0 ] && echo true || echo false) RNACOS_RAFT_JOIN_ADDR="$join" \
                RUST_LOG=warn "$RNACOS_BIN") >> "$home/rnacos.out" 2>&1 &
            NODE_PIDS[index]=$!
            ;;
    esac
}

# stop_node INDEX: stops node INDEX by its pid, as shutdown does, and waits until it is gone.
stop_node() {
    local pid=${NODE_PIDS[$1]}
    kill "$pid" 2>/dev/null || true
    for _ in $(seq 1 150); do kill -0 "$pid" 2>/dev/null || return 0; sleep 0.2; done
    kill -9 "$pid" 2>/dev/null || true
}

# launch_official INDEX: (re)starts the official node INDEX from its home, keeping its data.
launch_official() {
    local index=$1 home=${NODE_HOMES[$1]}
    # 2.5.1 passes JAVA_OPT_EXT after -jar: the settings go as Spring arguments.
    (cd "$home/nacos" && env "${MEMORY_SETTING[@]}" \
        JAVA_OPT_EXT="--server.port=${PORTS[$index]} --nacos.inetutils.ip-address=127.0.0.1" \
        bash bin/startup.sh $([ "$STORAGE" = embedded ] && echo "-p embedded") >/dev/null 2>&1)
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
        stop_node "$index"
        launch_official "$index"
    done
    await_ready "$port"
}

# Writes go through Raft: the cluster serves when a publish through each node is acknowledged.
# One that takes none within 5 minutes ends the run (an r-nacos 0.8.8 node once panicked at start,
# "RaftStoreApply module ill", and its cluster never took a write).
await_writable() {
    for port in "${PORTS[@]}"; do
        local accepted=""
        for _ in $(seq 1 600); do
            if curl -s -m 5 -X POST "http://127.0.0.1:$port/nacos/v1/cs/configs" -d dataId=side-by-side-probe \
                -d group=BENCH -d content=ok 2>/dev/null | grep -q true; then
                accepted=yes
                break
            fi
            sleep 0.5
        done
        if [ -z "$accepted" ]; then
            echo "the node on $port took no config write within 5 minutes; its home is left for a look:" \
                "${NODE_HOMES[*]}" >&2
            NODE_HOMES=()
            exit 1
        fi
    done
}

# use_database PROPERTIES: the node's settings (ours and the official read the same keys) pointed at
# the shared MariaDB.
use_database() {
    # The official file's last line has no newline.
    cat >> "$1" <<CONF

spring.sql.init.platform=mysql
db.num=1
db.url.0=jdbc:mysql://127.0.0.1:$MARIADB_PORT/nacos?characterEncoding=utf8&useSSL=false&serverTimezone=UTC
db.user.0=nacos
db.password.0=nacos
CONF
}

# fresh_database TARGET: the shared MariaDB's nacos database emptied and loaded with the schema
# TARGET ships, so that no cluster starts on another's rows.
fresh_database() {
    local schema="$ROOT_DIR/conf/mysql-schema.sql"
    [ "$1" = official ] && schema="$OFFICIAL_DIR/conf/mysql-schema.sql"
    MARIADB_PORT=$MARIADB_PORT bash "$ROOT_DIR/tests/scripts/mariadb.sh" reset
    mariadb --protocol=tcp -h127.0.0.1 -P"$MARIADB_PORT" -unacos -pnacos nacos < "$schema"
}

start_cluster() {
    local target=$1
    [ "$STORAGE" = mysql ] && fresh_database "$target"
    for index in "${!PORTS[@]}"; do start_node "$target" "$index"; done
    for index in "${!PORTS[@]}"; do
        if [ "$target" = official ]; then
            await_official_ready "$index"
        else
            await_ready "${PORTS[index]}"
        fi
    done
    await_writable
}

# held_in_background [--NAME VALUE...]: the held load (settings HELD_*, then these, which win) on
# one client that stays up after its report (--linger) for the restart; prints the report and
# leaves the client's pid in HELD_PID.
held_in_background() {
    CLIENT_OUT="$WORK_DIR/held.txt"
    # A report left by the last point must not pass for this one's.
    rm -f "$CLIENT_OUT"
    java -Xmx2g -jar "$BENCH_JAR" held --port $((PORTS[0] + 1000)) --ports "$GRPC_PORTS" \
        --naming-connections "$HELD_CONNECTIONS" --instances "$HELD_INSTANCES" --config-connections 100 \
        --listeners "$HELD_LISTENERS" --settle "$HELD_SETTLE" --steady "$HELD_STEADY" --linger 3600 \
        --server-pid "$(IFS=,; echo "${NODE_PIDS[*]}")" "$@" > "$CLIENT_OUT" 2>&1 &
    HELD_PID=$!
    until grep -qs '^held:' "$CLIENT_OUT"; do
        kill -0 "$HELD_PID" 2>/dev/null || { cat "$CLIENT_OUT"; echo "the held load ended before its report" >&2; exit 1; }
        sleep 1
    done
    grep -v '^SLF4J' "$CLIENT_OUT"
}

# lists_the_others_share PORT: the node on PORT lists, in each held service, at least the instances
# registered through the other two nodes (the connections whose index is not 2 mod 3).
lists_the_others_share() {
    local port=$1 expected=$((HELD_CONNECTIONS - HELD_CONNECTIONS / 3))
    for service in $(seq 0 $((HELD_INSTANCES / HELD_CONNECTIONS - 1))); do
        local listed
        listed=$(curl -s -m 10 "http://127.0.0.1:$port/nacos/v1/ns/instance/list?serviceName=held-$service&healthyOnly=false" \
            | jq '.hosts | length' 2>/dev/null || echo 0)
        [ "${listed:-0}" -ge "$expected" ] || return 1
    done
}

# seconds_since MILLIS: the seconds from MILLIS (since the epoch) until now, to a tenth.
seconds_since() {
    awk -v ms=$(($(date +%s%3N) - $1)) 'BEGIN {printf "%.1f", ms / 1000}'
}

# median FIGURE...: the middle figure (the upper of the two middle ones), or nothing when a
# figure is missing, so that a failed restart is not hidden by the others.
median() {
    local figure
    for figure in "$@"; do [ -n "$figure" ] || return 0; done
    printf '%s\n' "$@" | sort -g | awk '{f[NR] = $1} END {print f[int(NR / 2) + 1]}'
}

# relaunch TARGET INDEX: node INDEX is stopped by its pid and launched again on its data with its
# launcher; waits until it is ready and leaves the launch (ms since the epoch) in LAUNCHED and the
# seconds it took to be ready in RESTART_READY.
relaunch() {
    local target=$1 index=$2
    stop_node "$index"
    LAUNCHED=$(date +%s%3N)
    launch_node "$target" "$index"
    for _ in $(seq 1 12000); do is_ready "${PORTS[index]}" && break; sleep 0.05; done
    RESTART_READY=$(seconds_since "$LAUNCHED")
}

# restart_under_held TARGET: node 3 is relaunched under the held load; seconds from the launch
# until it is ready, until it lists the instances held through the other nodes, and until a new
# share of the held load (a third of its connections, instances and listeners, through that node
# alone) is registered and listening.
restart_under_held() {
    local target=$1 port=${PORTS[2]}
    relaunch "$target" 2
    for _ in $(seq 1 1500); do lists_the_others_share "$port" && break; sleep 0.2; done
    RESTART_LISTING=$(seconds_since "$LAUNCHED")
    java -Xmx1g -jar "$BENCH_JAR" held --port $((port + 1000)) --service-prefix rejoin- \
        --naming-connections $((HELD_CONNECTIONS / 3)) --instances $((HELD_INSTANCES / 3)) --config-connections 33 \
        --listeners $((HELD_LISTENERS / 3)) --settle 0 --steady 1 --server-pid "${NODE_PIDS[2]}" \
        > "$WORK_DIR/rejoin.txt" 2>&1 || true
    RESTART_SHARE=$(seconds_since "$LAUNCHED")
    grep -v '^SLF4J' "$WORK_DIR/rejoin.txt" | grep -v '^held:' || true
    grep -q 'listen failures 0' "$WORK_DIR/rejoin.txt" || RESTART_SHARE=""
    echo "node on $port launched again: ready after $RESTART_READY s, lists the other nodes' instances after" \
        "$RESTART_LISTING s, holds a new share after ${RESTART_SHARE:-(failed)} s"
}

# memory_breakdown: one line a node of ours: its RSS and what the JVM's native memory tracking says
# it committed, by kind (MB). Committed is not resident: a page committed and never touched (G1's
# mark stack, 32 MB) counts there and not in the RSS. The RSS less all the JVM committed is what
# the JVM does not account for (RocksDB, native libraries' code, malloc's overhead) less what it
# committed and never touched. Needs BREAKDOWN=1.
memory_breakdown() {
    for index in "${!NODE_PIDS[@]}"; do
        local pid=${NODE_PIDS[index]} summary
        summary=$(jcmd "$pid" VM.native_memory summary 2>/dev/null) || { echo "node $index: no memory tracking"; continue; }
        awk -v node="$index" -v rss="$(awk '/^VmRSS/ {print $2}' "/proc/$pid/status")" \
            -v threads="$(awk '/^Threads/ {print $2}' "/proc/$pid/status")" '
            function mb(kb) { return sprintf("%.0f", kb / 1024) }
            /^-/ { name = $0; sub(/^- */, "", name); sub(/ *\(reserved.*/, "", name)
                   match($0, /committed=[0-9]+KB/); kb = substr($0, RSTART + 10, RLENGTH - 12); part[name] = kb; total += kb }
            END {
                classes = part["Shared class space"] + part["Metaspace"] + part["Class"]
                other = total - part["Java Heap"] - classes - part["Code"] - part["GC"] - part["Thread"]
                printf "node %s: RSS %s MB; the JVM committed heap %s, classes %s (archive %s, metaspace %s), code %s, GC %s, threads %s (%s), other %s; RSS less all it committed %s\n",
                    node, mb(rss), mb(part["Java Heap"]), mb(classes), mb(part["Shared class space"]), mb(part["Metaspace"]),
                    mb(part["Code"]), mb(part["GC"]), mb(part["Thread"]), threads, mb(other), mb(rss - total)
            }' <<< "$summary"
    done
}
