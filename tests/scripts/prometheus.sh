#!/bin/bash
# Makes sure Prometheus is installed (Debian's package, when absent) and prints the binary's path.
# The tests start and stop their own Prometheus processes with their own configs and data dirs.
set -euo pipefail
source "$(dirname "$0")/debian-packages.sh"

# Only the server: the recommended exporters would start as system services.
if install_if_absent prometheus prometheus --no-install-recommends; then
    # The package starts its own service on :9090; the tests run theirs on other ports.
    as_root systemctl stop prometheus >/dev/null 2>&1 || true
fi
command -v prometheus
