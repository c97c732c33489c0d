#!/bin/bash
# The Nacos 2.0 upgrade report's scenario on three nodes of ours, on loopback:
#   upgrade.sh [INSTANCES] [PHASE_SECONDS] [NACOS_1.4.8_DIR]
# INSTANCES (default 14000) 1.x clients (grpc-bench legacy-clients, as the 1.4.8 client behaves:
# register and beat 5 s after sending the registration, then 5 s after the last beat was answered,
# register again on 20404, each request to a random server and on to the next when one does not
# answer 200) over 100 services, then as many 2.x clients. Each phase lasts PHASE_SECONDS (default
# 60):
# 1. Compatibility mode, double write on: the three nodes start with
#    nacos.core.support.upgrade.from.1x=true, and their cluster.conf lists a fourth member,
#    127.0.0.1:27848: the last official 1.4.8 node. With LIVE_1X=1 (and NACOS_1.4.8_DIR, built by
#    tests/scripts/nacos-1.4.8/nacos-1.4.8.sh) it runs there and shares the 1.x clients' instances
#    with ours by the 1.x protocols; otherwise it is stopped, and a member that never says it is
#    ready keeps the cluster in the 1.x mode, as it keeps the official one. The clients register
#    (90 s of warm-up: their beats settle after the registration storm), then the phase is measured.
# 2. One node of ours restarts in the 1.x mode, as a node is replaced during the upgrade: the
#    window in which it loads while its peers already pass it its share of the beats.
# 3. The 1.4.8 node stops (if it ran) and leaves cluster.conf: every member is ours and ready, the
#    cluster switches to the 2.x mode and keeps double write on.
# 4. Double write off.
# 5. The 1.x clients stop and 2.x clients (grpc-bench naming-hold) register INSTANCES instances;
#    the 1.x clients' instances expire (30 s without a beat); then the 2.x clients hold.
# 6. No clients: the cluster's own CPU, to subtract.
# Every 10 s the nodes' modes, CPU and healthy instances listed, the load tool's and the host's
# CPU, and the clients' beats, failures, registrations and beat latency go to bench/out/upgrade.txt,
# each 10 s window's beat latencies to bench/out/upgrade-beats.txt and each beat answered after
# more than 100 ms (when it was sent, each try's server, status and time) to
# bench/out/upgrade-slow-beats.txt;
# `tests/scripts/nacos-1.4.8/summarize.py bench/out/upgrade.txt bench/out/upgrade-beats.txt` sums
# them up phase by phase. The nodes keep config on a
# MariaDB (installed and started by tests/scripts/mariadb.sh) holding 1.4.8's schema when
# NACOS_1.4.8_DIR is given, ours otherwise. KEEP_LOGS=1 keeps the nodes' homes.
# Needs: mvn -B -DskipTests package.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
INSTANCES=${1:-14000}
PHASE_SECONDS=${2:-60}
LEGACY=${3:-}
OUT=$ROOT/bench/out/upgrade.txt
OURS=(18848 21848 24848)
LEGACY_PORT=27848
PORTS=("${OURS[@]}" "$LEGACY_PORT")
SERVICES=100
BENCH_JAR="$ROOT/bench/grpc-bench/target/grpc-bench.jar"
WORK=$(mktemp -d /tmp/nacosx-upgrade-XXXX)
LOAD_PID=""
SAMPLER_PID=""
source "$ROOT/tests/scripts/nacos-1.4.8/lib.sh"
mkdir -p "$(dirname "$OUT")"
BEATS=${OUT%.txt}-beats.txt
SLOW_BEATS=${OUT%.txt}-slow-beats.txt
: > "$BEATS"
: > "$SLOW_BEATS"
exec > >(tee "$OUT") 2>&1

trap stop_everything EXIT

if [ "${LIVE_1X:-}" = 1 ] && [ -z "$LEGACY" ]; then
    echo "LIVE_1X=1 runs an official 1.4.8 node: give its directory (NACOS_1.4.8_DIR)" >&2
    exit 2
fi
if [ -n "$LEGACY" ]; then
    legacy_database "$LEGACY"
else
    fresh_database
