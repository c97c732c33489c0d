#!/bin/bash
# A private MariaDB for the MySQL-mode tests, on ${MARIADB_BIND:-127.0.0.1}:${MARIADB_PORT:-13306}, with database
# and user "nacos" (password "nacos"). Installs mariadb-server from Debian's packages when absent.
#   mariadb.sh start   install if needed, initialise once, start (no-op when running)
#   mariadb.sh stop    stop it and wait (the data stays)
#   mariadb.sh reset   drop and recreate the nacos database
set -euo pipefail

PORT=${MARIADB_PORT:-13306}
BIND=${MARIADB_BIND:-127.0.0.1}
BASE=${MARIADB_BASE:-${TMPDIR:-/tmp}/nacosx-mariadb-$PORT}
DATA=$BASE/data
SOCKET=$BASE/mysqld.sock
PID_FILE=$BASE/mysqld.pid

# Debian puts the server in /usr/sbin, which a non-login PATH may lack.
export PATH="$PATH:/usr/sbin:/sbin"

source "$(dirname "$0")/debian-packages.sh"

running() {
    [ -f "$PID_FILE" ] && kill -0 "$(cat "$PID_FILE")" 2>/dev/null
}

client() {
    mariadb --protocol=socket -S "$SOCKET" -uroot "$@"
}

start() {
    install_if_absent mariadbd mariadb-server || true
    if running; then
        return
    fi
    mkdir -p "$BASE"
    if [ ! -d "$DATA/mysql" ]; then
        mariadb-install-db --no-defaults --datadir="$DATA" --user="$(id -un)" \
            --auth-root-authentication-method=socket >"$BASE/install.log" 2>&1
    fi
    mariadbd --no-defaults --datadir="$DATA" --port="$PORT" --bind-address="$BIND" --socket="$SOCKET" \
        --pid-file="$PID_FILE" --user="$(id -un)" --skip-name-resolve --innodb-buffer-pool-size=64M \
        --character-set-server=utf8mb4 --log-error="$BASE/error.log" >/dev/null 2>&1 &
    local server=$!
    # As long as it takes while the server process lives (a busy machine starts it slowly); the
    # bound is only for a server that neither answers nor exits.
    for _ in $(seq 1 1200); do
        if ! kill -0 "$server" 2>/dev/null; then
            break
        fi
        if client -e "SELECT 1" >/dev/null 2>&1; then
            client -e "CREATE DATABASE IF NOT EXISTS nacos; CREATE USER IF NOT EXISTS 'nacos'@'%' IDENTIFIED BY 'nacos'; \
                GRANT ALL ON nacos.* TO 'nacos'@'%'; CREATE USER IF NOT EXISTS 'nacos'@'localhost' IDENTIFIED BY 'nacos'; \
                GRANT ALL ON nacos.* TO 'nacos'@'localhost'; FLUSH PRIVILEGES;"
            return
        fi
        sleep 0.5
    done
    echo "mariadb.sh: MariaDB did not start; see $BASE/error.log" >&2
    exit 1
}

stop() {
    if ! running; then
        return
    fi
    local pid
    pid=$(cat "$PID_FILE")
    kill "$pid"
    for _ in $(seq 1 120); do
        kill -0 "$pid" 2>/dev/null || return 0
        sleep 0.5
    done
    kill -9 "$pid" 2>/dev/null || true
}

reset() {
    start
    client -e "DROP DATABASE IF EXISTS nacos; CREATE DATABASE nacos;"
}

case "${1:-}" in
    start) start ;;
    stop) stop ;;
    reset) reset ;;
    *) echo "usage: mariadb.sh start|stop|reset" >&2; exit 2 ;;
esac
