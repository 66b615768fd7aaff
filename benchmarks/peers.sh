#!/usr/bin/env bash
# gamepack side by side with the tools a team would otherwise script together, and with the
# floor of each command (the least work it must do, benchmarks/floors/), on the same generated
# content in the same run:
#
#   bash benchmarks/peers.sh            # SIZES="2000 20000" RUNS=3; builds like scripts/install.sh
#   BIN=path/to/gamepack BEFORE_BIN=path/to/older/gamepack bash benchmarks/peers.sh
#   RUNS=0 bash benchmarks/peers.sh     # only generate the workloads
#   WORKLOADS=lint SHAPES=small-items SIZES=2000 bash benchmarks/peers.sh   # a part only
#
# The work and its peer:
#   build  `gamepack build --target gohike --no-cache` against benchmarks/peer_build.py (the
#          project's YAML read with PyYAML's C loader, then Python json + base64 + hashlib.md5 +
#          zipfile, the old server's way), both from the same project and writing the same
#          content.json (the versions are compared); floor: `floor build`, reading every
#          input once, base64 of each image, and MD5 twice (the version, then content.json's
#          own MD5, which starts with the version) and SHA-256 once over as many bytes as the
#          content.json of the peer's pack (a location's photo is in it once per route through it);
#   lint   `gamepack lint` against check-jsonschema with one JSON Schema per collection
#          (`gamepack schema --json-schema`), run once per collection; floor: `floor lint`,
#          reading every source and parsing it with libyaml's event API, and every asset's header;
#   diff   `gamepack diff --format json` of two gohike content.json files (~6.5% of the items
#          changed, the profiles reordered) against benchmarks/peer_diff.py (DeepDiff with
#          ignore_order=True); floor: `diff-floor`, reading both and tokenizing them with
#          gamepack's JSONScanner.
#
# The shapes (SHAPES), each at every size of SIZES (items), and the work run on each:
#   gohike         build  the gohike collections with ~200 KB PNGs in three items of ten
#   legacy-photos  build, diff  the same with 5 KB photos: content.json with base64 photos
#   project        lint   every built-in type; a tenth of the items with a 20 KB image
#   small-items    lint   only locations, short texts, each with its own 2 KB image
#   collections    lint   items/100 project-defined types of 100 items each
#   long-texts     lint, diff  descriptions of 1,200-1,800 characters in both locales
#   content-json   diff   gohike content.json without photos
# Inputs go to benchmarks/work/peers/SHAPE-SIZE/ (git-ignored; delete one to regenerate it).
# The peers are installed into benchmarks/work/venv from benchmarks/requirements.txt, the floors
# compiled with cc and swiftc -O. Every tool runs RUNS times, alternating with the others on the
# same input, timed to the microsecond by benchmarks/timed.py, its peak RSS from
# /usr/bin/time; the table shows medians, peak RSS, the peer's time over gamepack's, and
# gamepack's time over the floor's (with BEFORE_BIN, the older binary's figures too).
set -euo pipefail
cd "$(dirname "$0")/.."

RUNS=${RUNS:-3}
SIZES=${SIZES:-2000 20000}
SHAPES=${SHAPES:-gohike legacy-photos project small-items collections long-texts content-json}
WORKLOADS=${WORKLOADS:-build lint diff}
# With BEFORE_BIN, an even number of runs: each binary then runs first after the peer as often
# as the other (an odd count gave gamepack one more cold start than BEFORE_BIN).
if [ -n "${BEFORE_BIN:-}" ] && [ $((RUNS % 2)) = 1 ]; then RUNS=$((RUNS + 1)); fi
WORK=benchmarks/work/peers
VENV=benchmarks/work/venv
if [ ! -x /usr/bin/time ]; then echo "peers.sh: install time: apt-get install time" >&2; exit 1; fi
if [ -z "${BIN:-}" ]; then
    # As scripts/install.sh builds it (scripts/release-build.sh, in the same folder, so each
    # reuses the other's build): the Swift libraries linked in, which saves the dynamic
    # loader's symbol look-ups at the start of every run.
    bash scripts/setup.sh release
    BIN=$(bash scripts/release-build.sh | tail -1)
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
: > "$WORK/items.tsv"
: > "$WORK/sizes.tsv"
# The floors (benchmarks/floors/): libyaml and OpenSSL's libcrypto from Debian (setup.sh bench).
bash scripts/setup.sh bench
FLOOR=$WORK/floor DIFF_FLOOR=$WORK/diff-floor
cc -O2 -march=native -I Sources/CBase64/include benchmarks/floors/floor.c Sources/CBase64/base64.c \
    -lyaml -lcrypto -o "$FLOOR"
