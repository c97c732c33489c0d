#!/bin/bash
# Sourced by bin/startup.sh and by the build's AOT-cache step: picks the Java that runs the server
# and tells its version, without starting a JVM (each probe JVM is time a restart waits for).
#   select_java: sets JAVA (the java command), JAVA_MAJOR (17, 25...; empty when it cannot be told)
#   and JAVA_BUILD (the runtime version, 25.0.3+9-LTS, that an AOT cache is made for). It takes, in
#   order: JAVA_HOME; else the newest JDK of 25 or later among NACOS_JAVA_SEARCH (default
#   /usr/lib/jvm/* /opt/java/* /usr/java/*, where Debian, Temurin's packages and the official
#   images put them); else java on the PATH. Returns 1, with a line on stderr, when none is found.

# release_value HOME KEY: KEY's value in the JDK's release file.
release_value() {
    [ -r "$1/release" ] && sed -n "s/^$2=\"\\(.*\\)\"$/\\1/p" "$1/release" | head -1
}

# major_of VERSION: 17 for 17.0.15, 8 for 1.8.0_412.
major_of() {
    local version=$1
    [[ $version == 1.* ]] && version=${version#1.}
    version=${version%%[.+-]*}
    [[ $version =~ ^[0-9]+$ ]] && echo "$version"
}

# update_of VERSION: 15 for 17.0.15+6-Debian; 0 for a version without one (17+35).
update_of() {
    if [[ ${1%%[+-]*} =~ ^[0-9]+\.[0-9]+\.([0-9]+) ]]; then
        echo "${BASH_REMATCH[1]}"
    else
        echo 0
    fi
}

select_java() {
    local home=""
    if [ -n "${JAVA_HOME:-}" ] && [ -x "$JAVA_HOME/bin/java" ]; then
        home=$JAVA_HOME
    else
        local candidate best_major=0
        # shellcheck disable=SC2086
        for candidate in ${NACOS_JAVA_SEARCH:-/usr/lib/jvm/* /opt/java/* /usr/java/*}; do
            [ -x "$candidate/bin/java" ] || continue
            local major
            major=$(major_of "$(release_value "$candidate" JAVA_VERSION)")
            if [ -n "$major" ] && [ "$major" -ge 25 ] && [ "$major" -gt "$best_major" ]; then
                home=$candidate
                best_major=$major
            fi
        done
    fi
    if [ -n "$home" ]; then
        JAVA="$home/bin/java"
    elif command -v java >/dev/null 2>&1; then
        JAVA=$(command -v java)
        home=$(dirname "$(dirname "$(readlink -f "$JAVA")")")
    else
        echo "No java found: install Java 17 or later, or set JAVA_HOME." >&2
        return 1
    fi
    JAVA_MAJOR=$(major_of "$(release_value "$home" JAVA_VERSION)")
    JAVA_BUILD=$(release_value "$home" JAVA_RUNTIME_VERSION)
    if [ -z "$JAVA_MAJOR" ]; then
        # No release file (a JRE laid out by hand): ask the JVM once.
        local settings
        settings=$("$JAVA" -XshowSettings:properties -version 2>&1)
        JAVA_MAJOR=$(major_of "$(sed -n 's/^ *java.version = //p' <<< "$settings")")
        JAVA_BUILD=$(sed -n 's/^ *java.runtime.version = //p' <<< "$settings")
    fi
    return 0
}
