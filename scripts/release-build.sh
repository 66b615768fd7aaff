#!/usr/bin/env bash
# Builds the gamepack binary as it ships, and prints its path (the last line on standard output):
#
#   bash scripts/release-build.sh          (what scripts/install.sh and benchmarks/peers.sh run)
#
# - `-c release --static-swift-stdlib`: the Swift runtime linked in, so the binary needs no
#   toolchain to run, and the dynamic loader has no Swift libraries to look symbols up in.
# - In .build-release/, its own scratch folder: every caller builds with the same flags there,
#   so each reuses the others' build (other flags would rebuild all of it, about 14 minutes).
# - `-disable-concrete-type-metadata-mangled-name-accessors` (for every module, the packages'
#   too): code asks for a generic type such as `Set<Name>` through the type's accessor, with
#   the conformances it needs, instead of by its mangled name, which makes the runtime look
#   each conformance up by scanning all 12,329 of the binary's conformance records. That
#   saves 2-3 ms of every command's start (benchmarks/README.md, "Conformance look-ups at
#   start-up"). The binary's outputs are the same bytes.
set -euo pipefail
cd "$(dirname "$0")/.."
flags=(
    -c release --static-swift-stdlib --scratch-path .build-release
    -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors
)
swift build "${flags[@]}" --product gamepack >&2
echo "$(swift build "${flags[@]}" --show-bin-path)/gamepack"
