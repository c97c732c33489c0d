#!/bin/bash
# The container image's entrypoint: reads the environment variables of the official nacos-docker
# image, turns them into this server's settings and conf/cluster.conf, and runs the server in the
# foreground (bin/startup.sh with NACOS_FOREGROUND=true). A value it cannot use stops it at once with
# one line saying which variable and what it takes (exit 2), so a pod fails on its first start
# instead of serving with a setting it did not ask for.
#
#   MODE                       standalone | cluster (default cluster)
#   NACOS_SERVERS              the members, "host:port" (port 8848 when left out), separated by
#                              spaces or commas; written to conf/cluster.conf
#   MEMBER_LIST                the members as nacos.member.list (instead of cluster.conf)
#   PREFER_HOST_MODE           ip | hostname: with hostname the node names itself by its full host
#                              name (hostname -f), as the members in NACOS_SERVERS are named by a
#                              headless Service's DNS names
#   NACOS_SERVER_IP            the address this node names itself by (overrides PREFER_HOST_MODE)
#   NACOS_APPLICATION_PORT     the HTTP port (default 8848; gRPC at +1000 and +1001, Raft at -1000)
#   SPRING_DATASOURCE_PLATFORM mysql, or empty for the embedded storage
#   MYSQL_SERVICE_HOST, MYSQL_SERVICE_PORT (3306), MYSQL_SERVICE_DB_NAME (nacos),
#   MYSQL_SERVICE_USER, MYSQL_SERVICE_PASSWORD, MYSQL_SERVICE_DB_PARAM, MYSQL_DATABASE_NUM (1),
#   DB_POOL_CONNECTION_TIMEOUT (ms)
#   EMBEDDED_STORAGE           embedded: embedded storage in cluster mode (the default without MySQL)
#   JVM_XMS, JVM_XMX, JVM_XMN, JVM_MS, JVM_MMS  the heap, new size and metaspace; when no heap size
#                              is given, the heap grows as needed up to NACOS_HEAP_PERCENT (default
#                              50) of the container's memory limit (bin/startup.sh)
#   NACOS_DEBUG                y: a debugger may attach on port 9555
#   TOMCAT_ACCESSLOG_ENABLED   true | false
#   NACOS_AUTH_ENABLE          true | false
#   NACOS_AUTH_TOKEN           the token secret key (Base64 of at least 32 bytes)
#   NACOS_AUTH_IDENTITY_KEY, NACOS_AUTH_IDENTITY_VALUE   how the nodes prove themselves to each other
#   NACOS_AUTH_TOKEN_EXPIRE_SECONDS, NACOS_AUTH_CACHE_ENABLE, NACOS_AUTH_SYSTEM_TYPE
# Anything else goes in JAVA_OPT_EXT, as with bin/startup.sh. The settings reach the server as
# SPRING_APPLICATION_JSON, which keeps a password or URL whole whatever characters it holds.
# NACOS_DRY_RUN=true prints them and the command instead of starting.
set -euo pipefail

BASE_DIR=$(cd "$(dirname "$0")/.." && pwd)

refuse() {
    echo "nacos: $*" >&2
    exit 2
}

# one_of NAME VALUE CHOICES...: refuses VALUE unless it is one of CHOICES.
one_of() {
    local name=$1 value=$2 choice
    shift 2
    for choice in "$@"; do [ "$value" = "$choice" ] && return 0; done
    refuse "$name must be one of: $*; not '$value'"
}

# port NAME VALUE: refuses VALUE unless it is a TCP port.
port() {
    [[ "$2" =~ ^[0-9]+$ ]] && [ "$2" -ge 1 ] && [ "$2" -le 65535 ] || refuse "$1 must be a port number (1-65535), not '$2'"
}

# The heap and the collector follow the container's memory limit in bin/startup.sh; its share is
# checked here too, so that a wrong one is refused before anything is written.
PERCENT=${NACOS_HEAP_PERCENT:-50}
[[ "$PERCENT" =~ ^[0-9]+$ ]] && [ "$PERCENT" -ge 10 ] && [ "$PERCENT" -le 90 ] \
    || refuse "NACOS_HEAP_PERCENT must be a whole number from 10 to 90, not '$PERCENT'"

MODE=${MODE:-cluster}
one_of MODE "$MODE" standalone cluster
PREFER_HOST_MODE=${PREFER_HOST_MODE:-ip}
one_of PREFER_HOST_MODE "$PREFER_HOST_MODE" ip hostname
SPRING_DATASOURCE_PLATFORM=${SPRING_DATASOURCE_PLATFORM:-}
one_of SPRING_DATASOURCE_PLATFORM "$SPRING_DATASOURCE_PLATFORM" mysql "" embedded
EMBEDDED_STORAGE=${EMBEDDED_STORAGE:-}
one_of EMBEDDED_STORAGE "$EMBEDDED_STORAGE" embedded ""
for flag in NACOS_AUTH_ENABLE TOMCAT_ACCESSLOG_ENABLED NACOS_AUTH_CACHE_ENABLE; do
    [ -z "${!flag:-}" ] || one_of "$flag" "${!flag}" true false
done
NACOS_DEBUG=${NACOS_DEBUG:-n}
one_of NACOS_DEBUG "$NACOS_DEBUG" y n
for ignored in USE_ONLY_SITE_INTERFACES PREFERRED_NETWORKS IGNORED_INTERFACES; do
    [ -z "${!ignored:-}" ] || echo "nacos: $ignored is not read by this server; set NACOS_SERVER_IP to choose the address this node names itself by" >&2
done

