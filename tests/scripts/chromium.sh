#!/bin/bash
# Makes sure Debian's chromium is installed (when absent) and prints the binary's path. The
# console's browser tests drive it with Playwright; nothing downloads a browser.
set -euo pipefail
source "$(dirname "$0")/debian-packages.sh"

install_if_absent chromium chromium || true
command -v chromium
