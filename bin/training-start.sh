#!/bin/bash
# Sourced by the build's class-data steps (bin/make-class-data-archive.sh, bin/make-aot-cache.sh):
# one training start of the server, run to ready and stopped (-Dnacos.training-start=true), so that
# what the JVM records is the whole start: the context, the HTTP and gRPC ports' servers and the
# HTTP warm-up. It starts as a node of a two-node cluster on embedded storage, beside a helper node,
# both on scratch homes, so that the record holds what a cluster node loads on top of a standalone
# one: its Raft groups (JRaft, RocksDB), the gRPC channels to its peers, Distro. A cluster node
# restarted with a standalone start's record read ~1,500 classes from the jars, and its JIT spent
# its first seconds on the class loader; a standalone start does not need the extra classes, and
# holds them (~9 MB) without being slower. Each node's ports are on 127.0.0.1, at a main port P
# whose P-1000 (Raft), P, P+1000 and P+1001 (gRPC) nothing listens on; a start that still loses a
# port to another process is tried again on other ports. The helper runs on C1 alone (it records
# nothing: its compiles would only take the cores from the training node) and is stopped by its pid
# once the training node has exited.
#   training_start JAVA TARGET_DIR CONF_DIR LOG [JVM_OPTION...]

# port_taken PORT: whether something listens on 127.0.0.1:PORT.
port_taken() {
    (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

# node_ports_free P: whether a node's ports at main port P are all free.
node_ports_free() {
    local port
    for port in $(($1 - 1000)) "$1" $(($1 + 1000)) $(($1 + 1001)); do
        port_taken "$port" && return 1
    done
    return 0
}

# free_main_port: a main port P for the training node whose ports, and those of the helper at
# P+100, are free.
free_main_port() {
    local port
    for _ in $(seq 1 50); do
        port=$((21000 + RANDOM % 18000))
        node_ports_free "$port" && node_ports_free $((port + 100)) && { echo "$port"; return 0; }
    done
    echo "no free ports for a training start on 127.0.0.1" >&2
    return 1
}

# training_node JAVA TARGET CONF HOME PORT MEMBERS JVM_OPTION...: runs one node of the training
# cluster in the foreground, bounded (a node that never becomes ready must not hang the build), on
# the bean definitions made ahead of time, as bin/startup.sh runs the server; its embedded Derby is
# the package's empty database, which a home of the package finds in its own target/, and reads the
# package's conf/derby.properties as a home's does (without it Derby starts the JVM's management
# server, whose ~300 classes the cache then held and every start loaded).
training_node() {
    local java=$1 target=$2 conf=$3 home=$4 port=$5 members=$6
    shift 6
    cd "$target" && exec timeout 600 "$java" "$@" -DembeddedStorage=true -Dnacos.member.list="$members" \
        -Dnacos.home="$home" -Dderby.system.home="$conf" -Dserver.address=127.0.0.1 -Dnacos.inetutils.ip-address=127.0.0.1 \
        -Dserver.port="$port" -Dnacos.derby.empty-database="$target/derby-empty" -Dspring.aot.enabled=true \
        -Dcom.google.protobuf.use_unsafe_pre22_gencode=true \
        -jar nacos-server.jar --spring.config.additional-location="file:$conf/" \
        --logging.config="$conf/nacos-logback.xml"
}

# stop_by_pid PID: stops a process this script started, as shutdown does, and waits until it is gone.
stop_by_pid() {
    kill "$1" 2>/dev/null || return 0
    for _ in $(seq 1 300); do
        kill -0 "$1" 2>/dev/null || break
        sleep 0.1
    done
    kill -9 "$1" 2>/dev/null || true
    wait "$1" 2>/dev/null || true
}

training_start() {
    local java=$1 target=$2 conf=$3 log=$4
    shift 4
    local home="$target/training-home" helper_home="$target/training-helper" port members attempt
    local node_pid helper_pid status
    for attempt in 1 2 3; do
        port=$(free_main_port) || return 1
        members="127.0.0.1:$port,127.0.0.1:$((port + 100))"
        rm -rf "$home" "$helper_home"
        (training_node "$java" "$target" "$conf" "$helper_home" $((port + 100)) "$members" \
            -XX:TieredStopAtLevel=1 -Xmx256m) > "$log.helper" 2>&1 &
        helper_pid=$!
        (training_node "$java" "$target" "$conf" "$home" "$port" "$members" "$@" -Dnacos.training-start=true) \
            > "$log" 2>&1 &
        node_pid=$!
        # The training node becomes ready only with its helper: if the helper ends first, so does it.
        while kill -0 "$node_pid" 2>/dev/null; do
            kill -0 "$helper_pid" 2>/dev/null || { stop_by_pid "$node_pid"; break; }
            sleep 0.2
        done
        status=0
        wait "$node_pid" || status=$?
        stop_by_pid "$helper_pid"
        if [ "$status" = 0 ]; then
            rm -rf "$home" "$helper_home" "$log.helper"
            return 0
        fi
        grep -qs "Address already in use" "$log" "$log.helper" "$home/logs/nacos.log" "$helper_home/logs/nacos.log" \
            || break
        echo "training start $attempt lost a port to another process: trying other ports" >&2
    done
    cat "$log" >&2
    [ -f "$home/logs/nacos.log" ] && tail -50 "$home/logs/nacos.log" >&2
    [ -f "$helper_home/logs/nacos.log" ] && { echo "the helper node's log:" >&2; tail -30 "$helper_home/logs/nacos.log" >&2; }
    rm -rf "$home" "$helper_home"
    return 1
}
