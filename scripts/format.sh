#!/usr/bin/env bash
# Formats the tracked Swift sources with swift-format (part of the Swift toolchain), then lints
# them. `scripts/format.sh --check` only lints, exiting non-zero on findings.
set -euo pipefail
cd "$(dirname "$0")/.."
files=$(git ls-files '*.swift')
if [ "${1:-}" != "--check" ]; then
    swift format --in-place --configuration .swift-format $files
fi
swift format lint --strict --configuration .swift-format $files
