#!/usr/bin/env bash
# Runs two gamepack binaries on the same inputs and compares everything they write, byte for
# byte: lint reports (every format) on every example and on a broken project, packs built from
# every example (same key, same SOURCE_DATE_EPOCH), l10n status and exports, JSON Schemas, the
# static preview, and diff reports (every format) between each example and its broken copy.
# For refactoring: `scripts/behaviour-check.sh OLD_BINARY NEW_BINARY` exits 0 only when the
# outputs are identical, and prints the `diff -r` of what is not.
#
#   git worktree add /tmp/base <start commit> && (cd /tmp/base && swift build)
#   bash scripts/behaviour-check.sh /tmp/base/.build/debug/gamepack .build/debug/gamepack
set -euo pipefail
old=$(realpath "$1")
new=$(realpath "$2")
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
[ -n "${KEEP:-}" ] && echo "outputs kept in $work" >&2 || trap 'rm -rf "$work"' EXIT
export SOURCE_DATE_EPOCH=1700000000 NO_COLOR=1

# One set of inputs for both binaries, so paths in the outputs are the same.
mkdir -p "$work/in"
for example in "$root"/examples/*/; do
    [ -f "$example/gamepack.yaml" ] || continue
    name=$(basename "$example")
    cp -r "$example" "$work/in/$name"
    cp -r "$example" "$work/in/broken-$name"
done
printf 'id: 9\nnam: {en: Typo}\nposition: {latitude: 152.1, longitude: 4.9}\nimage: ../../etc/passwd\n' \
    > "$work/in/broken-gohike-amsterdam/content/locations/9.yaml"
for project in "$work"/in/broken-*/; do
    # Every broken copy gets a field its type does not declare.
    first=$(find "$project/content" -name '*.yaml' | sort | head -1)
    printf 'extra_field_nobody_declares: 1\n' >> "$first"
done
# And one copy that does not parse at all.
cp -r "$root/examples/whack-a-vc" "$work/in/syntax-whack-a-vc"
printf '\nbroken: [unclosed\n' >> "$(find "$work/in/syntax-whack-a-vc/content" -name '*.yaml' | sort | head -1)"
"$old" keygen --out "$work/key" >/dev/null

run() { # run BIN OUT
    local bin=$1 out=$2
    mkdir -p "$out"
    cd "$work/in"
    for project in */; do
        project=${project%/}
        local o="$out/$project"
        mkdir -p "$o"
        for format in text json sarif junit github; do
            "$bin" lint "$project" --format "$format" > "$o/lint.$format" 2>&1 || echo "exit $?" >> "$o/lint.$format"
        done
        "$bin" lint "$project" --strict > "$o/lint-strict.txt" 2>&1 || echo "exit $?" >> "$o/lint-strict.txt"
        "$bin" build "$project" --out "$o/packs" --sign "$work/key.key" --quiet --no-cache > "$o/build.txt" 2>&1 \
            || echo "exit $?" >> "$o/build.txt"
        for format in text json markdown; do
            "$bin" l10n status "$project" --format "$format" > "$o/l10n-status.$format" 2>&1 || echo "exit $?" >> "$o/l10n-status.$format"
        done
        for format in xliff po; do
            "$bin" l10n export "$project" --locale nl --format "$format" > "$o/l10n-export.$format" 2>&1 \
                || echo "exit $?" >> "$o/l10n-export.$format"
        done
        "$bin" schema --project "$project" > "$o/schema.txt" 2>&1 || echo "exit $?" >> "$o/schema.txt"
        "$bin" schema --project "$project" --json-schema --out "$o/json-schema" > "$o/json-schema.txt" 2>&1 \
            || echo "exit $?" >> "$o/json-schema.txt"
        "$bin" preview "$project" --out "$o/preview" > "$o/preview.txt" 2>&1 || echo "exit $?" >> "$o/preview.txt"
        if [ -d "broken-$project" ]; then
            for format in text markdown json html; do
                "$bin" diff "$project" "broken-$project" --format "$format" > "$o/diff.$format" 2>&1 \
                    || echo "exit $?" >> "$o/diff.$format"
            done
        fi
        cd "$work/in"
    done
}

# Both write into the same folder, moved aside after, so paths in the outputs match.
# Each run starts from a fresh copy of the inputs, since some commands write into the project.
mv "$work/in" "$work/pristine"
cp -r "$work/pristine" "$work/in" && run "$old" "$work/out" && mv "$work/out" "$work/old"
rm -rf "$work/in" && cp -r "$work/pristine" "$work/in" && run "$new" "$work/out" && mv "$work/out" "$work/new"
if diff -r "$work/old" "$work/new"; then
    echo "behaviour-check: identical ($(find "$work/old" -type f | wc -l) files compared)"
else
    echo "behaviour-check: the outputs differ" >&2
    exit 1
fi
