#!/bin/bash
# Makes the AOT cache that bin/startup.sh gives Java 25 and later. Run by the build after packaging,
# by the container image's build with the image's own JDK, and by hand after installing another
# Java 25 (a cache serves only the JDK build that made it). When this machine has Java 25 or later
# (NACOS_AOT_JAVA_HOME, else the search of bin/java-select.sh), one training start of the server
# (bin/training-start.sh: a node of a two-node cluster on scratch homes, run until ready) records an AOT cache into
# target/nacos-server.aot (JEP 514: the cache is made when the training JVM exits), with the JDK's
# runtime version beside it in nacos-server.aot.jdk, for bin/startup.sh to use with that same JDK.
# The start must give the module options given here (bin/startup.sh), or the JVM refuses the cache.
# Without such a JDK it says so and leaves no cache: the server starts on 17 as before.
#   make-aot-cache.sh [TARGET_DIR CONF_DIR]   (default: the install's target/ and conf/)
set -euo pipefail
BIN=$(cd "$(dirname "$0")" && pwd)
TARGET=$(cd "${1:-$BIN/../target}" && pwd)
CONF=$(cd "${2:-$BIN/../conf}" && pwd)
# shellcheck source=bin/java-select.sh
source "$BIN/java-select.sh"
rm -f "$TARGET/nacos-server.aot" "$TARGET/nacos-server.aot.jdk"
if ! JAVA_HOME=${NACOS_AOT_JAVA_HOME:-} select_java 2>/dev/null || [ -z "$JAVA_MAJOR" ] || [ "$JAVA_MAJOR" -lt 25 ]; then
    echo "no Java 25 or later on this machine: no AOT cache (the server starts on 17 with its class-data archive)"
    exit 0
fi
# shellcheck source=bin/training-start.sh
source "$BIN/training-start.sh"
training_start "$JAVA" "$TARGET" "$CONF" "$TARGET/aot-training.log" -XX:AOTCacheOutput=nacos-server.aot \
    -XX:+UseCompactObjectHeaders --enable-native-access=ALL-UNNAMED -Xlog:aot=warning -Xlog:cds=off
cd "$TARGET"
[ -s nacos-server.aot ] || { cat "$TARGET/aot-training.log"; echo "the training start left no AOT cache" >&2; exit 1; }
echo "$JAVA_BUILD" > nacos-server.aot.jdk
echo "AOT cache for Java $JAVA_BUILD: $(du -h nacos-server.aot | cut -f1)"
