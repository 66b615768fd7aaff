#!/usr/bin/env bash
# Throughput of the CRC-32C that every PostgreSQL chunk read checks (Sources/CCRC32C), side by
# side with the `crc32c` package from PyPI (benchmarks/requirements.txt; hardware CRC32C with
# three interleaved streams), the library a team would reach for, on the same bytes in one run:
#
#   bash benchmarks/crc32c-speed.sh [MEGABYTES] [RUNS]     (defaults: 512 MiB, 3 runs)
#
# Compiles Sources/CCRC32C/crc32c.c with benchmarks/crc32c-speed.c (`cc -O2`, as a release
# build does), checksums MEGABYTES MiB in 1 MiB chunks RUNS times with each, and prints the best
# run's MB/s (MiB per second), the ratio to the peer, and fails when the checksums differ.
set -euo pipefail
cd "$(dirname "$0")/.."
MEGABYTES=${1:-512}
RUNS=${2:-3}
VENV=benchmarks/work/venv
if [ ! -x "$VENV/bin/python" ] || ! "$VENV/bin/python" -c "import crc32c" 2>/dev/null; then
    python3 -m venv "$VENV"
    "$VENV/bin/pip" install --quiet -r benchmarks/requirements.txt
fi
binary=${TMPDIR:-/tmp}/gamepack-crc32c-speed
cc -O2 -I Sources/CCRC32C/include Sources/CCRC32C/crc32c.c benchmarks/crc32c-speed.c -o "$binary" -lpthread
ours=$("$binary" "$MEGABYTES" "$RUNS")
peer=$("$VENV/bin/python" - "$MEGABYTES" "$RUNS" <<'PY'
import sys, time
import crc32c
megabytes, runs = int(sys.argv[1]), int(sys.argv[2])
state, out = 1, bytearray(1 << 20)
for index in range(len(out)):  # xorshift32, as benchmarks/crc32c-speed.c
    state ^= (state << 13) & 0xFFFFFFFF
    state ^= state >> 17
    state ^= (state << 5) & 0xFFFFFFFF
    out[index] = state & 0xFF
chunk, best = bytes(out), 0.0
for _ in range(runs):
    start = time.perf_counter()
    for _ in range(megabytes):
        crc = crc32c.crc32c(chunk)
    best = max(best, megabytes / (time.perf_counter() - start))
print(f"crc32c 2.7.1 (PyPI)\t{best:.0f}\t{crc:08x}")
PY
)
printf '%s\n%s\n' "$ours" "$peer" | python3 -c '
import sys
rows = [line.rstrip("\n").split("\t") for line in sys.stdin]
peer = rows[-1]
print("| CRC-32C of 1 MiB chunks | MB/s | vs the peer |")
print("|---|---|---|")
for name, rate, _ in rows:
    print(f"| {name} | {rate} | {float(rate) / float(peer[1]):.2f}x |")
if len({crc for _, _, crc in rows}) != 1:
    sys.exit("crc32c-speed.sh: the checksums differ: " + ", ".join(f"{name} {crc}" for name, _, crc in rows))
'
