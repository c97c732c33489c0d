#!/bin/bash
# Sourced by the plot scripts: PLOT_PYTHON, a Python with matplotlib, installed from PyPI into
# bench/out/plot-venv the first time.
PLOT_VENV="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/out/plot-venv"
if ! "$PLOT_VENV/bin/python" -c 'import matplotlib' 2>/dev/null; then
    python3 -m venv "$PLOT_VENV"
    "$PLOT_VENV/bin/pip" install -q matplotlib
fi
PLOT_PYTHON="$PLOT_VENV/bin/python"
