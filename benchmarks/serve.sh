#!/usr/bin/env bash
# Load benchmark of `gamepack serve` with wrk on loopback, release build, bounded in time.
#
#   benchmarks/serve.sh
#
# Builds the release binary, a signed gohike-amsterdam pack and a ~100 MB pack (generated
# project, canonical target), starts a server on 127.0.0.1 with SQLite in benchmarks/work/serve,
# publishes both, then runs wrk (Debian package `wrk`) for DURATION seconds each:
#   1. POST /api/ping with the current version (the legacy client's hot path),
#   2. a conditional pack GET (If-None-Match with the pack's ETag → 304),
#   3. full downloads of the big pack, with the server's RSS before and after.
# Environment: DURATION (default 10), CONNECTIONS (64), THREADS (2), BIG_MB (100), PORT (18080).
set -euo pipefail
cd "$(dirname "$0")/.."
DURATION=${DURATION:-10}
CONNECTIONS=${CONNECTIONS:-64}
THREADS=${THREADS:-2}
BIG_MB=${BIG_MB:-100}
PORT=${PORT:-18080}
command -v wrk >/dev/null || { echo "wrk is missing: apt-get install wrk" >&2; exit 2; }

swift build -c release --product gamepack >/dev/null
bin=$(swift build -c release --show-bin-path)/gamepack
work=benchmarks/work/serve
rm -rf "$work"
mkdir -p "$work"
export SOURCE_DATE_EPOCH=1700000000

"$bin" keygen --out "$work/key" >/dev/null
"$bin" build examples/gohike-amsterdam --out "$work/small" --sign "$work/key.key" --quiet
# 100 images of BIG_MB*10 KB each (±10%): about BIG_MB MB of stored (uncompressible) assets.
python3 benchmarks/generate.py "$work/big-project" --items 300 --images 100 --image-bytes $((BIG_MB * 10000)) --force >/dev/null
"$bin" build "$work/big-project" --out "$work/big" --target canonical --sign "$work/key.key" --quiet --no-cache
small=$(ls "$work"/small/*.gamepack)
big=$(ls "$work"/big/*.gamepack)

token=$("$bin" serve token create --data "$work/data" 2>/dev/null)
"$bin" serve --data "$work/data" --port "$PORT" --trusted-key "$work/key.pub" --log-level warning \
    --upload-limit 2G >"$work/server.log" 2>&1 &
server=$!
trap 'kill -TERM $server 2>/dev/null; wait $server 2>/dev/null || true' EXIT
for _ in $(seq 100); do curl -fs "http://127.0.0.1:$PORT/health" >/dev/null && break; sleep 0.1; done

export GAMEPACK_TOKEN=$token
"$bin" publish "$small" --server "http://127.0.0.1:$PORT" --channel production --key "$work/key.key" >/dev/null
"$bin" publish "$big" --server "http://127.0.0.1:$PORT" --channel big --key "$work/key.key" >/dev/null
version=$(curl -fs -D - -o /dev/null "http://127.0.0.1:$PORT/api/content" | tr -d '\r' | awk -F': ' 'tolower($1)=="content-version"{print $2}')
small_sha=$(sha256sum "$small" | cut -d' ' -f1)
big_sha=$(sha256sum "$big" | cut -d' ' -f1)
big_bytes=$(stat -c %s "$big")

cat >"$work/ping.lua" <<LUA
wrk.method = "POST"
wrk.body = '{"version":"$version"}'
wrk.headers["Content-Type"] = "application/json"
LUA

rss() { awk '/^VmRSS/{print $2}' "/proc/$server/status"; }
summary() { # label, wrk output file
    local rps p99 transfer
    rps=$(awk '/^Requests\/sec/{print $2}' "$2")
    p99=$(awk '$1=="99%"{print $2}' "$2")
    transfer=$(awk '/^Transfer\/sec/{print $2}' "$2")
    echo "$1: $rps requests/s, p99 $p99, $transfer/s transferred"
}

echo "server pid $server, release build, $(nproc) cores, wrk -t$THREADS -c$CONNECTIONS -d${DURATION}s"
wrk -t"$THREADS" -c"$CONNECTIONS" -d"${DURATION}s" --latency -s "$work/ping.lua" "http://127.0.0.1:$PORT/api/ping" >"$work/ping.txt"
summary "POST /api/ping (up to date)" "$work/ping.txt"
wrk -t"$THREADS" -c"$CONNECTIONS" -d"${DURATION}s" --latency -H "If-None-Match: \"$small_sha\"" \
    "http://127.0.0.1:$PORT/v1/packs/$small_sha.gamepack" >"$work/conditional.txt"
summary "GET pack, If-None-Match (304)" "$work/conditional.txt"
before=$(rss)
wrk -t"$THREADS" -c4 -d"${DURATION}s" --latency --timeout 30s "http://127.0.0.1:$PORT/v1/packs/$big_sha.gamepack" >"$work/download.txt"
after=$(rss)
summary "GET $((big_bytes / 1000000)) MB pack, 4 connections" "$work/download.txt"
echo "server RSS: $before KB before the downloads, $after KB after"
