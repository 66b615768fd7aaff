#!/usr/bin/env bash
# gamepack side by side with the tools a team would otherwise script together, on the same
# generated content in the same run:
#
#   bash benchmarks/peers.sh            # SCALES="1 10" RUNS=3; builds like scripts/install.sh
#   BIN=path/to/gamepack BEFORE_BIN=path/to/older/gamepack bash benchmarks/peers.sh
#   RUNS=0 bash benchmarks/peers.sh     # only generate the workloads
#   WORKLOADS=lint SCALES=10 bash benchmarks/peers.sh   # some of the three only
#
#   build  `gamepack build --target gohike --no-cache` of ~2,000 items with ~120 MB of PNGs
#          against benchmarks/peer_build.py (Python json + base64 + hashlib.md5 + zipfile, the
#          old server's way), both writing the same content.json (the versions are compared);
#   lint   `gamepack lint` of ~2,200 YAML items (references, geo, translations, images too)
#          against check-jsonschema with one JSON Schema per collection (`gamepack schema
#          --json-schema`), run once per collection;
#   diff   `gamepack diff --format json` of two gohike content.json files (~2,100 items, the
#          profiles reordered, ~130 items changed) against benchmarks/peer_diff.py (DeepDiff
#          with ignore_order=True).
#
# Each workload is generated at every scale of SCALES (1: the sizes above, 10: ten times as
# many items and images) under benchmarks/work/peers/ (git-ignored; delete it to regenerate).
# The peers are installed into benchmarks/work/venv from benchmarks/requirements.txt. Every
# tool runs RUNS times, alternating with the others on the same input, timed to the
# microsecond by benchmarks/timed.py, its peak RSS from /usr/bin/time; the table shows
# medians, throughput, peak RSS and gamepack's speed-up over the peer (with BEFORE_BIN, also
# the older binary's figures and speed-up).
set -euo pipefail
cd "$(dirname "$0")/.."

RUNS=${RUNS:-3}
SCALES=${SCALES:-1 10}
WORKLOADS=${WORKLOADS:-build lint diff}
# With BEFORE_BIN, an even number of runs: each binary then runs first after the peer as often
# as the other (an odd count gave gamepack one more cold start than BEFORE_BIN).
if [ -n "${BEFORE_BIN:-}" ] && [ $((RUNS % 2)) = 1 ]; then RUNS=$((RUNS + 1)); fi
WORK=benchmarks/work/peers
VENV=benchmarks/work/venv
if [ ! -x /usr/bin/time ]; then echo "peers.sh: install time: apt-get install time" >&2; exit 1; fi
if [ -z "${BIN:-}" ]; then
    # As scripts/install.sh builds it (and in the same folder, so each reuses the other's
    # build): the Swift libraries linked in, which saves the dynamic loader's symbol look-ups
    # (8 ms of every run).
    bash scripts/setup.sh release
    swift build -c release --static-swift-stdlib --product gamepack --scratch-path .build-release
    BIN=.build-release/release/gamepack
fi
BIN=$(realpath "$BIN")
[ -n "${BEFORE_BIN:-}" ] && BEFORE_BIN=$(realpath "$BEFORE_BIN")
if [ ! -x "$VENV/bin/check-jsonschema" ] || ! "$VENV/bin/python" -c "import deepdiff, yaml" 2>/dev/null; then
    python3 -m venv "$VENV"
    "$VENV/bin/pip" install --quiet -r benchmarks/requirements.txt
fi
PY=$VENV/bin/python
export SOURCE_DATE_EPOCH=1700000000
mkdir -p "$WORK"
RESULTS=$WORK/results.tsv
: > "$RESULTS"

# timed LABEL WORKLOAD SCALE COMMAND...: one run, its wall time to the microsecond
# (benchmarks/timed.py) and peak RSS (/usr/bin/time), appended to RESULTS.
timed() {
    local label=$1 workload=$2 scale=$3; shift 3
    sync
    python3 benchmarks/timed.py "$WORK/secs" /usr/bin/time -f '%M' -o "$WORK/rss" "$@" >"$WORK/log" 2>&1 || {
        echo "peers.sh: $label ($workload, scale $scale) failed:" >&2; tail -20 "$WORK/log" >&2; exit 1
    }
    read -r secs < "$WORK/secs"
    read -r kb < "$WORK/rss"
    printf '%s\t%s\t%s\t%s\t%s\n' "$workload" "$scale" "$label" "$secs" "$kb" >> "$RESULTS"
}

# wants WORKLOAD: whether WORKLOADS names it.
wants() { [[ " $WORKLOADS " == *" $1 "* ]]; }

