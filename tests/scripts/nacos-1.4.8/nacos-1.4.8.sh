#!/bin/bash
# The official Nacos 1.4.8 server beside ours, for the mixed-cluster (rolling upgrade) work.
# It is not on Maven Central, so it is built from its source (tag 1.4.8 of alibaba/nacos):
#   nacos-1.4.8.sh build SRC_DIR            builds SRC_DIR/distribution/target/nacos-server-1.4.8/nacos on JDK 17
#   nacos-1.4.8.sh capture NACOS_DIR OUT    runs that node on a private MariaDB (port 13307) in a two-member
#                                           cluster whose other member is capture.py playing a 1.4.8 node,
#                                           publishes a config and registers instances on it, and keeps every
#                                           request the node sends to its peer (CAPTURE_SECONDS, default 100:
#                                           the node gossips service statuses from its 60th second)
# The requests kept under tests/test-support/src/main/resources/nacos-1.4.8 were captured this way, with
# the node's address, ports, clock and the config's names replaced by ${...} placeholders and the
# transport's own headers (Host, Content-Length, Connection) left out.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)

build() {
    local src=$1
    # 1.4.8's api and common modules target Java 6, which JDK 17 no longer compiles for. Its client
    # does not compile against JDK 17's class library at all (JvmRandom clashes with RandomGenerator),
    # so the client jar comes from Maven Central, where 1.4.8's is published.
    sed -i 's#<source>6</source>#<source>8</source>#; s#<target>6</target>#<target>8</target>#' \
        "$src"/api/pom.xml "$src"/common/pom.xml
    (cd "$src" && mvn -B -q -Prelease-nacos -DskipTests -Dmaven.test.skip=true -Drat.skip=true \
        -Dcheckstyle.skip=true -Dpmd.skip=true -Dmaven.javadoc.skip=true -Denforcer.skip=true \
        -pl '!client,!example,!test' install)
    ls -d "$src"/distribution/target/nacos-server-1.4.8/nacos
}

capture() {
    local nacos=$1 out=$2 port=18848 peer=28848 db_port=13307
    mkdir -p "$out"
    out=$(cd "$out" && pwd)
    export MARIADB_PORT=$db_port
    "$HERE/../mariadb.sh" start
    "$HERE/../mariadb.sh" reset
    mysql -h 127.0.0.1 -P "$db_port" -u nacos -pnacos nacos < "$nacos/conf/nacos-mysql.sql"
    printf '127.0.0.1:%s\n127.0.0.1:%s\n' "$port" "$peer" > "$nacos/conf/cluster.conf"
    python3 "$HERE/capture.py" "$peer" "$out" "${CAPTURE_SECONDS:-100}" "$port" &
    local capture_pid=$!
    # 1.4.8 puts JAVA_OPT_EXT after -jar: settings go as Spring arguments. Its Tomcat writes its access
    # log to the working directory: start it from its own.
    cd "$nacos"
    JAVA_OPT_EXT="--server.port=$port --nacos.inetutils.ip-address=127.0.0.1 --spring.datasource.platform=mysql
        --db.num=1 --db.url.0=jdbc:mysql://127.0.0.1:$db_port/nacos?characterEncoding=utf8&useSSL=false
        --db.user=nacos --db.password=nacos" "$nacos/bin/startup.sh" -m cluster >/dev/null
    for _ in $(seq 1 120); do
        curl -sf "http://127.0.0.1:$port/nacos/v1/console/health/readiness" >/dev/null && break
        sleep 1
    done
    curl -s -X POST "http://127.0.0.1:$port/nacos/v1/cs/configs" -d dataId=captured.properties \
        -d group=DEFAULT_GROUP -d content=k=v; echo
    # Services whose names hash to each member, so that the node both serves and forwards writes.
    # 1.4.8's write forwarding reads serviceName from the query string only, as its client sends it.
    for service in captured-a captured-b captured-c captured-d; do
        curl -s -X POST "http://127.0.0.1:$port/nacos/v1/ns/instance?serviceName=$service&ip=127.0.0.9&port=8080"
        echo
    done
    # Beats keep the instances (and so the services' status gossip) alive, as a 1.x client's do.
    while kill -0 "$capture_pid" 2>/dev/null; do
        sleep 5
        for service in captured-a captured-b captured-c captured-d; do
            curl -s -o /dev/null -X PUT \
                "http://127.0.0.1:$port/nacos/v1/ns/instance/beat?serviceName=$service&ip=127.0.0.9&port=8080"
        done
    done
    wait "$capture_pid"
    kill "$(pgrep -f "nacos.home=$nacos" | head -1)" 2>/dev/null || true
    "$HERE/../mariadb.sh" stop
    ls "$out"
}

case ${1:-} in
    build) build "$2" ;;
    capture) capture "$2" "$3" ;;
    *) echo "usage: $0 build SRC_DIR | capture NACOS_DIR OUT_DIR" >&2; exit 2 ;;
esac
