# Sourced by the scripts that install what the tests need from Debian's packages when it is absent.
# install_if_absent COMMAND PACKAGE [apt-get options]: installs PACKAGE unless COMMAND is on the
# PATH, as root or with passwordless sudo; the package lists are refreshed only when the first
# try fails.

as_root() {
    if [ "$(id -u)" = 0 ]; then "$@"; else sudo -n "$@"; fi
}

# install_package PACKAGE [apt-get options]: installs PACKAGE from Debian's packages.
install_package() {
    local package=$1
    shift
    echo "$(basename "$0"): installing $package from Debian's packages" >&2
    export DEBIAN_FRONTEND=noninteractive
    as_root apt-get install -y -q "$@" "$package" >/dev/null 2>&1 || {
        as_root apt-get update -q >/dev/null
        as_root apt-get install -y -q "$@" "$package" >/dev/null
    }
}

install_if_absent() {
    local command=$1 package=$2
    shift 2
    if command -v "$command" >/dev/null 2>&1; then
        return 1
    fi
    install_package "$package" "$@"
}
