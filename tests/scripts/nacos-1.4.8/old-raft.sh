#!/bin/bash
# Persistent instances in a real mixed cluster that keeps 1.x's old HTTP Raft: two official 1.4.8
# nodes, two of ours, and a fifth member that is down and has never told its version (capture.py,
# refusing member reports and keeping every request the others send it). 1.4 nodes, and ours, keep persistent instances in the old Raft
# (/nacos/v1/ns/raft) while any member has not told a version of at least 1.4.0, as with a member
# older than 1.4. Prints the leader each node knows; registers persistent instances through a 1.4.8
# node and through ours and lists them on every node; deregisters across. Then, round by round, stops
# the leader, registers through the three left once they have elected another (three of five are a
# majority) and starts the stopped node again on its data, until a 1.4.8 node and one of ours have
# each led a round (at most ROUNDS, default 6).
#   old-raft.sh NACOS_1.4.8_DIR [CAPTURE_DIR]
# With CAPTURE_DIR the requests the nodes sent the fifth member are kept there.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../.." && pwd)
LEGACY=$1
LEGACY_PORTS=(18848 21848)
OURS=(24848 27848)
NODES=("${LEGACY_PORTS[@]}" "${OURS[@]}")
SILENT=30848
WORK=$(mktemp -d /tmp/nacosx-old-raft-XXXX)
CAPTURED=${2:-$WORK/captured}
SERVICES=(old-a old-b old-c old-d)
source "$HERE/lib.sh"
trap stop_everything EXIT

legacy_database "$LEGACY"
mkdir -p "$CAPTURED"
python3 "$HERE/capture.py" "$SILENT" "$CAPTURED" 100000 down &
echo $! > "$WORK/pid-capture"
MEMBERS=$(printf '127.0.0.1:%s\n' "${NODES[@]}" "$SILENT")
for port in "${LEGACY_PORTS[@]}"; do start_legacy_copy "$LEGACY" "$port" "$MEMBERS"; done
for port in "${OURS[@]}"; do start_our_node "$WORK/$port" "$port" "$MEMBERS" > "$WORK/pid-$port"; done
for port in "${NODES[@]}"; do await_ready "$port"; done
echo "$(date +%T) the four nodes are ready"

is_legacy() { [[ " ${LEGACY_PORTS[*]} " == *" $1 "* ]]; }
kind() { if is_legacy "$1"; then echo 1.4.8; else echo ours; fi; }

# leader_of PORT: the old Raft's leader as the node knows it ("none" while it knows none).
leader_of() {
    curl -s "http://127.0.0.1:$1/nacos/v1/ns/raft/leader" | python3 -c '
import json, sys
try:
    leader = json.loads(json.load(sys.stdin)["leader"])
    print(leader["ip"] if leader else "none")
except Exception:
    print("none")'
}

# await_leader PORT...: waits (at most 120 s) until the nodes agree on a leader that is one of them;
# prints its port.
await_leader() {
    local leader port agreed
    for _ in $(seq 1 120); do
        leader=$(leader_of "$1")
        agreed=no
        for port in "$@"; do [ "$leader" = "127.0.0.1:$port" ] && agreed=yes; done
        for port in "$@"; do [ "$(leader_of "$port")" = "$leader" ] || agreed=no; done
        if [ "$agreed" = yes ]; then
            echo "${leader##*:}"
            return 0
        fi
        sleep 1
    done
    echo "no leader among $* agreed by them in 120 s" >&2
    return 1
}

persistent() {
    printf '  %s %s 127.0.0.9:%s through %s (%s): %s\n' "$1" "$3" "$4" "$2" "$(kind "$2")" "$(curl -s -X "$1" \
        "http://127.0.0.1:$2/nacos/v1/ns/instance?serviceName=$3&ip=127.0.0.9&port=$4&ephemeral=false")"
}

listed() {
    curl -s "http://127.0.0.1:$1/nacos/v1/ns/instance/list?serviceName=$2" \
        | python3 -c 'import json,sys; print(" ".join(sorted(str(h["port"]) for h in json.load(sys.stdin).get("hosts",[]))))' 2>/dev/null
}

