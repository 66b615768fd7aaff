# Shared by the server query benchmarks (queries.sh, appacitive.sh, kinvey.sh); sourced, not
# run. Expects `bin` (the gamepack binary) and `work` (a scratch folder) to be set, which
# `bench_start` does for appacitive.sh and kinvey.sh.

# bench_start NAME PG_PORT: the common start of a store benchmark, from the repository root:
# the settings (DURATION, THREADS, CONNECTIONS, POSTGRES), `bin` checked, wrk checked, `work`
# made, and on exit the server stopped, the throwaway cluster (/tmp/gamepack-pg-bench-NAME on
# PG_PORT) stopped and `work` removed.
bench_start() {
    DURATION=${DURATION:-10}
    THREADS=${THREADS:-2}
    CONNECTIONS=${CONNECTIONS:-8 16}
    POSTGRES=${POSTGRES:-1}
    bin=${GAMEPACK_BIN:-.build-release/x86_64-unknown-linux-gnu/release/gamepack}
    [ -x "$bin" ] || {
        echo "$bin is missing: bash scripts/setup.sh release && bash scripts/release-build.sh (setup.sh installs libcurl's development files, which the static link needs)" >&2
        exit 2
    }
    command -v wrk >/dev/null || { echo "wrk is missing (apt-get install wrk)" >&2; exit 2; }
    pg_dir=/tmp/gamepack-pg-bench-$1
    pg_port=$2
    work=$(mktemp -d "/tmp/gamepack-$1.XXXXXX")
    server=""
    pg_started=""
    trap bench_cleanup EXIT
    export SOURCE_DATE_EPOCH=1700000000
}

bench_cleanup() {
    if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; fi
    if [ -n "$pg_started" ]; then
        GAMEPACK_PG_DIR=$pg_dir GAMEPACK_PG_PORT=$pg_port bash scripts/postgres-cluster.sh stop || true
    fi
    rm -rf "$work"
}

# run_on_stores: `run sqlite`, then `run postgres DATABASE_URL` on GAMEPACK_BENCH_POSTGRES_URL,
# or on a throwaway cluster when POSTGRES=1 (`run` is the benchmark's own).
run_on_stores() {
    run sqlite
    if [ -n "${GAMEPACK_BENCH_POSTGRES_URL:-}" ]; then
        run postgres "$GAMEPACK_BENCH_POSTGRES_URL"
    elif [ "$POSTGRES" = 1 ]; then
        pg_url=$(GAMEPACK_PG_DIR=$pg_dir GAMEPACK_PG_PORT=$pg_port bash scripts/postgres-cluster.sh start)
        pg_started=1
        run postgres "$pg_url"
    fi
}

# build_deals_pack [TARGETS]: 100,000 deals over the Netherlands (scripts/make-deals.py), built
# for TARGETS (comma-separated; default canonical) and signed with a fresh key; sets `pack`.
build_deals_pack() {
    python3 scripts/make-deals.py --count 100000 --spread netherlands --out "$work/project" --targets "${1:-canonical}"
    "$bin" keygen --out "$work/k" >/dev/null
    "$bin" build "$work/project" --out "$work/out" --sign "$work/k.key" --quiet --no-cache
    pack=$(ls "$work"/out/*.gamepack)
    echo "pack: $(du -h "$pack" | cut -f1), 100000 deals"
}

# serve_published NAME [DATABASE_URL] [SERVE ARGS…]: a fresh data folder and `gamepack serve` on
# 127.0.0.1 (any free port), with `pack` published on production; sets `server` (its pid) and
# `port`.
serve_published() {
    local name=$1 database=${2:-}
    shift 2 || shift $#
    local data="$work/data-$name"
    local -a db=()
    if [ -n "$database" ]; then db=(--database "$database"); fi
    local token
    token=$("$bin" serve token create --data "$data" "${db[@]}" --note bench | tail -1)
    "$bin" serve --data "$data" "${db[@]}" --host 127.0.0.1 --port 0 --trusted-key "$work/k.pub" \
        --log-level warning "$@" > "$work/serve-$name.log" 2>&1 &
    server=$!
    port=""
    for _ in $(seq 100); do
        port=$(sed -n 's#.*listening on http://127.0.0.1:\([0-9]*\).*#\1#p' "$work/serve-$name.log" | head -1)
        [ -n "$port" ] && break
        sleep 0.1
    done
    [ -n "$port" ] || { cat "$work/serve-$name.log" >&2; exit 1; }
    GAMEPACK_TOKEN=$token "$bin" publish "$pack" --server "http://127.0.0.1:$port" --channel production \
        --key "$work/k.key" >/dev/null
}

# deal_points_lua: the Lua table of sixteen points in and between the generated cities, which
# the wrk scripts pick from.
deal_points_lua() {
    cat <<'LUA'
local points = {
  "52.3676,4.9041", "52.3600,4.8800", "52.3900,4.9300", "51.9244,4.4777", "51.9000,4.5000",
  "52.0907,5.1214", "52.0705,4.3007", "52.0800,4.3300", "51.4416,5.4697", "53.2194,6.5665",
  "51.8126,5.8372", "52.2215,6.8937", "52.1600,4.4900", "51.5000,3.9000", "52.6000,5.5000",
  "52.7800,6.9000",
}
LUA
}

# wrk_then_stop LUA: wrk with the script on the running server (THREADS, DURATION), once for
# each connection count in CONNECTIONS, its summary lines, then the server stopped.
wrk_then_stop() {
    local connections
    for connections in $CONNECTIONS; do
        echo "-- $connections connections:"
        wrk -t"$THREADS" -c"$connections" -d"${DURATION}s" --latency -s "$1" "http://127.0.0.1:$port" \
            | grep -E "Requests/sec|Latency  |  50%|  99%|requests in|Non-2xx|Socket errors"
    done
    kill "$server"; wait "$server" 2>/dev/null || true
    server=""
}
