#!/usr/bin/env bash
# Hosts made of Linux network namespaces, for trying and testing multi-host runs on one machine.
#
#   scripts/netns-cluster.sh up N DIR [--slots S] [--rate RATE] [--owner PID]
#   scripts/netns-cluster.sh down DIR
#   scripts/netns-cluster.sh down --all
#
# up: N namespaces joined by a bridge (one veth pair each, private addresses 10.213.K.2..N+1/24, the bridge
# 10.213.K.1 in this machine's namespace, where the launcher and its emulator run); a subnet K is taken only
# when no address or route of this machine or of any namespace uses it. Writes
#   DIR/hostfile   Open MPI syntax: one line per host (its address), slots=S (default 2)
#   DIR/agent      Open MPI's launch agent: `agent HOST command...` runs the command in HOST's namespace
#   DIR/env        `export` lines to source before ./run.sh (OMPI_MCA_plm_rsh_agent=DIR/agent)
#   DIR/cluster.state  what up created, for down
# --rate RATE shapes each host's link in both directions with tc htb (e.g. 100mbit); this kernel has no
# netem, so no delay is added. Every object created is recorded before the next is made, so `down` (and
# a failing `up`) removes exactly what this cluster created: processes left in its namespaces, qdiscs,
# veths, the bridge and its address, the namespaces, and the files above. Needs root and ip (tc for --rate).
#
# Every cluster is marked where the kernel keeps it, so it can be found without its directory: the bridge and
# each namespace's loopback carry the alias "mse-netns-cluster owner=PID:START dir=DIR" (owner=- without --owner;
# START is the owner's start time in /proc/PID/stat, so a reused pid is not taken for it). `down --all` removes
# every marked cluster whose directory no longer holds it, or whose owner process has ended (the test harness
# passes its JVM's pid), and nothing else: objects without the mark are never touched.
# -E: the ERR trap that undoes a failing `up` also fires for a command failing inside a function (shape, record).
set -Eeuo pipefail

die() { echo "netns-cluster: $*" >&2; exit 2; }
usage() { die "usage: $0 up N DIR [--slots S] [--rate RATE] [--owner PID] | $0 down DIR | $0 down --all"; }
MARK="mse-netns-cluster"

need_tools() {
    [ "$(id -u)" = 0 ] || die "needs root (network namespaces), running as $(id -un)"
    command -v ip >/dev/null || die "needs the ip command (iproute2)"
}

record() { echo "$1 $2" >>"$STATE"; }

# The start time of process $1 (field 22 of its stat, after the command name, which may hold spaces), or nothing.
started() { sed 's/^.*) //' "/proc/$1/stat" 2>/dev/null | awk '{print $20}'; }

# The mark of a link: mark NS_OR_EMPTY DEV ALIAS
mark() {
    local n=()
    [ -n "$1" ] && n=(-n "$1")
    ip "${n[@]}" link set "$2" alias "$3"
}

# The alias of a link, or nothing: alias_of NS_OR_EMPTY DEV
alias_of() {
    local n=()
    [ -n "$1" ] && n=(-n "$1")
    ip "${n[@]}" link show "$2" 2>/dev/null | sed -n 's/^ *alias //p' || true
}

# True when no address or route here or in any namespace falls in 10.213.$1.0/24.
subnet_unused() {
    local net="10.213.$1." ns
    if ip -4 -o addr show | grep -q " inet ${net}"; then return 1; fi
    if ip -4 route show | grep -qE "^${net//./\\.}|^10\.213\.0\.0/16|^10\.0\.0\.0/8"; then return 1; fi
    for ns in $(ip netns list | awk '{print $1}'); do
        if ip -n "$ns" -4 -o addr show 2>/dev/null | grep -q " inet ${net}"; then return 1; fi
    done
    return 0
}

warn_stale() {
    local stale
    stale=$(ip netns list | awk '{print $1}' | grep -E '^mse[0-9a-f]{4}-h[0-9]+$' || true)
    if [ -n "$stale" ]; then
        echo "netns-cluster: note: namespaces of another cluster exist ($(echo $stale | tr '\n' ' '));" \
             "this one gets its own names and subnet. Remove them with: $0 down THEIR_DIR, or $0 down --all" \
             "(every cluster of this script whose directory or owner is gone)" >&2
    fi
}

shape() { # shape NS_OR_EMPTY DEV RATE
    local n=()
    [ -n "$1" ] && n=(-n "$1")
    tc "${n[@]}" qdisc add dev "$2" root handle 1: htb default 10
    tc "${n[@]}" class add dev "$2" parent 1: classid 1:10 htb rate "$3" ceil "$3" quantum 1514
}

