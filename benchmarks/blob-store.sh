#!/usr/bin/env bash
# Pack bytes from PostgreSQL chunks against the folder store, side by side in one run:
#
#   bash benchmarks/blob-store.sh        # ROUNDS=5 READS=3 DURATION=5 THREADS=2 CONNECTIONS=8
#   SHAPE=many-images bash benchmarks/blob-store.sh   # 400 images of ~250 KB instead of one asset
#   GAMEPACK_BENCH_POSTGRES_URL=postgres://… bash benchmarks/blob-store.sh   # an existing cluster
#
# Builds a project whose one asset is ~100 MB of incompressible bytes (benchmarks/generate.py,
# one image; SHAPE=many-images: 400 images of ~250 KB), signs it, then starts `gamepack serve`
# on each store (the release binary when built, else the debug one), publishes the pack to
# both, and in each of ROUNDS rounds measures both stores, the order alternating:
#
#   pack   READS sequential `curl` downloads of the whole pack, MB/s (total bytes / total time);
#   files  DURATION seconds of `wrk` over the pack's small files (`GET /v1/files/<sha256>`),
#          requests/s.
#
# The folder store is `serve --data` on SQLite; PostgreSQL is `serve --database postgres://…`
# without --cache-dir, so every read comes from the chunks, once over loopback TCP and once
# over the cluster's Unix socket (`?host=FOLDER`) when it has one here. The table ends with the ratio
# PostgreSQL / folder (the median of the rounds' ratios, and their range); the targets of issue 33 are ≥ 0.5 for the pack and ≥ 0.8 for files.
# Each round also reads the pack's chunks with PostgreSQL's own client (`psql`, COPY in binary
# to /dev/null, three sessions at once, as the server has three chunks in flight): what a
# reader gets from this cluster on this machine when it sends nothing on. And it has PostgreSQL
# write the same chunks to its own /dev/null, one session per core, with no socket or client
# at all: the ceiling of any store that reads these chunks on this machine, since serving them
# adds the socket, gamepack and the HTTP client on the same cores.
set -euo pipefail
cd "$(dirname "$0")/.."
release=.build-release/x86_64-unknown-linux-gnu/release/gamepack
[ -x "$release" ] || release=.build/release/gamepack
if [ -z "${GAMEPACK_BIN:-}" ]; then
    if [ -x "$release" ]; then GAMEPACK_BIN=$release; else GAMEPACK_BIN=.build/debug/gamepack; fi
fi
export GAMEPACK_BIN
READS=${READS:-3}
DURATION=${DURATION:-5}
ROUNDS=${ROUNDS:-5}
CONNECTIONS=${CONNECTIONS:-8}
source benchmarks/serve-pack.sh
bench_start blob-store "${GAMEPACK_BENCH_PG_PORT:-55439}"
command -v curl >/dev/null || { echo "curl is missing (apt-get install curl)" >&2; exit 2; }
echo "binary: $bin"

