#!/bin/bash
# The end state of rolling.sh, alone and for longer: three nodes of ours (started to upgrade from
# 1.x, so in the 2.x mode with double write on once all are up) on a MariaDB holding the schema a
# 1.4.8 cluster left, and INSTANCES 1.x clients (grpc-bench legacy-clients) for SECONDS:
#   ours-only.sh NACOS_1.4.8_DIR [INSTANCES] [SECONDS] [legacy-clients options...]
# Every 10 s the clients print their beats and latency, and this the CPU (% of one core) of the
# three nodes together, of the load tool, and the host's busy share of all its cores.
# Needs: mvn -B -DskipTests package.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../.." && pwd)
LEGACY=$1
INSTANCES=${2:-14000}
SECONDS_TO_RUN=${3:-120}
shift $(( $# < 3 ? $# : 3 ))
PORTS=(18848 21848 24848)
WORK=$(mktemp -d /tmp/nacosx-ours-only-XXXX)
PIDS=()
LOAD_PID=""
source "$HERE/lib.sh"

cleanup() {
    for pid in $LOAD_PID "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
    stop_database
    rm -rf "$WORK"
}
trap cleanup EXIT

legacy_database "$LEGACY"
MEMBERS=$(printf '127.0.0.1:%s\n' "${PORTS[@]}")
for port in "${PORTS[@]}"; do PIDS+=("$(start_our_node "$WORK/ours-$port" "$port" "$MEMBERS")"); done
for port in "${PORTS[@]}"; do await_ready "$port"; done
servers=$(printf '127.0.0.1:%s,' "${PORTS[@]}")
java -Xmx512m -jar "$ROOT/bench/grpc-bench/target/grpc-bench.jar" legacy-clients --servers "${servers%,}" \
    --instances "$INSTANCES" --services 100 --seconds "$SECONDS_TO_RUN" "$@" &
LOAD_PID=$!
while kill -0 "$LOAD_PID" 2>/dev/null; do
    nodes_before=$(cpu_ticks "${PIDS[@]}"); tool_before=$(cpu_ticks "$LOAD_PID")
    read -r busy_before total_before < <(host_ticks)
    sleep 10
    nodes_after=$(cpu_ticks "${PIDS[@]}"); tool_after=$(cpu_ticks "$LOAD_PID")
    read -r busy total < <(host_ticks)
    [ -d "/proc/$LOAD_PID" ] || break
    echo "$(date +%T) nodes cpu $(( (nodes_after - nodes_before) / 10 ))% | clients cpu" \
        "$(( (tool_after - tool_before) / 10 ))% | host $(( 100 * (busy - busy_before) / (total - total_before) ))% of all cores"
done
LOAD_PID=""
