#!/bin/bash
# Makes sure Debian's chromium is installed (when absent) and prints the binary's path. The
# console's browser tests drive it with Playwright; nothing downloads a browser.
set -euo pipefail

as_root() {
    if [ "$(id -u)" = 0 ]; then "$@"; else sudo -n "$@"; fi
}

if ! command -v chromium >/dev/null 2>&1; then
    echo "chromium.sh: installing chromium from Debian's packages" >&2
    export DEBIAN_FRONTEND=noninteractive
    as_root apt-get install -y -q chromium >/dev/null 2>&1 || {
        as_root apt-get update -q >/dev/null
        as_root apt-get install -y -q chromium >/dev/null
    }
fi
command -v chromium