# list PORT...: what each node lists per service; then whether they all list the same.
list() {
    local port service first="" all_same=yes
    for port in "$@"; do
        local line="  node $port ($(kind "$port")):"
        for service in "${SERVICES[@]}"; do line="$line $service [$(listed "$port" "$service")]"; done
        echo "$line"
        [ -z "$first" ] && first=${line#*:}
        [ "${line#*:}" = "$first" ] || all_same=no
    done
    echo "  every node lists the same: $all_same"
}

# settle PORT...: waits (at most 30 s) until the nodes list the same, then lists.
settle() {
    for _ in $(seq 1 30); do
        list "$@" | grep -q 'the same: yes' && break
        sleep 1
    done
    list "$@"
}

LEADER=$(await_leader "${NODES[@]}")
echo "$(date +%T) every node knows the old Raft's leader: $LEADER ($(kind "$LEADER"))"
for port in "${NODES[@]}"; do
    printf '  node %s (%s): %s\n' "$port" "$(kind "$port")" "$(curl -s "http://127.0.0.1:$port/nacos/v1/ns/raft/peer")"
done
persistent POST "${LEGACY_PORTS[0]}" old-a 1001
persistent POST "${OURS[0]}" old-b 1002
echo "$(date +%T) registered through a 1.4.8 node and through ours:"
settle "${NODES[@]}"
persistent DELETE "${LEGACY_PORTS[1]}" old-b 1002
persistent POST "${OURS[1]}" old-a 1011
echo "$(date +%T) old-b's instance deregistered through a 1.4.8 node, a second old-a instance registered through ours:"
settle "${NODES[@]}"

LED_BY=" $(kind "$LEADER") "
for round in $(seq 1 "${ROUNDS:-6}"); do
    [[ "$LED_BY" == *" 1.4.8 "* && "$LED_BY" == *" ours "* ]] && [ "$round" -gt 1 ] && break
    STOPPED=$LEADER
    stop_and_await "$(cat "$WORK/pid-$STOPPED")"
    LEFT=()
    for port in "${NODES[@]}"; do [ "$port" = "$STOPPED" ] || LEFT+=("$port"); done
    echo "$(date +%T) round $round: the leader $STOPPED ($(kind "$STOPPED")) stopped"
    LEADER=$(await_leader "${LEFT[@]}")
    LED_BY="$LED_BY $(kind "$LEADER") "
    echo "$(date +%T) round $round: the three left elected $LEADER ($(kind "$LEADER"))"
    persistent POST "${LEFT[0]}" old-c $((2000 + round))
    persistent POST "${LEFT[2]}" old-d $((3000 + round))
    settle "${LEFT[@]}"
    if is_legacy "$STOPPED"; then
        start_legacy_node "$WORK/148-$STOPPED" "$STOPPED" "$MEMBERS" > "$WORK/pid-$STOPPED"
    else
        start_our_node "$WORK/$STOPPED" "$STOPPED" "$MEMBERS" > "$WORK/pid-$STOPPED"
    fi
    await_ready "$STOPPED"
    echo "$(date +%T) round $round: $STOPPED ($(kind "$STOPPED")) started again on its data"
    settle "${NODES[@]}"
done
echo "rounds led by:$LED_BY"

for port in "${LEGACY_PORTS[@]}"; do
    log="$WORK/148-$port/logs/naming-raft.log"
    echo "1.4.8 node $port naming-raft.log: $(grep -c 'data added/updated\|data updated' "$log" || true) datums applied, $(grep -c ERROR "$log" || true) errors"
    grep ERROR "$log" | head -3 || true
done
for port in "${OURS[@]}"; do
    log="$WORK/$port/nacos/logs/naming-raft.log"
    echo "our node $port naming-raft.log: $(grep -c 'data added/updated\|data updated' "$log" || true) datums applied, $(grep -c 'WARN\|ERROR' "$log" || true) warnings and errors"
done
echo "old Raft requests the silent member received, by sender:"
for file in "$CAPTURED"/*_raft_*.http; do
    printf '%s from %s\n' "$(basename "$file" .http | sed 's/^[0-9]*-nacos_v1_ns_//')" \
        "$(grep -a -m1 '^User-Agent:' "$file" | tr -d '\r' | cut -d' ' -f2)"
done | sort | uniq -c
