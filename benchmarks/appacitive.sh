#!/usr/bin/env bash
# Appacitive within_circle benchmark (issue 29): 100,000 generated deals over the Netherlands
# (scripts/make-deals.py), built, signed and published to a local `gamepack serve
# --appacitive-apps` on 127.0.0.1, then DealHunter's query, as the Appacitive iOS SDK sends it
# (`GET /v1.0/object/deal/find/all?query=*location%20within_circle%20LAT,%20LNG,%205.000000%20km`
# with Appacitive-Apikey and Appacitive-Environment), at points picked at random from a fixed
# list, for a bounded time with wrk, on SQLite and on PostgreSQL.
#
#   swift build -c release --scratch-path .build-release --product gamepack
#   benchmarks/appacitive.sh
#
# Targets (issue 29): 2,000 requests/s or more with p99 under 20 ms on each store.
# Environment: DURATION (wrk seconds, default 10), THREADS (2), CONNECTIONS (wrk's
# connection counts, one run each; default "8 16"), POSTGRES (1:
# start a throwaway cluster with scripts/postgres-cluster.sh in GAMEPACK_PG_DIR=/tmp/gamepack-pg-bench-appacitive
# on port 54338; 0: SQLite only; or set GAMEPACK_BENCH_POSTGRES_URL to use a server you run).
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=benchmarks/serve-pack.sh
source benchmarks/serve-pack.sh
bench_start appacitive 54338
build_deals_pack
cat > "$work/apps.json" <<'JSON'
{"apps": [{"apiKey": "bench-key", "project": "dealhunter", "channel": "production",
           "environment": "sandbox", "types": {"deal": "deals"}}]}
JSON

# The sixteen points of queries.sh; wrk picks one per request and moves it by up to about 2 km,
# and writes the filter as APQuery does (`%lf, %lf, %lf km`), escaped as the SDK escapes it.
{ deal_points_lua; cat <<'LUA'
math.randomseed(29)
local headers = { ["Appacitive-Apikey"] = "bench-key", ["Appacitive-Environment"] = "sandbox",
  ["Content-Type"] = "application/json" }
request = function()
  local lat, lng = points[math.random(#points)]:match("([^,]+),([^,]+)")
  local filter = string.format("*location within_circle %f, %f, %f km",
    tonumber(lat) + (math.random() - 0.5) * 0.036, tonumber(lng) + (math.random() - 0.5) * 0.058, 5.0)
  return wrk.format("GET", "/v1.0/object/deal/find/all?query=" .. filter:gsub(" ", "%%20"), headers)
end
LUA
} > "$work/circle.lua"

first_url() { echo "http://127.0.0.1:$1/v1.0/object/deal/find/all?query=*location%20within_circle%2052.367600,%204.904100,%205.000000%20km"; }

# run NAME [DATABASE_URL]: a fresh server and data folder, the pack published, one query to
# index it, then wrk.
run() {
    local name=$1 database=${2:-}
    serve_published "$name" "$database" --appacitive-apps "$work/apps.json"
    local started ended total
    started=$(date +%s%N)
    total=$(curl -sf -H 'Appacitive-Apikey: bench-key' -H 'Appacitive-Environment: sandbox' "$(first_url "$port")" \
        | python3 -c 'import json,sys; d=json.load(sys.stdin); assert d["status"]["code"]=="200"; print(d["paginginfo"]["totalrecords"])')
    ended=$(date +%s%N)
    echo "== $name: first query, indexing and loading included: $(( (ended - started) / 1000000 )) ms ($total deals within 5 km of the Dam)"
    wrk_then_stop "$work/circle.lua"
}

run_on_stores
