#!/usr/bin/env bash
# Time `gamepack lint` on a large generated project.
#
#   benchmarks/lint.sh            (from anywhere; works in the repository root)
#
# Builds the release binary, generates benchmarks/work/large once (git-ignored; delete it to
# regenerate, or set GENERATE_ARGS to pass other sizes to generate.py), then runs
# `gamepack lint --quiet` on it three times under /usr/bin/time and prints wall time and peak
# memory of each run.
set -euo pipefail

cd "$(dirname "$0")/.."
PROJECT=benchmarks/work/large
RUNS=${RUNS:-3}
read -r -a GEN_ARGS <<< "${GENERATE_ARGS:-}"

if [ ! -x /usr/bin/time ]; then
    echo "lint.sh: /usr/bin/time not found; install it with: sudo apt-get install time" >&2
    exit 1
fi

if [ -z "${BIN:-}" ]; then  # BIN=path/to/gamepack measures that binary instead
    echo "== building (swift build -c release --product gamepack)"
    swift build -c release --product gamepack
fi
BIN=${BIN:-.build/release/gamepack}

if [ ! -f "$PROJECT/gamepack.yaml" ]; then
    echo "== generating $PROJECT"
    rm -rf "$PROJECT"
    python3 benchmarks/generate.py "$PROJECT" "${GEN_ARGS[@]}"
else
    echo "== using existing $PROJECT (delete it to regenerate)"
fi

echo "== $(find "$PROJECT/content" -type f | wc -l) content files, $(find "$PROJECT/assets" -type f | wc -l) assets, $(du -sh "$PROJECT" | cut -f1) on disk"

TIMES=$(mktemp)
LOG=$(mktemp)
trap 'rm -f "$TIMES" "$LOG"' EXIT
for i in $(seq 1 "$RUNS"); do
    status=0
    /usr/bin/time -f '%e s wall, %M KB max RSS' -o "$TIMES" \
        "$BIN" lint "$PROJECT" --quiet >"$LOG" 2>&1 || status=$?
    echo "run $i: $(tail -n 1 "$TIMES") (exit status $status)"
    if [ "$status" -ne 0 ] && [ "$i" -eq 1 ]; then
        echo "   lint output (first 20 lines):"
        head -n 20 "$LOG" | sed 's/^/   /'
    fi
done
