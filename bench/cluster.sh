#!/bin/bash
# A 3-node cluster of ours on this machine, nodes on 127.0.0.1 ports P, P+100, P+200, either
# sharing a MariaDB (installed and started by tests/scripts/mariadb.sh) or each on its own embedded
# Derby replicated by JRaft:
#   bench/cluster.sh [mysql|embedded]      (default mysql)
# 1. register TPS through all nodes: one wrk per node (-t1 -c32, 20 s after 60 s warm-up: three
#    JVMs compile on 2 cores) of 1.x HTTP registers of random instances among 100,000, each with an
#    ip:port of its own (lua layout "distinct"); each is applied on its responsible node (2 of 3
#    are passed on over the cluster port) and replicated to the others by Distro.
# 2. config publish TPS through all nodes: one wrk per node (-t1 -c8, 20 s after 60 s warm-up),
#    1 KB contents to random keys among 1000; on MySQL each node tells the others, on embedded
#    storage every publish is committed through the nacos_config Raft group.
# 3. time for a change to be visible on every node: 20 config publishes and 20 instance registers
#    through node 1, each followed by polling nodes 2 and 3 until they serve it.
# Results go to bench/out/cluster-<storage>.txt.
source "$(dirname "$0")/lib.sh"
ulimit -n "$(ulimit -Hn)"
MARIADB="$ROOT_DIR/tests/scripts/mariadb.sh"
STORAGE=${1:-mysql}
case "$STORAGE" in
    mysql|embedded) ;;
    *) echo "usage: bench/cluster.sh [mysql|embedded]" >&2; exit 1 ;;
esac
PORTS=("$PORT" $((PORT + 100)) $((PORT + 200)))
MEMBERS=$(printf "127.0.0.1:%s," "${PORTS[@]}")
PIDS=()
HOMES=()
stop_nodes() {
    for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
    for pid in "${PIDS[@]}"; do
        for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
        kill -9 "$pid" 2>/dev/null || true
    done
    for home in "${HOMES[@]}"; do rm -rf "$home"; done
}
trap stop_nodes EXIT

if [ "$STORAGE" = mysql ]; then
    bash "$MARIADB" reset
    mariadb --protocol=tcp -h127.0.0.1 -P13306 -unacos -pnacos nacos < "$ROOT_DIR/conf/mysql-schema.sql"
fi
for port in "${PORTS[@]}"; do
    home=$(mktemp -d /tmp/nacosx-cluster-XXXX)
    HOMES+=("$home")
    tar -xzf "$ROOT_DIR"/distribution/target/nacos-server-*.tar.gz -C "$home"
    if [ "$STORAGE" = mysql ]; then
        cat >> "$home/nacos/conf/application.properties" <<CONF
spring.sql.init.platform=mysql
db.num=1
db.url.0=jdbc:mysql://127.0.0.1:13306/nacos?characterEncoding=utf8&useSSL=false&serverTimezone=UTC
db.user=nacos
db.password=nacos
CONF
    fi
    # Three nodes share 2 cores and 24 GB: the standalone heap sizes instead of the cluster profile's 2 GB.
    JVM_XMS=512m JVM_XMX=512m JVM_XMN=256m \
        JAVA_OPT_EXT="-Dserver.port=$port -Dserver.address=127.0.0.1 -Dnacos.inetutils.ip-address=127.0.0.1" \
        "$home/nacos/bin/startup.sh" -m cluster $([ "$STORAGE" = embedded ] && echo "-p embedded") \
        -c "${MEMBERS%,}" >/dev/null 2>&1
    PIDS+=("$(cat "$home/nacos/logs/nacos.pid")")
done
for port in "${PORTS[@]}"; do
    for _ in $(seq 1 900); do
        curl -s -o /dev/null -w "%{http_code}" "http://127.0.0.1:$port/nacos/v1/console/health/readiness" | grep -q 200 && break
        sleep 0.2
    done
done

now_ms() { date +%s%3N; }

# visible_after URL_PATTERN EXPECTED: polls nodes 2 and 3 until both answer with EXPECTED in the body.
wait_visible() {
    local path=$1 expected=$2
    for port in "${PORTS[1]}" "${PORTS[2]}"; do
        until curl -s "http://127.0.0.1:$port/nacos$path" | grep -q "$expected"; do :; done
    done
}

OUT="$OUT_DIR/cluster-$STORAGE.txt"
mkdir -p "$OUT_DIR"
{
    # The block runs in a subshell of the pipe, which does not inherit the trap: an early exit
    # (set -e) must still stop the server it started.
    trap stop_nodes EXIT
    echo "# 3-node cluster, storage $STORAGE, ports ${PORTS[*]}, $(date -u +%FT%TZ)"
    for port in "${PORTS[@]}"; do
        echo "members seen by $port: $(curl -s "http://127.0.0.1:$port/nacos/v1/core/cluster/nodes" | grep -o '"state":"[A-Z]*"' | tr '\n' ' ')"
    done
    for step in "register:naming.lua:register 1000 100 distinct:32" "publish:config-publish.lua:1000 1024:8"; do
        IFS=: read -r name script args connections <<< "$step"
        echo "## $name through all nodes: one wrk -t1 -c$connections per node, 60 s warm-up then 20 s"
        for port in "${PORTS[@]}"; do
            # shellcheck disable=SC2086
            wrk -t1 -c"$connections" -d60s -s "$BENCH_DIR/lua/$script" "http://127.0.0.1:$port" -- $args > /dev/null &
        done
        wait
        load_line
        for port in "${PORTS[@]}"; do
            # shellcheck disable=SC2086
            wrk -t1 -c"$connections" -d20s --latency -s "$BENCH_DIR/lua/$script" "http://127.0.0.1:$port" -- $args \
                > "$OUT_DIR/cluster-$name-$port.txt" &
        done
        wait
        total=0
        for port in "${PORTS[@]}"; do
            rps=$(awk '/Requests\/sec/ {print $2}' "$OUT_DIR/cluster-$name-$port.txt")
            echo "node $port: $rps req/s, $(grep -E 'Non-2xx|Socket errors' "$OUT_DIR/cluster-$name-$port.txt" || echo 'no errors')"
            total=$(awk -v a="$total" -v b="$rps" 'BEGIN {print a + b}')
        done
        echo "total: $total req/s"
    done
    echo "## time for a change to be visible on every node (publish/register through node 1, poll nodes 2 and 3)"
    load_line
    config_times=()
    naming_times=()
    for i in $(seq 1 20); do
        start=$(now_ms)
        curl -s -o /dev/null -X POST "http://127.0.0.1:${PORTS[0]}/nacos/v1/cs/configs" \
            -d "dataId=visible-$i&group=DEFAULT_GROUP&content=change-$i-$start"
        wait_visible "/v1/cs/configs?dataId=visible-$i&group=DEFAULT_GROUP" "change-$i-$start"
        config_times+=($(($(now_ms) - start)))
        start=$(now_ms)
        curl -s -o /dev/null -X POST "http://127.0.0.1:${PORTS[0]}/nacos/v1/ns/instance?serviceName=visible&ip=10.9.0.$i&port=80"
        wait_visible "/v1/ns/instance/list?serviceName=visible" "\"10.9.0.$i\""
        naming_times+=($(($(now_ms) - start)))
    done
    echo "config publish visible on nodes 2 and 3 after (ms): ${config_times[*]}"
    echo "instance register visible on nodes 2 and 3 after (ms): ${naming_times[*]}"
} 2>&1 | tee "$OUT"
