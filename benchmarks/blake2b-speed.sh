#!/usr/bin/env bash
# Throughput of gamepack's hand-written BLAKE2b, which prehashes packs for minisign signatures.
#
#   benchmarks/blake2b-speed.sh [MEGABYTES] [RUNS]     (defaults: 512 MiB, 3 runs)
#
# Compiles Sources/GamePackFormat/BLAKE2b.swift with benchmarks/blake2b-speed.swift using
# `swiftc -O` (the optimization of a release build), hashes MEGABYTES MiB in 1 MiB chunks RUNS
# times and prints MB/s (MiB per second) for each run and the best. `gamepack verify` needs
# 400 MB/s overall; BLAKE2b should stay well above that (aim: 600 MB/s or more).
set -euo pipefail

cd "$(dirname "$0")/.."
BINARY=${TMPDIR:-/tmp}/gamepack-blake2b-speed
swiftc -O -parse-as-library -module-name BLAKE2bSpeed \
    Sources/GamePackFormat/BLAKE2b.swift benchmarks/blake2b-speed.swift -o "$BINARY"
"$BINARY" "${1:-512}" "${2:-3}"