SETTINGS=""
# setting NAME VALUE: the server setting NAME is VALUE, unless VALUE is empty.
setting() {
    [ -z "$2" ] && return 0
    local value=${2//\\/\\\\}
    value=${value//\"/\\\"}
    SETTINGS="$SETTINGS${SETTINGS:+,}\"$1\":\"$value\""
}

PORT=${NACOS_APPLICATION_PORT:-8848}
port NACOS_APPLICATION_PORT "$PORT"
setting server.port "$PORT"

if [ -n "${NACOS_SERVER_IP:-}" ]; then
    setting nacos.server.ip "$NACOS_SERVER_IP"
elif [ "$PREFER_HOST_MODE" = hostname ]; then
    setting nacos.inetutils.ip-address "$(hostname -f)"
fi

LAUNCH=(-m "$MODE")
if [ "$MODE" = cluster ]; then
    if [ -n "${NACOS_SERVERS:-}" ]; then
        MEMBERS=""
        for member in ${NACOS_SERVERS//,/ }; do
            host=${member%:*}
            member_port=8848
            [ "$host" != "$member" ] && member_port=${member##*:}
            [ -n "$host" ] || refuse "NACOS_SERVERS has a member without a host: '$member' (write host:port)"
            port "the port of member '$member' in NACOS_SERVERS" "$member_port"
            MEMBERS="$MEMBERS$host:$member_port"$'\n'
        done
        # Whole or not at all: a node reading a half-written list would take a partial cluster for the whole.
        printf '%s' "$MEMBERS" > "$BASE_DIR/conf/cluster.conf.new"
        mv "$BASE_DIR/conf/cluster.conf.new" "$BASE_DIR/conf/cluster.conf"
    elif [ -n "${MEMBER_LIST:-}" ]; then
        LAUNCH+=(-c "$MEMBER_LIST")
    elif [ ! -s "$BASE_DIR/conf/cluster.conf" ]; then
        refuse "MODE=cluster needs its members: set NACOS_SERVERS (\"nacos-0:8848 nacos-1:8848 nacos-2:8848\") or MEMBER_LIST, or mount conf/cluster.conf"
    fi
    if [ "$EMBEDDED_STORAGE" = embedded ] || [ "$SPRING_DATASOURCE_PLATFORM" != mysql ]; then
        LAUNCH+=(-p embedded)
    fi
fi

if [ "$SPRING_DATASOURCE_PLATFORM" = mysql ]; then
    [ -n "${MYSQL_SERVICE_HOST:-}" ] || refuse "SPRING_DATASOURCE_PLATFORM=mysql needs MYSQL_SERVICE_HOST (and MYSQL_SERVICE_USER, MYSQL_SERVICE_PASSWORD)"
    DB_PORT=${MYSQL_SERVICE_PORT:-3306}
    port MYSQL_SERVICE_PORT "$DB_PORT"
    DB_COUNT=${MYSQL_DATABASE_NUM:-1}
    [[ "$DB_COUNT" =~ ^[1-9][0-9]*$ ]] || refuse "MYSQL_DATABASE_NUM must be a whole number of at least 1, not '$DB_COUNT'"
    setting spring.sql.init.platform mysql
    setting db.num "$DB_COUNT"
    setting db.url.0 "jdbc:mysql://$MYSQL_SERVICE_HOST:$DB_PORT/${MYSQL_SERVICE_DB_NAME:-nacos}?${MYSQL_SERVICE_DB_PARAM:-characterEncoding=utf8&connectTimeout=1000&socketTimeout=3000&autoReconnect=true&useSSL=false&allowPublicKeyRetrieval=true}"
    setting db.user.0 "${MYSQL_SERVICE_USER:-}"
    setting db.password.0 "${MYSQL_SERVICE_PASSWORD:-}"
fi
if [ -n "${DB_POOL_CONNECTION_TIMEOUT:-}" ]; then
    [[ "$DB_POOL_CONNECTION_TIMEOUT" =~ ^[0-9]+$ ]] || refuse "DB_POOL_CONNECTION_TIMEOUT must be milliseconds, not '$DB_POOL_CONNECTION_TIMEOUT'"
    setting db.pool.config.connectionTimeout "$DB_POOL_CONNECTION_TIMEOUT"
fi

setting server.tomcat.accesslog.enabled "${TOMCAT_ACCESSLOG_ENABLED:-}"
setting nacos.core.auth.enabled "${NACOS_AUTH_ENABLE:-}"
setting nacos.core.auth.system.type "${NACOS_AUTH_SYSTEM_TYPE:-}"
setting nacos.core.auth.plugin.nacos.token.secret.key "${NACOS_AUTH_TOKEN:-}"
setting nacos.core.auth.plugin.nacos.token.expire.seconds "${NACOS_AUTH_TOKEN_EXPIRE_SECONDS:-}"
setting nacos.core.auth.plugin.nacos.token.cache.enable "${NACOS_AUTH_CACHE_ENABLE:-}"
setting nacos.core.auth.server.identity.key "${NACOS_AUTH_IDENTITY_KEY:-}"
setting nacos.core.auth.server.identity.value "${NACOS_AUTH_IDENTITY_VALUE:-}"
[ "$NACOS_DEBUG" = y ] && JAVA_OPT_EXT="-agentlib:jdwp=transport=dt_socket,address=*:9555,server=y,suspend=n ${JAVA_OPT_EXT:-}"

export SPRING_APPLICATION_JSON="{$SETTINGS}"
export JAVA_OPT_EXT=${JAVA_OPT_EXT:-}
export NACOS_FOREGROUND=true
[ "${NACOS_DRY_RUN:-}" = true ] && echo "SPRING_APPLICATION_JSON=$SPRING_APPLICATION_JSON"
exec "$BASE_DIR/bin/startup.sh" "${LAUNCH[@]}"
