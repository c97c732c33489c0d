#!/bin/bash
# Run by Maven before npm ci: a machine without Node.js 18 or later, or without npm, stops the
# build here with what to install, not later with an error from deep inside the bundler.
set -euo pipefail
install_hint="Install Node.js 18 or later with npm (Debian: apt-get install nodejs npm; or from nodejs.org), then build again."
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
    echo "The web console (nacos-console) is built with Node.js and npm, and this machine lacks $(command -v node >/dev/null 2>&1 && echo npm || echo Node.js). $install_hint" >&2
    exit 1
fi
version=$(node --version)
major=${version#v}
major=${major%%.*}
if [ "$major" -lt 18 ]; then
    echo "The web console (nacos-console) needs Node.js 18 or later; this machine has $version. $install_hint" >&2
    exit 1
fi
echo "Node.js $version and npm $(npm --version): building the console"
