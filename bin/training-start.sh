#!/bin/bash
# Sourced by the build's class-data steps (bin/make-class-data-archive.sh, bin/make-aot-cache.sh):
# one training start of the server, standalone on a scratch home, run to ready and stopped
# (-Dnacos.training-start=true), so that what the JVM records is the whole start: the context, the
# HTTP and gRPC ports' servers and the HTTP warm-up. The ports are on 127.0.0.1, at a main port P
# whose P, P+1000 and P+1001 nothing listens on; a start that still loses a port to another process
# is tried again on other ports.
#   training_start JAVA TARGET_DIR CONF_DIR LOG [JVM_OPTION...]

# port_taken PORT: whether something listens on 127.0.0.1:PORT.
port_taken() {
    (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

# free_main_port: a main port whose gRPC ports (+1000, +1001) are free too.
free_main_port() {
    local port
    for _ in $(seq 1 50); do
        port=$((20000 + RANDOM % 20000))
        port_taken "$port" || port_taken $((port + 1000)) || port_taken $((port + 1001)) || { echo "$port"; return 0; }
    done
    echo "no free port for a training start on 127.0.0.1" >&2
    return 1
}

training_start() {
    local java=$1 target=$2 conf=$3 log=$4
    shift 4
    local home="$target/training-home" port attempt
    for attempt in 1 2 3; do
        port=$(free_main_port) || return 1
        rm -rf "$home"
        # Bounded: a training start that never becomes ready must not hang the build.
        if (cd "$target" && timeout 600 "$java" "$@" -Dnacos.training-start=true -Dnacos.standalone=true \
                -Dnacos.home="$home" -Dserver.address=127.0.0.1 -Dserver.port="$port" \
                -Dcom.google.protobuf.use_unsafe_pre22_gencode=true \
                -jar nacos-server.jar --spring.config.additional-location="file:$conf/" \
                --logging.config="$conf/nacos-logback.xml") > "$log" 2>&1; then
            rm -rf "$home"
            return 0
        fi
        grep -q "Address already in use" "$log" "$home/logs/nacos.log" 2>/dev/null || break
        echo "training start $attempt lost a port to another process: trying other ports" >&2
    done
    cat "$log" >&2
    [ -f "$home/logs/nacos.log" ] && tail -50 "$home/logs/nacos.log" >&2
    rm -rf "$home"
    return 1
}
