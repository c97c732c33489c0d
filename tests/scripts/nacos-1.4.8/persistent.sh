#!/bin/bash
# Persistent instances across a real mixed cluster: two official 1.4.8 nodes and one of ours in
# their JRaft group naming_persistent_service, then the second 1.4.8 node replaced by one of ours
# (the 1.4.8 node left needs ours for its group's majority). Registers persistent instances through
# every node, 1.x style, and prints what each node lists, then deregisters one. Sets a cluster's
# health check through a 1.4.8 node and through ours, edits a service through ours, and prints the
# health check every node runs for each cluster. Every node takes a
# snapshot before the replacement, so the new node of ours installs the 1.4.8 leader's snapshot;
# then a node of ours leads, every node snapshots again, and the 1.4.8 node restarts with no data,
# so it installs ours.
#   persistent.sh NACOS_1.4.8_DIR
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../.." && pwd)
LEGACY=$1
PORTS=(18848 21848 24848)
WORK=$(mktemp -d /tmp/nacosx-persistent-XXXX)
PIDS=()
source "$HERE/lib.sh"

cleanup() {
    for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
    stop_database
    [ -n "${KEEP:-}" ] && echo "kept $WORK" || rm -rf "$WORK"
}
trap cleanup EXIT

# A second copy of the 1.4.8 server, so the two 1.4.8 nodes have homes of their own.
cp -r "$LEGACY" "$WORK/legacy-2"
for home in "$LEGACY" "$WORK/legacy-2"; do rm -rf "$home/data" "$home/logs"; done
legacy_database "$LEGACY"
MEMBERS=$(printf '127.0.0.1:%s\n' "${PORTS[@]}")
PIDS+=("$(start_legacy_node "$LEGACY" "${PORTS[0]}" "$MEMBERS")")
SECOND=$(start_legacy_node "$WORK/legacy-2" "${PORTS[1]}" "$MEMBERS")
PIDS+=("$SECOND")
# A node of ours joins a running 1.4 cluster, as in a rolling upgrade.
for port in "${PORTS[@]:0:2}"; do await_ready "$port"; echo "node $port (1.4.8): ready"; done
PIDS+=("$(start_our_node "$WORK/${PORTS[2]}" "${PORTS[2]}" "$MEMBERS")")
await_ready "${PORTS[2]}"
echo "node ${PORTS[2]} (ours): ready"

register() {
    curl -s -X POST "http://127.0.0.1:$1/nacos/v1/ns/instance?serviceName=$2&ip=127.0.0.9&port=$3&ephemeral=false"
    echo "  <- persistent $2 127.0.0.9:$3 through $1"
}

list() {
    for port in "$@"; do
        for service in persistent-a persistent-b persistent-c; do
            printf '  node %s lists %s: %s\n' "$port" "$service" "$(curl -s "http://127.0.0.1:$port/nacos/v1/ns/instance/list?serviceName=$service" \
                | python3 -c 'import json,sys; print(sorted(h["ip"]+":"+str(h["port"])+("" if h["healthy"] else "(unhealthy)") for h in json.load(sys.stdin).get("hosts",[])))' 2>/dev/null)"
        done
    done
}

await_group() {
    for _ in $(seq 1 120); do
        curl -s "http://127.0.0.1:$1/nacos/v1/core/raft" | grep -q '"group":"naming_persistent_service".*"leader":"1' && return 0
        sleep 1
    done
    echo "no leader of naming_persistent_service seen by $1" >&2
}

await_group "${PORTS[2]}"
curl -s "http://127.0.0.1:${PORTS[2]}/nacos/v1/core/raft" | python3 -c '
import json, sys
for g in json.load(sys.stdin)["data"]:
    print("  ours:", g["group"], "leader", g.get("leader"), "role", g["role"], "peers", g["peers"])' || true
# 1.4 nodes move their persistent data to JRaft once every member reports version 1.4.0 or later,
# i.e. once ours has reported (in a rolling upgrade that happened long before): wait for it.
for _ in $(seq 1 60); do
    register "${PORTS[0]}" persistent-a 1001 | grep -q '^ok' && break
    sleep 2
done
register "${PORTS[2]}" persistent-b 1002
sleep "${SETTLE:-5}"
echo "two 1.4.8 nodes and one of ours:"
list "${PORTS[@]}"

