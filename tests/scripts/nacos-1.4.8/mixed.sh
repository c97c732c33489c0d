#!/bin/bash
# A real mixed cluster on loopback: one official 1.4.8 node (built by nacos-1.4.8.sh) and two nodes
# of ours, sharing a MariaDB that holds the 1.4.8 schema as a 1.4.8 cluster left it, brought up to
# date by conf/mysql-upgrade-from-1.4.sql. Prints what each
# node sees of the others, whether a config written through one node is served by the others, and
# whether 1.x instances registered through any node are listed by every node (1.x Distro) with
# checksums that agree (no node pulls a service it was sent).
#   mixed.sh NACOS_1.4.8_DIR [SECONDS_TO_WATCH]
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../.." && pwd)
LEGACY=$1
WATCH=${2:-20}
PORTS=(18848 21848 24848)
WORK=$(mktemp -d /tmp/nacosx-mixed-XXXX)
PIDS=()
source "$HERE/lib.sh"

cleanup() {
    for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
    stop_database
    rm -rf "$WORK"
}
trap cleanup EXIT

legacy_database "$LEGACY"
MEMBERS=$(printf '127.0.0.1:%s\n' "${PORTS[@]}")
PIDS+=("$(start_legacy_node "$LEGACY" "${PORTS[0]}" "$MEMBERS")")
for port in "${PORTS[@]:1}"; do
    PIDS+=("$(start_our_node "$WORK/$port" "$port" "$MEMBERS")")
done

for port in "${PORTS[@]}"; do
    await_ready "$port"
    echo "node $port: ready"
done
sleep "$WATCH"
for port in "${PORTS[@]}"; do
    echo "members seen by $port:"
    curl -s "http://127.0.0.1:$port/nacos/v1/core/cluster/nodes" | python3 -c '
import json, sys
for m in json.load(sys.stdin)["data"]:
    print("   ", m["address"], m["state"], m.get("extendInfo", {}).get("version"))'
done
for writer in "${PORTS[@]}"; do
    curl -s -X POST "http://127.0.0.1:$writer/nacos/v1/cs/configs" -d dataId="written-on-$writer" \
        -d group=DEFAULT_GROUP -d content="from $writer" >/dev/null
done
sleep 2
for reader in "${PORTS[@]}"; do
    for writer in "${PORTS[@]}"; do
        echo "node $reader serves written-on-$writer: $(curl -s "http://127.0.0.1:$reader/nacos/v1/cs/configs?dataId=written-on-$writer&group=DEFAULT_GROUP")"
    done
done
# Beta and tag variants, through every node: each node serves every node's variants (1.4.8 keeps
# them in config_info_beta and config_info_tag, ours in config_info_gray and, for 1.4.8, there too).
for writer in "${PORTS[@]}"; do
    curl -s -o /dev/null -X POST "http://127.0.0.1:$writer/nacos/v1/cs/configs" -d dataId="variants-of-$writer" \
        -d group=DEFAULT_GROUP -d content="formal from $writer"
    curl -s -o /dev/null -X POST "http://127.0.0.1:$writer/nacos/v1/cs/configs" -H "betaIps: 127.0.0.77" \
        -d dataId="variants-of-$writer" -d group=DEFAULT_GROUP -d content="beta from $writer"
    curl -s -o /dev/null -X POST "http://127.0.0.1:$writer/nacos/v1/cs/configs" -d dataId="variants-of-$writer" \
        -d group=DEFAULT_GROUP -d tag=canary -d content="canary from $writer"
done
sleep 2
for reader in "${PORTS[@]}"; do
    for writer in "${PORTS[@]}"; do
        read_config="http://127.0.0.1:$reader/nacos/v1/cs/configs?dataId=variants-of-$writer&group=DEFAULT_GROUP"
        echo "node $reader serves variants-of-$writer: formal '$(curl -s "$read_config")'," \
            "to 127.0.0.77 '$(curl -s -H 'X-Forwarded-For: 127.0.0.77' "$read_config")'," \
            "tag canary '$(curl -s "$read_config&tag=canary")'"
    done
done
# 1.x instances beating every 5 s through the node they were registered with, as a 1.x client does.
# Parameters go in the query string, as the 1.x client sends them (1.4.8 passes a write on with its
# query only).
register_and_beat() {
    local node=$1 service=$2 port=$3 metadata=$4
    local query="serviceName=$service&ip=127.0.0.8&port=$port"
    curl -s -o /dev/null -w "register $service through $node: %{http_code}\n" -X POST -G \
        "http://127.0.0.1:$node/nacos/v1/ns/instance?$query" --data-urlencode "metadata=$metadata"
    while true; do
        sleep 5
        curl -s -o /dev/null -X PUT "http://127.0.0.1:$node/nacos/v1/ns/instance/beat?$query"
    done
}
BEATERS=()
# Through the 1.4.8 node: it passes each on to the node its service-name hash picks.
for i in 1 2 3 4 5 6; do
    register_and_beat "${PORTS[0]}" "mixed-$i" 8080 "{}" &
    BEATERS+=($!)
