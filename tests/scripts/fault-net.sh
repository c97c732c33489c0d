#!/bin/bash
# The network of the fault tests: three nodes, each in a network namespace of its own (nxf-n1..3),
# joined by a bridge (nxf-br) in the root namespace, which clients and the database use at
# 10.213.0.1; node N is 10.213.0.1N. Faults are nft rules in a node's namespace, so healing is
# dropping one table. Everything it creates is named nxf-*, and `down` removes all of it (also what
# a killed run left behind): the processes still running in the namespaces, the namespaces, the
# bridge, the size-limited mounts.
#   fault-net.sh up                 create the network (after removing a leftover one)
#   fault-net.sh down               remove it all
#   fault-net.sh check              exit 0 when this machine can create namespaces and nft rules
#                                   (installs nftables from Debian's packages when absent)
#   fault-net.sh cut-peers N        N does not reach the other nodes, nor they it; clients still reach N
#   fault-net.sh isolate N          N reaches nothing and nothing reaches it
#   fault-net.sh deaf N M           N does not hear M (packets from M to N dropped); M still hears N
#   fault-net.sh cut-db N           N does not reach the database (port $NXF_DB_PORT on the bridge)
#   fault-net.sh slow N             N's link slow and lossy (netem delay 200 ms +-50 ms and 5% loss
#                                   where the kernel has netem; otherwise a 1 Mbit/s token bucket
#                                   with 400 ms of queue, and 5% loss by nft)
#   fault-net.sh heal [N]           drop the fault rules of N (default: of every node)
#   fault-net.sh run N CMD...       run CMD in node N's namespace
#   fault-net.sh small-disk DIR MB  mount a size-limited tmpfs on DIR (the node's data directory)
set -euo pipefail

PREFIX=nxf
export PATH="$PATH:/usr/sbin:/sbin"
source "$(dirname "$0")/debian-packages.sh"
BRIDGE=$PREFIX-br
SUBNET=10.213.0
DB_PORT=${NXF_DB_PORT:-13308}

ns() { echo "$PREFIX-n$1"; }
ip_of() { echo "$SUBNET.1$1"; }
others() { for m in 1 2 3; do [ "$m" = "$1" ] || echo "$m"; done; }

down() {
    for n in 1 2 3; do
        local name
        name=$(ns "$n")
        if ip netns list | grep -qw "$name"; then
            # Only what runs in our own namespace: the nodes this harness started there.
            for pid in $(ip netns pids "$name"); do kill -9 "$pid" 2>/dev/null || true; done
            ip netns del "$name"
        fi
        ip link del "$PREFIX-h$n" 2>/dev/null || true
    done
    ip link del "$BRIDGE" 2>/dev/null || true
    local mount
    for mount in $(awk '$1 == "nxf-disk" {print $2}' /proc/mounts); do umount -l "$mount" || true; done
}

up() {
    down
    ip link add "$BRIDGE" type bridge
    ip addr add "$SUBNET.1/24" dev "$BRIDGE"
    ip link set "$BRIDGE" up
    for n in 1 2 3; do
        local name
        name=$(ns "$n")
        ip netns add "$name"
        ip link add "$PREFIX-h$n" type veth peer name "$PREFIX-v$n"
        ip link set "$PREFIX-v$n" netns "$name"
        ip link set "$PREFIX-h$n" master "$BRIDGE"
        ip link set "$PREFIX-h$n" up
        ip netns exec "$name" ip link set lo up
        ip netns exec "$name" ip addr add "$(ip_of "$n")/24" dev "$PREFIX-v$n"
        ip netns exec "$name" ip link set "$PREFIX-v$n" up
        ip netns exec "$name" ip route add default via "$SUBNET.1"
    done
}

# The fault table of node N: input and output chains, created on first use.
table() {
    local name
    name=$(ns "$1")
    ip netns exec "$name" nft add table inet nxfault
    ip netns exec "$name" nft add chain inet nxfault input '{ type filter hook input priority 0 ; }'
    ip netns exec "$name" nft add chain inet nxfault output '{ type filter hook output priority 0 ; }'
}

rule() {
    local n=$1 chain=$2
    shift 2
    ip netns exec "$(ns "$n")" nft add rule inet nxfault "$chain" "$@"
}

cut_peers() {
    table "$1"
    for m in $(others "$1"); do
        rule "$1" input ip saddr "$(ip_of "$m")" drop
        rule "$1" output ip daddr "$(ip_of "$m")" drop
    done
}

isolate() {
    table "$1"
    rule "$1" input iifname "$PREFIX-v$1" drop
    rule "$1" output oifname "$PREFIX-v$1" drop
}

deaf() {
    table "$1"
    rule "$1" input ip saddr "$(ip_of "$2")" drop
}

cut_db() {
    table "$1"
    rule "$1" output ip daddr "$SUBNET.1" tcp dport "$DB_PORT" drop
}

slow() {
    local name dev
    name=$(ns "$1")
    dev="$PREFIX-v$1"
    if ip netns exec "$name" tc qdisc add dev "$dev" root netem delay 200ms 50ms loss 5% 2>/dev/null; then
        echo "slow: netem delay 200ms 50ms loss 5% on node $1"
        return
    fi
    ip netns exec "$name" tc qdisc add dev "$dev" root tbf rate 1mbit burst 32kbit latency 400ms
    table "$1"
    rule "$1" input iifname "$dev" numgen random mod 100 '<' 5 drop
    rule "$1" output oifname "$dev" numgen random mod 100 '<' 5 drop
    echo "slow: no netem in this kernel; tbf 1mbit latency 400ms and 5% loss by nft on node $1"
}

heal() {
    local nodes=("$@")
    [ ${#nodes[@]} -gt 0 ] || nodes=(1 2 3)
    for n in "${nodes[@]}"; do
        ip netns exec "$(ns "$n")" nft delete table inet nxfault 2>/dev/null || true
        ip netns exec "$(ns "$n")" tc qdisc del dev "$PREFIX-v$n" root 2>/dev/null || true
    done
}

check() {
    [ "$(id -u)" = 0 ] || { echo "needs root (network namespaces, nft rules, tmpfs mounts)"; exit 1; }
    install_if_absent nft nftables || true
    local probe=$PREFIX-probe
    ip netns add "$probe" 2>/dev/null || { echo "cannot create network namespaces (needs root and CAP_SYS_ADMIN)"; exit 1; }
    local made=0
    command -v nft >/dev/null && ip netns exec "$probe" nft add table inet nxfault && made=1
    ip netns del "$probe"
    [ $made = 1 ] || { echo "nft rules cannot be created (Debian package nftables)"; exit 1; }
}

small_disk() {
    mkdir -p "$1"
    mount -t tmpfs -o "size=${2}m" nxf-disk "$1"
}

command=${1:-}
shift || true
case $command in
    up) up ;;
    down) down ;;
    check) check ;;
    cut-peers) cut_peers "$1" ;;
    isolate) isolate "$1" ;;
    deaf) deaf "$1" "$2" ;;
    cut-db) cut_db "$1" ;;
    slow) slow "$1" ;;
    heal) heal "$@" ;;
    run) n=$1; shift; exec ip netns exec "$(ns "$n")" "$@" ;;
    small-disk) small_disk "$1" "$2" ;;
    *) sed -n '2,/^set /{/^#/p}' "$0" >&2; exit 2 ;;
esac
