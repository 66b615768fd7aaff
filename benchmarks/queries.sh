#!/usr/bin/env bash
# Geo query benchmark (issue 19): 100,000 generated deals over the Netherlands
# (scripts/make-deals.py), built, signed and published to a local `gamepack serve` on
# 127.0.0.1, then `near=LAT,LNG&within=5km` queries at points picked at random from a fixed
# list, for a bounded time with wrk, on SQLite and on PostgreSQL; then the client's `nearby`
# over the same 100,000 deals (the release-built dealhunter-demo with --repeat).
#
#   swift build -c release --scratch-path .build-release --product gamepack
#   swift build -c release --scratch-path .build-release --product dealhunter-demo
#   benchmarks/queries.sh
#
# Targets (issue 19): 2,000 requests/s or more with p99 under 20 ms on each store; `nearby`
# under 10 ms. Environment: DURATION (wrk seconds, default 10), THREADS (2), CONNECTIONS
# (16), REPEAT (client calls, 1000), POSTGRES (1: start a throwaway cluster with
# scripts/postgres-cluster.sh in GAMEPACK_PG_DIR=/tmp/gamepack-pg-bench on port 54339, not
# the test cluster; 0: SQLite only; or set GAMEPACK_BENCH_POSTGRES_URL to use a server you run).
set -euo pipefail
cd "$(dirname "$0")/.."
DURATION=${DURATION:-10}
THREADS=${THREADS:-2}
CONNECTIONS=${CONNECTIONS:-16}
REPEAT=${REPEAT:-1000}
POSTGRES=${POSTGRES:-1}
release=.build-release/x86_64-unknown-linux-gnu/release
bin=${GAMEPACK_BIN:-$release/gamepack}
demo=${DEALHUNTER_DEMO:-$release/dealhunter-demo}
for program in "$bin" "$demo"; do
    [ -x "$program" ] || {
        echo "$program is missing: swift build -c release --scratch-path .build-release --product $(basename "$program")" >&2
        exit 2
    }
done
command -v wrk >/dev/null || { echo "wrk is missing (apt-get install wrk)" >&2; exit 2; }

work=$(mktemp -d /tmp/gamepack-queries.XXXXXX)
server=""
pg_started=""
cleanup() {
    if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; fi
    if [ -n "$pg_started" ]; then
        GAMEPACK_PG_DIR=/tmp/gamepack-pg-bench GAMEPACK_PG_PORT=54339 bash scripts/postgres-cluster.sh stop || true
    fi
    rm -rf "$work"
}
trap cleanup EXIT
export SOURCE_DATE_EPOCH=1700000000

# shellcheck source=benchmarks/serve-pack.sh
source benchmarks/serve-pack.sh
build_deals_pack

# Sixteen points in and between the generated cities; wrk picks one per request and moves it
# by up to about 2 km.
{ deal_points_lua; cat <<'LUA'
math.randomseed(19)
request = function()
  -- One of the points, moved up to about 2 km each way, so that pages differ as players' do.
  local lat, lng = points[math.random(#points)]:match("([^,]+),([^,]+)")
  local point = string.format("%.5f,%.5f", tonumber(lat) + (math.random() - 0.5) * 0.036,
    tonumber(lng) + (math.random() - 0.5) * 0.058)
  return wrk.format("GET",
    "/v1/projects/dealhunter/channels/production/collections/deals?near=" .. point .. "&within=5km")
end
LUA
} > "$work/near.lua"

url_of() { echo "http://127.0.0.1:$1/v1/projects/dealhunter/channels/production/collections/deals?near=52.3676,4.9041&within=5km"; }

# run NAME [DATABASE_URL]: a fresh server and data folder, the pack published, one query to
# index it, then wrk.
run() {
    local name=$1 database=${2:-}
    serve_published "$name" "$database"
    local started ended hits
    started=$(date +%s%N)
    hits=$(curl -sf "$(url_of "$port")&limit=100" | python3 -c 'import json,sys; print(len(json.load(sys.stdin)["items"]))')
    ended=$(date +%s%N)
    echo "== $name: first query, indexing included: $(( (ended - started) / 1000000 )) ms ($hits items near the Dam)"
    wrk_then_stop "$work/near.lua"
}

run sqlite
if [ -n "${GAMEPACK_BENCH_POSTGRES_URL:-}" ]; then
    run postgres "$GAMEPACK_BENCH_POSTGRES_URL"
elif [ "$POSTGRES" = 1 ]; then
    pg_url=$(GAMEPACK_PG_DIR=/tmp/gamepack-pg-bench GAMEPACK_PG_PORT=54339 bash scripts/postgres-cluster.sh start)
    pg_started=1
    run postgres "$pg_url"
fi

echo "== client: nearby within 5 km over the same pack (dealhunter-demo --repeat $REPEAT)"
"$demo" --bundled "$pack" --pubkey "$work/k.pub" --storage "$work/client" --near 52.3676,4.9041 --within 5000 \
    --repeat "$REPEAT" 2>&1 >/dev/null | grep nearby
