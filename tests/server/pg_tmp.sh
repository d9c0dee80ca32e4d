#!/usr/bin/env bash
# A throw-away PostgreSQL server for the tests: `pg_tmp.sh start` makes a
# cluster in a new directory /tmp/vauban-pg.XXXXXX (initdb), starts it
# listening only on a unix socket in that directory, and prints the libpq
# URL to reach it (postgresql:///postgres?host=DIR&user=vauban);
# `pg_tmp.sh stop DIR` stops it at once and removes DIR. `pg_tmp.sh start
# PID` also leaves a watcher (its own session, no open descriptors) that
# stops it and removes DIR once process PID, the test program, is gone,
# whether or not it called `stop` (a crash, ctest's SIGKILL at the timeout).
# Exit 77 (skip) when PostgreSQL's programs are not
# installed (Debian package postgresql). PostgreSQL refuses to run as root:
# as root, the cluster belongs to the unprivileged user `nobody` (runuser).
set -euo pipefail
what="${1:-}"
dir="${2:-}"
self="$(cd "$(dirname "$0")" && pwd)/$(basename "$0")"
owner=""
if [ "$what" = start ]; then
    owner="${2:-}"
    case "$owner" in '' | *[!0-9]*) owner="" ;; esac
fi
bin="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)"
[ -n "$bin" ] && [ -x "$bin/initdb" ] || { echo "pg_tmp: no PostgreSQL programs" >&2; exit 77; }
as=()
if [ "$(id -u)" -eq 0 ]; then
    as=(runuser -u nobody --)
fi
case "$what" in
start)
    dir="$(mktemp -d /tmp/vauban-pg.XXXXXX)"
    [ ${#as[@]} -eq 0 ] || chown nobody "$dir"
    "${as[@]}" "$bin/initdb" -D "$dir/data" -U vauban --auth=trust --no-sync -E UTF8 \
        >"$dir/initdb.log" 2>&1 || { cat "$dir/initdb.log" >&2; exit 1; }
    "${as[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 30 \
        -o "-k $dir -c listen_addresses= -c max_connections=200 -c shared_buffers=16MB" \
        start >/dev/null || { cat "$dir/server.log" >&2; exit 1; }
    if [ -n "$owner" ]; then
        setsid bash -c 'while kill -0 "$1" 2>/dev/null && [ -d "$2/data" ]; do sleep 1; done
                        bash "$3" stop "$2"' pg-watch "$owner" "$dir" "$self" \
            </dev/null >/dev/null 2>&1 &
    fi
    echo "postgresql:///postgres?host=$dir&user=vauban"
    ;;
stop)
    case "$dir" in /tmp/vauban-pg.*) ;; *) echo "pg_tmp: not a pg_tmp directory" >&2; exit 2 ;; esac
    [ -d "$dir/data" ] && "${as[@]}" "$bin/pg_ctl" -D "$dir/data" -m immediate -w stop \
        >/dev/null 2>&1 || true
    rm -rf "$dir"
    ;;
*)
    echo "usage: pg_tmp.sh start [PID] | stop DIR" >&2
    exit 2
    ;;
esac
