#!/bin/bash
# Starts the server in the background and returns.
#   -m standalone|cluster   run mode (default cluster, as Nacos)
#   -p embedded             embedded storage in cluster mode
#   -f config|naming        run only one function (default both)
#   -c ip:port,ip:port      cluster members (otherwise conf/cluster.conf)
#   -s NAME                 server jar name under target/ (default nacos-server)
# JVM sizes come from the Nacos 2.0 performance report; override them with JVM_XMS, JVM_XMX,
# JVM_XMN, JVM_MS (metaspace), JVM_MMS (max metaspace), JVM_MDM (max direct memory), or replace
# the heap and metaspace options whole with CUSTOM_NACOS_MEMORY (as the official launcher: e.g.
# "-Xms64m -Xmx512m", a heap that grows as the node needs it); add any other option with
# JAVA_OPT_EXT. JVM_COMPILER_NICE: the JIT compiler threads' nice relative to the server's other
# threads, as root (default -5; empty: priorities left alone). NACOS_FOREGROUND=true runs the server
# in the foreground, in place of this script, as a container's main process; NACOS_DRY_RUN=true
# prints the command it would run and exits.
set -euo pipefail

BASE_DIR=$(cd "$(dirname "$0")/.." && pwd)
MODE=cluster
FUNCTION_MODE=""
MEMBER_LIST=""
EMBEDDED_STORAGE=""
SERVER=nacos-server

while getopts ":m:f:s:c:p:" opt; do
    case $opt in
        m) MODE=$OPTARG ;;
        f) FUNCTION_MODE=$OPTARG ;;
        s) SERVER=$OPTARG ;;
        c) MEMBER_LIST=$OPTARG ;;
        p) EMBEDDED_STORAGE=$OPTARG ;;
        ?) echo "Unknown parameter: -$OPTARG. Usage: startup.sh [-m standalone|cluster] [-p embedded] [-f config|naming] [-c members] [-s jar]" >&2
           exit 1 ;;
    esac
done
case $MODE in
    standalone|cluster) ;;
    *) echo "-m must be standalone or cluster, not '$MODE'" >&2; exit 1 ;;
esac

# shellcheck source=bin/java-select.sh
source "$BASE_DIR/bin/java-select.sh"
select_java || exit 1
if [ -z "$JAVA_MAJOR" ]; then
    echo "nacos: cannot tell the version of $JAVA; it starts without the options of a known version (G1, no class-data archive)" >&2
elif [ "$JAVA_MAJOR" -lt 17 ]; then
    echo "nacos: $JAVA is Java $JAVA_MAJOR; the server needs Java 17 or later (set JAVA_HOME)" >&2
    exit 1
fi

LOG_DIR="$BASE_DIR/logs"
PID_FILE="$LOG_DIR/nacos.pid"
mkdir -p "$LOG_DIR"
# A container restarted on the same volume finds its last pid file naming itself (pid 1): stale.
if [ -f "$PID_FILE" ] && [ "$(cat "$PID_FILE")" != $$ ] && kill -0 "$(cat "$PID_FILE")" 2>/dev/null; then
    echo "nacos is already running from $BASE_DIR (pid $(cat "$PID_FILE")); stop it with bin/shutdown.sh first." >&2
    exit 1
fi

JAVA_OPT=()
[ "$MODE" = standalone ] && JAVA_OPT+=(-Dnacos.standalone=true) || JAVA_OPT+=(-server)
[ "$MODE" = cluster ] && [ "$EMBEDDED_STORAGE" = embedded ] && JAVA_OPT+=(-DembeddedStorage=true)

# Memory, in three profiles:
#   given: CUSTOM_NACOS_MEMORY replaces the heap and metaspace options whole, as the official
#     launcher reads it; JVM_XMS, JVM_XMX or JVM_XMN ask for the report's profile with those sizes.
#   report: the Nacos 2.0 performance report's fixed heap (2 GB in cluster mode, 512 MB standalone),
#     its pages touched at start, for whichever of the sizes is not given.
#   growing (unless given): a heap that starts at 64 MB, grows as the node needs up
#     to NACOS_HEAP_PERCENT (default 50) of the memory the node may use, the container's limit or
#     else the machine's, and gives back at rest what it no longer uses. At rest under the held load
#     of bench/cluster-side-by-side.sh a node uses ~60 MB of heap: its fixed 2 GB was most of its
#     memory.
PERCENT=${NACOS_HEAP_PERCENT:-50}
if ! [[ "$PERCENT" =~ ^[0-9]+$ ]] || [ "$PERCENT" -lt 10 ] || [ "$PERCENT" -gt 90 ]; then
    echo "NACOS_HEAP_PERCENT must be a whole number from 10 to 90, not '$PERCENT'" >&2
    exit 1
