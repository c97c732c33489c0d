#!/bin/bash
# Shared by the bench scripts: start and stop one server under test on loopback, and seed configs.
# Targets: "ours" (the packaged server, standalone JVM profile) or "rnacos" (r-nacos 0.8.8 at $RNACOS_BIN).
set -euo pipefail

BENCH_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT_DIR=$(cd "$BENCH_DIR/.." && pwd)
OUT_DIR=${OUT_DIR:-$BENCH_DIR/out}
PORT=${PORT:-18848}
RNACOS_BIN=${RNACOS_BIN:-/opt/rnacos/bin/rnacos}
SERVER_PID=""
WORK=""
# AUTH=1: the server runs with auth on and the load logs in first and sends its token with every
# request, as an application with a username and password does (ours: nacos.core.auth.*; r-nacos:
# RNACOS_ENABLE_OPEN_API_AUTH with its initial admin).
AUTH=${AUTH:-0}
ACCESS_TOKEN=""
BENCH_KEY=$(printf 'bench key of thirty-two bytes!!!' | base64)

start_server() {
    local target=$1
    if curl -s -o /dev/null "http://127.0.0.1:$PORT/" 2>/dev/null; then
        echo "port $PORT is already in use: stop that server first (or set PORT)" >&2
        exit 1
    fi
    WORK=$(mktemp -d /tmp/nacosx-bench-XXXX)
    mkdir -p "$OUT_DIR"
    case $target in
        ours)
            tar -xzf "$ROOT_DIR"/distribution/target/nacos-server-*.tar.gz -C "$WORK"
            local auth_opts=""
            if [ "$AUTH" = 1 ]; then
                auth_opts="-Dnacos.core.auth.enabled=true -Dnacos.core.auth.plugin.nacos.token.secret.key=$BENCH_KEY"
                auth_opts+=" -Dnacos.core.auth.server.identity.key=bench -Dnacos.core.auth.server.identity.value=bench"
                auth_opts+=" -Dnacos.core.auth.admin.password=admin -Dnacos.core.auth.login.max-failures=1000"
            fi
            JAVA_OPT_EXT="-Dserver.port=$PORT -Dserver.address=127.0.0.1 $auth_opts ${EXTRA_OPTS:-}" \
                "$WORK/nacos/bin/startup.sh" -m standalone >/dev/null
            SERVER_PID=$(cat "$WORK/nacos/logs/nacos.pid")
            ;;
        rnacos)
            [ -x "$RNACOS_BIN" ] || { echo "r-nacos not found at $RNACOS_BIN: cargo install rnacos --version 0.8.8 --root /opt/rnacos" >&2; exit 1; }
            # r-nacos reads a .env from its working directory: run it from the empty work dir.
            (cd "$WORK" && exec env RNACOS_SDK_HOST=127.0.0.1 RNACOS_CONSOLE_HOST=127.0.0.1 RNACOS_HTTP_PORT=$PORT \
                RNACOS_GRPC_PORT=$((PORT + 1000)) RNACOS_HTTP_CONSOLE_PORT=$((PORT + 2000)) RNACOS_DATA_DIR="$WORK/data" \
                RNACOS_RAFT_NODE_ID=1 RNACOS_RAFT_NODE_ADDR=127.0.0.1:$((PORT + 1000)) RUST_LOG=warn \
                RNACOS_ENABLE_OPEN_API_AUTH=$([ "$AUTH" = 1 ] && echo true || echo false) \
                "$RNACOS_BIN") > "$WORK/rnacos.out" 2>&1 &
            SERVER_PID=$!
            ;;
        *) echo "target must be ours or rnacos" >&2; exit 2 ;;
    esac
    for _ in $(seq 1 300); do
        if [ "$AUTH" = 1 ]; then
            # With auth on r-nacos answers its readiness to signed-in callers only, and ours creates
            # its admin once ready: the server is ready for the load when the admin can log in.
            if log_in "$target"; then
                return
            fi
        elif curl -s -o /dev/null -w "%{http_code}" "http://127.0.0.1:$PORT/nacos/v1/console/health/readiness" 2>/dev/null | grep -q 200; then
            return
        fi
        sleep 0.2
    done
    echo "server $target did not become ready" >&2
    stop_server
    exit 1
}

# One login as the admin; sets ACCESS_TOKEN and succeeds when it worked.
log_in() {
    local user=nacos password=admin
    [ "$1" = rnacos ] && user=admin
    ACCESS_TOKEN=$(curl -s -X POST "http://127.0.0.1:$PORT/nacos/v1/auth/users/login" \
        --data-urlencode "username=$user" --data-urlencode "password=$password" 2>/dev/null \
        | sed -n 's/.*"accessToken":"\([^"]*\)".*/\1/p')
    [ -n "$ACCESS_TOKEN" ]
}

stop_server() {
    if [ -n "$SERVER_PID" ] && kill -0 "$SERVER_PID" 2>/dev/null; then
        kill "$SERVER_PID"
        for _ in $(seq 1 100); do kill -0 "$SERVER_PID" 2>/dev/null || break; sleep 0.2; done
        kill -9 "$SERVER_PID" 2>/dev/null || true
    fi
    SERVER_PID=""
    if [ -n "$WORK" ] && [ -d "$WORK/nacos/logs" ]; then
        mkdir -p "$OUT_DIR/last-logs" && cp -r "$WORK/nacos/logs/." "$OUT_DIR/last-logs/" 2>/dev/null || true
    fi
    [ -n "$WORK" ] && rm -rf "$WORK"
    WORK=""
}

rss_mb() {
    awk '/VmRSS/ {printf "%.0f", $2 / 1024}' "/proc/$SERVER_PID/status"
}

thread_count() {
    ls "/proc/$SERVER_PID/task" | wc -l
}

# seed_configs COUNT SIZE: dataId bench-0..COUNT-1 in group BENCH, each SIZE bytes of the same text.
seed_configs() {
    local count=$1 size=$2
    local content
    content=$(head -c "$size" /dev/zero | tr '\0' 'c')
    for i in $(seq 0 $((count - 1))); do
        curl -s -o /dev/null -X POST "http://127.0.0.1:$PORT/nacos/v1/cs/configs" \
            --data-urlencode "dataId=bench-$i" --data-urlencode "group=BENCH" --data-urlencode "content=$content"
    done
    printf '%s' "$content" | md5sum | cut -d' ' -f1
}

load_line() {
    echo "load average: $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores"
}
