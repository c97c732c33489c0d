#!/bin/bash
# A rollback with 2.x clients connected, against a real official 1.4.8 node, on loopback:
#   rollback.sh NACOS_1.4.8_DIR [SECONDS_TO_WATCH]
# 1. Four nodes of ours (upgrade flag on; ports 18848 21848 24848 27848) on a MariaDB holding the
#    1.4.8 schema switch to the 2.x mode, double write on.
# 2. 2.x clients (grpc-bench naming-hold, 4 connections to the first node) register an instance in
#    each of 20 services and stay connected.
# 3. The fourth node of ours stops and an official 1.4.8 node (built by nacos-1.4.8.sh) starts on
#    its address: the cluster goes back to the 1.x mode. The 1.4.8 node owns about a quarter of
#    the services now and expires their instances by their beats (unhealthy after 15 s, gone after
#    30 s); ours beat for the 2.x clients' instances there.
# 4. For SECONDS_TO_WATCH (default 60) it prints every 10 s each node's mode and the healthy
#    instances it lists in the 20 services: every node should list all 80 throughout.
# Needs: mvn -B -DskipTests package.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../.." && pwd)
LEGACY=$1
WATCH=${2:-60}
PORTS=(18848 21848 24848 27848)
SERVICES=20
CONNECTIONS=4
WORK=$(mktemp -d /tmp/nacosx-rollback-XXXX)
LOAD_PID=""
source "$HERE/lib.sh"

trap stop_everything EXIT

legacy_database "$LEGACY"
MEMBERS=$(printf '127.0.0.1:%s\n' "${PORTS[@]}")

listing() {
    local line="$(date +%T)"
    for port in "${PORTS[@]}"; do line="$line | $port $(mode_of "$port") healthy $(healthy_instances "$port")"; done
    echo "$line"
}

for port in "${PORTS[@]}"; do
    start_our_node "$WORK/ours-$port" "$port" "$MEMBERS" > "$WORK/pid-$port"
    echo ours > "$WORK/kind-$port"
done
for port in "${PORTS[@]}"; do
    await_ready "$port"
    until [ "$(mode_of "$port")" = ours/2.x ]; do sleep 2; done
done
phase "four of ours in the 2.x mode, double write on; $((CONNECTIONS * SERVICES)) instances of 2.x clients"
java -jar "$ROOT/bench/grpc-bench/target/grpc-bench.jar" naming-hold --port $((PORTS[0] + 1000)) \
    --server-pid "$(pid_of "${PORTS[0]}")" --connections "$CONNECTIONS" --services "$SERVICES" \
    --service-prefix legacy- --hold $((WATCH + 120)) > >(sed -u 's/^/   2.x clients: /') 2>/dev/null &
LOAD_PID=$!
sleep 10
listing

last=${PORTS[3]}
phase "ours on $last stops; an official 1.4.8 node starts on its address"
stop_and_await "$(pid_of "$last")"
start_legacy_copy "$LEGACY" "$last" "$MEMBERS"
home="$WORK/148-$last"
await_ready "$last"
phase "the 1.4.8 node is up"
for _ in $(seq 1 $(( WATCH / 10 ))); do
    listing
    sleep 10
done
listing
echo "what the 1.4.8 node logged of the 2.x clients' instances (removals and beats that registered them):"
grep -h -E "10\.(0|1)\.[0-9]+\.[0-9]+" "$home/logs/naming-event.log" "$home/logs/naming-server.log" 2>/dev/null \
    | grep -i -E "remov|timeout|compensation" | head -10 || true
