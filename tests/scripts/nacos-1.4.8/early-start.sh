#!/bin/bash
# One node of ours started together with two official 1.4.8 nodes, before they answer, upgrading
# from 1.x: prints how long it took to be ready and what its Raft groups hold (its own groups must
# drop the 1.4.8 members, which run none of them; the group shared with them keeps them).
#   early-start.sh NACOS_1.4.8_DIR
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../.." && pwd)
LEGACY=$1
PORTS=(18848 21848 24848)
WORK=$(mktemp -d /tmp/nacosx-early-XXXX)
PIDS=()
source "$HERE/lib.sh"
cleanup() { for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done; stop_database; rm -rf "$WORK"; }
trap cleanup EXIT
cp -r "$LEGACY" "$WORK/legacy-2"
for home in "$LEGACY" "$WORK/legacy-2"; do rm -rf "$home/data" "$home/logs"; done
legacy_database "$LEGACY"
MEMBERS=$(printf '127.0.0.1:%s\n' "${PORTS[@]}")
PIDS+=("$(start_our_node "$WORK/${PORTS[2]}" "${PORTS[2]}" "$MEMBERS")")
PIDS+=("$(start_legacy_node "$LEGACY" "${PORTS[0]}" "$MEMBERS")")
PIDS+=("$(start_legacy_node "$WORK/legacy-2" "${PORTS[1]}" "$MEMBERS")")
start=$(date +%s)
await_ready "${PORTS[2]}" && echo "ours ready after $(( $(date +%s) - start )) s"
grep -h "peers reset" "$WORK/${PORTS[2]}"/nacos/logs/protocol-raft.log | cut -c1-250
curl -s "http://127.0.0.1:${PORTS[2]}/nacos/v1/core/raft" | python3 -c '
import json, sys
for g in json.load(sys.stdin)["data"]:
    print("  ours:", g["group"], "leader", g.get("leader"), "peers", g["peers"])'