up() {
    [ $# -ge 2 ] || usage
    local n="$1" dir="$2" slots=2 rate="" owner=""
    shift 2
    while [ $# -gt 0 ]; do
        case "$1" in
            --slots) [ $# -ge 2 ] || usage; slots="$2"; shift 2 ;;
            --rate) [ $# -ge 2 ] || usage; rate="$2"; shift 2 ;;
            --owner) [ $# -ge 2 ] || usage; owner="$2"; shift 2 ;;
            *) usage ;;
        esac
    done
    [[ "$n" =~ ^[0-9]+$ ]] && [ "$n" -ge 1 ] && [ "$n" -le 50 ] || die "N: expected 1..50 hosts, got '$n'"
    [[ "$slots" =~ ^[0-9]+$ ]] && [ "$slots" -ge 1 ] || die "--slots: expected a positive integer, got '$slots'"
    [[ -z "$rate" || "$rate" =~ ^[0-9]+(bit|kbit|mbit|gbit)$ ]] || die "--rate: expected e.g. 100mbit, got '$rate'"
    local owned="-"
    if [ -n "$owner" ]; then
        [[ "$owner" =~ ^[0-9]+$ ]] && owned="$owner:$(started "$owner")" && [ "${owned#*:}" != "" ] \
            || die "--owner: expected the pid of a running process, got '$owner'"
    fi
    need_tools
    [ -z "$rate" ] || command -v tc >/dev/null || die "--rate needs the tc command (iproute2)"
    mkdir -p "$dir"
    dir="$(cd "$dir" && pwd)"
    STATE="$dir/cluster.state"
    [ ! -e "$STATE" ] || die "$dir already holds a cluster; remove it first: $0 down $dir"
    warn_stale
    local k="" c
    for c in $(seq 200 254); do
        if subnet_unused "$c"; then k="$c"; break; fi
    done
    [ -n "$k" ] || die "no free subnet 10.213.200-254.0/24 on this machine"
    local id prefix
    id=$(od -An -N2 -tx1 /dev/urandom | tr -d ' \n')
    prefix="mse$id"
    : >"$STATE"
    local mark="$MARK owner=$owned dir=$dir"
    trap 'echo "netns-cluster: up failed; removing what it created" >&2; down "$dir" >/dev/null 2>&1 || true' ERR
    trap 'echo "netns-cluster: up interrupted; removing what it created" >&2; down "$dir" >/dev/null 2>&1 || true; exit 130' INT TERM
    record subnet "10.213.$k.0/24"
    ip link add "$prefix-br" type bridge
    record link "$prefix-br"
    mark "" "$prefix-br" "$mark"
    ip addr add "10.213.$k.1/24" dev "$prefix-br"
    ip link set "$prefix-br" up
    local agent_cases="" hostfile="" i ns address
    for i in $(seq 1 "$n"); do
        ns="$prefix-h$i"
        address="10.213.$k.$((i + 1))"
        ip netns add "$ns"
        record netns "$ns"
        mark "$ns" lo "$mark"
        ip link add "$prefix-v$i" type veth peer name mse0 netns "$ns"
        record link "$prefix-v$i"
        ip link set "$prefix-v$i" master "$prefix-br" up
        ip -n "$ns" addr add "$address/24" dev mse0
        ip -n "$ns" link set lo up
        ip -n "$ns" link set mse0 up
        if [ -n "$rate" ]; then
            shape "$ns" mse0 "$rate"
            shape "" "$prefix-v$i" "$rate"
        fi
        agent_cases+="    $address) ns=$ns ;;"$'\n'
        hostfile+="$address slots=$slots"$'\n'
    done
    cat >"$dir/agent" <<EOF
#!/bin/sh
# Open MPI's launch agent for this namespace cluster (in place of ssh): agent HOST COMMAND...
host="\$1"; shift
case "\$host" in
$agent_cases    *) echo "netns-cluster agent: \$host is not a host of this cluster ($dir)" >&2; exit 255 ;;
esac
# Each host also gets its own host name (a UTS namespace): Open MPI names its session directories and
# shared-memory segments after the host name, which would otherwise collide between namespaces.
exec ip netns exec "\$ns" unshare --uts /bin/sh -c 'hostname "\$0" && exec /bin/sh -c "\$1"' "\$ns" "\$*"
EOF
    chmod +x "$dir/agent"
    printf '%s' "$hostfile" >"$dir/hostfile"
    printf 'export OMPI_MCA_plm_rsh_agent=%s\n' "$dir/agent" >"$dir/env"
    trap - ERR INT TERM
    echo "netns-cluster: $n hosts on 10.213.$k.0/24 (this machine: 10.213.$k.1 on $prefix-br)${rate:+, links shaped to $rate}"
    echo "  hostfile $dir/hostfile; before ./run.sh: source $dir/env; afterwards: $0 down $dir"
}

