#!/usr/bin/env bash
# Fuzzes gamepack's parsers of untrusted input with libFuzzer: the YAML/JSON loader, the XLIFF
# reader, PO files, the pack reader, minisign key and signature parsing, the diff's JSON scanner,
# the server's Kinvey query translator, the geography of maps and distances (coordinates from
# content) over arbitrary doubles, and the Go Take a Hike! content.json reader (its images' base64
# decoded in C).
#
#   bash scripts/fuzz.sh                 # build, then run each target for FUZZ_SECONDS (60)
#   FUZZ_SECONDS=10 bash scripts/fuzz.sh FuzzPackReader
#
# The targets (Fuzz/, a package of its own) are built with -sanitize=fuzzer,address into
# .build-fuzz, never .build. Each run starts from seeds taken from the examples and test
# fixtures plus Fuzz/Regressions/<target>/ (inputs that once crashed), and fails on a crash,
# a leak, or an input taking over a second (-timeout=1). Findings land in
# .build-fuzz/findings/<target>/; add each to Fuzz/Regressions/<target>/ with its fix.
# Prints executions per second and corpus size per target.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
budget=${FUZZ_SECONDS:-60}
scratch=$root/.build-fuzz
targets=(FuzzSourceLoader FuzzXLIFF FuzzPO FuzzPackReader FuzzMinisign FuzzJSONScanner FuzzGeo FuzzKinveyQuery FuzzGohikeContent)
[ $# -gt 0 ] && targets=("$@")

# The fuzz package pins what the main package pins.
if [ -f Package.resolved ]; then cp Package.resolved Fuzz/Package.resolved; fi
flags=(--package-path Fuzz --scratch-path "$scratch" -Xswiftc -sanitize=fuzzer,address)
echo "== building the fuzz targets (.build-fuzz)"
swift build "${flags[@]}" 2>&1 | grep -E "error|warning: unre|Compiling Fuzz|Build complete" || true
bin=$(swift build "${flags[@]}" --show-bin-path)

seeds() {
    case "$1" in
        FuzzSourceLoader) find examples templates -name '*.yaml' -size -64k; find Tests -path '*Fixtures*' \( -name '*.yaml' -o -name '*.json' \) -size -64k ;;
        FuzzXLIFF) find Tests -path "*Fixtures*" \( -name "*.xliff" -o -name "*.xlf" \) -size -64k || true ;;
        FuzzPO) find Tests Fuzz/Seeds -name "*.po" -size -64k 2>/dev/null || true ;;
        FuzzPackReader) find Tests Fuzz/Seeds -name "*.gamepack" -size -64k 2>/dev/null || true ;;
        FuzzMinisign) find Tests Fuzz/Seeds \( -name "*.pub" -o -name "*.minisig" -o -name "*.key" \) -size -8k 2>/dev/null || true ;;
        FuzzJSONScanner) find Tests examples -name '*.json' -size -64k ;;
        FuzzGeo) find Fuzz/Seeds/geo -name '*.bin' ;;
        FuzzKinveyQuery) find Fuzz/Seeds/FuzzKinveyQuery -type f ;;
        FuzzGohikeContent) find Tests -path '*Fixtures*gohike*' -name '*.json' -size -64k ;;
    esac
}

failed=0
summary=""
for target in "${targets[@]}"; do
    corpus=$scratch/corpus/$target
    findings=$scratch/findings/$target
    mkdir -p "$corpus" "$findings"
    seeds "$target" | head -200 | while read -r file; do cp "$file" "$corpus/seed-$(echo "$file" | tr '/' '_')"; done
    if [ -d "Fuzz/Regressions/$target" ]; then cp Fuzz/Regressions/"$target"/* "$corpus/" 2>/dev/null || true; fi
    echo "== $target for ${budget}s"
    log=$scratch/$target.log
    status=0
    ASAN_OPTIONS=detect_leaks=1 LSAN_OPTIONS=suppressions=$root/Fuzz/lsan.supp "$bin/$target" "$corpus" -max_total_time="$budget" -timeout=1 -rss_limit_mb=2048 \
        -max_len=65536 -artifact_prefix="$findings/" -print_final_stats=1 >"$log" 2>&1 || status=$?
    execs=$(grep -o 'stat::average_exec_per_sec: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo "?")
    size=$(find "$corpus" -type f | wc -l)
    line="$target: $execs exec/s, corpus $size files, exit $status"
    echo "$line"
    summary+="$line"$'\n'
    if [ "$status" -ne 0 ]; then
        failed=1
        grep -E "ERROR|SUMMARY|Test unit written|timeout" "$log" | head -20 >&2
    fi
done
echo "== fuzzing summary"
printf '%s' "$summary"
exit $failed
