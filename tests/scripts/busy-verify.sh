#!/bin/bash
# Runs the README's test command (mvn -B verify) on a fresh clone of this repository while one
# spinning loop per core keeps the machine busy, as on a shared host: the suite must pass there
# too. Run beside CI (it is not part of it): tests/scripts/busy-verify.sh [COMMIT]
# The loops are stopped by their pids when the run ends; the clone is removed.
set -euo pipefail

REPO=$(cd "$(dirname "$0")/../.." && pwd)
COMMIT=${1:-HEAD}
WORK=$(mktemp -d /tmp/nacosx-busy-verify-XXXX)
SPINNERS=()

stop_spinners() {
    for pid in "${SPINNERS[@]}"; do
        kill "$pid" 2>/dev/null || true
    done
    rm -rf "$WORK"
}
trap stop_spinners EXIT

git clone -q "$REPO" "$WORK/repo"
git -C "$WORK/repo" checkout -q "$COMMIT"
for _ in $(seq 1 "$(nproc)"); do
    (while :; do :; done) &
    SPINNERS+=($!)
done
echo "busy-verify: $(git -C "$WORK/repo" rev-parse --short HEAD) with ${#SPINNERS[@]} busy loops on $(nproc) cores"
start=$(date +%s)
status=0
(cd "$WORK/repo" && mvn -B verify) > "$WORK/verify.log" 2>&1 || status=$?
took=$(( $(date +%s) - start ))
grep -E "Tests run:.*Fail|BUILD|ERROR\]" "$WORK/verify.log" | grep -v "Tests run:.*, Time elapsed" | tail -15
echo "busy-verify: mvn -B verify exited $status after ${took} s; load average $(cut -d' ' -f1-3 /proc/loadavg)"
cp "$WORK/verify.log" "${BUSY_VERIFY_LOG:-/tmp/busy-verify.log}"
exit "$status"