down() {
    [ $# -eq 1 ] || usage
    if [ "$1" = --all ]; then
        down_all
        return
    fi
    local dir="$1"
    STATE="$dir/cluster.state"
    [ -e "$STATE" ] || die "$dir holds no cluster (no $STATE)"
    need_tools
    local kind name
    # Processes first (a killed run must leave nothing behind), then namespaces, then links.
    while read -r kind name; do
        if [ "$kind" = netns ]; then remove_netns "$name"; fi
    done <"$STATE"
    while read -r kind name; do
        if [ "$kind" = link ] && ip link show "$name" >/dev/null 2>&1; then
            ip link del "$name" 2>/dev/null || true
        fi
    done <"$STATE"
    remove_files "$dir"
    echo "netns-cluster: removed the cluster of $dir"
}

# Kills what runs in namespace $1, then deletes it (its veth pair goes with it).
remove_netns() {
    local pids
    ip netns list | awk '{print $1}' | grep -qx "$1" || return 0
    pids=$(ip netns pids "$1" || true)
    if [ -n "$pids" ]; then
        echo "netns-cluster: killing processes left in $1: $(echo $pids)" >&2
        kill -KILL $pids 2>/dev/null || true
    fi
    ip netns del "$1"
}

remove_files() { rm -f "$1/hostfile" "$1/agent" "$1/env" "$1/cluster.state"; }

# Every cluster this script made (its mark on the bridge or a namespace) that nothing holds any more.
down_all() {
    need_tools
    local prefixes prefix mark why removed=0
    prefixes=$({ ip -o link show | awk -F': ' '{print $2}' | sed -n 's/^\(mse[0-9a-f]\{4\}\)-br$/\1/p'
                 ip netns list | awk '{print $1}' | sed -n 's/^\(mse[0-9a-f]\{4\}\)-h[0-9]\+$/\1/p'; } | sort -u)
    for prefix in $prefixes; do
        mark=$(mark_of "$prefix")
        [ -n "$mark" ] || continue # named like ours but unmarked: not ours to remove
        why=$(orphaned "$prefix" "$mark") || continue
        remove_marked "$prefix" "$mark"
        echo "netns-cluster: removed cluster $prefix of ${mark#* dir=}: $why"
        removed=$((removed + 1))
    done
    echo "netns-cluster: down --all removed $removed leftover cluster(s)"
}

# The mark of cluster $1: its bridge's, else the first of its namespaces'.
mark_of() {
    local ns a
    a=$(alias_of "" "$1-br")
    if [[ "$a" == "$MARK "* ]]; then echo "$a"; return; fi
    for ns in $(ip netns list | awk '{print $1}' | grep -E "^$1-h[0-9]+\$" || true); do
        a=$(alias_of "$ns" lo)
        if [[ "$a" == "$MARK "* ]]; then echo "$a"; return; fi
    done
}

# Says why cluster $1 (mark $2) is left over, or fails when its directory still holds it and its owner runs.
orphaned() {
    local dir="${2#* dir=}" owner
    owner="${2#* owner=}"
    owner="${owner%% dir=*}"
    if ! grep -qE "^(netns $1-h[0-9]+|link $1-br)\$" "$dir/cluster.state" 2>/dev/null; then
        echo "its directory no longer holds it"
    elif [ "$owner" != - ] && [ "$(started "${owner%%:*}")" != "${owner#*:}" ]; then
        echo "its owner process ${owner%%:*} has ended"
    else
        return 1
    fi
}

# Removes the objects of cluster $1 that carry exactly its mark $2, and its files if its directory still names it.
remove_marked() {
    local ns dir="${2#* dir=}"
    for ns in $(ip netns list | awk '{print $1}' | grep -E "^$1-h[0-9]+\$" || true); do
        if [ "$(alias_of "$ns" lo)" = "$2" ]; then remove_netns "$ns"; fi
    done
    if [ "$(alias_of "" "$1-br")" = "$2" ]; then ip link del "$1-br"; fi
    if grep -qE "^(netns $1-h[0-9]+|link $1-br)\$" "$dir/cluster.state" 2>/dev/null; then remove_files "$dir"; fi
}

[ $# -ge 1 ] || usage
command="$1"
shift
case "$command" in
    up) up "$@" ;;
    down) down "$@" ;;
    *) usage ;;
esac
