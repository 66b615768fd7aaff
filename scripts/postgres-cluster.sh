#!/usr/bin/env bash
# A throwaway PostgreSQL cluster on 127.0.0.1 for the tests and benchmarks.
#   scripts/postgres-cluster.sh start   initdb (fresh) + start; prints the URL to use as
#                                        GAMEPACK_TEST_POSTGRES_URL
#   scripts/postgres-cluster.sh stop    stop it and delete its folder
#   scripts/postgres-cluster.sh down    stop it, keeping its folder (an outage)
#   scripts/postgres-cluster.sh up      start it again after `down`
#   scripts/postgres-cluster.sh freeze  stop its processes (SIGSTOP): connections stay open and
#                                        nothing answers, as a host that hangs or a network
#                                        that drops every packet
#   scripts/postgres-cluster.sh thaw    let them run again (SIGCONT)
# Runs the server as the `postgres` user when invoked as root (PostgreSQL refuses root).
# Environment: GAMEPACK_PG_DIR (default /tmp/gamepack-pg), GAMEPACK_PG_PORT (default 54329),
# GAMEPACK_PG_PASSWORD (default none: every local connection is trusted; set, the postgres
# user has this password and connections must give it, scram-sha-256).
set -euo pipefail
dir=${GAMEPACK_PG_DIR:-/tmp/gamepack-pg}
port=${GAMEPACK_PG_PORT:-54329}
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)
if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
    echo "PostgreSQL server binaries not found (apt-get install postgresql)" >&2
    exit 3
fi
as_owner() {
    if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
# Closes every descriptor above stderr this shell inherited. The server outlives the script,
# and a descriptor it kept would keep the caller waiting: Foundation's Process, which the tests
# use, learns that a child ended when a socket the child inherited closes.
close_inherited() {
    local fd
    for fd in /proc/$BASHPID/fd/*; do
        fd=${fd##*/}
        if [ "$fd" -gt 2 ] && [ "$fd" != 255 ]; then eval "exec $fd>&-" 2>/dev/null || true; fi
    done
}
# signal_all SIGNAL: the server and every backend and helper it started (a backend left running
# would answer).
signal_all() {
    local postmaster
    postmaster=$(head -1 "$dir/postmaster.pid" 2>/dev/null) || return 0
    kill -s "$1" "$postmaster" $(pgrep -P "$postmaster" || true) 2>/dev/null || true
}
case "${1:-start}" in
start)
    signal_all CONT
    if [ -f "$dir/postmaster.pid" ]; then as_owner "$bin/pg_ctl" -D "$dir" -m fast stop >/dev/null 2>&1 || true; fi
    rm -rf "$dir"
    mkdir -p "$dir"
    [ "$(id -u)" = 0 ] && chown postgres:postgres "$dir"
    auth=(-A trust)
    user=postgres
    if [ -n "${GAMEPACK_PG_PASSWORD:-}" ]; then
        printf '%s\n' "$GAMEPACK_PG_PASSWORD" >"$dir.pw"
        [ "$(id -u)" = 0 ] && chown postgres:postgres "$dir.pw"
        auth=(-A scram-sha-256 --pwfile="$dir.pw")
        user="postgres:$GAMEPACK_PG_PASSWORD"
    fi
    as_owner "$bin/initdb" -D "$dir" "${auth[@]}" -U postgres --no-sync >"$dir.initdb.log" 2>&1 \
        || { cat "$dir.initdb.log" >&2; exit 1; }
    rm -f "$dir.pw"
    "$0" up
    echo "postgres://$user@127.0.0.1:$port/postgres?sslmode=disable"
    ;;
up)
    close_inherited
    as_owner "$bin/pg_ctl" -D "$dir" -l "$dir/server.log" -w \
        -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=off -c synchronous_commit=off -c max_connections=200" \
        start >/dev/null
    ;;
down)
    signal_all CONT  # a frozen server cannot stop
    as_owner "$bin/pg_ctl" -D "$dir" -m fast stop >/dev/null
    ;;
freeze | thaw)
    signal=STOP
    [ "$1" = thaw ] && signal=CONT
    signal_all "$signal"
    ;;
stop)
    signal_all CONT
    if [ -f "$dir/postmaster.pid" ]; then as_owner "$bin/pg_ctl" -D "$dir" -m fast stop >/dev/null; fi
    rm -rf "$dir" "$dir.initdb.log"
    ;;
*)
    echo "usage: $0 start|stop|down|up|freeze|thaw" >&2
    exit 2
    ;;
esac