# SHAPE: the pack's make-up. one-asset (default): one ~100 MB asset, and the small files are
# the pack's few JSON and text files. many-images: 400 images of ~250 KB (~100 MB in all), and
# the files `wrk` reads are the images.
SHAPE=${SHAPE:-one-asset}
case "$SHAPE" in
one-asset) generate=(--items 200 --images 1 --image-bytes 100000000) ;;
many-images) generate=(--items 1000 --images 400 --image-bytes 250000) ;;
*) echo "SHAPE must be one-asset or many-images, not '$SHAPE'" >&2; exit 2 ;;
esac
echo "shape: $SHAPE"
python3 benchmarks/generate.py "$work/project" "${generate[@]}" --force >/dev/null
printf 'lint:\n  max_asset_bytes: 200000000\n' >>"$work/project/gamepack.yaml"  # lint's default budget is 5 MB
"$bin" keygen --out "$work/k" >/dev/null
"$bin" build "$work/project" --out "$work/out" --sign "$work/k.key" --quiet --no-cache
pack=$(ls "$work"/out/*.gamepack)
pack_sha=$(sha256sum "$pack" | cut -d' ' -f1)
pack_bytes=$(stat -c %s "$pack")
echo "pack: $pack_bytes bytes"

# The pack's files other than the big asset, as a wrk script that cycles through them.
python3 - "$pack" "$work/files.lua" <<'PY'
import json, sys, zipfile
manifest = json.loads(zipfile.ZipFile(sys.argv[1]).read("manifest.json"))
small = [f["sha256"] for f in manifest["files"] if f["size"] < 1 << 20]
with open(sys.argv[2], "w") as out:
    out.write("local paths = {" + ",".join(f'"/v1/files/{s}"' for s in small) + "}\n")
    out.write("local i = 0\nrequest = function()\n  i = i % #paths + 1\n  return wrk.format('GET', paths[i])\nend\n")
print(f"small files: {len(small)}", file=sys.stderr)
PY

results=$work/results.tsv
: > "$results"
# Every server runs at once, and each round measures each, the order turning, so that a page
# cache or CPU that drifts during the run weighs on every store alike (the folder store's
# figure alone moved from 600 to 2,000 MB/s between separate runs).
serve_published sqlite
declare -A ports=([sqlite]=$port)
servers=$server
server=""
trap 'kill $servers 2>/dev/null || true; bench_cleanup' EXIT
stores=(sqlite postgres)
if [ -n "${GAMEPACK_BENCH_POSTGRES_URL:-}" ]; then
    pg_url=$GAMEPACK_BENCH_POSTGRES_URL
else
    pg_url=$(GAMEPACK_PG_DIR=$pg_dir GAMEPACK_PG_PORT=$pg_port bash scripts/postgres-cluster.sh start)
    pg_started=1
fi
serve_published postgres "$pg_url"
ports[postgres]=$port
servers="$servers $server"
server=""
# The same cluster through its Unix socket (`?host=FOLDER`), in a database of its own so that
# the pack is published afresh: the transport a server on the database's own machine can use.
socket_dir=$(psql "$pg_url" -Atc "SHOW unix_socket_directories" | cut -d, -f1 | sed 's/^ *//')
socket_port=$(psql "$pg_url" -Atc "SHOW port")
if [ -n "$socket_dir" ] && [ -S "$socket_dir/.s.PGSQL.$socket_port" ]; then
    psql "$pg_url" -qc "DROP DATABASE IF EXISTS gamepack_bench_socket" -c "CREATE DATABASE gamepack_bench_socket"
    pg_user=$(psql "$pg_url" -Atc "SELECT current_user")
    serve_published socket "postgres://$pg_user@/gamepack_bench_socket?host=$socket_dir&port=$socket_port"
    ports[socket]=$port
    servers="$servers $server"
    server=""
    stores+=(socket)
else
    echo "no Unix socket of the cluster on this machine: the socket row is left out" >&2
fi
# measure NAME PORT ROUND: READS downloads of the whole pack after one untimed read (MB/s), then
# DURATION seconds of wrk over the small files (requests/s), appended to `results`.
measure() {
    local name=$1 port=$2 round=$3
    local url="http://127.0.0.1:$port/v1/packs/$pack_sha.gamepack"
    curl -sf -o /dev/null "$url"
    local start end mbs rps
    start=$(date +%s.%N)
    for _ in $(seq "$READS"); do curl -sf -o /dev/null "$url"; done
    end=$(date +%s.%N)
    mbs=$(python3 -c "print(f'{$pack_bytes * $READS / ($end - $start) / 1e6:.1f}')")
    rps=$(wrk -t"$THREADS" -c"$CONNECTIONS" -d"${DURATION}s" -s "$work/files.lua" "http://127.0.0.1:$port" \
        | tee "$work/wrk-$name.txt" | sed -n 's/^Requests\/sec: *//p')
    if grep -qE "Non-2xx|Socket errors" "$work/wrk-$name.txt"; then
        echo "blob-store.sh: errors reading files from $name:" >&2; cat "$work/wrk-$name.txt" >&2; exit 1
    fi
    printf '%s\t%s\t%s\t%s\n' "$name" "$round" "$mbs" "$rps" >> "$results"
    echo "round $round, $name: pack $mbs MB/s, files $rps requests/s"
}
# Two rows read the same pack's chunks without serving them, READS times each round, appended
# to `results` (pack only):
# - `psql`: PostgreSQL's own client over TCP, with nothing to send on. Three sessions each
#   stream every third chunk (`COPY … TO STDOUT (FORMAT binary)`, the cheapest way out of
#   PostgreSQL) to /dev/null, in parallel, like the server's two chunks read ahead of the one
#   it sends.
# - `alone`: PostgreSQL itself writes them to its own /dev/null (`COPY … TO '/dev/null'`), one
#   session per core, so that no socket, no client and no HTTP takes any CPU. The most this
#   cluster hands over on this machine with every core its own; a store that serves the chunks
#   cannot exceed it. Needs a role that may write server files (a superuser, as in the cluster
#   this script starts); the row is left out otherwise.
pack_path=$(psql "$pg_url" -Atc "SELECT path FROM blobs WHERE path LIKE 'v1/packs/%' ORDER BY size DESC LIMIT 1")
[ -n "$pack_path" ] || { echo "blob-store.sh: the pack is not in PostgreSQL" >&2; exit 1; }
cores=$(nproc)
pg_writes_files=$(psql "$pg_url" -Atc "SELECT rolsuper OR pg_has_role(current_user, 'pg_write_server_files', 'MEMBER') FROM pg_roles WHERE rolname = current_user")
# copy_chunks SESSIONS PART TARGET: every SESSIONS-th chunk from PART on, copied to TARGET
# (STDOUT, read by psql and dropped, or the server's own '/dev/null').
copy_chunks() {
    psql "$pg_url" -qc "COPY (SELECT c.data FROM blob_parts p JOIN blob_chunks c ON c.sha256 = p.chunk
        WHERE p.path = '$pack_path' AND p.position % $1 = $2 ORDER BY p.position) TO $3 (FORMAT binary)" >/dev/null
}
# copy_pack SESSIONS TARGET: the whole pack in SESSIONS sessions at once, returning when all are
# done (their own pids: a bare `wait` would wait for the servers too).
copy_pack() {
    local -a sessions=()
    local part
    for part in $(seq 0 $(($1 - 1))); do
        copy_chunks "$1" "$part" "$2" &
        sessions+=($!)
    done
    for session in "${sessions[@]}"; do wait "$session"; done
}
# measure_copy ROUND ROW SESSIONS TARGET: READS copies of the pack, MB/s, as row ROW.
measure_copy() {
    local round=$1 row=$2 start end mbs
    start=$(date +%s.%N)
    for _ in $(seq "$READS"); do copy_pack "$3" "$4"; done
    end=$(date +%s.%N)
    mbs=$(python3 -c "print(f'{$pack_bytes * $READS / ($end - $start) / 1e6:.1f}')")
    printf '%s\t%s\t%s\t-\n' "$row" "$round" "$mbs" >> "$results"
    echo "round $round, $row, COPY of the chunks to $4: $mbs MB/s"
}
measure_psql() {
    copy_pack 3 STDOUT  # untimed, as each store's first read is
    measure_copy "$1" psql 3 STDOUT
}
measure_alone() { measure_copy "$1" alone "$cores" "'/dev/null'"; }
[ "$pg_writes_files" = t ] || echo "the role cannot write server files: the row of PostgreSQL alone is left out" >&2
for round in $(seq "$ROUNDS"); do
    # each round starts with the next store in turn
    for i in "${!stores[@]}"; do
        name=${stores[$(((i + round - 1) % ${#stores[@]}))]}
        measure "$name" "${ports[$name]}" "$round"
    done
    measure_psql "$round"
    if [ "$pg_writes_files" = t ]; then measure_alone "$round"; fi
done

python3 - "$results" "$cores" <<'PY'
import statistics, sys
rows = [line.split() for line in open(sys.argv[1])]
def figures(name, column):
    return [float(row[column]) for row in rows if row[0] == name and row[column] != "-"]
def ratios(name, column):
    return [p / f for p, f in zip(figures(name, column), figures("sqlite", column))]
med = statistics.median
stores = [("folder (SQLite)", "sqlite"), ("PostgreSQL chunks, no cache, TCP", "postgres"),
          ("PostgreSQL chunks, no cache, Unix socket", "socket"),
          ("psql: COPY of the same chunks to /dev/null, 3 sessions", "psql"),
          (f"PostgreSQL alone: COPY of the same chunks to its own /dev/null, {sys.argv[2]} sessions", "alone")]
print()
print(f"median of {len(figures('sqlite', 2))} rounds, every store measured in every round, the order turning;")
print("ratio: the median of the rounds' ratios to the folder store, and their range (targets: pack ≥ 0.5, files ≥ 0.8)")
print()
print("| store | pack MB/s | pack ratio | v1/files req/s | files ratio |")
print("|---|---|---|---|---|")
for label, name in stores:
    if not figures(name, 2):
        continue
    pack, files = figures(name, 2), figures(name, 3)
    if name == "sqlite":
        print(f"| {label} | {med(pack):.1f} | | {med(files):.0f} | |")
        continue
    pr = ratios(name, 2)
    row = f"| {label} | {med(pack):.1f} | {med(pr):.2f} ({min(pr):.2f}–{max(pr):.2f}) "
    if files:
        fr = ratios(name, 3)
        row += f"| {med(files):.0f} | {med(fr):.2f} ({min(fr):.2f}–{max(fr):.2f}) |"
    else:
        row += "| | |"
    print(row)
if figures("psql", 2):
    server, client = figures("postgres", 2), figures("psql", 2)
    print()
    print(f"gamepack's PostgreSQL TCP read over psql's, per round: "
          + ", ".join(f"{s / c:.2f}" for s, c in zip(server, client)))
if figures("alone", 2):
    print("PostgreSQL alone over the folder store, per round: "
          + ", ".join(f"{a / f:.2f}" for a, f in zip(figures("alone", 2), figures("sqlite", 2))))
PY
