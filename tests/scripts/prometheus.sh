#!/bin/bash
# Makes sure Prometheus is installed (Debian's package, when absent) and prints the binary's path.
# The tests start and stop their own Prometheus processes with their own configs and data dirs.
set -euo pipefail

as_root() {
    if [ "$(id -u)" = 0 ]; then "$@"; else sudo -n "$@"; fi
}

if ! command -v prometheus >/dev/null 2>&1; then
    echo "prometheus.sh: installing prometheus from Debian's packages" >&2
    export DEBIAN_FRONTEND=noninteractive
    # Only the server: the recommended exporters would start as system services.
    as_root apt-get install -y -q --no-install-recommends prometheus >/dev/null 2>&1 || {
        as_root apt-get update -q >/dev/null
        as_root apt-get install -y -q --no-install-recommends prometheus >/dev/null
    }
    # The package starts its own service on :9090; the tests run theirs on other ports.
    as_root systemctl stop prometheus >/dev/null 2>&1 || true
fi
command -v prometheus
