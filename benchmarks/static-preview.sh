#!/usr/bin/env bash
# `gamepack preview --out` (the static site a CI job publishes) on projects of several shapes,
# this binary beside an earlier one, in the same run:
#
#   BEFORE_BIN=/path/to/older/gamepack bash benchmarks/static-preview.sh
#   SIZES="2000" BIN=.build/debug/gamepack bash benchmarks/static-preview.sh
#
# Shapes (benchmarks/generate.py, each at every size in SIZES, default "2000 20000"; SHAPES
# names fewer, e.g. SHAPES="located gohike"):
#   mixed        the built-in collections, tiny images (routes, locations, deals, vcs, …)
#   located      every item a location with its own image, all within a few km: each item
#                page maps 400 neighbours
#   gohike       profiles, rewards, routes and locations: each location page lists its routes
#   collections  200 project-defined collections
#   long-texts   descriptions of 1,500-2,000 characters in both locales
#
# For each, the median of RUNS (default 1) wall times of each binary, their ratio, and whether
# the two sites are the same bytes (`diff -r`); an earlier binary that fails or differs is
# reported, not hidden. Without BEFORE_BIN only this binary is timed. There is no other tool
# that makes this site, so the earlier binary is the comparison.
set -euo pipefail
cd "$(dirname "$0")/.."
release=.build-release/x86_64-unknown-linux-gnu/release/gamepack
[ -x "$release" ] || release=.build/release/gamepack
BIN=${BIN:-$release}
[ -x "$BIN" ] || { echo "static-preview.sh: no gamepack at $BIN (build it, or set BIN)" >&2; exit 2; }
SIZES=${SIZES:-2000 20000}
RUNS=${RUNS:-1}
work=benchmarks/work/static-preview
mkdir -p "$work"
echo "binary: $BIN${BEFORE_BIN:+, before: $BEFORE_BIN}; load average $(cut -d' ' -f1-3 /proc/loadavg)"

# generate NAME SIZE: the project benchmarks/work/static-preview/NAME-SIZE, once.
generate() {
    local name=$1 size=$2 dir="$work/$1-$2" args=()
    case $name in
        mixed) args=(--images $((size / 2 < 1000 ? size / 2 : 1000))) ;;
        located) args=(--only locations --images "$size") ;;
        gohike) args=(--gohike --images $((size / 10))) ;;
        collections) args=(--collections 200) ;;
        long-texts) args=(--images $((size / 4 < 1000 ? size / 4 : 1000)) --description-chars 1500:2000) ;;
    esac
    [ -f "$dir/gamepack.yaml" ] || python3 benchmarks/generate.py "$dir" --items "$size" --image-bytes 2000 "${args[@]}" --force >/dev/null
    echo "$dir"
}

# seconds BIN PROJECT OUT: wall time of one static preview, or "failed".
seconds() {
    local start end
    rm -rf "$3"
    start=$(date +%s.%N)
    if ! "$1" preview "$2" --out "$3" --offline >/dev/null 2>&1; then echo failed; return; fi
    end=$(date +%s.%N)
    python3 -c "print(f'{$end - $start:.2f}')"
}

median() { python3 -c "import statistics, sys; v = [float(x) for x in sys.argv[1:] if x != 'failed']; print(f'{statistics.median(v):.2f}' if v else 'failed')" "$@"; }

echo
echo "| shape | items | gamepack | before | ratio | same bytes | site |"
echo "|---|---|---|---|---|---|---|"
for size in $SIZES; do
    for name in ${SHAPES:-mixed located gohike collections long-texts}; do
        project=$(generate "$name" "$size")
        now=() before=()
        for _ in $(seq "$RUNS"); do
            now+=("$(seconds "$BIN" "$project" "$work/out-now")")
            [ -n "${BEFORE_BIN:-}" ] && before+=("$(seconds "$BEFORE_BIN" "$project" "$work/out-before")")
        done
        t=$(median "${now[@]}")
        site=$(du -sh "$work/out-now" 2>/dev/null | cut -f1)
        if [ -n "${BEFORE_BIN:-}" ]; then
            b=$(median "${before[@]}")
            same=$(diff -rq "$work/out-now" "$work/out-before" >/dev/null 2>&1 && echo yes || echo NO)
            ratio=$(python3 -c "print(f'{$b / $t:.1f}×' if '$b' != 'failed' and '$t' != 'failed' else '')")
            echo "| $name | $size | $t s | $b s | $ratio | $same | $site |"
        else
            echo "| $name | $size | $t s | | | | $site |"
        fi
        rm -rf "$work/out-now" "$work/out-before"
    done
done
