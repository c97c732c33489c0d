#!/bin/bash
# Makes the class-data archive (target/nacos-server.jsa) that bin/startup.sh gives Java 17 to 24:
# one training start of the server with the given JVM (bin/training-start.sh: a node of a two-node
# cluster on scratch homes, run until ready) records the classes it loaded when it exits. Run by the build
# after packaging, with the build's own JVM; a JVM other than the one that made it ignores it.
#   make-class-data-archive.sh JAVA TARGET_DIR CONF_DIR
set -euo pipefail
BIN=$(cd "$(dirname "$0")" && pwd)
JAVA=${1:?make-class-data-archive.sh JAVA TARGET_DIR CONF_DIR}
TARGET=$(cd "${2:?}" && pwd)
CONF=$(cd "${3:?}" && pwd)
rm -f "$TARGET/nacos-server.jsa"
# shellcheck source=bin/training-start.sh
source "$BIN/training-start.sh"
training_start "$JAVA" "$TARGET" "$CONF" "$TARGET/class-data-training.log" \
    -XX:ArchiveClassesAtExit="$TARGET/nacos-server.jsa" -Xlog:cds=off -Xlog:cds+dynamic=off
[ -s "$TARGET/nacos-server.jsa" ] || { cat "$TARGET/class-data-training.log"; echo "the training start left no class-data archive" >&2; exit 1; }
echo "class-data archive for $("$JAVA" -version 2>&1 | head -1): $(du -h "$TARGET/nacos-server.jsa" | cut -f1)"