fi
METASPACE=(-XX:MetaspaceSize="${JVM_MS:-128m}" -XX:MaxMetaspaceSize="${JVM_MMS:-320m}")
# The memory this node may use in bytes: its container's limit (cgroup v2, then v1; cgroup v1 says
# "no limit" with a number near 2^63), else the machine's. NACOS_CGROUP_ROOT: where cgroups are mounted.
memory_available() {
    local root=${NACOS_CGROUP_ROOT:-/sys/fs/cgroup} limit=""
    if [ -r "$root/memory.max" ]; then
        limit=$(cat "$root/memory.max")
    elif [ -r "$root/memory/memory.limit_in_bytes" ]; then
        limit=$(cat "$root/memory/memory.limit_in_bytes")
    fi
    if [[ "$limit" =~ ^[0-9]+$ ]] && [ "${#limit}" -lt 19 ]; then
        echo "$limit"
    else
        echo $(( $(awk '/^MemTotal:/ {print $2}' /proc/meminfo) * 1024 ))
    fi
}
MIB=$((1024 * 1024))
SMALL_NODE=""
# What a heap that grows gives back: the heap shrinks after a collection to hold at most 40% free.
GIVE_BACK=(-XX:MaxHeapFreeRatio=40 -XX:MinHeapFreeRatio=10)
if [ -n "${CUSTOM_NACOS_MEMORY:-}" ]; then
    PROFILE=given
    # shellcheck disable=SC2206
    JAVA_OPT+=(${CUSTOM_NACOS_MEMORY})
elif [ -n "${JVM_XMS:-}${JVM_XMX:-}${JVM_XMN:-}" ]; then
    PROFILE=report
    if [ "$MODE" = standalone ]; then
        JAVA_OPT+=(-Xms"${JVM_XMS:-512m}" -Xmx"${JVM_XMX:-512m}" -Xmn"${JVM_XMN:-256m}")
    else
        JAVA_OPT+=(-Xms"${JVM_XMS:-2g}" -Xmx"${JVM_XMX:-2g}" -Xmn"${JVM_XMN:-1g}" "${METASPACE[@]}")
    fi
    # The heap's pages are touched at start, not by the first young pauses that copy into them:
    # those took 0.18-1.03 s under 1.x clients' load, with 0.17-0.23 s each in the kernel zeroing
    # pages (bench/upgrade.sh). A node holds its whole heap from the start.
    [ "$MODE" = cluster ] && JAVA_OPT+=(-XX:+AlwaysPreTouch)
else
    PROFILE=growing
    JAVA_OPT+=(-Xms64m -XX:MaxRAMPercentage="$PERCENT" "${METASPACE[@]}")
    MEMORY=$(memory_available)
    if [ "$MEMORY" -lt $((384 * MIB)) ]; then
        echo "nacos: $((MEMORY / MIB)) MiB of memory is below the 384 MiB a node holds at rest under load; it starts, but may be killed: raise the limit" >&2
    fi
    # Below 2 GiB, as the JVM itself judges a machine too small for G1: the serial collector, whose
    # bookkeeping is a card table and whose heap stays nearer what the node holds (at rest under
    # the held load of bench/cluster-side-by-side.sh, Java 17: 345 MB a node, G1's 413-467 MB).
    [ "$MEMORY" -lt $((2048 * MIB)) ] && SMALL_NODE=yes
    # Direct memory (Netty, gRPC) gets an eighth of the memory, up to the launcher's 1 GB.
    DIRECT=$((MEMORY / 8 / MIB))
    [ "$DIRECT" -gt 1024 ] && DIRECT=1024
    JVM_MDM=${JVM_MDM:-${DIRECT}m}
