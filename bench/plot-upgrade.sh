#!/bin/bash
# Draws what bench/upgrade.sh or tests/scripts/nacos-1.4.8/rolling.sh printed over time, as a PNG:
#   plot-upgrade.sh [OUT.txt] [PNG]   (default bench/out/upgrade.txt, bench/out/upgrade.png)
# Installs matplotlib from PyPI into bench/out/plot-venv the first time.
set -euo pipefail
BENCH=$(cd "$(dirname "$0")" && pwd)
OUT=${1:-$BENCH/out/upgrade.txt}
PNG=${2:-${OUT%.txt}.png}
source "$BENCH/plot-venv.sh"
"$PLOT_PYTHON" "$BENCH/../tests/scripts/nacos-1.4.8/plot.py" "$OUT" "$PNG"
echo "$PNG"
