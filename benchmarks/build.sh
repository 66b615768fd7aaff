#!/usr/bin/env bash
# Time `gamepack build` (cold and warm) and `gamepack verify` on the large generated project.
#
#   bash benchmarks/build.sh
#
# Each step runs RUNS times (default 3), after `sync` so that writeback of the previous run's
# 400 MB does not throttle the next. Generates benchmarks/work/large once (20,000 items, 2,000 images, ~400 MB; git-ignored),
# builds the release binary, then measures under /usr/bin/time:
#   cold   build with an empty cache and output folder
#   warm   build after changing one item, with the cache of the cold build
#   verify signature and every file's SHA-256
# and prints wall time, peak memory and throughput over the asset bytes.
set -euo pipefail
cd "$(dirname "$0")/.."

PROJECT=benchmarks/work/large
WORK=benchmarks/work/build
if [ ! -x /usr/bin/time ]; then echo "install time: apt-get install time" >&2; exit 1; fi

[ -n "${BIN:-}" ] || swift build -c release --product gamepack
BIN=${BIN:-.build/release/gamepack}
if [ ! -f "$PROJECT/gamepack.yaml" ]; then python3 benchmarks/generate.py "$PROJECT"; fi

rm -rf "$WORK" "$PROJECT/.gamepack"
mkdir -p "$WORK"
KEY="$WORK/bench"
"$BIN" keygen --out "$KEY" >/dev/null
ASSET_BYTES=$(du -sb "$PROJECT/assets" | cut -f1)
export SOURCE_DATE_EPOCH=1700000000

# The project's files are read into the page cache before every run: an editor's sources are
# usually cached, and some virtual machines (this one runs DAMON reclaim) evict idle pages
# within seconds, which would otherwise add disk reads at random to the figures.
cache_project() { find "$PROJECT/content" "$PROJECT/assets" "$PROJECT/gamepack.yaml" -type f -exec cat {} + >/dev/null; }

measure() { # label, command...
    local label=$1; shift
    cache_project
    /usr/bin/time -f '%e %M' -o "$WORK/time" "$@" >"$WORK/log" 2>&1 || { cat "$WORK/log"; exit 1; }
    read -r secs kb < "$WORK/time"
    local rate
    rate=$(python3 -c "print(f'{$ASSET_BYTES/1e6/max($secs,0.001):.0f}')")
    printf '%-7s %6.2f s wall  %5d MB peak RSS  %5s MB/s of assets\n' "$label" "$secs" $((kb / 1024)) "$rate"
}

RUNS=${RUNS:-3}
for i in $(seq "$RUNS"); do
    rm -rf "$WORK/out" "$PROJECT/.gamepack"; sync
    measure cold "$BIN" build "$PROJECT" --out "$WORK/out" --sign "$KEY.key" --quiet
done
# Change one item's text, then rebuild with the cache of the last cold build.
ITEM=$(find "$PROJECT/content/locations" -name "*.yaml" -print -quit | xargs basename)
cp "$PROJECT/content/locations/$ITEM" "$WORK/item.bak"
trap 'cp "$WORK/item.bak" "$PROJECT/content/locations/$ITEM"' EXIT
for i in $(seq "$RUNS"); do
    sed -i "0,/en: /s/en: /en: Changed$i /" "$PROJECT/content/locations/$ITEM"
    sync
    measure warm "$BIN" build "$PROJECT" --out "$WORK/out" --sign "$KEY.key" --quiet
done
PACK=$(ls -t "$WORK"/out/*.gamepack | head -1)
for i in $(seq "$RUNS"); do
    measure verify "$BIN" verify "$PACK" --pubkey "$KEY.pub" --quiet
done
echo "pack: $(du -h "$PACK" | cut -f1), assets: $((ASSET_BYTES / 1000000)) MB, $(nproc) cores"