fi
JAVA_OPT+=(-XX:MaxDirectMemorySize="${JVM_MDM:-1g}" -XX:-OmitStackTraceInFastThrow
    -XX:+HeapDumpOnOutOfMemoryError -XX:HeapDumpPath="$LOG_DIR/java_heapdump.hprof" -XX:-UseLargePages)

# The collector: G1 with the report's pause goal (the report's CMS left the JVM in Java 14; the
# server needs 17). A collector named in JAVA_OPT_EXT or CUSTOM_NACOS_MEMORY is used instead.
if [[ " ${JAVA_OPT_EXT:-} ${CUSTOM_NACOS_MEMORY:-} " == *" -XX:+Use"*"GC "* ]]; then
    :
elif [ -n "$SMALL_NODE" ]; then
    JAVA_OPT+=(-XX:+UseSerialGC "${GIVE_BACK[@]}")
else
    JAVA_OPT+=(-XX:+UseG1GC -XX:MaxGCPauseMillis=100 -XX:SoftRefLRUPolicyMSPerMB=0)
    # The registry lives as long as the server. With the default threshold (15) and a 1 GB young
    # generation it stays in the survivor spaces and is copied in every young pause: 14,000 1.x
    # instances, ~50 MB copied, 40-190 ms pauses every ~40 s, beat p99 up to 161 ms in steady state
    # (bench/upgrade.sh). Promoted at its second pause, later pauses copy 2-3 MB: median 10 ms,
    # 90% under 26 ms, longest 63 ms (39 pauses, host saturated for the longest).
    JAVA_OPT+=(-XX:MaxTenuringThreshold=1)
    if [ "$PROFILE" = growing ]; then
        # G1 gives back a heap grown under load at the end of a concurrent cycle (or a full
        # collection). A quiet node may go long without one, so it gets one after 5 minutes without
        # any collection; a node its clients keep collecting every minute never reaches that and
        # waits for its own cycles.
        JAVA_OPT+=(-XX:G1PeriodicGCInterval=300000 "${GIVE_BACK[@]}")
        # G1 sizes its regions from the maximum heap (4 MB for 6 GB, 8 MB for 12 GB), and the heap it
        # keeps at rest is whole regions: under the held load of bench/cluster-side-by-side.sh a node
        # with 8 MB regions kept 96-128 MB committed for ~50 MB live, with 2 MB regions 78-90 MB.
        if [ $((MEMORY / 100 * PERCENT)) -gt $((4096 * MIB)) ]; then
            JAVA_OPT+=(-XX:G1HeapRegionSize=2m)
        fi
    fi
    if [ -n "$JAVA_MAJOR" ] && [ "$JAVA_MAJOR" -ge 17 ] && [ "$JAVA_MAJOR" -le 19 ]; then
        # Dirty cards refined in the GC pauses instead of by concurrent threads as they are dirtied: tens
        # of thousands of long-lived connections dirty the same cards over and over between pauses
        # (19,500 health-checking connections: ~11% of the server's CPU went to concurrent refinement;
        # 36.7-38.1% of a core before, 28.3-32.9% after, pauses unchanged). JDK 17-19 have these flags.
        JAVA_OPT+=(-XX:-G1UseAdaptiveConcRefinement -XX:G1ConcRefinementGreenZone=100000
            -XX:G1ConcRefinementYellowZone=200000 -XX:G1ConcRefinementRedZone=300000)
    fi
fi
# What the JVM, RocksDB and Netty free stays in malloc's arenas for reuse; the JVM hands it back to
# the system every 5 s. At rest under the held load of bench/cluster-side-by-side.sh (Java 25), one
# trim gave back 20-27 MB a node, of which about half came back within a minute; trimming every
# 5 s, the nodes of the serial collector held 274-292 MB against 287-313 MB, for ~0.3 ms of the
# trimming thread's CPU a second. Java 22 and later have the option, and 17 from 17.0.15 (seen
# here; an earlier update may lack it, and the JVM would refuse to start).
if [ -n "$JAVA_MAJOR" ] && { [ "$JAVA_MAJOR" -ge 22 ] \
    || { [ "$JAVA_MAJOR" = 17 ] && [ "$(update_of "$JAVA_BUILD")" -ge 15 ]; }; }; then
    JAVA_OPT+=(-XX:TrimNativeHeapInterval=5000)
