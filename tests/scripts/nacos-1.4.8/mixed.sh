#!/bin/bash
# A real mixed cluster on loopback: one official 1.4.8 node (built by nacos-1.4.8.sh) and two nodes
# of ours, sharing a MariaDB that holds the 1.4.8 schema as a 1.4.8 cluster left it, brought up to
# date by conf/mysql-upgrade-from-1.4.sql. Prints what each
# node sees of the others and whether a config written through one node is served by the others.
#   mixed.sh NACOS_1.4.8_DIR [SECONDS_TO_WATCH]
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../.." && pwd)
LEGACY=$1
WATCH=${2:-20}
DB_PORT=13307
PORTS=(18848 21848 24848)
WORK=$(mktemp -d /tmp/nacosx-mixed-XXXX)
OURS_PIDS=()

cleanup() {
    for pid in "${OURS_PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
    kill "$(pgrep -f "nacos.home=$LEGACY" | head -1)" 2>/dev/null || true
    MARIADB_PORT=$DB_PORT "$ROOT/tests/scripts/mariadb.sh" stop
}
trap cleanup EXIT

export MARIADB_PORT=$DB_PORT
"$ROOT/tests/scripts/mariadb.sh" start
"$ROOT/tests/scripts/mariadb.sh" reset
mysql -h 127.0.0.1 -P "$DB_PORT" -u nacos -pnacos nacos < "$LEGACY/conf/nacos-mysql.sql"
mysql -h 127.0.0.1 -P "$DB_PORT" -u nacos -pnacos nacos < "$ROOT/conf/mysql-upgrade-from-1.4.sql"
JDBC="jdbc:mysql://127.0.0.1:$DB_PORT/nacos?characterEncoding=utf8&useSSL=false&allowPublicKeyRetrieval=true"
MEMBERS=$(printf '127.0.0.1:%s\n' "${PORTS[@]}")

echo "$MEMBERS" > "$LEGACY/conf/cluster.conf"
# 1.4.8 puts JAVA_OPT_EXT after -jar: settings go as Spring arguments. Its Tomcat writes its access log
# to the working directory: start it from its own.
cd "$LEGACY"
JAVA_OPT_EXT="--server.port=${PORTS[0]} --nacos.inetutils.ip-address=127.0.0.1 --spring.datasource.platform=mysql
    --db.num=1 --db.url.0=$JDBC --db.user=nacos --db.password=nacos" "$LEGACY/bin/startup.sh" -m cluster >/dev/null

for port in "${PORTS[@]:1}"; do
    mkdir -p "$WORK/$port"
    tar -xzf "$ROOT"/distribution/target/nacos-server-*.tar.gz -C "$WORK/$port"
    echo "$MEMBERS" > "$WORK/$port/nacos/conf/cluster.conf"
    JAVA_OPT_EXT="-Dserver.port=$port -Dnacos.inetutils.ip-address=127.0.0.1 -Dspring.sql.init.platform=mysql
        -Ddb.num=1 -Ddb.url.0=$JDBC -Ddb.user=nacos -Ddb.password=nacos" "$WORK/$port/nacos/bin/startup.sh" >/dev/null
    OURS_PIDS+=("$(cat "$WORK/$port/nacos/logs/nacos.pid")")
done

for port in "${PORTS[@]}"; do
    for _ in $(seq 1 180); do
        curl -sf "http://127.0.0.1:$port/nacos/v1/console/health/readiness" >/dev/null && break
        sleep 1
    done
    echo "node $port: $(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/nacos/v1/console/health/readiness") ready"
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
# 1.x instance writes through the 1.4.8 node: it passes each to the node its service-name hash picks.
for i in 1 2 3 4 5 6; do
    code=$(curl -s -o /dev/null -w '%{http_code}' -X POST \
        "http://127.0.0.1:${PORTS[0]}/nacos/v1/ns/instance?serviceName=mixed-$i&ip=127.0.0.9&port=8080")
    echo "register mixed-$i through ${PORTS[0]}: $code"
done
sleep 2
for reader in "${PORTS[@]}"; do
    listed=""
    for i in 1 2 3 4 5 6; do
        count=$(curl -s "http://127.0.0.1:$reader/nacos/v1/ns/instance/list?serviceName=mixed-$i" \
            | python3 -c 'import json, sys; print(len(json.load(sys.stdin).get("hosts", [])))')
        listed="$listed mixed-$i:$count"
    done
    echo "node $reader lists:$listed"
done
