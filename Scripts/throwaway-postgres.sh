#!/usr/bin/env bash
# A throwaway PostgreSQL cluster on loopback, for the tests and the benchmarks (Debian's `postgresql`).
#
#   Scripts/throwaway-postgres.sh start DIR   # initdb in DIR/data, pg_ctl on a free 127.0.0.1 port; prints
#                                             # postgres://planner@127.0.0.1:PORT/planner
#   Scripts/throwaway-postgres.sh stop DIR    # pg_ctl -m immediate stop, then removes DIR
#
# As root (initdb refuses root) it runs the server as the `postgres` user; DIR is made traversable for it. Trust
# authentication on loopback only, a socket folder inside DIR, fsync off: it holds test data and nothing else.
# Exits 2, saying so, when no PostgreSQL is installed.
set -euo pipefail
command=${1:-}
dir=${2:-}
[[ ( $command == start || $command == stop ) && -n $dir ]] || { echo "usage: $0 start|stop DIR" >&2; exit 64; }
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)
[[ -n $bin && -x $bin/initdb ]] || { echo "PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb)" >&2; exit 2; }

as_owner() {
    if [[ $(id -u) == 0 ]]; then su postgres -s /bin/bash -c "$1"; else bash -c "$1"; fi
}

case $command in
start)
    mkdir -p "$dir"
    dir=$(cd "$dir" && pwd)
    chmod 755 "$dir"
    if [[ $(id -u) == 0 ]]; then
        chown postgres "$dir"
        # The server runs as postgres: every folder above DIR must let it through (a mktemp -d folder is 0700).
        up=$(dirname "$dir")
        while [[ $up != / ]]; do
            [[ $(stat -c %A "$up") == ?????????[xt] ]] || chmod o+x "$up"
            up=$(dirname "$up")
        done
    fi
    port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    as_owner "'$bin/initdb' -D '$dir/data' -A trust -U planner -E UTF8 --no-sync > '$dir/initdb.log' 2>&1"
    # The server outlives this script: it must not hold the caller's descriptors (a pipe the caller reads to its
    # end would never end), so everything above 2 is closed for it.
    for fd in /proc/$$/fd/*; do
        fd=${fd##*/}
        if (( fd > 2 )); then eval "exec $fd>&-" 2> /dev/null || true; fi
    done
    as_owner "'$bin/pg_ctl' -D '$dir/data' -l '$dir/server.log' -w -t 60 \
        -o \"-k '$dir' -c listen_addresses=127.0.0.1 -p $port -c fsync=off -c max_connections=200\" start > /dev/null"
    as_owner "'$bin/createdb' -h 127.0.0.1 -p $port -U planner planner"
    echo "postgres://planner@127.0.0.1:$port/planner"
    ;;
stop)
    [[ -d $dir/data ]] && as_owner "'$bin/pg_ctl' -D '$dir/data' -m immediate stop > /dev/null 2>&1" || true
    rm -rf "$dir"
    ;;
esac
