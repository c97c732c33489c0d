#!/bin/bash
# Makes sure Debian's chromium is installed (when absent), with a font that has Chinese characters
# (the console is tested and pictured in Chinese too), and prints the browser's path. The
# console's browser tests drive it with Playwright; nothing downloads a browser.
set -euo pipefail
source "$(dirname "$0")/debian-packages.sh"

install_if_absent chromium chromium || true
if [ -z "$(fc-list :lang=zh 2>/dev/null)" ]; then
    install_package fonts-wqy-microhei
fi
command -v chromium