fi
OUR_MEMBERS=$(printf '127.0.0.1:%s\n' "${OURS[@]}")
MEMBERS=$(printf '127.0.0.1:%s\n' "${PORTS[@]}")
echo gone > "$WORK/kind-$LEGACY_PORT"

await_mode() {
    for port in "${OURS[@]}"; do
        until [ "$(mode_of "$port")" = "$1" ]; do sleep 2; done
    done
}

echo "$(date -u) | $(nproc) cores | load average $(cut -d' ' -f1-3 /proc/loadavg) | $INSTANCES instances"
if [ "${LIVE_1X:-}" = 1 ]; then
    phase "three of ours and an official 1.4.8 node on $LEGACY_PORT start"
    start_legacy_copy "$LEGACY" "$LEGACY_PORT" "$MEMBERS"
else
    phase "three of ours start, cluster.conf also listing 127.0.0.1:$LEGACY_PORT (a 1.4.8 node, stopped)"
fi
for port in "${OURS[@]}"; do start_ours "$port" "$MEMBERS"; done
for port in "${OURS[@]}"; do await_ready "$port"; done
[ "${LIVE_1X:-}" = 1 ] && await_ready "$LEGACY_PORT"
await_mode ours/1.x
sample_every_10s &
SAMPLER_PID=$!

phase "$INSTANCES 1.x clients register and beat (warm-up)"
servers=$(printf '127.0.0.1:%s,' "${OURS[@]}" $([ "${LIVE_1X:-}" = 1 ] && echo "$LEGACY_PORT"))
java -Xmx512m ${LOAD_EXTRA_OPTS:-} -Xlog:gc:file="$WORK/clients-gc.log" -jar "$BENCH_JAR" legacy-clients \
    --servers "${servers%,}" --instances "$INSTANCES" \
    --services "$SERVICES" --histograms "$BEATS" --slow-beats "$SLOW_BEATS" > >(sed -u 's/^/   1.x clients: /') &
LOAD_PID=$!
echo "$LOAD_PID" > "$WORK/pid-clients"
sleep 90
phase "compatibility mode (1.x), double write on"
sleep "$PHASE_SECONDS"

restarted=${OURS[2]}
phase "ours on $restarted stops and starts again, in the 1.x mode"
stop_and_await "$(pid_of "$restarted")"
start_ours "$restarted" "$MEMBERS"
await_ready "$restarted"
phase "ours on $restarted is ready again"
sleep "$PHASE_SECONDS"

if [ "${LIVE_1X:-}" = 1 ]; then
    phase "the 1.4.8 node on $LEGACY_PORT stops"
    stop_and_await "$(pid_of "$LEGACY_PORT")"
    echo gone > "$WORK/kind-$LEGACY_PORT"
    sleep 20
fi
phase "127.0.0.1:$LEGACY_PORT leaves cluster.conf: waiting for the switch"
for port in "${OURS[@]}"; do echo "$OUR_MEMBERS" > "$WORK/ours-$port/nacos/conf/cluster.conf"; done
await_mode ours/2.x
phase "the 2.x mode, double write on"
sleep "$PHASE_SECONDS"
phase "double write off (one request, every node)"
curl -s -X PUT "http://127.0.0.1:${OURS[0]}/nacos/v1/ns/operator/switches?entry=doubleWriteEnabled&value=false"; echo
await_mode ours/2.x/dw-off
sleep "$PHASE_SECONDS"

phase "the 1.x clients stop; 2.x clients register $INSTANCES instances over gRPC; the 1.x ones expire"
kill "$LOAD_PID" 2>/dev/null || true
LOAD_PID=""
java -Xmx512m -jar "$BENCH_JAR" naming-hold --port $((OURS[0] + 1000)) --server-pid "$(pid_of "${OURS[0]}")" \
    --connections $((INSTANCES / SERVICES)) --services "$SERVICES" --service-prefix legacy- \
    --hold $((PHASE_SECONDS + 40)) > >(sed -u 's/^/   2.x clients: /') &
LOAD_PID=$!
echo "$LOAD_PID" > "$WORK/pid-clients"
sleep 40
phase "2.x clients hold $INSTANCES instances"
holding_ends
phase "no clients: the cluster's own CPU, to subtract from what the clients cost"
wait "$LOAD_PID" || true
LOAD_PID=""
sleep 40
phase "done"
