#!/bin/bash
# Persistent instances in a real mixed cluster that keeps 1.x's old HTTP Raft: one official 1.4.8
# node, three of ours, and a fifth member that never tells its version (capture.py, keeping every
# request the 1.4.8 node sends it). 1.4 nodes, and ours, keep persistent instances in the old Raft
# (/nacos/v1/ns/raft) while any member has not told a version of at least 1.4.0, as with a member
# older than 1.4. Prints the leader each node knows; registers persistent instances through the
# 1.4.8 node and through ours and lists them on every node; deregisters across; stops the leader and
# registers again once the four left have elected another (three of five are a majority).
#   old-raft.sh NACOS_1.4.8_DIR [CAPTURE_DIR]
# With CAPTURE_DIR the requests the 1.4.8 node sent the fifth member are kept there.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../.." && pwd)
LEGACY=$1
LEGACY_PORT=18848
OURS=(21848 24848 27848)
SILENT=30848
WORK=$(mktemp -d /tmp/nacosx-old-raft-XXXX)
CAPTURED=${2:-$WORK/captured}
source "$HERE/lib.sh"
trap stop_everything EXIT

legacy_database "$LEGACY"
mkdir -p "$CAPTURED"
python3 "$HERE/capture.py" "$SILENT" "$CAPTURED" 100000 &
echo $! > "$WORK/pid-capture"
MEMBERS=$(printf '127.0.0.1:%s\n' "$LEGACY_PORT" "${OURS[@]}" "$SILENT")
start_legacy_copy "$LEGACY" "$LEGACY_PORT" "$MEMBERS"
for port in "${OURS[@]}"; do start_our_node "$WORK/$port" "$port" "$MEMBERS" > "$WORK/pid-$port"; done
for port in "$LEGACY_PORT" "${OURS[@]}"; do await_ready "$port"; done
echo "$(date +%T) all four nodes ready"

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

# await_leader PORT...: waits (at most 120 s) until the nodes agree on a leader among them; prints it.
await_leader() {
    local leader port agreed
    for _ in $(seq 1 120); do
        leader=$(leader_of "$1")
        agreed=yes
        for port in "$@"; do [ "$(leader_of "$port")" = "$leader" ] || agreed=no; done
        if [ "$leader" != none ] && [ "$agreed" = yes ]; then
            echo "$leader"
            return 0
        fi
        sleep 1
    done
    echo "no leader agreed by $* in 120 s" >&2
    return 1
}

persistent() {
    printf '  %s %s 127.0.0.9:%s through %s: %s\n' "$1" "$3" "$4" "$2" "$(curl -s -X "$1" \
        "http://127.0.0.1:$2/nacos/v1/ns/instance?serviceName=$3&ip=127.0.0.9&port=$4&ephemeral=false")"
}

list() {
    for port in "$@"; do
        for service in old-a old-b old-c; do
            printf '  node %s lists %s: %s\n' "$port" "$service" "$(curl -s "http://127.0.0.1:$port/nacos/v1/ns/instance/list?serviceName=$service" \
                | python3 -c 'import json,sys; print(sorted(h["ip"]+":"+str(h["port"]) for h in json.load(sys.stdin).get("hosts",[])))' 2>/dev/null)"
        done
    done
}

LEADER=$(await_leader "$LEGACY_PORT" "${OURS[@]}")
echo "$(date +%T) every node knows the old Raft's leader: $LEADER"
for port in "$LEGACY_PORT" "${OURS[@]}"; do
    printf '  node %s: %s\n' "$port" "$(curl -s "http://127.0.0.1:$port/nacos/v1/ns/raft/peer")"
done

persistent POST "$LEGACY_PORT" old-a 1001
persistent POST "${OURS[0]}" old-b 1002
sleep "${SETTLE:-3}"
echo "$(date +%T) registered through the 1.4.8 node and through ours:"
list "$LEGACY_PORT" "${OURS[@]}"

persistent DELETE "$LEGACY_PORT" old-b 1002
persistent POST "${OURS[1]}" old-a 1011
sleep "${SETTLE:-3}"
echo "$(date +%T) old-b's instance deregistered through the 1.4.8 node, a second old-a instance registered through ours:"
list "$LEGACY_PORT" "${OURS[@]}"

LEADER_PORT=${LEADER##*:}
kill "$(cat "$WORK/pid-$LEADER_PORT")"
echo gone > "$WORK/kind-$LEADER_PORT"
LEFT=()
for port in "$LEGACY_PORT" "${OURS[@]}"; do [ "$port" = "$LEADER_PORT" ] || LEFT+=("$port"); done
echo "$(date +%T) the leader $LEADER stopped"
NEXT=$(await_leader "${LEFT[@]}")
echo "$(date +%T) the three left elected $NEXT"
persistent POST "${LEFT[0]}" old-c 1003
persistent POST "${LEFT[2]}" old-c 1013
sleep "${SETTLE:-3}"
echo "$(date +%T) registered through the nodes left:"
list "${LEFT[@]}"

echo "the 1.4.8 node's naming-raft.log: $(grep -c 'data added/updated\|data updated' "$WORK/148-$LEGACY_PORT/logs/naming-raft.log" || true) datums applied, $(grep -c ERROR "$WORK/148-$LEGACY_PORT/logs/naming-raft.log" || true) errors"
grep ERROR "$WORK/148-$LEGACY_PORT/logs/naming-raft.log" | head -5 || true
echo "requests the 1.4.8 node sent the silent member:"
ls "$CAPTURED" | sed 's/^[0-9]*-//' | sort | uniq -c
