#!/bin/bash
# bench/dubbo-mesh.sh [ours official rnacos]: a Dubbo 3 mesh started at once against a 3-node
# cluster of each target in turn (cluster-lib.sh: embedded storage, the same heap for both JVM
# servers), one cluster at a time on 127.0.0.1. SERVICES provider applications (default 10) of two
# instances each and CONSUMERS consumer applications (default 20) that each refer to every service,
# application-level discovery, Nacos as registry, metadata report and config center, each
# application with its own Nacos clients spread over the three nodes (dubbo-mesh/, one JVM).
# Reports the seconds until every consumer's every reference lists both instances of its service,
# and the three nodes' CPU seconds over that time, for each of ROUNDS rounds (default 5): the first
# on a fresh cluster, each next the whole mesh stopped and deployed again on the cluster that served
# it (its mapping and metadata already stored). A JVM server's compiler spends most of its CPU in
# the first rounds (2.9 s of 4.4 s in the first on one node of ours, 0.2 s of 1.0 s in the fifth);
# the last round is the server as it runs for weeks, and the ratio lines, one per figure against
# ours, are taken from it. Exits 1 when a mesh was not fully subscribed within
# BOUND seconds (default 300).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
source "$BENCH_DIR/cluster-lib.sh"

SERVICES=${SERVICES:-10}
CONSUMERS=${CONSUMERS:-20}
BOUND=${BOUND:-300}
ROUNDS=${ROUNDS:-5}
MESH_JAR="$BENCH_DIR/dubbo-mesh/target/dubbo-mesh.jar"
[ -f "$MESH_JAR" ] || { echo "build it first: mvn -B -q -pl bench/dubbo-mesh -am package -DskipTests" >&2; exit 1; }
TARGETS=("$@")
[ ${#TARGETS[@]} -gt 0 ] || TARGETS=(ours official rnacos)
WORK_DIR=$(mktemp -d /tmp/nacosx-mesh-XXXX)
declare -A SUBSCRIBED CPU
failed=0

for target in "${TARGETS[@]}"; do
    echo "== $target: load average $(cut -d' ' -f1-3 /proc/loadavg)"
    start_cluster "$target"
    for round in $(seq 1 "$ROUNDS"); do
        # A JVM of its own each round: the next deployment, not the same JVM's leftovers.
        report="$WORK_DIR/$target-$round.txt"
        if ! java -Xmx2g -XX:TieredStopAtLevel=1 -jar "$MESH_JAR" --nacos "$MEMBERS" --services "$SERVICES" \
                --consumers "$CONSUMERS" --bound-seconds "$BOUND" \
                --server-pids "$(IFS=,; echo "${NODE_PIDS[*]}")" > "$report" 2>&1; then
            failed=1
        fi
        grep '^mesh:' "$report" | sed "s/^mesh:/$target round $round:/" \
            || { grep -v '^\s*at ' "$report" | tail -20; failed=1; }
    done
    SUBSCRIBED[$target]=$(sed -n 's/^mesh: .*fully subscribed \([0-9.]*\) s.*/\1/p' "$report")
    CPU[$target]=$(sed -n "s/^mesh: .*servers' CPU \([0-9.]*\) s.*/\1/p" "$report")
    stop_cluster
done

# ratio NAME ARRAY: each target's figure and its ratio to ours (lower is better for both).
ratio() {
    local -n figures=$2
    local line="$1:"
    for target in "${TARGETS[@]}"; do line+=" $target ${figures[$target]:-none}"; done
    if [ -n "${figures[ours]:-}" ]; then
        for target in "${TARGETS[@]}"; do
            [ "$target" = ours ] || [ -z "${figures[$target]:-}" ] && continue
            line+=", $target/ours $(awk -v a="${figures[$target]}" -v b="${figures[ours]}" 'BEGIN {printf "%.2f", a / b}')"
        done
    fi
    echo "$line"
}
ratio "mesh-subscribed-s" SUBSCRIBED
ratio "mesh-server-cpu-s" CPU
[ "${KEEP:-0}" = 1 ] && echo "reports kept in $WORK_DIR" || rm -rf "$WORK_DIR"
exit $failed
