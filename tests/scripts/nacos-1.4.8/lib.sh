# What the scripts here and bench/upgrade.sh share: a MariaDB holding the schema an official 1.4.8
# cluster left, starting official 1.4.8 nodes and ours on it, all on 127.0.0.1, reading their CPU,
# and a sampler of the nodes under load. Source it; it needs ROOT. STORAGE=embedded (default mysql)
# starts ours on their embedded storage (Derby, configs replicated by their own Raft group) while the
# 1.4.8 nodes keep the MariaDB, so that a run shows what our embedded-storage start does to the 1.x
# clients' beats. Configs are then not shared between the two kinds of node. An official 1.4.8
# cluster on embedded storage cannot be run here: on JDK 17, the oldest this machine has, its nodes
# never finish starting: the config dump's first read through their Raft group nacos_config fails
# ("The Raft Group [nacos_config] did not find the Leader node", or a NullPointerException
# serialising the answer) in every start tried here, with the nodes started together or 20 s apart,
# a 60 s Raft request timeout, JDK 17's modules opened, and started again after each failure.
DB_PORT=13307
JDBC="jdbc:mysql://127.0.0.1:$DB_PORT/nacos?characterEncoding=utf8&useSSL=false&allowPublicKeyRetrieval=true"
STORAGE=${STORAGE:-mysql}
case $STORAGE in
    mysql | embedded) ;;
    *) echo "STORAGE must be mysql or embedded, not '$STORAGE'" >&2; exit 2 ;;
esac

# our_storage_settings: the database settings of ours for STORAGE.
our_storage_settings() {
    [ "$STORAGE" = mysql ] && echo "-Dspring.sql.init.platform=mysql -Ddb.num=1 -Ddb.url.0=$JDBC -Ddb.user=nacos -Ddb.password=nacos"
    return 0
}

# legacy_database NACOS_1.4.8_DIR: a fresh database with 1.4.8's schema and conf/mysql-upgrade-from-1.4.sql.
legacy_database() {
    export MARIADB_PORT=$DB_PORT
    "$ROOT/tests/scripts/mariadb.sh" start
    "$ROOT/tests/scripts/mariadb.sh" reset
    mysql -h 127.0.0.1 -P "$DB_PORT" -u nacos -pnacos nacos < "$1/conf/nacos-mysql.sql"
    mysql -h 127.0.0.1 -P "$DB_PORT" -u nacos -pnacos nacos < "$ROOT/conf/mysql-upgrade-from-1.4.sql"
}

# fresh_database: a fresh database with our own schema (conf/mysql-schema.sql).
fresh_database() {
    export MARIADB_PORT=$DB_PORT
    "$ROOT/tests/scripts/mariadb.sh" start
    "$ROOT/tests/scripts/mariadb.sh" reset
    mysql -h 127.0.0.1 -P "$DB_PORT" -u nacos -pnacos nacos < "$ROOT/conf/mysql-schema.sql"
}

