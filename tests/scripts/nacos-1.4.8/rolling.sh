#!/bin/bash
# A rolling upgrade of a real official 1.4.8 cluster to ours, on loopback, under load:
#   rolling.sh NACOS_1.4.8_DIR [INSTANCES] [OUT_FILE]
# 1. Three 1.4.8 nodes (built by nacos-1.4.8.sh; ports 18848 21848 24848) on a MariaDB (port 13307)
#    holding the 1.4.8 schema plus conf/mysql-upgrade-from-1.4.sql (STORAGE=embedded: ours on their
#    embedded storage instead; lib.sh says why the 1.4.8 nodes keep the MariaDB). INSTANCES (default
#    1200) 1.x clients (grpc-bench legacy-clients, as the 1.4.8 client: register and beat 5 s after
#    sending the registration, then 5 s after the last beat was answered, re-register on 20404, each
#    request to a random server and on to the next when one does not answer 200) over 100 services.
# 2. Each 1.4.8 node in turn is stopped and one of ours started on its address, with
#    nacos.core.support.upgrade.from.1x=true.
# 3. Once every member is ours the cluster switches to the 2.x mode; then double write is turned off.
# 4. One node of ours is restarted under the 1.x clients, as any later rolling restart does.
# 5. The 1.x clients stop and 2.x clients (grpc-bench naming-hold) hold as many instances; then
#    none, for the cluster's own CPU.
# Each phase line ("== time ...") says how many nodes of ours were up and ready through it
# ("[ours ready N]"): a node is counted from its readiness probe's first 200 until it is sent the
# signal to stop. Every 10 s it prints, for each node: its CPU over the last 10 s (% of one core),
# the healthy instances it lists in the 100 services, and what it is (1.4.8, ours in the 1.x or 2.x
# mode); the load tool's CPU and the host's (% of all its cores); and the clients' beats, failures,
# re-registers and beat latency. Beside OUT_FILE, with its name and a suffix: each window's beat
# latencies (-beats; summarize.py OUT_FILE THAT_FILE sums them up phase by phase), every beat that
# took over 100 ms, failed or was sent on to a second server, with each of its tries (-slow-beats),
# and the beats and registrations
# sent, answered and failed in each second (-seconds). beat-phases.py OUT_FILE prints, phase by
# phase, the beats sent, answered and failed, each failed beat's time and tries, and whether any beat
# failed while a node of ours was ready (its exit status). KEEP_LOGS=1 keeps the nodes' homes (their
# logs) in /tmp. Needs: mvn -B -DskipTests package.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../.." && pwd)
LEGACY=$1
INSTANCES=${2:-1200}
OUT=${3:-$ROOT/bench/out/rolling.txt}
PORTS=(18848 21848 24848)
SERVICES=100
BENCH_JAR="$ROOT/bench/grpc-bench/target/grpc-bench.jar"
WORK=$(mktemp -d /tmp/nacosx-rolling-XXXX)
LOAD_PID=""
SAMPLER_PID=""
source "$HERE/lib.sh"
mkdir -p "$(dirname "$OUT")"
BEATS=${OUT%.txt}-beats.txt
SLOW_BEATS=${OUT%.txt}-slow-beats.txt
SECONDS_LOG=${OUT%.txt}-seconds.txt
: > "$BEATS"
: > "$SLOW_BEATS"
: > "$SECONDS_LOG"
OURS_READY=0
exec > >(tee "$OUT") 2>&1

trap stop_everything EXIT

legacy_database "$LEGACY"
MEMBERS=$(printf '127.0.0.1:%s\n' "${PORTS[@]}")

# stage TEXT: a phase, with the nodes of ours up and ready through it.
stage() {
    phase "[ours ready $OURS_READY] $*"
}

# replace PORT WHAT: the node on PORT (WHAT: "1.4.8 node" or "ours") stops, and one of ours starts
# on its address; a phase for the stop, the start and the new node's first 40 s.
replace() {
    local port=$1
    [ "$2" = ours ] && OURS_READY=$((OURS_READY - 1))
    stage "$2 on $port stops"
    stop_and_await "$(pid_of "$port")"
    stage "ours on $port starting"
    start_ours "$port" "$MEMBERS"
    await_ready "$port"
    OURS_READY=$((OURS_READY + 1))
    stage "ours on $port ready"
    sleep 40
}

stage "three official 1.4.8 nodes start"
for port in "${PORTS[@]}"; do start_legacy_copy "$LEGACY" "$port" "$MEMBERS"; done
for port in "${PORTS[@]}"; do await_ready "$port"; done
sample_every_10s &
SAMPLER_PID=$!

stage "1.4.8 only: $INSTANCES 1.x clients register and beat"
servers=$(printf '127.0.0.1:%s,' "${PORTS[@]}")
java -Xmx512m -jar "$BENCH_JAR" legacy-clients --servers "${servers%,}" --instances "$INSTANCES" \
    --services "$SERVICES" --histograms "$BEATS" --slow-beats "$SLOW_BEATS" --per-second "$SECONDS_LOG" \
    > >(sed -u 's/^/   1.x clients: /') &
LOAD_PID=$!
echo "$LOAD_PID" > "$WORK/pid-clients"
sleep 60

for port in "${PORTS[@]}"; do replace "$port" "1.4.8 node"; done

stage "every member is ours: waiting for the switch"
for port in "${PORTS[@]}"; do
    until [ "$(mode_of "$port")" = "ours/2.x" ]; do sleep 2; done
done
stage "switched; double write stays on"
sleep 30
stage "double write off (one request, every node)"
curl -s -X PUT "http://127.0.0.1:${PORTS[0]}/nacos/v1/ns/operator/switches?entry=doubleWriteEnabled&value=false"; echo
sleep 30
replace "${PORTS[1]}" ours
stage "the 1.x clients stop; 2.x clients hold $INSTANCES instances over gRPC"
kill "$LOAD_PID" 2>/dev/null || true
LOAD_PID=""
java -Xmx512m -jar "$BENCH_JAR" naming-hold --port $((PORTS[0] + 1000)) --server-pid "$(pid_of "${PORTS[0]}")" \
    --connections $((INSTANCES / SERVICES)) --services "$SERVICES" --service-prefix legacy- --hold 60 \
    > >(sed -u 's/^/   2.x clients: /') &
LOAD_PID=$!
echo "$LOAD_PID" > "$WORK/pid-clients"
holding_ends
stage "no clients: the cluster's own CPU, to subtract from what the clients cost"
wait "$LOAD_PID" || true
LOAD_PID=""
sleep 40
stage "done"