done
sleep 3
for reader in "${PORTS[@]}"; do
    listed=""
    for i in 1 2 3 4 5 6; do
        count=$(curl -s "http://127.0.0.1:$reader/nacos/v1/ns/instance/list?serviceName=mixed-$i" \
            | python3 -c 'import json, sys; print(len(json.load(sys.stdin).get("hosts", [])))')
        listed="$listed mixed-$i:$count"
    done
    echo "node $reader lists:$listed"
done
# With metadata, through every node: each service is written where 1.x's service-name hash puts it
# and reaches the other nodes by 1.x Distro (ours among themselves by ours).
for writer in "${PORTS[@]}"; do
    for i in 1 2 3 4; do
        register_and_beat "$writer" "through-$writer-$i" $((8080 + i)) "{\"zone\":\"z$i\",\"app\":\"mixed\"}" &
        BEATERS+=($!)
    done
done
# How often any node asked another for what it was sent: 1.x Distro datums, or instances' health.
pulls() {
    local count=0
    for log in "$LEGACY"/logs/access_log.*.log "$WORK"/*/nacos/logs/access_log.log; do
        count=$((count + $(grep -c "GET /nacos/v1/ns/$1" "$log" || true)))
    done
    echo "$count"
}
# Listed and healthy instances as the node holds them (a list request would hide ill health behind
# 1.4.8's protect threshold, which hands out every instance as healthy when none is).
health_of() {
    curl -s "http://127.0.0.1:$1/nacos/v1/ns/instance/statuses?key=public%23%23DEFAULT_GROUP%40%40$2" \
        | python3 -c 'import json, sys
ips = json.load(sys.stdin).get("ips", [])
print("%d/%d" % (sum(ip.endswith("_true") for ip in ips), len(ips)))'
}
sleep 4
for reader in "${PORTS[@]}"; do
    listed=""
    for writer in "${PORTS[@]}"; do
        for i in 1 2 3 4; do
            count=$(curl -s "http://127.0.0.1:$reader/nacos/v1/ns/instance/list?serviceName=through-$writer-$i&healthyOnly=true" \
                | python3 -c 'import json, sys; print(len(json.load(sys.stdin).get("hosts", [])))')
            listed="$listed $count"
        done
    done
    echo "node $reader lists the 12 services with healthy hosts:$listed"
done
datums_before=$(pulls 'distro/datum ')
statuses_before=$(pulls 'instance/statuses')
sleep "$WATCH"
echo "in ${WATCH} s of beating (verify rounds every 5 s): $(( $(pulls 'distro/datum ') - datums_before )) datum pulls," \
    "$(( $(pulls 'instance/statuses') - statuses_before )) health pulls"
for reader in "${PORTS[@]}"; do
    healthy=0
    for writer in "${PORTS[@]}"; do
        for i in 1 2 3 4; do
            healthy=$((healthy + $(curl -s "http://127.0.0.1:$reader/nacos/v1/ns/instance/list?serviceName=through-$writer-$i&healthyOnly=true" \
                | python3 -c 'import json, sys; print(len(json.load(sys.stdin).get("hosts", [])))')))
        done
    done
    echo "node $reader after ${WATCH} s: $healthy of 12 healthy"
done
# The mixed-* instances stop beating: each one's owner marks it unhealthy after 15 s and removes it
# after 30 s, and every node must show both.
stopped=(mixed-1 mixed-2 mixed-3 mixed-4 mixed-5 mixed-6)
for service in "${stopped[@]}"; do
    python3 -c "import math, sys
s = sys.argv[1]; members = sorted(sys.argv[2:])
h = 0
for c in s:
    h = (h * 31 + ord(c)) & 0xFFFFFFFF
h = h - 2**32 if h >= 2**31 else h
print(s.split('@@')[1], 'is owned by', members[abs(int(math.fmod(h, 2147483647))) % len(members)])" \
        "DEFAULT_GROUP@@$service" "${PORTS[@]/#/127.0.0.1:}"
done
kill "${BEATERS[@]:0:6}" 2>/dev/null || true
for after in 10 24 40; do
    sleep $((after - ${last:-0}))
    last=$after
    for reader in "${PORTS[@]}"; do
        line="node $reader $after s after the beats stopped, healthy/listed:"
        for service in "${stopped[@]}"; do
            line="$line $service $(health_of "$reader" "$service")"
        done
        echo "$line"
    done
done
kill "${BEATERS[@]}" 2>/dev/null || true