swiftc -O -parse-as-library -module-name DiffFloor -package-name DiffFloor Sources/GamePackFormat/JSON/*.swift \
    benchmarks/floors/diff-floor.swift -o "$DIFF_FLOOR"

# timed LABEL WORKLOAD SHAPE/SIZE COMMAND...: one run, its wall time to the microsecond
# (benchmarks/timed.py) and peak RSS (/usr/bin/time), appended to RESULTS.
timed() {
    local label=$1 workload=$2 key=$3; shift 3
    sync
    python3 benchmarks/timed.py "$WORK/secs" /usr/bin/time -f '%M' -o "$WORK/rss" "$@" >"$WORK/log" 2>&1 || {
        echo "peers.sh: $label ($workload, $key) failed:" >&2; tail -20 "$WORK/log" >&2; exit 1
    }
    read -r secs < "$WORK/secs"
    read -r kb < "$WORK/rss"
    printf '%s\t%s\t%s\t%s\t%s\n' "$workload" "$key" "$label" "$secs" "$kb" >> "$RESULTS"
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

# generate SHAPE SIZE DIR: the shape's input at SIZE items under DIR (once; delete DIR to
# regenerate). Every shape writes DIR/items (its item count) last, so a half-made one is redone.
generate() {
    local shape=$1 n=$2 dir=$3
    [ -f "$dir/items" ] && return
    rm -rf "$dir" && mkdir -p "$dir"
    case "$shape" in
    gohike)  # build: the gohike target's collections with ~200 KB PNGs (120 MB per 2,000 items)
        python3 benchmarks/generate.py "$dir/project" --gohike --items "$n" --images $((n * 3 / 10)) \
            --image-bytes 200000 --force ;;
    project)  # lint: every built-in type, references, geo, translations, a tenth with 20 KB images
        python3 benchmarks/generate.py "$dir/project" --items "$n" --images $((n / 10)) --image-bytes 20000 --force ;;
    small-items)  # lint: every item a location with short texts and its own 2 KB image
        python3 benchmarks/generate.py "$dir/project" --only locations --items "$n" --images "$n" \
            --image-bytes 2000 --description-chars 20:60 --force ;;
    collections)  # lint: n/100 project-defined types of 100 items, each referring to the one before
        # (check-jsonschema starts once per collection, ~1 s each: 200 at 20,000 items)
        python3 benchmarks/generate.py "$dir/project" --items "$n" --collections $((n / 100)) --force ;;
    content-json)  # diff: gohike content.json without photos
        python3 benchmarks/generate.py "$dir/project" --gohike --items "$n" --images 0 --force ;;
    legacy-photos)  # diff and build: content.json with 5 KB base64 photos in three items of ten
        python3 benchmarks/generate.py "$dir/project" --gohike --items "$n" --images $((n * 3 / 10)) \
            --image-bytes 5000 --force ;;
    long-texts)  # diff and lint: descriptions of 1,200-1,800 characters (mutate.py lengthens some) in English and Dutch
        python3 benchmarks/generate.py "$dir/project" --gohike --items "$n" --images 0 \
            --description-chars 1200:1800 --force ;;
    esac
    if shape_has "$shape" lint; then
        "$BIN" schema --project "$dir/project" --json-schema --out "$dir/schemas" --no-editor-settings >/dev/null
    fi
    if shape_has "$shape" diff; then
        # Two content.json versions: the project built, and mutate.py's ~6.5% of items changed,
        # built, with the profiles listed the other way round.
        python3 benchmarks/mutate.py "$dir/project" "$dir/mutated" --items 0.065 --images 0 --force
        for side in old new; do
            local source=$dir/project
            [ "$side" = new ] && source=$dir/mutated
            "$BIN" build "$source" --target gohike --out "$dir/pack-$side" --no-cache --quiet
            unzip -p "$dir/pack-$side"/*.gamepack gohike/content.json > "$dir/$side.json"
            rm -rf "$dir/pack-$side" "$source/.gamepack"
        done
        python3 - "$dir/new.json" <<'PY'
import json, sys
content = json.load(open(sys.argv[1], encoding="utf-8"))
content["profiles"].reverse()
open(sys.argv[1], "w", encoding="utf-8").write(json.dumps(content, separators=(",", ":"), ensure_ascii=False))
PY
        rm -rf "$dir/mutated"
    fi
    find "$dir/project/content" -type f | wc -l > "$dir/items"
}

# shape_has SHAPE WORK: whether peers.sh runs WORK (build, lint, diff) on SHAPE.
shape_has() {
    case "$1:$2" in
    gohike:build | legacy-photos:build | project:lint | small-items:lint | collections:lint | long-texts:lint) return 0 ;;
    content-json:diff | legacy-photos:diff | long-texts:diff) return 0 ;;
    *) return 1 ;;
    esac
}

for size in $SIZES; do
    for shape in $SHAPES; do
        dir=$WORK/$shape-$size
        wanted=0
        for work in $WORKLOADS; do shape_has "$shape" "$work" && wanted=1; done
        [ "$wanted" = 1 ] || continue
        generate "$shape" "$size" "$dir"
        printf '%s\t%s\t%s\n' "$shape" "$size" "$(cat "$dir/items")" >> "$WORK/items.tsv"
        if [ "$RUNS" = 0 ]; then continue; fi  # RUNS=0: only generate the workloads
        key="$shape/$size"
        for run in $(seq "$RUNS"); do
            if wants build && shape_has "$shape" build; then
                rm -rf "$dir/peer.zip"
                timed python build "$key" "$PY" benchmarks/peer_build.py "$dir/project" "$dir/peer.zip"
                peer_version=$(tail -1 "$WORK/log")
                # The floor hashes as many bytes as the content.json of a pack (the peer's, of
                # the same version: checked below) holds
                content_bytes=$(python3 -c 'import sys, zipfile; print(zipfile.ZipFile(sys.argv[1]).getinfo("gohike/content.json").file_size)' "$dir/peer.zip")
                warm "$dir/project"
                timed floor build "$key" "$FLOOR" build "$dir/project" "$content_bytes"
                while read -r label bin; do
                    warm "$dir/project"
                    rm -rf "$dir/out-$label" "$dir/project/.gamepack"
                    timed "$label" build "$key" "$bin" build "$dir/project" --target gohike \
                        --out "$dir/out-$label" --no-cache --quiet
                    pack=$(ls "$dir/out-$label"/*.gamepack)
                    version=$(python3 -c 'import json, sys, zipfile; print(json.loads(zipfile.ZipFile(sys.argv[1]).read("manifest.json"))["versions"]["gohike"])' "$pack")
                    if [ "$version" != "$peer_version" ]; then
                        echo "peers.sh: $label built version $version, the Python peer $peer_version ($key)" >&2; exit 1
                    fi
                done < <(binaries)
                if [ -n "${BEFORE_BIN:-}" ] && ! cmp -s "$dir/out-gamepack"/*.gamepack "$dir/out-before"/*.gamepack; then
                    echo "peers.sh: the packs of gamepack and BEFORE_BIN differ ($key)" >&2; exit 1
                fi
            fi
            if wants lint && shape_has "$shape" lint; then
                collections=$(ls "$dir/project/content")
                # check-jsonschema once per collection, timed as one command
                timed check-jsonschema lint "$key" bash -c '
                    project=$1 schemas=$2 tool=$3; shift 3
                    for c in "$@"; do "$tool" --schemafile "$schemas/$c.schema.json" "$project/content/$c"/*.yaml || exit 1; done
                ' lint "$dir/project" "$dir/schemas" "$VENV/bin/check-jsonschema" $collections
                warm "$dir/project"
                timed floor lint "$key" "$FLOOR" lint "$dir/project"
                while read -r label bin; do
                    warm "$dir/project"
                    timed "$label" lint "$key" "$bin" lint "$dir/project" --quiet
                done < <(binaries)
            fi
            if wants diff && shape_has "$shape" diff; then
                timed deepdiff diff "$key" "$PY" benchmarks/peer_diff.py "$dir/old.json" "$dir/new.json" "$dir/deepdiff.json"
                warm "$dir/old.json" "$dir/new.json"
                timed floor diff "$key" "$DIFF_FLOOR" "$dir/old.json" "$dir/new.json"
                while read -r label bin; do
                    warm "$dir/old.json" "$dir/new.json"
                    timed "$label" diff "$key" "$bin" diff "$dir/old.json" "$dir/new.json" --format json \
                        --out "$dir/$label.json"
                done < <(binaries)
                if [ -n "${BEFORE_BIN:-}" ] && ! cmp -s "$dir/gamepack.json" "$dir/before.json"; then
                    echo "peers.sh: the diff reports of gamepack and BEFORE_BIN differ ($key)" >&2; exit 1
                fi
            fi
        done
        # sizes for the table: content.json of the build, the diff inputs
        bytes=0
        if shape_has "$shape" diff; then bytes=$(($(stat -c %s "$dir/old.json") + $(stat -c %s "$dir/new.json"))); fi
        assets=$(du -sb "$dir/project" | cut -f1)
        printf '%s\t%s\t%s\n' "$key" "$assets" "$bytes" >> "$WORK/sizes.tsv"
    done
done

if [ "$RUNS" = 0 ]; then exit 0; fi
python3 - "$RESULTS" "$WORK/items.tsv" "$WORK/sizes.tsv" "$RUNS" "$SHAPES" <<'EOF'
import statistics, sys
from collections import defaultdict
rows = defaultdict(list)
for line in open(sys.argv[1]):
    workload, key, label, secs, kb = line.rstrip("\n").split("\t")
    rows[(workload, key, label)].append((float(secs), int(kb)))
items = {f"{shape}/{size}": int(n) for shape, size, n in (l.split() for l in open(sys.argv[2]))}
sizes = {key: (int(a), int(d)) for key, a, d in (l.split() for l in open(sys.argv[3]))}
order = sys.argv[5].split()
peers = {"build": "python", "lint": "check-jsonschema", "diff": "deepdiff"}
bars = {"build": 5, "lint": 40, "diff": 10}
print(f"median of {sys.argv[4]} alternating runs; peer ratio = peer's time / gamepack's (bar: "
      "build 5×, lint 40×, diff 10×); floor ratio = gamepack's time / the floor's (bar: 2×)")
print()
print("| work | shape | items | input | tool | median | peak RSS | peer ratio | floor ratio |")
print("|---|---|---|---|---|---|---|---|---|")
misses = []
keys = sorted({k for _, k, _ in rows}, key=lambda k: (int(k.split("/")[1]), order.index(k.split("/")[0])))
for key in keys:
    shape, size = key.split("/")
    assets, diff_bytes = sizes.get(key, (0, 0))
    for workload in ("build", "lint", "diff"):
        peer = peers[workload]
        if (workload, key, peer) not in rows:
            continue
        med = lambda label: statistics.median(t for t, _ in rows[(workload, key, label)])
        peer_time, floor_time = med(peer), med("floor")
        size_text = f"{diff_bytes / 2e6:.1f} MB each" if workload == "diff" else f"{assets / 1e6:.0f} MB"
        for label in (peer, "floor", "gamepack", "before"):
            runs = rows.get((workload, key, label))
            if not runs:
                continue
            t = med(label)
            rss = max(r[1] for r in runs) / 1024
            peer_ratio = floor_ratio = ""
            if label in ("gamepack", "before"):
                peer_ratio, floor_ratio = f"{peer_time / t:.1f}×", f"{t / floor_time:.2f}×"
                if label == "gamepack" and (peer_time / t < bars[workload] or t / floor_time > 2):
                    misses.append(f"{workload} {key}: {peer_ratio} the peer, {floor_ratio} the floor")
            name = {"before": "gamepack (BEFORE_BIN)"}.get(label, label)
            shown = f"{t:.3f} s" if t < 1 else f"{t:.2f} s"
            print(f"| {workload} | {shape} | {items[key]:,} | {size_text} | {name} | {shown} | {rss:.0f} MB | {peer_ratio} | {floor_ratio} |")
print()
print("every bar met" if not misses else "under a bar: " + "; ".join(misses))
EOF
echo
echo "$(nproc) cores; load average $(cut -d' ' -f1-3 /proc/loadavg)"