# warm DIR...: reads every file under DIR once, untimed, so that each gamepack binary starts
# from the same page cache whatever the peer before it evicted (the Python build peer's 9 GB at
# 10× leaves the inputs cold for whichever binary runs next).
warm() { find "$@" -type f -exec cat {} + > /dev/null; }

# gamepack and the older gamepack (BEFORE_BIN), each as "label binary": gamepack first on odd
# runs, the older one first on even runs, so that neither always follows the peer (whose 9 GB
# at 10× leaves the page cache cold for whichever runs next: a fixed order made the second
# binary's build about 20% faster).
binaries() {
    if [ -z "${BEFORE_BIN:-}" ]; then echo "gamepack $BIN"
    elif [ $((${run:-1} % 2)) = 1 ]; then printf 'gamepack %s\nbefore %s\n' "$BIN" "$BEFORE_BIN"
    else printf 'before %s\ngamepack %s\n' "$BEFORE_BIN" "$BIN"; fi
}

for scale in $SCALES; do
    dir=$WORK/x$scale
    mkdir -p "$dir"
    # --- workloads -------------------------------------------------------------------------
    if [ ! -f "$dir/build/items.json" ]; then
        python3 benchmarks/generate.py "$dir/build/project" --gohike --items $((2000 * scale)) \
            --images $((600 * scale)) --image-bytes 200000 --force
        "$PY" benchmarks/peer_items.py "$dir/build/project" "$dir/build/items.json"
    fi
    if [ ! -d "$dir/lint/schemas" ]; then
        python3 benchmarks/generate.py "$dir/lint/project" --items $((2200 * scale)) \
            --images $((220 * scale)) --image-bytes 20000 --force
        "$BIN" schema --project "$dir/lint/project" --json-schema --out "$dir/lint/schemas" --no-editor-settings >/dev/null
    fi
    if [ ! -f "$dir/diff/new.json" ]; then
        python3 benchmarks/generate.py "$dir/diff/old" --gohike --items $((2100 * scale)) --images 0 --force
        python3 benchmarks/mutate.py "$dir/diff/old" "$dir/diff/new" --items 0.065 --force
        for side in old new; do
            rm -rf "$dir/diff/pack-$side"
            "$BIN" build "$dir/diff/$side" --out "$dir/diff/pack-$side" --no-cache --quiet
            unzip -p "$dir/diff/pack-$side"/*.gamepack gohike/content.json > "$dir/diff/$side.json.tmp"
        done
        mv "$dir/diff/old.json.tmp" "$dir/diff/old.json"
        # The new version lists the profiles the other way round.
        python3 - "$dir/diff/new.json.tmp" "$dir/diff/new.json" <<'EOF'
import json, sys
content = json.load(open(sys.argv[1], encoding="utf-8"))
content["profiles"].reverse()
open(sys.argv[2], "w", encoding="utf-8").write(json.dumps(content, separators=(",", ":"), ensure_ascii=False))
EOF
        rm "$dir/diff/new.json.tmp"
    fi
    if [ "$RUNS" = 0 ]; then continue; fi  # RUNS=0: only generate the workloads
    lint_project=$dir/lint/project
    collections=$(ls "$lint_project/content")
    lint_items=$(find "$lint_project/content" -name '*.yaml' | wc -l)
    build_items=$(find "$dir/build/project/content" -name '*.yaml' | wc -l)

    # --- runs, alternating ------------------------------------------------------------------
    for run in $(seq "$RUNS"); do
        # build
        if wants build; then
            rm -rf "$dir/build/peer.zip"
            timed python build "$scale" "$PY" benchmarks/peer_build.py "$dir/build/items.json" \
                "$dir/build/project/assets" "$dir/build/peer.zip"
            peer_version=$(tail -1 "$WORK/log")
            while read -r label bin; do
                warm "$dir/build/project"
                rm -rf "$dir/build/out-$label" "$dir/build/project/.gamepack"
                timed "$label" build "$scale" "$bin" build "$dir/build/project" --target gohike \
                    --out "$dir/build/out-$label" --no-cache --quiet
                pack=$(ls "$dir/build/out-$label"/*.gamepack)
                version=$(python3 -c 'import json, sys, zipfile; print(json.loads(zipfile.ZipFile(sys.argv[1]).read("manifest.json"))["versions"]["gohike"])' "$pack")
                if [ "$version" != "$peer_version" ]; then
                    echo "peers.sh: $label built version $version, the Python peer $peer_version" >&2; exit 1
                fi
                python3 -c 'import sys, zipfile; print(zipfile.ZipFile(sys.argv[1]).getinfo("gohike/content.json").file_size)' \
                    "$pack" > "$dir/build/content-bytes"
            done < <(binaries)
        fi
        # lint: check-jsonschema once per collection, timed as one command
        if wants lint; then
            timed check-jsonschema lint "$scale" bash -c '
                project=$1 schemas=$2 tool=$3; shift 3
                for c in "$@"; do "$tool" --schemafile "$schemas/$c.schema.json" "$project/content/$c"/*.yaml || exit 1; done
            ' lint "$lint_project" "$dir/lint/schemas" "$VENV/bin/check-jsonschema" $collections
            while read -r label bin; do
                warm "$lint_project"
                timed "$label" lint "$scale" "$bin" lint "$lint_project" --quiet
            done < <(binaries)
        fi
        # diff
        if wants diff; then
            timed deepdiff diff "$scale" "$PY" benchmarks/peer_diff.py "$dir/diff/old.json" "$dir/diff/new.json" "$dir/diff/deepdiff.json"
            while read -r label bin; do
                warm "$dir/diff/old.json" "$dir/diff/new.json"
                timed "$label" diff "$scale" "$bin" diff "$dir/diff/old.json" "$dir/diff/new.json" --format json \
                    --out "$dir/diff/$label.json"
            done < <(binaries)
            if [ -n "${BEFORE_BIN:-}" ] && ! cmp -s "$dir/diff/gamepack.json" "$dir/diff/before.json"; then
                echo "peers.sh: the diff reports of gamepack and BEFORE_BIN differ (scale $scale)" >&2; exit 1
            fi
        fi
    done
    printf '%s\t%s\t%s\t%s\t%s\n' "$scale" "$build_items" "$(cat "$dir/build/content-bytes")" "$lint_items" \
        "$(($(stat -c %s "$dir/diff/old.json") + $(stat -c %s "$dir/diff/new.json")))" >> "$WORK/sizes.tsv.$$"
    diff_items=$(python3 -c "import json,sys; print(len(json.load(open(sys.argv[1]))['items']))" "$dir/diff/gamepack.json")
    printf '%s\t%s\n' "$scale" "$diff_items" >> "$WORK/changed.tsv.$$"
done

if [ "$RUNS" = 0 ]; then exit 0; fi
python3 - "$RESULTS" "$WORK/sizes.tsv.$$" "$WORK/changed.tsv.$$" "$RUNS" <<'EOF'
import statistics, sys
from collections import defaultdict
rows = defaultdict(list)
for line in open(sys.argv[1]):
    workload, scale, label, secs, kb = line.rstrip("\n").split("\t")
    rows[(workload, scale, label)].append((float(secs), int(kb)))
sizes = {}
for line in open(sys.argv[2]):
    scale, build_items, content_bytes, lint_items, diff_bytes = line.split()
    sizes[scale] = dict(build_items=int(build_items), content=int(content_bytes),
                        lint_items=int(lint_items), diff=int(diff_bytes))
changed = dict(line.split() for line in open(sys.argv[3]))
peers = {"build": "python", "lint": "check-jsonschema", "diff": "deepdiff"}
print(f"median of {sys.argv[4]} alternating runs; ratio = peer's time / gamepack's")
print()
print("| work | scale | size | tool | median | throughput | peak RSS | ratio |")
print("|---|---|---|---|---|---|---|---|")
for scale in sorted(sizes, key=int):
    s = sizes[scale]
    for workload in ("build", "lint", "diff"):
        peer = peers[workload]
        if (workload, scale, peer) not in rows:
            continue
        peer_time = statistics.median(t for t, _ in rows[(workload, scale, peer)])
        if workload == "build":
            size = f"{s['build_items']:,} items, {s['content'] / 1e6:.0f} MB content.json"
            rate = lambda t: f"{s['content'] / 1e6 / t:,.0f} MB/s"
        elif workload == "lint":
            size = f"{s['lint_items']:,} items"
            rate = lambda t: f"{s['lint_items'] / t:,.0f} items/s"
        else:
            size = f"{s['diff'] / 2e6:.1f} MB each, {changed[scale]} items changed"
            rate = lambda t: f"{s['diff'] / 1e6 / t:,.1f} MB/s"
        for label in (peer, "gamepack", "before"):
            runs = rows.get((workload, scale, label))
            if not runs:
                continue
            t = statistics.median(r[0] for r in runs)
            rss = max(r[1] for r in runs) / 1024
            ratio = "" if label == peer else f"{peer_time / t:.1f}×"
            name = {"before": "gamepack (BEFORE_BIN)"}.get(label, label)
            shown = f"{t:.3f} s" if t < 1 else f"{t:.2f} s"
            print(f"| {workload} | {scale}× | {size} | {name} | {shown} | {rate(t)} | {rss:.0f} MB | {ratio} |")
EOF
rm -f "$WORK/sizes.tsv.$$" "$WORK/changed.tsv.$$"
echo
echo "$(nproc) cores; load average $(cut -d' ' -f1-3 /proc/loadavg)"
