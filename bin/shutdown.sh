#!/bin/bash
# Stops the server started by bin/startup.sh from this install dir, and waits until it has exited.
set -euo pipefail

BASE_DIR=$(cd "$(dirname "$0")/.." && pwd)
PID_FILE="$BASE_DIR/logs/nacos.pid"
if [ ! -f "$PID_FILE" ] || ! kill -0 "$(cat "$PID_FILE")" 2>/dev/null; then
    echo "No nacos server is running from $BASE_DIR."
    rm -f "$PID_FILE"
    exit 0
fi
PID=$(cat "$PID_FILE")
kill "$PID"
echo "Stopping nacos (pid $PID)..."
for _ in $(seq 1 60); do
    if ! kill -0 "$PID" 2>/dev/null; then
        rm -f "$PID_FILE"
        echo "nacos stopped."
        exit 0
    fi
    sleep 0.5
done
echo "nacos (pid $PID) did not stop within 30 s; killing it." >&2
kill -9 "$PID" 2>/dev/null || true
rm -f "$PID_FILE"
