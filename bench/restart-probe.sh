#!/bin/bash
# What a restarted node's clients wait on, on the wire:
#   restart-probe.sh [NACOS_1.4.8_DIR]
# Three nodes of ours in the 1.x mode (cluster.conf also lists a stopped 1.4.8 node, as in
# upgrade.sh), 14,000 1.x clients (grpc-bench legacy-clients); after WARM seconds (default 120) the
# third node stops and starts again. From 5 s before the stop until 20 s after it is ready,
# tcpdump records its HTTP port, and every 0.5 s the TIME_WAIT and SYN-SENT sockets on it and the
# kernel's SYN retransmissions are printed. Then bench/restart-wire.py prints, second by second,
# how long the node took to answer on the wire, the connections it accepted and refused. The
# clients' 10 s lines (beat p99, tries p99 per server) are in the output too. Needs: tcpdump (installed
# from Debian's packages when absent),
# mvn -B -DskipTests package. KEEP_LOGS=1 keeps the nodes' homes (their access logs time the
# same answers from the inside).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
LEGACY=${1:-}
OURS=(18848 21848 24848)
RESTARTED=${OURS[2]}
MEMBERS=$(printf '127.0.0.1:%s\n' "${OURS[@]}" 27848)
BENCH_JAR="$ROOT/bench/grpc-bench/target/grpc-bench.jar"
WORK=$(mktemp -d /tmp/nacosx-probe-XXXX)
LOAD_PID=""
SAMPLER_PID=""
CAPTURE_PID=""
source "$ROOT/tests/scripts/nacos-1.4.8/lib.sh"
source "$ROOT/tests/scripts/debian-packages.sh"
install_if_absent tcpdump tcpdump || true
command -v tcpdump >/dev/null || { echo "needs tcpdump (Debian's package could not be installed)" >&2; exit 2; }
stop_probe() {
    [ -n "$CAPTURE_PID" ] && kill "$CAPTURE_PID" 2>/dev/null || true
    stop_everything
}
trap stop_probe EXIT

if [ -n "$LEGACY" ]; then legacy_database "$LEGACY"; else fresh_database; fi
for port in "${OURS[@]}"; do start_ours "$port" "$MEMBERS"; done
for port in "${OURS[@]}"; do await_ready "$port"; done
java -Xmx512m -jar "$BENCH_JAR" legacy-clients --servers "$(printf '127.0.0.1:%s,' "${OURS[@]}" | sed 's/,$//')" \
    --instances 14000 --services 100 > >(sed -u 's/^/   1.x clients: /') &
LOAD_PID=$!
echo "$LOAD_PID" > "$WORK/pid-clients"
sleep "${WARM:-120}"

tcpdump -i lo -s 96 -w "$WORK/restart.pcap" "tcp port $RESTARTED" 2>/dev/null &
CAPTURE_PID=$!
nstat -n
( while true; do
    echo "$(date +%T.%N | cut -c1-10) time-wait $(ss -tanH state time-wait "( sport = :$RESTARTED )" | wc -l)" \
        "syn-sent $(ss -tanH state syn-sent "( dport = :$RESTARTED )" | wc -l)" \
        "syn-retransmitted $(nstat -z TcpExtTCPSynRetrans | awk '/Syn/ {print $2}')"
    sleep 0.5
done ) &
SAMPLER_PID=$!
sleep 5
phase "ours on $RESTARTED stops"
stop_and_await "$(pid_of "$RESTARTED")"
phase "stopped; starting again"
start_ours "$RESTARTED" "$MEMBERS"
await_ready "$RESTARTED"
phase "ready"
sleep 20
kill "$CAPTURE_PID"
wait "$CAPTURE_PID" 2>/dev/null || true
CAPTURE_PID=""
kill "$SAMPLER_PID"
SAMPLER_PID=""
phase "the node's answers on the wire, second by second"
python3 "$ROOT/bench/restart-wire.py" "$WORK/restart.pcap" "$RESTARTED"
