#!/usr/bin/env bash
# Time `gamepack diff` on two versions of the large generated project, as packs and as folders.
#
#   bash benchmarks/diff.sh
#
# Generates benchmarks/work/large once (20,000 items, 2,000 images, ~400 MB; git-ignored), makes
# a changed copy benchmarks/work/diff/new with benchmarks/mutate.py (5% of the items and 2% of
# the images changed, deterministic; the changes it made go to expected.json), builds both into
# packs, then runs the release binary RUNS times (default 3) under /usr/bin/time for:
#   packs        the two .gamepack files
#   dirs         the two folders, no build cache: every asset whose size matches is hashed
#   dirs+cache   the two folders after `gamepack build` left its asset hash cache in each
# and prints the median wall time, CPU time (user + sys) and peak RSS of each. Every run's JSON
# report is checked against expected.json: the figures are for a correct, complete diff.
# On a busy machine wall time exceeds CPU time / cores; the CPU column shows the work done.
set -euo pipefail
cd "$(dirname "$0")/.."

PROJECT=benchmarks/work/large
WORK=benchmarks/work/diff
RUNS=${RUNS:-3}
if [ ! -x /usr/bin/time ]; then echo "install time: apt-get install time" >&2; exit 1; fi

[ -n "${BIN:-}" ] || swift build -c release --product gamepack  # BIN=path/to/gamepack skips the build
BIN=${BIN:-$PWD/.build/release/gamepack}
if [ ! -f "$PROJECT/gamepack.yaml" ]; then python3 benchmarks/generate.py "$PROJECT"; fi
mkdir -p "$WORK"
if [ ! -f "$WORK/new/gamepack.yaml" ] || [ ! -f "$WORK/expected.json" ]; then
    python3 benchmarks/mutate.py "$PROJECT" "$WORK/new" --expected "$WORK/expected.json" --force
fi
export SOURCE_DATE_EPOCH=1700000000
rm -rf "$WORK/packs" "$WORK/packs-cache" "$PROJECT/.gamepack" "$WORK/new/.gamepack"
for side in old new; do
    src=$PROJECT; [ "$side" = new ] && src=$WORK/new
    "$BIN" build "$src" --out "$WORK/packs/$side" --no-cache --quiet
done
OLD_PACK=$(ls "$WORK"/packs/old/*.gamepack)
NEW_PACK=$(ls "$WORK"/packs/new/*.gamepack)

check() { # the report lists exactly the expected changes
    python3 - "$WORK/report.json" "$WORK/expected.json" <<'EOF'
import json, sys
report, expected = (json.load(open(p)) for p in sys.argv[1:3])
got = [{"collection": i["collection"], "id": i["id"], "change": i["change"], "class": i["class"],
        "fields": i["fields"]} for i in report["items"]]
key = lambda e: (e["collection"], e["id"])
if sorted(got, key=key) != sorted(expected, key=key):
    sys.exit(f"report differs from expected.json ({len(got)} against {len(expected)} items)")
EOF
}

measure() { # label, arguments...
    local label=$1; shift
    : > "$WORK/times"
    for i in $(seq "$RUNS"); do
        sync
        /usr/bin/time -f '%e %U %S %M' -o "$WORK/time" "$BIN" diff "$@" --format json --out "$WORK/report.json" \
            || { echo "$label: gamepack diff failed" >&2; exit 1; }
        check
        cat "$WORK/time" >> "$WORK/times"
    done
    python3 - "$label" "$WORK/times" <<'EOF'
import statistics, sys
rows = [list(map(float, line.split())) for line in open(sys.argv[2]) if line.strip()]
wall = statistics.median(r[0] for r in rows)
cpu = statistics.median(r[1] + r[2] for r in rows)
rss = statistics.median(r[3] for r in rows) / 1024
runs = ", ".join(f"{r[0]:.2f}" for r in rows)
print(f"{sys.argv[1]:<11} median {wall:5.2f} s wall  {cpu:5.2f} s CPU  {rss:4.0f} MB peak RSS   (runs: {runs} s)")
EOF
}

measure packs "$OLD_PACK" "$NEW_PACK"
measure dirs "$PROJECT" "$WORK/new"
for side in old new; do
    src=$PROJECT; [ "$side" = new ] && src=$WORK/new
    "$BIN" build "$src" --out "$WORK/packs-cache/$side" --quiet
done
measure dirs+cache "$PROJECT" "$WORK/new"
rm -rf "$PROJECT/.gamepack" "$WORK/new/.gamepack"
changed=$(python3 -c "import json; print(len(json.load(open('$WORK/expected.json'))))")
echo "$changed items changed; packs $(du -h "$OLD_PACK" | cut -f1) and $(du -h "$NEW_PACK" | cut -f1); $(nproc) cores; load average $(cut -d' ' -f1-3 /proc/loadavg)"