# checkers SERVICE: the health check each node runs for each cluster of the service.
checkers() {
    for port in "${PORTS[@]}"; do
        printf '  node %s, %s clusters: %s\n' "$port" "$1" "$(curl -s "http://127.0.0.1:$port/nacos/v1/ns/service?serviceName=$1" \
            | python3 -c 'import json,sys; print(sorted((c["name"], c["healthChecker"]["type"], c["healthChecker"].get("path", "")) for c in json.load(sys.stdin).get("clusters", [])))' 2>/dev/null)"
    done
}
set_cluster() {
    curl -s -X PUT "http://127.0.0.1:$1/nacos/v1/ns/cluster?serviceName=$2&clusterName=DEFAULT&checkPort=8081&useInstancePort4Check=false" \
        --data-urlencode "healthChecker=$3"
    echo "  <- $2 cluster DEFAULT checked by $3 through $1"
}
echo "cluster health checks set through either side, and a service edited through ours:"
set_cluster "${PORTS[0]}" persistent-a '{"type":"HTTP","path":"/ready"}'
set_cluster "${PORTS[2]}" persistent-b '{"type":"NONE"}'
curl -s -X PUT "http://127.0.0.1:${PORTS[2]}/nacos/v1/ns/service?serviceName=persistent-a&protectThreshold=0.2"
echo "  <- persistent-a protect threshold 0.2 through ${PORTS[2]}"
sleep "${SETTLE:-5}"
checkers persistent-a
checkers persistent-b
list "${PORTS[@]}"

raft_op() {
    curl -s -X POST "http://127.0.0.1:$1/nacos/v1/core/ops/raft" -H 'Content-Type: application/json' \
        -d "{\"groupId\":\"naming_persistent_service\",\"command\":\"$2\",\"value\":\"$3\"}"
    echo "  <- $2 $3 on $1"
}
snapshot_all() {
    for port in "${PORTS[@]}"; do raft_op "$port" doSnapshot "127.0.0.1:$((port - 1000))"; done
    sleep 2
}
lead() {
    for port in "${PORTS[@]}"; do raft_op "$port" transferLeader "127.0.0.1:$(($1 - 1000))"; done
    sleep 3
}
# restart_first_empty: the 1.4.8 node PORTS[0] restarts with no data and installs the leader's snapshot.
restart_first_empty() {
    stop_and_await "$(pgrep -f "nacos.home=$LEGACY" | head -1)"
    rm -rf "$LEGACY/data/protocol" "$LEGACY/data/naming"
    PIDS+=("$(start_legacy_node "$LEGACY" "${PORTS[0]}" "$MEMBERS")")
    await_ready "${PORTS[0]}"
    sleep "${SETTLE:-5}"
    list "${PORTS[0]}"
    grep -h "onSnapshotLoadDone" "$LEGACY"/logs/alipay-jraft.log | tail -1 | cut -c1-160 || true
}

echo "control: a 1.4.8 node leads, every node snapshots, the 1.4.8 node ${PORTS[0]} restarts with no data"
lead "${PORTS[1]}"
snapshot_all
restart_first_empty

echo "replacing the 1.4.8 node ${PORTS[1]} by one of ours"
stop_and_await "$SECOND"
PIDS+=("$(start_our_node "$WORK/${PORTS[1]}" "${PORTS[1]}" "$MEMBERS")")
await_ready "${PORTS[1]}"
await_group "${PORTS[1]}"
sleep "${SETTLE:-5}"
echo "the new node of ours, before any write since it joined:"
list "${PORTS[1]}"
grep -h "datums loaded" "$WORK/${PORTS[1]}"/nacos/logs/*.log || true
register "${PORTS[0]}" persistent-c 1003
register "${PORTS[1]}" persistent-c 1004
curl -s -X DELETE "http://127.0.0.1:${PORTS[2]}/nacos/v1/ns/instance?serviceName=persistent-a&ip=127.0.0.9&port=1001&ephemeral=false"
echo "  <- deregistered persistent-a 127.0.0.9:1001 through ${PORTS[2]}"
sleep "${SETTLE:-5}"
echo "one 1.4.8 node and two of ours:"
list "${PORTS[@]}"

echo "a node of ours leads; every node snapshots; the 1.4.8 node ${PORTS[0]} restarts with no data"
lead "${PORTS[2]}"
snapshot_all
restart_first_empty
