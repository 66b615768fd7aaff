#!/usr/bin/env bash
# Kinvey $nearSphere benchmark (issue 29): 100,000 generated deals over the Netherlands
# (scripts/make-deals.py, built for the `kinvey` target), signed and published to a local
# `gamepack serve --kinvey-apps` on 127.0.0.1, then the location query Kinvey's REST guide and
# SDKs send (`GET /appdata/{appKey}/deals?query={"_geoloc":{"$nearSphere":[LNG,LAT],
# "$maxDistance":3.106856}}`, 5 km in miles, with the app's HTTP Basic credentials), at points
# picked at random from a fixed list, for a bounded time with wrk, on SQLite and on PostgreSQL.
#
#   swift build -c release --scratch-path .build-release --product gamepack
#   benchmarks/kinvey.sh
#
# Targets (issue 29): 2,000 requests/s or more with p99 under 20 ms on each store.
# Environment: DURATION (wrk seconds, default 10), THREADS (2), CONNECTIONS (wrk's
# connection counts, one run each; default "8 16"), LIMIT (the
# page, Kinvey's `limit`; default 20, 0 for every deal in the circle), POSTGRES (1: start a
# throwaway cluster with scripts/postgres-cluster.sh in /tmp/gamepack-pg-bench-kinvey on port
# 54340; 0: SQLite only; or set GAMEPACK_BENCH_POSTGRES_URL to use a server you run).
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=benchmarks/serve-pack.sh
source benchmarks/serve-pack.sh
bench_start kinvey 54340
LIMIT=${LIMIT:-20}
build_deals_pack canonical,kinvey
cat > "$work/apps.json" <<'JSON'
{"apps": [{"appKey": "kid_bench", "appSecret": "bench-secret", "project": "dealhunter",
           "channel": "production", "name": "DealHunter benchmark"}]}
JSON
auth=$(printf 'kid_bench:bench-secret' | base64)

# The sixteen points of queries.sh; wrk picks one per request and moves it by up to about 2 km.
{ deal_points_lua; cat <<LUA
math.randomseed(29)
local headers = { ["Authorization"] = "Basic $auth", ["X-Kinvey-API-Version"] = "3" }
request = function()
  local lat, lng = points[math.random(#points)]:match("([^,]+),([^,]+)")
  local query = string.format('{"_geoloc":{"\$nearSphere":[%f,%f],"\$maxDistance":3.106856}}',
    tonumber(lng) + (math.random() - 0.5) * 0.058, tonumber(lat) + (math.random() - 0.5) * 0.036)
  local escaped = query:gsub("[^%w%-%._~]", function(c) return string.format("%%%02X", string.byte(c)) end)
  return wrk.format("GET", "/appdata/kid_bench/deals?limit=$LIMIT&query=" .. escaped, headers)
end
LUA
} > "$work/near.lua"

first_url() {
    echo "http://127.0.0.1:$1/appdata/kid_bench/deals/_count?query=%7B%22_geoloc%22%3A%7B%22%24nearSphere%22%3A%5B4.9041%2C52.3676%5D%2C%22%24maxDistance%22%3A3.106856%7D%7D"
}

# run NAME [DATABASE_URL]: a fresh server and data folder, the pack published, one query to
# index it, then wrk.
run() {
    local name=$1 database=${2:-}
    serve_published "$name" "$database" --kinvey-apps "$work/apps.json"
    local started ended total
    started=$(date +%s%N)
    total=$(curl -sf -H "Authorization: Basic $auth" "$(first_url "$port")" \
        | python3 -c 'import json,sys; print(json.load(sys.stdin)["count"])')
    ended=$(date +%s%N)
    echo "== $name: first query, indexing and loading included: $(( (ended - started) / 1000000 )) ms ($total deals within 5 km of the Dam)"
    wrk_then_stop "$work/near.lua"
}

run_on_stores
