# What mixed.sh, rolling.sh and ours-only.sh share: a MariaDB holding the schema an official 1.4.8
# cluster left, starting official 1.4.8 nodes and ours on it, all on 127.0.0.1, and reading their
# CPU. Source it; it needs ROOT.
DB_PORT=13307
JDBC="jdbc:mysql://127.0.0.1:$DB_PORT/nacos?characterEncoding=utf8&useSSL=false&allowPublicKeyRetrieval=true"

# legacy_database NACOS_1.4.8_DIR: a fresh database with 1.4.8's schema and conf/mysql-upgrade-from-1.4.sql.
legacy_database() {
    export MARIADB_PORT=$DB_PORT
    "$ROOT/tests/scripts/mariadb.sh" start
    "$ROOT/tests/scripts/mariadb.sh" reset
    mysql -h 127.0.0.1 -P "$DB_PORT" -u nacos -pnacos nacos < "$1/conf/nacos-mysql.sql"
    mysql -h 127.0.0.1 -P "$DB_PORT" -u nacos -pnacos nacos < "$ROOT/conf/mysql-upgrade-from-1.4.sql"
}

stop_database() {
    MARIADB_PORT=$DB_PORT "$ROOT/tests/scripts/mariadb.sh" stop
}

# start_legacy_node NACOS_1.4.8_DIR PORT MEMBERS: prints the node's pid. 1.4.8 puts JAVA_OPT_EXT after
# -jar, so settings go as Spring arguments; its Tomcat writes its access log to the working
# directory, so it starts from its own.
start_legacy_node() {
    local home=$1 port=$2
    echo "$3" > "$home/conf/cluster.conf"
    (cd "$home" && JAVA_OPT_EXT="--server.port=$port --nacos.inetutils.ip-address=127.0.0.1
        --spring.datasource.platform=mysql --db.num=1 --db.url.0=$JDBC --db.user=nacos --db.password=nacos" \
        "$home/bin/startup.sh" -m cluster >/dev/null)
    pgrep -f "nacos.home=$home" | head -1
}

# start_our_node DIR PORT MEMBERS: unpacks the packaged server into DIR, starts it to upgrade from
# 1.x (access log on) and prints its pid.
start_our_node() {
    local dir=$1 port=$2
    mkdir -p "$dir"
    tar -xzf "$ROOT"/distribution/target/nacos-server-*.tar.gz -C "$dir"
    echo "$3" > "$dir/nacos/conf/cluster.conf"
    JAVA_OPT_EXT="-Dserver.port=$port -Dnacos.inetutils.ip-address=127.0.0.1 -Dspring.sql.init.platform=mysql
        -Ddb.num=1 -Ddb.url.0=$JDBC -Ddb.user=nacos -Ddb.password=nacos -Dserver.tomcat.accesslog.enabled=true
        -Dnacos.core.support.upgrade.from.1x=true" "$dir/nacos/bin/startup.sh" >/dev/null
    cat "$dir/nacos/logs/nacos.pid"
}

# await_ready PORT: waits (at most 300 s) until the node answers its readiness probe.
await_ready() {
    for _ in $(seq 1 300); do
        curl -sf "http://127.0.0.1:$1/nacos/v1/console/health/readiness" >/dev/null && return 0
        sleep 1
    done
    echo "node $1 not ready after 300 s" >&2
    return 1
}

# cpu_ticks PID...: the CPU ticks (100 a second) the processes used so far, together; 0 for one gone.
cpu_ticks() {
    local total=0 pid
    for pid in "$@"; do total=$(( total + $(awk '{print $14 + $15}' "/proc/$pid/stat" 2>/dev/null || echo 0) )); done
    echo "$total"
}

# host_ticks: the host's busy and total ticks over all cores (/proc/stat), to tell a busy machine
# from a slow node.
host_ticks() {
    awk '/^cpu /{busy = $2 + $3 + $4 + $7 + $8 + $9; print busy, busy + $5 + $6}' /proc/stat
}