# holding_ends: returns once the 2.x clients (naming-hold, $LOAD_PID) say they are done holding,
# just before they disconnect, or are gone: the next phase's line then comes before any sample of
# a cluster without them (a sample is timed when it starts, and the clients take a second to exit).
holding_ends() {
    while kill -0 "$LOAD_PID" 2>/dev/null && ! grep -q "2.x clients: after holding" "$OUT"; do sleep 0.2; done
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

# start_legacy_copy NACOS_1.4.8_DIR PORT MEMBERS: starts a fresh copy of the 1.4.8 server under WORK
# on PORT and records its pid and kind for the sampler.
start_legacy_copy() {
    local home="$WORK/148-$2"
    cp -r "$1" "$home"
    rm -rf "$home/logs" "$home/data" "$home/status" "$home/work"
    start_legacy_node "$home" "$2" "$3" > "$WORK/pid-$2"
    echo 1.4.8 > "$WORK/kind-$2"
}

# stop_everything: for a trap on EXIT. Stops the load (LOAD_PID), the sampler (SAMPLER_PID), every
# process with a pid file under WORK, and the database; removes WORK unless KEEP_LOGS=1.
stop_everything() {
    local file
    for pid in ${LOAD_PID:-} ${SAMPLER_PID:-}; do kill "$pid" 2>/dev/null || true; done
    for file in "$WORK"/pid-*; do [ -f "$file" ] && kill "$(cat "$file")" 2>/dev/null || true; done
    stop_database
    if [ "${KEEP_LOGS:-}" = 1 ]; then echo "the nodes' homes and logs are kept in $WORK"; else rm -rf "$WORK"; fi
}

# start_our_node DIR PORT MEMBERS: unpacks the packaged server into DIR (unless a node ran there
# before: a restart keeps its data), starts it to upgrade from 1.x (access log on) and prints its pid.
# OURS_EXTRA_OPTS adds JVM options for an experiment (a profiler agent, say).
start_our_node() {
    local dir=$1 port=$2
    mkdir -p "$dir"
    [ -d "$dir/nacos" ] || tar -xzf "$ROOT"/distribution/target/nacos-server-*.tar.gz -C "$dir"
    echo "$3" > "$dir/nacos/conf/cluster.conf"
    JAVA_OPT_EXT="-Dserver.port=$port -Dnacos.inetutils.ip-address=127.0.0.1 $(our_storage_settings)
        -Dserver.tomcat.accesslog.enabled=true
        -Dnacos.core.support.upgrade.from.1x=true ${OURS_EXTRA_OPTS:-}" "$dir/nacos/bin/startup.sh" >/dev/null
    cat "$dir/nacos/logs/nacos.pid"
}

# start_ours PORT MEMBERS: starts one of ours on PORT, its home under WORK (kept across a restart),
# and records its pid and kind for the sampler.
start_ours() {
    start_our_node "$WORK/ours-$1" "$1" "$2" > "$WORK/pid-$1"
    echo ours > "$WORK/kind-$1"
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
    # An empty pid (a pid file being rewritten) would read /proc//stat, which is /proc/stat.
    for pid in "$@"; do
        [ -n "$pid" ] && total=$(( total + $(awk '{print $14 + $15}' "/proc/$pid/stat" 2>/dev/null || echo 0) ))
    done
    echo "$total"
}

# host_ticks: the host's busy and total ticks over all cores (/proc/stat), to tell a busy machine
# from a slow node.
host_ticks() {
    awk '/^cpu /{busy = $2 + $3 + $4 + $7 + $8 + $9; print busy, busy + $5 + $6}' /proc/stat
}

# stop_and_await PID: stops the process PID (one these scripts started) and waits until it is gone.
stop_and_await() {
    kill "$1"
    while kill -0 "$1" 2>/dev/null; do sleep 0.2; done
}

# The sampler. Each node's pid and kind (1.4.8 or ours) live in files under WORK, which it reads
# every round, so a node replaced meanwhile is sampled as what it is now; the clients' pid too.
# Needs WORK, PORTS (the nodes' HTTP ports) and SERVICES (the clients' services: legacy-0 ...).
pid_of() { cat "$WORK/pid-$1"; }
kind_of() { cat "$WORK/kind-$1"; }
clients_pid() { cat "$WORK/pid-clients" 2>/dev/null || echo 0; }

# phase TEXT: marks where a phase starts in the output (summarize.py splits on these lines).
phase() {
    echo "== $(date +%T.%3N) $*"
}

# healthy_instances PORT: the healthy instances the node lists in the clients' services, or "-"
# when it does not answer them all within 8 s (a busy 1.4.8 node takes seconds for each). When
# some but fewer than the INSTANCES the clients registered (instance i: service legacy-<i % SERVICES>,
# address 10.<i bytes>), the first few that are not healthy follow, each unhealthy or absent.
healthy_instances() {
    python3 - "$1" "$SERVICES" "${INSTANCES:-0}" <<'PY'
import json, sys, time, urllib.request
port, services, registered = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
total = 0
missing = []
deadline = time.monotonic() + 8
for s in range(services):
    if time.monotonic() > deadline:
        print("-")
        sys.exit(0)
    try:
        with urllib.request.urlopen("http://127.0.0.1:%s/nacos/v1/ns/instance/list?serviceName=legacy-%d&healthyOnly=false"
                                    % (port, s), timeout=5) as answer:
            hosts = {host["ip"]: host.get("healthy") for host in json.load(answer).get("hosts", [])}
    except Exception:
        print("-")
        sys.exit(0)
    total += sum(1 for healthy in hosts.values() if healthy)
    for i in range(s, registered, services):
        ip = "10.%d.%d.%d" % (i >> 16 & 0xff, i >> 8 & 0xff, i & 0xff)
        if not hosts.get(ip):
            missing.append(ip + (" unhealthy" if ip in hosts else " absent"))
print("%d (%s)" % (total, ", ".join(missing[:4])) if missing and 0 < total < registered else total)
PY
}

# mode_of PORT: 1.4.8, or ours in the 1.x or the 2.x mode (dw-off: double write off), or starting.
mode_of() {
    if [ "$(kind_of "$1")" = 1.4.8 ]; then echo 1.4.8; return; fi
    curl -s "http://127.0.0.1:$1/nacos/v1/ns/upgrade/ops/metrics?json=true" | python3 -c '
import json, sys
try:
    m = json.load(sys.stdin)
    print("ours/" + ("2.x" if m["upgraded"] else "1.x") + ("" if m["isDoubleWriteEnabled"] else "/dw-off"))
except Exception:
    print("ours/starting")'
}

# sample_every_10s: prints a line every 10 s, for each node its mode, CPU over the 10 s (% of one
# core; "-" for a node replaced within them) and healthy instances listed, then the clients' CPU
# and the host's busy share of all its cores. A node whose kind file says "gone" is left out. Run
# it in the background.
sample_every_10s() {
    declare -A before after pid
    while true; do
        local sampled=()
        for port in "${PORTS[@]}"; do [ "$(kind_of "$port")" = gone ] || sampled+=("$port"); done
        for port in "${sampled[@]}"; do
            pid[$port]=$(pid_of "$port")
            before[$port]=$(cpu_ticks "${pid[$port]}")
        done
        clients=$(clients_pid)
        clients_before=$(cpu_ticks "$clients")
        read -r host_busy host_total < <(host_ticks)
        sleep 10
        # Every counter is read at the end of the 10 s, before the list requests, which a busy
        # 1.4.8 node can take minutes to answer.
        for port in "${sampled[@]}"; do after[$port]=$(cpu_ticks "${pid[$port]}"); done
        clients_after=$(cpu_ticks "$clients")
        read -r busy total < <(host_ticks)
        clients_cpu=-
        if [ "$clients" = "$(clients_pid)" ] && [ "$clients_after" -ge "$clients_before" ] && [ -d "/proc/$clients" ]; then
            clients_cpu="$(( (clients_after - clients_before) / 10 ))%"
        fi
        line="$(date +%T)"
        for port in "${sampled[@]}"; do
            # 100 ticks a second: ticks in 10 s / 10 = % of one core.
            cpu=-
            if [ "${pid[$port]}" = "$(pid_of "$port")" ] && [ "${after[$port]}" -ge "${before[$port]}" ]; then
                cpu="$(( (${after[$port]} - ${before[$port]}) / 10 ))%"
            fi
            line="$line | $port $(mode_of "$port") cpu $cpu healthy $(healthy_instances "$port")"
        done
        echo "$line | clients cpu $clients_cpu | host $(( 100 * (busy - host_busy) / (total - host_total) ))% of all cores"
    done
}
