#!/usr/bin/env bash
# Alternating A/B runs of two gamepack binaries on one command line, for changes too small to
# tell apart in peers.sh's few runs (this VM's speed drifts by a quarter within minutes, so the
# two binaries take turns, and each run starts with its input files read into the page cache).
#
#   bash benchmarks/ab.sh RUNS BIN_A BIN_B -- ARGUMENTS...
#   bash benchmarks/ab.sh 25 /tmp/gamepack-before .build-release/release/gamepack -- \
#       diff benchmarks/work/peers/content-json-20000/old.json benchmarks/work/peers/content-json-20000/new.json --format json
#
# Prints each binary's median and fastest wall time over RUNS runs, and B's median over A's.
# Arguments that name files or folders are read first (`cat`, `find`), the output is discarded;
# a run that exits 2 or more (a usage or I/O error, not a lint finding) stops the comparison.
set -euo pipefail
if [[ $# -lt 5 || $4 != "--" ]]; then
    echo "usage: bash benchmarks/ab.sh RUNS BIN_A BIN_B -- ARGUMENTS..." >&2
    exit 2
fi
runs=$1 a=$2 b=$3
shift 4
warm() {
    local argument
    for argument in "$@"; do
        if [[ -f $argument ]]; then cat "$argument" >/dev/null; elif [[ -d $argument ]]; then find "$argument" -type f -exec cat {} + >/dev/null; fi
    done
}
for ((run = 0; run < runs; run++)); do
    for side in A B; do
        binary=$a
        [[ $side == B ]] && binary=$b
        warm "$@"
        start=$(date +%s%N)
        status=0
        "$binary" "$@" >/dev/null 2>/tmp/ab-stderr.$$ || status=$?
        end=$(date +%s%N)
        # 1 is lint's "content problems", a full run; 2 and up stopped early: its time means nothing.
        if ((status > 1)); then
            echo "ab.sh: $binary $* exited $status:" >&2
            head -5 /tmp/ab-stderr.$$ >&2
            rm -f /tmp/ab-stderr.$$
            exit 1
        fi
        echo "$side $(((end - start) / 1000))"
    done
done | python3 -c '
import statistics, sys
times = {}
for line in sys.stdin:
    side, micros = line.split()
    times.setdefault(side, []).append(int(micros) / 1e6)
if sorted(times) != ["A", "B"]:
    sys.exit(1)  # a run failed (said above)
for side in sorted(times):
    print(f"{side}: median {statistics.median(times[side]):.4f} s, fastest {min(times[side]):.4f} s, {len(times[side])} runs")
ratio = statistics.median(times["B"]) / statistics.median(times["A"])
print(f"B / A: {ratio:.2f} (medians)")
'
