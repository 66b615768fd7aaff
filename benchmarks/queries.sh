#!/usr/bin/env bash
# Geo query benchmark (issue 19): 100,000 generated deals over the Netherlands, published to a
# local `gamepack serve`, then `near=…&within=5km` queries at random points for a bounded time
# with wrk on 127.0.0.1, on SQLite and (with GAMEPACK_TEST_POSTGRES_URL) on PostgreSQL.
#
#   swift build -c release --scratch-path .build-release
#   benchmarks/queries.sh [DURATION_SECONDS]        (default 15; 2 threads, 32 connections)
set -euo pipefail
cd "$(dirname "$0")/.."
duration=${1:-15}
bin=${GAMEPACK_BIN:-.build-release/release/gamepack}
[ -x "$bin" ] || { echo "build first: swift build -c release --scratch-path .build-release" >&2; exit 2; }
command -v wrk >/dev/null || { echo "wrk is missing (apt-get install wrk)" >&2; exit 2; }
work=$(mktemp -d)
trap 'kill $server 2>/dev/null || true; rm -rf "$work"' EXIT
export SOURCE_DATE_EPOCH=1700000000
python3 scripts/make-deals.py --count 100000 --spread netherlands --out "$work/project" >/dev/null
"$bin" keygen --out "$work/k" >/dev/null
"$bin" build "$work/project" --out "$work/out" --sign "$work/k.key" --quiet --no-cache
pack=$(ls "$work"/out/*.gamepack)

cat > "$work/near.lua" <<'LUA'
math.randomseed(19)
request = function()
  local lat = 51.9 + math.random() * 0.6
  local lng = 4.3 + math.random() * 0.9
  return wrk.format("GET", string.format(
    "/v1/projects/dealhunter/channels/production/collections/deals?near=%.5f,%.5f&within=5km&limit=20", lat, lng))
end
LUA

run() {
    local name=$1 database=$2
    local port=18$((RANDOM % 900 + 100))
    rm -rf "$work/data"
    "$bin" serve --data "$work/data" ${database:+--database "$database"} --port "$port" \
        --trusted-key "$work/k.pub" --log-level warning > "$work/serve.log" 2>&1 &
    server=$!
    for _ in $(seq 50); do curl -sf "http://127.0.0.1:$port/health" >/dev/null && break; sleep 0.2; done
    local token
    token=$("$bin" serve token create --data "$work/data" ${database:+--database "$database"} --note bench | tail -1)
    GAMEPACK_TOKEN=$token "$bin" publish "$pack" --server "http://127.0.0.1:$port" --channel production \
        --key "$work/k.key" --quiet
    local started=$(date +%s.%N)
    curl -sf "http://127.0.0.1:$port/v1/projects/dealhunter/channels/production/collections/deals?near=52.37,4.9&within=5km" >/dev/null
    echo "== $name: first query (indexing included): $(echo "$(date +%s.%N) - $started" | bc) s"
    wrk -t2 -c32 -d"${duration}s" --latency -s "$work/near.lua" "http://127.0.0.1:$port" \
        | grep -E "Requests/sec|Latency|99%|50%"
    kill $server; wait $server 2>/dev/null || true
}

run sqlite ""
if [ -n "${GAMEPACK_TEST_POSTGRES_URL:-}" ]; then
    db="bench_$$"
    psql "$GAMEPACK_TEST_POSTGRES_URL" -qc "CREATE DATABASE $db" 2>/dev/null || true
    run postgres "${GAMEPACK_TEST_POSTGRES_URL%/*}/$db?sslmode=disable"
fi
