#!/bin/bash
# Draws the points bench/scale-curves.sh printed as a PNG, one panel per curve (instances,
# connections, configs), CPU at rest, heap after a full GC and RSS against size, one node and three:
#   plot-scale.sh [POINTS.txt] [PNG]   (default bench/out/scale-points.txt, bench/scale.png)
set -euo pipefail
BENCH=$(cd "$(dirname "$0")" && pwd)
POINTS=${1:-$BENCH/out/scale-points.txt}
PNG=${2:-$BENCH/scale.png}
source "$BENCH/plot-venv.sh"
"$PLOT_PYTHON" "$BENCH/plot-scale.py" "$POINTS" "$PNG"
echo "$PNG"