fi
# The JIT compiler threads run five nice levels above the server's other threads once its ports are
# open. A node starts under its clients' load on a host it shares: at the same nice, its compiler got
# 10-15% of a core and took minutes to compile the request path, which ran slow meanwhile
# (bench/upgrade.sh, 1.x mode: beat p99 87-183 ms, three nodes at 177-180% of two cores); ahead, it
# was done within the clients' first 90 s (beat p99 10-23 ms, 91-119%). Until then they run at the
# server's nice: ahead during the start, the compiler took the main thread's core (a standalone start
# on two cores 0.3 s longer). The server raises them itself (nacos.jvm.compiler-nice), so they all
# exist from the start (no compiler threads added later). Only root may raise a thread's priority:
# as another user the launcher leaves priorities alone, as it does with JVM_COMPILER_NICE="".
NICE=$(nice)
COMPILER_NICE=${JVM_COMPILER_NICE--5}
if ! [[ "$COMPILER_NICE" =~ ^(-?[0-9]+)?$ ]]; then
    echo "JVM_COMPILER_NICE must be a whole number (-5: the compiler five nice levels ahead), or empty, not '$COMPILER_NICE'" >&2
    exit 1
fi
if [ -n "$COMPILER_NICE" ] && [ "$(id -u)" = 0 ]; then
    JAVA_OPT+=(-XX:ThreadPriorityPolicy=1 -XX:CompilerThreadPriority="$NICE" -XX:-UseDynamicNumberOfCompilerThreads
        -Dnacos.jvm.compiler-nice=$(( NICE + COMPILER_NICE )))
    # Every Java priority at the launcher's nice: by default the JVM would lower some threads and
    # raise its own GC and VM threads, which made the beats slower, not faster.
    for priority in 1 2 3 4 5 6 7 8 9 10; do
        JAVA_OPT+=(-XX:JavaPriority${priority}_To_OSPriority="$NICE")
    done
fi
# JRaft's published protobuf classes predate protobuf 3.22; protobuf 4 parses them and would print a
# warning per class. They are parsed only from peers on the Raft port.
JAVA_OPT+=(-Dcom.google.protobuf.use_unsafe_pre22_gencode=true)
# The bean definitions the build worked out ahead of time (Spring's AOT processing: generated code
# in the server's jar) instead of parsing the configuration classes at every start, ~0.2 s of a
# standalone start's main thread. JAVA_OPT_EXT may turn it off with -Dspring.aot.enabled=false.
JAVA_OPT+=(-Dspring.aot.enabled=true)
# Netty's leak detector is a debugging aid: it tracks one buffer in 128 and records a stack trace
# for each, ~5% of the server's CPU samples under 19,500 health-checking connections. Off in both
# Netty copies (gRPC's shaded one, the HTTP door's); JAVA_OPT_EXT may turn it back on.
JAVA_OPT+=(-Dio.netty.leakDetection.level=disabled -Dio.grpc.netty.shaded.io.netty.leakDetection.level=disabled)
JAVA_OPT+=("-Xlog:gc*:file=$LOG_DIR/nacos_gc.log:time,tags:filecount=10,filesize=100m")
# The classes a start loads, archived by the build: a start maps them from a file instead of
# parsing and verifying each one. Java 17 to 24 read the class-data archive the build's JDK made
# (~4.1 s to ~2.7 s to ready here; another JVM says so in start.out and starts without it). Java 25
# and later read the AOT cache the build made with that same JDK (JEP 483, 514, 515: the classes
# loaded and linked, and the training start's method profiles), and use compact object headers
# (JEP 519: 8 bytes off every object, the cache made with them too).
if [ -n "$JAVA_MAJOR" ] && [ "$JAVA_MAJOR" -ge 25 ]; then
    # protobuf and Netty read memory through sun.misc.Unsafe, and Netty and RocksDB load native
    # libraries, which 24 and later warn of at start.
    JAVA_OPT+=(-XX:+UseCompactObjectHeaders --sun-misc-unsafe-memory-access=allow --enable-native-access=ALL-UNNAMED)
    AOT_CACHE="$BASE_DIR/target/$SERVER.aot"
    AOT_BUILD=$(cat "$AOT_CACHE.jdk" 2>/dev/null || true)
    if [ ! -e "$AOT_CACHE" ]; then
        echo "nacos: no AOT cache in $BASE_DIR/target (the build had no Java 25): a slower start" >&2
    elif [ ! -r "$AOT_CACHE" ] || [ "$(od -An -tx1 -N4 "$AOT_CACHE" 2>/dev/null | tr -d ' ')" != a2ab0bf0 ]; then
        # The JVM would say so in five lines of its own: an AOT cache begins with its magic number,
        # 0xf00baba2 (little-endian, as on x86-64 and aarch64).
        echo "nacos: the AOT cache $AOT_CACHE is unreadable or not an AOT cache: starting without it" >&2
    elif [ "$AOT_BUILD" != "$JAVA_BUILD" ]; then
        echo "nacos: the AOT cache was made by Java ${AOT_BUILD:-unknown}, this is $JAVA_BUILD: starting without it" >&2
    else
        JAVA_OPT+=(-XX:AOTCache="$AOT_CACHE")
    fi
