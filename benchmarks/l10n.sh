#!/usr/bin/env bash
# Time the localization commands on the large generated project (20,000 items, en + nl):
# `l10n status --format json`, `l10n export --locale nl`, and `l10n import` of that export
# with every target changed (so every localized field of every file is rewritten in place).
#
#   benchmarks/l10n.sh        RUNS=5 for more runs
#
# Builds the release binary, generates benchmarks/work/large once (see lint.sh), copies it to
# benchmarks/work/l10n for each run (import edits the copy), and prints wall time and peak
# memory per step and run, then the medians.
set -euo pipefail

cd "$(dirname "$0")/.."
SOURCE=benchmarks/work/large
WORK=benchmarks/work/l10n
RUNS=${RUNS:-3}
BIN=.build/release/gamepack

if [ ! -x /usr/bin/time ]; then
    echo "l10n.sh: /usr/bin/time not found; install it with: sudo apt-get install time" >&2
    exit 1
fi

echo "== building (swift build -c release --product gamepack)"
swift build -c release --product gamepack

if [ ! -f "$SOURCE/gamepack.yaml" ]; then
    echo "== generating $SOURCE"
    rm -rf "$SOURCE"
    python3 benchmarks/generate.py "$SOURCE"
fi

TIMES=$(mktemp)
RESULTS=$(mktemp)
trap 'rm -f "$TIMES" "$RESULTS"' EXIT

measure() { # name, command...
    local name=$1
    shift
    /usr/bin/time -f '%e %M' -o "$TIMES" "$@" >/dev/null
    read -r seconds kb < "$TIMES"
    printf '%-8s %6.2f s wall, %7d KB max RSS\n' "$name" "$seconds" "$kb"
    echo "$name $seconds $kb" >> "$RESULTS"
}

for i in $(seq 1 "$RUNS"); do
    echo "== run $i"
    rm -rf "$WORK"
    cp -r "$SOURCE" "$WORK"
    rm -rf "$WORK/.gamepack" "$WORK/build"
    sync
    measure status "$BIN" l10n status "$WORK" --format json
    measure export "$BIN" l10n export "$WORK" --locale nl --out "$WORK.xlf"
    # Every target changes, the way a translator's tool would return the file.
    python3 - "$WORK.xlf" "$WORK-done.xlf" <<'PY'
import sys
import xml.etree.ElementTree as ET
ns = "urn:oasis:names:tc:xliff:document:1.2"
ET.register_namespace("", ns)
tree = ET.parse(sys.argv[1])
for unit in tree.iter(f"{{{ns}}}trans-unit"):
    target = unit.find(f"{{{ns}}}target")
    if target is None:
        target = ET.SubElement(unit, f"{{{ns}}}target")
    target.text = "NL2 " + (target.text or unit.find(f"{{{ns}}}source").text or "")
    target.set("state", "translated")
tree.write(sys.argv[2], encoding="UTF-8", xml_declaration=True)
PY
    measure import "$BIN" l10n import "$WORK" "$WORK-done.xlf"
    echo "   $(grep -c '<trans-unit ' "$WORK.xlf") units, $(du -h "$WORK.xlf" | cut -f1) of XLIFF"
done

echo "== medians over $RUNS runs"
for step in status export import; do
    grep "^$step " "$RESULTS" | awk '{print $2, $3}' | sort -n | awk -v step="$step" '
        { s[NR] = $1; m[NR] = $2 }
        END { i = int((NR + 1) / 2); printf "%-8s %6.2f s wall, %7d KB max RSS\n", step, s[i], m[i] }'
done
rm -rf "$WORK" "$WORK.xlf" "$WORK-done.xlf"
