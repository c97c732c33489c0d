#!/bin/bash
# Start-up time: from the launcher's call to a 200 from /nacos/v1/console/health/readiness.
#   startup.sh ours [RUNS]       our packaged server: standalone on a fresh install, standalone
#                                restarted on its data, and three fresh nodes of an embedded-storage
#                                cluster started together (ready = all three ready)
#   startup.sh official DIR [RUNS]
#                                the same for an official Nacos install dir (nacos/ with bin, conf,
#                                target), e.g. 2.5.1 built from source
# Ours runs on the Java its launcher picks (25 where installed) unless JAVA_HOME is set; the official
# server on JAVA_HOME, else the java on the PATH. Each server is stopped by its pid before the next
# run. BUSY=1 keeps both cores busy with two spinning shell loops while the servers start (the loops
# are stopped by their pids at the end).
source "$(dirname "$0")/lib.sh"

TARGET=${1:?usage: startup.sh ours|official [DIR] [RUNS]}
if [ "$TARGET" = official ]; then
    DIST=${2:?startup.sh official DIR [RUNS]}
    RUNS=${3:-5}
else
    DIST=""
    RUNS=${2:-5}
fi
BASE=$(mktemp -d /tmp/nacosx-startup-XXXX)
SPINNERS=()
STARTED=()

cleanup() {
    for pid in "${STARTED[@]}" "${SPINNERS[@]}"; do
        kill "$pid" 2>/dev/null || true
    done
    rm -rf "$BASE"
}
trap cleanup EXIT

# install DIR: a fresh copy of the server under DIR/nacos
install() {
    mkdir -p "$1"
    if [ -z "$DIST" ]; then
        tar -xzf "$ROOT_DIR"/distribution/target/nacos-server-*.tar.gz -C "$1"
    else
        cp -a "$DIST" "$1/nacos"
        rm -rf "$1/nacos/data" "$1/nacos/logs"
    fi
}

now_ms() {
    date +%s%3N
}

# launch HOME PORT ARGS...: starts the server of HOME/nacos on PORT and records its pid
launch() {
    local home=$1 port=$2
    shift 2
    local settings="server.port=$port server.address=127.0.0.1 nacos.inetutils.ip-address=127.0.0.1" options
    local java_home=${JAVA_HOME:-}
    if [ -z "$DIST" ]; then
        options=$(printf -- '-D%s ' $settings)
    else
        # The official launcher puts JAVA_OPT_EXT after -jar: there they are the application's arguments.
        options=$(printf -- '--%s ' $settings)
        # It needs JAVA_HOME; ours, without one, picks the Java its users get (25 where installed).
        java_home=${java_home:-$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")}
    fi
    JAVA_HOME=$java_home JAVA_OPT_EXT="$options" "$home/nacos/bin/startup.sh" "$@" >/dev/null
    STARTED+=("$(pid_of "$home")")
}

pid_of() {
    if [ -f "$1/nacos/logs/nacos.pid" ]; then
        cat "$1/nacos/logs/nacos.pid"
    else
        # The official launcher writes no pid file: find the JVM by its home.
        pgrep -f -- "-Dnacos.home=$1/nacos" | head -1
    fi
}

# await_ready PORT...: waits (bounded at 10 minutes) until each port answers ready
await_ready() {
    local port
    for port in "$@"; do
        for _ in $(seq 1 12000); do
            [ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/nacos/v1/console/health/readiness")" = 200 ] && break
            sleep 0.05
        done
    done
}

stop_all() {
    local pid
    for pid in "${STARTED[@]}"; do
        kill "$pid" 2>/dev/null || true
        for _ in $(seq 1 200); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
        kill -9 "$pid" 2>/dev/null || true
    done
    STARTED=()
}

if [ "${BUSY:-0}" = 1 ]; then
    for _ in $(seq 1 "$(nproc)"); do
        (while :; do :; done) &
        SPINNERS+=($!)
    done
fi

echo "== $TARGET start-up, $RUNS runs each; $(load_line)"
fresh=()
again=()
for run in $(seq 1 "$RUNS"); do
    home="$BASE/standalone-$run"
    install "$home"
    t0=$(now_ms); launch "$home" "$PORT" -m standalone; await_ready "$PORT"; fresh+=($(( $(now_ms) - t0 )))
    java_used=$(readlink -f "/proc/${STARTED[-1]}/exe" || echo unknown)
    stop_all
    t0=$(now_ms); launch "$home" "$PORT" -m standalone; await_ready "$PORT"; again+=($(( $(now_ms) - t0 )))
    stop_all
    rm -rf "$home"
done
echo "the JVM that ran them: $java_used"
echo "standalone, fresh install (ms): ${fresh[*]}"
echo "standalone, restart on its data (ms): ${again[*]}"

cluster=()
ports=("$PORT" $((PORT + 2100)) $((PORT + 4200)))
members="127.0.0.1:${ports[0]},127.0.0.1:${ports[1]},127.0.0.1:${ports[2]}"
for run in $(seq 1 "$RUNS"); do
    for i in 0 1 2; do
        install "$BASE/node-$i"
        printf '%s\n' "${members//,/$'\n'}" > "$BASE/node-$i/nacos/conf/cluster.conf"
    done
    t0=$(now_ms)
    for i in 0 1 2; do
        launch "$BASE/node-$i" "${ports[$i]}" -m cluster -p embedded
    done
    await_ready "${ports[@]}"
    cluster+=($(( $(now_ms) - t0 )))
    stop_all
    rm -rf "$BASE"/node-*
done
echo "3-node embedded cluster started together, all ready (ms): ${cluster[*]}"
echo "$(load_line)"