elif [ -n "$JAVA_MAJOR" ] && [ -f "$BASE_DIR/target/$SERVER.jsa" ]; then
    JAVA_OPT+=(-XX:SharedArchiveFile="$BASE_DIR/target/$SERVER.jsa" -Xshare:auto)
fi

# RocksDB (the Raft logs) loads its native library from there, packaged by the build, instead of
# unpacking 13 MB from its jar into /tmp at every start; the JDK's own default path follows.
NATIVE_DIR="$BASE_DIR/target/native"
[ -d "$NATIVE_DIR" ] && JAVA_OPT+=(-Djava.library.path="$NATIVE_DIR:/usr/java/packages/lib:/usr/lib64:/lib64:/lib:/usr/lib")

[ -n "$FUNCTION_MODE" ] && JAVA_OPT+=(-Dnacos.functionMode="$FUNCTION_MODE")
[ -n "$MEMBER_LIST" ] && JAVA_OPT+=(-Dnacos.member.list="$MEMBER_LIST")
JAVA_OPT+=(-Dnacos.home="$BASE_DIR")
# shellcheck disable=SC2206
[ -n "${JAVA_OPT_EXT:-}" ] && JAVA_OPT+=(${JAVA_OPT_EXT})

JAR="$BASE_DIR/target/$SERVER.jar"
if [ ! -f "$JAR" ]; then
    echo "Server jar $JAR not found." >&2
    exit 1
fi

# JRaft handles SIGUSR2 (kill -USR2 dumps its nodes' metrics to files in target/), the signal this
# JVM suspends threads with to sample them: with JDK Flight Recorder attached, every sample ran a
# metrics dump in a thread of its own (783 in 4 s in a test program), and a node under load stopped
# answering for over a minute. The JVM suspends threads with another signal instead.
export _JAVA_SR_SIGNUM=${_JAVA_SR_SIGNUM:-40}

COMMAND="$JAVA ${JAVA_OPT[*]} -jar $JAR"
if [ "${NACOS_DRY_RUN:-}" = true ]; then
    echo "$COMMAND"
    exit 0
fi
echo "$COMMAND" > "$LOG_DIR/start.out"
# Started from target/ with the jar's relative name: the class-data archive knows the jars by it.
cd "$BASE_DIR/target"
SERVER_ARGS=(--spring.config.additional-location="file:$BASE_DIR/conf/" --logging.config="$BASE_DIR/conf/nacos-logback.xml")
if [ "${NACOS_FOREGROUND:-}" = true ]; then
    # A container's main process: the JVM replaces this shell (same pid) and logs to its output too.
    echo $$ > "$PID_FILE"
    exec "$JAVA" "${JAVA_OPT[@]}" -jar "$SERVER.jar" "${SERVER_ARGS[@]}" < /dev/null
fi
nohup "$JAVA" "${JAVA_OPT[@]}" -jar "$SERVER.jar" "${SERVER_ARGS[@]}" >> "$LOG_DIR/start.out" 2>&1 < /dev/null &
echo $! > "$PID_FILE"
echo "nacos is starting with $MODE mode (pid $!). You can check the logs in $LOG_DIR/start.out and $LOG_DIR/nacos.log"
