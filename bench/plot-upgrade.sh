#!/bin/bash
# Draws what bench/upgrade.sh or tests/scripts/nacos-1.4.8/rolling.sh printed over time, as a PNG:
#   plot-upgrade.sh [OUT.txt] [PNG]   (default bench/out/upgrade.txt, bench/out/upgrade.png)
# Installs matplotlib from PyPI into bench/out/plot-venv the first time.
set -euo pipefail
BENCH=$(cd "$(dirname "$0")" && pwd)
OUT=${1:-$BENCH/out/upgrade.txt}
PNG=${2:-${OUT%.txt}.png}
VENV=$BENCH/out/plot-venv
if ! "$VENV/bin/python" -c 'import matplotlib' 2>/dev/null; then
    python3 -m venv "$VENV"
    "$VENV/bin/pip" install -q matplotlib
fi
"$VENV/bin/python" "$BENCH/../tests/scripts/nacos-1.4.8/plot.py" "$OUT" "$PNG"
echo "$PNG"
