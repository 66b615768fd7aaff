#!/usr/bin/env bash
# The main job of gamepack on an example, from a fresh clone: installs the system libraries
# (scripts/setup.sh demo), builds gamepack (debug; the first build compiles the dependencies,
# about 10 minutes and 2 GB in .build on 2 cores), lints examples/gohike-amsterdam, makes a
# signing key, builds a signed pack of the example and verifies it.
#
#   scripts/demo.sh [OUTPUT FOLDER]      default: /tmp/gamepack-demo
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-/tmp/gamepack-demo}
start=$(date +%s)

[ "${GAMEPACK_SKIP_SETUP:-0}" = 1 ] || bash scripts/setup.sh demo

echo "== build gamepack (debug; the first build takes about 10 minutes)"
swift build --product gamepack
bin=$(swift build --show-bin-path)/gamepack

mkdir -p "$out"
echo "== gamepack lint examples/gohike-amsterdam"
"$bin" lint examples/gohike-amsterdam

if [ ! -f "$out/release.key" ]; then
    echo "== gamepack keygen --out $out/release"
    "$bin" keygen --out "$out/release"
fi

echo "== gamepack build examples/gohike-amsterdam --sign $out/release.key"
"$bin" build examples/gohike-amsterdam --out "$out/packs" --sign "$out/release.key"

pack=$(ls -t "$out"/packs/gohike-amsterdam-*.gamepack | head -1)
echo "== gamepack verify $pack"
"$bin" verify "$pack" --pubkey "$out/release.pub"

echo "demo done in $(($(date +%s) - start)) s: the signed pack is $pack"
echo "next: $bin inspect $pack   (what the pack holds; README.md has every command)"
