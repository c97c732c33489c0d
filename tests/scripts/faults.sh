#!/bin/bash
# The fault scenarios of tests/fault-tests against three packaged nodes in network namespaces:
#   faults.sh [short|long]
# short holds each fault ~12 s (what `mvn -B verify` runs); long holds each 2 minutes (the figures
# of README "What the cluster promises"). Builds the server first when its package is missing.
# Prints the machine's load average at the start and the end, then ends with one line a script
# can read, and exits non-zero when any promise broke:
#   faults: S scenarios, N acknowledged writes, L lost, U un-happened, C CAS violations,
#   G ghost instances, H holes, convergence max T s
# Needs root (network namespaces, nft, tmpfs mounts); everything it makes is named nxf-* and is
# removed at the end, also after a failure or an interrupt (tests/scripts/fault-net.sh down).
set -euo pipefail

MODE=${1:-short}
case $MODE in
    short|long) ;;
    *) echo "usage: faults.sh [short|long]" >&2; exit 2 ;;
esac
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
SCRIPTS=$ROOT/tests/scripts
REPORT=$ROOT/tests/fault-tests/target/faults-report.txt
cd "$ROOT"

trap 'bash "$SCRIPTS/fault-net.sh" down' EXIT
if ! reason=$(bash "$SCRIPTS/fault-net.sh" check); then
    echo "faults.sh: this machine cannot run the fault scenarios: $reason" >&2
    exit 1
fi

if [ ! -f distribution/target/nacos-server-*/nacos/target/nacos-server.jar ]; then
    mvn -B -q install -DskipTests
fi
rm -f "$REPORT"
status=0
# The figures depend on how busy the machine is: its load goes with them.
load_at_start=$(cut -d' ' -f1-3 /proc/loadavg)
mvn -B -pl tests/fault-client-1x,tests/fault-tests verify -Dfaults.mode="$MODE" || status=$?

if [ ! -f "$REPORT" ]; then
    echo "faults: no scenario ran (see the Maven output above)" >&2
    exit 1
fi
# Each scenario's line: "scenario NAME: N acknowledged, L lost, U un-happened, C CAS violations,
# G ghosts, H holes, converged in T s, ..." (FaultReport).
summary=$(awk '
    /^scenario / {
        s++
        for (i = 1; i <= NF; i++) {
            word = $(i + 1); sub(/,$/, "", word)
            if (word == "acknowledged") n += $i
            if (word == "lost") l += $i
            if (word == "un-happened") u += $i
            if (word == "CAS") c += $i
            if (word == "ghosts") g += $i
            if (word == "holes") h += $i
            if ($i == "converged" && $(i + 2) + 0 > t) t = $(i + 2) + 0
        }
    }
    END { printf "faults: %d scenarios, %d acknowledged writes, %d lost, %d un-happened, %d CAS violations, %d ghost instances, %d holes, convergence max %.1f s\n", s, n, l, u, c, g, h, t
          exit (l + u + c + g + h > 0) }' "$REPORT") || status=1
grep '^scenario ' "$REPORT"
echo "load average (1, 5, 15 min): $load_at_start at the start, $(cut -d' ' -f1-3 /proc/loadavg) at the end"
echo "$summary"
exit $status
