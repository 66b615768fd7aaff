#!/usr/bin/env bash
# Builds gamepack for release with the Swift runtime linked into the binary and installs it:
#
#   bash scripts/install.sh [PREFIX]          (default PREFIX: /usr/local)
#
#   PREFIX/bin/gamepack                                      the binary
#   PREFIX/share/gamepack/templates/                         what `gamepack init` copies
#   PREFIX/share/man/man1/gamepack.1                         the man page
#   PREFIX/share/bash-completion/completions/gamepack        completions for bash,
#   PREFIX/share/zsh/site-functions/_gamepack                zsh
#   PREFIX/share/fish/vendor_completions.d/gamepack.fish     and fish
#
# The build (scripts/release-build.sh, about 14 minutes on two cores the first time) uses its
# own scratch folder, .build-release/, with `--static-swift-stdlib`, so the binary needs no
# Swift toolchain to run:
# only libxml2, zlib and SQLite (and the C and C++ runtime), present on most systems
# (Debian/Ubuntu: libxml2 zlib1g libsqlite3-0). `scripts/setup.sh release` installs their
# development files when missing. The man page comes from ArgumentParser's
# generate-manual tool (the tool behind its GenerateManual plugin), built from the checked-out
# swift-argument-parser; the completions from `gamepack --generate-completion-script`.
# Uses sudo to install only when PREFIX is not writable. Nothing outside PREFIX is changed.
set -euo pipefail
cd "$(dirname "$0")/.."
prefix=${1:-/usr/local}
case "$prefix" in
/*) ;;
*) prefix="$PWD/$prefix" ;;
esac
scratch=.build-release

bash scripts/setup.sh release

echo "== building gamepack for release (static Swift runtime) in $scratch/ (scripts/release-build.sh)"
binary=$(bash scripts/release-build.sh | tail -1)

echo "== building ArgumentParser's generate-manual tool"
parser="$scratch/checkouts/swift-argument-parser"
swift build -c release --package-path "$parser" --scratch-path "$scratch/generate-manual" --product generate-manual
generate_manual="$(swift build -c release --package-path "$parser" --scratch-path "$scratch/generate-manual" --show-bin-path)/generate-manual"

staging=$(mktemp -d)
trap 'rm -rf "$staging"' EXIT
mkdir -p "$staging/man" "$staging/completions"
# The page's date is the last commit's, so the same checkout gives the same page.
date=$(git log -1 --format=%cs 2>/dev/null || date +%F)
"$generate_manual" "$binary" --date "$date" --output-directory "$staging/man"
"$binary" --generate-completion-script bash >"$staging/completions/gamepack.bash"
"$binary" --generate-completion-script zsh >"$staging/completions/_gamepack"
"$binary" --generate-completion-script fish >"$staging/completions/gamepack.fish"

sudo_cmd=()
mkdir -p "$prefix" 2>/dev/null || true
if [ ! -w "$prefix" ]; then
    sudo_cmd=(sudo)
    echo "== $prefix is not writable: installing with sudo"
fi
share="$prefix/share"
echo "== installing into $prefix"
"${sudo_cmd[@]}" install -d "$prefix/bin" "$share/gamepack" "$share/man/man1" \
    "$share/bash-completion/completions" "$share/zsh/site-functions" "$share/fish/vendor_completions.d"
"${sudo_cmd[@]}" install -m 755 "$binary" "$prefix/bin/gamepack"
"${sudo_cmd[@]}" rm -rf "$share/gamepack/templates"
"${sudo_cmd[@]}" cp -R templates "$share/gamepack/templates"
"${sudo_cmd[@]}" install -m 644 "$staging/man/gamepack.1" "$share/man/man1/gamepack.1"
"${sudo_cmd[@]}" install -m 644 "$staging/completions/gamepack.bash" "$share/bash-completion/completions/gamepack"
"${sudo_cmd[@]}" install -m 644 "$staging/completions/_gamepack" "$share/zsh/site-functions/_gamepack"
"${sudo_cmd[@]}" install -m 644 "$staging/completions/gamepack.fish" "$share/fish/vendor_completions.d/gamepack.fish"

echo "== installed $("$prefix/bin/gamepack" --version):"
echo "   $prefix/bin/gamepack, templates in $share/gamepack/templates,"
echo "   man page $share/man/man1/gamepack.1, completions for bash, zsh and fish"
echo "   Shared libraries it needs at run time:"
ldd "$prefix/bin/gamepack" | awk '{print "     " $1}' | grep -vE "linux-vdso|ld-linux" || true
case ":$PATH:" in
*":$prefix/bin:"*) ;;
*) echo "   Add $prefix/bin to PATH to run it as gamepack." ;;
esac
