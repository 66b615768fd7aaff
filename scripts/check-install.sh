#!/usr/bin/env bash
# Checks scripts/install.sh end to end: installs into a temporary prefix, then hides this
# checkout (an empty tmpfs mounted over it in a private mount namespace, as if it had been moved
# away) and runs the installed gamepack from another folder: --version, init (which must find
# its templates under the prefix), lint, build, the bash completions and the man page. Prints
# how long the install took. The install is a release build (about 11 minutes on two cores the
# first time), so this is not part of `swift test`; the test InstallTests runs it with
# GAMEPACK_TEST_INSTALL=1.
#
#   bash scripts/check-install.sh
#
# Needs `unshare` (util-linux) with mount namespaces: root, or unprivileged user namespaces.
set -euo pipefail
cd "$(dirname "$0")/.."
checkout=$PWD

if unshare --mount --propagation private true 2>/dev/null; then
    hide=(unshare --mount --propagation private)
elif unshare --user --map-root-user --mount --propagation private true 2>/dev/null; then
    hide=(unshare --user --map-root-user --mount --propagation private)
else
    echo "error: cannot hide the checkout: unshare with mount namespaces is not available here" >&2
    echo "       (run as root, or enable unprivileged user namespaces)" >&2
    exit 2
fi

prefix=$(mktemp -d /tmp/gamepack-prefix.XXXXXX)
work=$(mktemp -d /tmp/gamepack-check.XXXXXX)
trap 'rm -rf "$prefix" "$work"' EXIT

started=$(date +%s)
bash scripts/install.sh "$prefix"
took=$(($(date +%s) - started))

# shellcheck disable=SC2016 # expanded by the inner shell
inner='
set -euo pipefail
mount -t tmpfs gamepack-checkout-hidden "$CHECKOUT"
if [ -n "$(ls -A "$CHECKOUT")" ]; then echo "error: the checkout is still visible" >&2; exit 1; fi
cd "$WORK"
gamepack=$PREFIX/bin/gamepack
"$gamepack" --version
"$gamepack" init my-hike --template gohike --ci github --ci gitlab
test -f my-hike/.github/workflows/gamepack.yml
test -f my-hike/.gitlab-ci.yml
test -f my-hike/.vscode/settings.json
test -f my-hike/.gamepack/schemas/locations.schema.json
"$gamepack" lint my-hike
SOURCE_DATE_EPOCH=1700000000 "$gamepack" build my-hike --out packs --quiet
ls packs/my-hike-*.gamepack
bash -c "source \"$PREFIX/share/bash-completion/completions/gamepack\" && complete -p gamepack"
grep -q "gamepack" "$PREFIX/share/man/man1/gamepack.1"
if command -v man >/dev/null; then MANWIDTH=80 man -l "$PREFIX/share/man/man1/gamepack.1" 2>/dev/null | head -5 || true; fi
if ldd "$gamepack" | grep -q libswift; then echo "error: the binary links the Swift runtime dynamically" >&2; exit 1; fi
'
echo "== running the installed gamepack with $checkout hidden"
CHECKOUT=$checkout PREFIX=$prefix WORK=$work "${hide[@]}" bash -c "$inner"
echo "== check-install: all good; scripts/install.sh took ${took} s"
