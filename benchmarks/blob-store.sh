#!/usr/bin/env bash
# Pack bytes from PostgreSQL chunks against the folder store, side by side in one run:
#
#   bash benchmarks/blob-store.sh        # READS=5 DURATION=10 THREADS=2 CONNECTIONS=8
#   GAMEPACK_BENCH_POSTGRES_URL=postgres://… bash benchmarks/blob-store.sh   # an existing cluster
#
# Builds a project whose one asset is ~100 MB of incompressible bytes (benchmarks/generate.py,
# one image), signs it, then for each store starts `gamepack serve` (the release binary when
# built, else the debug one), publishes the pack, and measures:
#
#   pack   READS sequential `curl` downloads of the whole pack, MB/s (total bytes / total time);
#   files  `wrk` over the pack's small files (`GET /v1/files/<sha256>`), requests/s.
#
# The folder store is `serve --data` on SQLite; PostgreSQL is `serve --database postgres://…`
# without --cache-dir, so every read comes from the chunks. The table ends with the ratio
# PostgreSQL / folder; the targets of issue 33 are ≥ 0.5 for the pack and ≥ 0.8 for files.
set -euo pipefail
cd "$(dirname "$0")/.."
release=.build-release/x86_64-unknown-linux-gnu/release/gamepack
[ -x "$release" ] || release=.build/release/gamepack
if [ -z "${GAMEPACK_BIN:-}" ]; then
    if [ -x "$release" ]; then GAMEPACK_BIN=$release; else GAMEPACK_BIN=.build/debug/gamepack; fi
fi
export GAMEPACK_BIN
READS=${READS:-5}
CONNECTIONS=${CONNECTIONS:-8}
source benchmarks/serve-pack.sh
bench_start blob-store "${GAMEPACK_BENCH_PG_PORT:-55439}"
command -v curl >/dev/null || { echo "curl is missing (apt-get install curl)" >&2; exit 2; }
echo "binary: $bin"

python3 benchmarks/generate.py "$work/project" --items 200 --images 1 --image-bytes 100000000 --force >/dev/null
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
run() {
    local name=$1
    serve_published "$name" "${2:-}"
    local url="http://127.0.0.1:$port/v1/packs/$pack_sha.gamepack"
    curl -sf -o /dev/null "$url"  # one read before timing
    local start end
    start=$(date +%s.%N)
    for _ in $(seq "$READS"); do curl -sf -o /dev/null "$url"; done
    end=$(date +%s.%N)
    local mbs
    mbs=$(python3 -c "print(f'{$pack_bytes * $READS / ($end - $start) / 1e6:.1f}')")
    local rps
    rps=$(wrk -t"$THREADS" -c"$CONNECTIONS" -d"${DURATION}s" -s "$work/files.lua" "http://127.0.0.1:$port" \
        | tee "$work/wrk-$name.txt" | sed -n 's/^Requests\/sec: *//p')
    if grep -qE "Non-2xx|Socket errors" "$work/wrk-$name.txt"; then
        echo "blob-store.sh: errors reading files from $name:" >&2; cat "$work/wrk-$name.txt" >&2; exit 1
    fi
    printf '%s\t%s\t%s\n' "$name" "$mbs" "$rps" >> "$results"
    echo "$name: pack $mbs MB/s, files $rps requests/s"
    kill "$server"; wait "$server" 2>/dev/null || true
    server=""
}
POSTGRES=1 run_on_stores

python3 - "$results" <<'PY'
import sys
rows = {name: (float(mbs), float(rps)) for name, mbs, rps in (line.split() for line in open(sys.argv[1]))}
folder, pg = rows["sqlite"], rows.get("postgres")
print()
print("| store | pack MB/s | v1/files req/s |")
print("|---|---|---|")
print(f"| folder (SQLite) | {folder[0]:.1f} | {folder[1]:.0f} |")
if pg:
    print(f"| PostgreSQL chunks, no cache | {pg[0]:.1f} | {pg[1]:.0f} |")
    print(f"| ratio | {pg[0] / folder[0]:.2f} (target ≥ 0.5) | {pg[1] / folder[1]:.2f} (target ≥ 0.8) |")
PY
