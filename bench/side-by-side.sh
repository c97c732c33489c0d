#!/bin/bash
# Our server and r-nacos through the same harness, one at a time, alternated, for the 2.x write
# workloads (gRPC config publish 8 x 8 and 1 x 64, push at 100 listeners per config, instance
# register 8 x 64 and 1 x 64):
#   bench/side-by-side.sh [ROUNDS]   (default 3)
# Odd rounds run ours first, even rounds r-nacos first, so that neither always gets the quieter
# minutes. Each round's output goes to bench/out/side-by-side/roundN/ (config-grpc-TARGET.txt,
# naming-TARGET.txt). Needs what config-grpc.sh and naming.sh need.
set -euo pipefail
BENCH_DIR=$(cd "$(dirname "$0")" && pwd)
ROUNDS=${1:-3}
for round in $(seq 1 "$ROUNDS"); do
    if [ $((round % 2)) = 1 ]; then order="ours rnacos"; else order="rnacos ours"; fi
    for target in $order; do
        echo "== round $round, $target, $(date -u +%T) UTC, load $(cut -d' ' -f1-3 /proc/loadavg)"
        OUT_DIR="$BENCH_DIR/out/side-by-side/round$round" bash "$BENCH_DIR/config-grpc.sh" "$target" publish push-fanout
        OUT_DIR="$BENCH_DIR/out/side-by-side/round$round" bash "$BENCH_DIR/naming.sh" "$target" grpc
    done
done
