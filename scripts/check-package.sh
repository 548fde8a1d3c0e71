#!/usr/bin/env bash
# Builds the Debian package of a build tree (cpack) and checks it: the files
# it installs, the dependencies it declares, and its umpire run from an
# unpacked copy in another folder. With --install (as root, on a machine
# without an umpire package) it also installs it with dpkg -i, checks a
# bundled game and verifies a ruleset from /tmp, then removes it.
# Usage: scripts/check-package.sh [BUILD_DIR] [--install]   (default: build)
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=$ROOT/build
install=false
for arg in "$@"; do
  case $arg in
    --install) install=true ;;
    *) BUILD=$(cd "$arg" && pwd) ;;
  esac
done
fail() {
  echo "check-package: $*" >&2
  exit 1
}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
start=$(date +%s)

rm -f "$BUILD"/package/umpire_*.deb
cpack --config "$BUILD/CPackConfig.cmake" > "$work/cpack.log" 2>&1 || { cat "$work/cpack.log" >&2; fail "cpack failed"; }
deb=$(ls "$BUILD"/package/umpire_*.deb)
echo "check-package: $deb, $(du -k "$deb" | cut -f1) KiB"

dpkg-deb -c "$deb" > "$work/files"
for f in ./usr/bin/umpire ./usr/share/umpire/corpus/rulesets/sabreur-hex.rules \
  ./usr/share/umpire/examples/sabreur-hex/essling-village.ulog ./usr/share/man/man1/umpire.1 \
  ./usr/share/bash-completion/completions/umpire ./usr/share/doc/umpire/cli.md; do
  grep -q " $f\$" "$work/files" || fail "the package lacks $f"
done
depends=$(dpkg-deb -f "$deb" Depends)
for lib in libz3 libfmt libstdc++; do
  [[ $depends == *"$lib"* ]] || fail "Depends names no $lib: $depends"
done
echo "check-package: Depends: $depends"

# Unpacked anywhere, it runs from anywhere; and every library it loads comes
# from a package it depends on, so that a clean Debian 12 has them once
# the package is installed.
dpkg-deb -x "$deb" "$work/root"
for lib in $(ldd "$work/root/usr/bin/umpire" | awk '/=>/ { print $3 }'); do
  owner=$(dpkg -S "$(readlink -f "$lib")" 2> /dev/null || dpkg -S "$lib") || fail "no package holds $lib"
  owner=${owner%%:*}
  [[ ", $depends," == *", $owner "* ]] || fail "$lib comes from $owner, which Depends does not name"
done
mkdir "$work/elsewhere"
(cd "$work/elsewhere" && env -u UMPIRE_DATA_DIR -u UMPIRE_RULES_TEXTS "$work/root/usr/bin/umpire" check \
  "$work/root/usr/share/umpire/examples/sabreur-hex/essling-village.ulog" > "$work/out" 2>&1) ||
  { cat "$work/out" >&2; fail "the unpacked umpire does not check a bundled game"; }
echo "check-package: unpacked elsewhere, $(tail -1 "$work/out" | sed "s|$work/root||")"

if $install; then
  [ "$(id -u)" -eq 0 ] || fail "--install needs root"
  if dpkg-query -W -f='${Status}' umpire 2> /dev/null | grep -q 'install ok installed'; then
    fail "an umpire package is installed already; not replacing it"
  fi
  dpkg -i "$deb" > "$work/dpkg.log" || { cat "$work/dpkg.log" >&2; fail "dpkg -i failed"; }
  trap 'dpkg -r umpire > /dev/null || true; rm -rf "$work"' EXIT
  checked=0 verified=0
  (cd /tmp && env -u UMPIRE_DATA_DIR -u UMPIRE_RULES_TEXTS /usr/bin/umpire check \
    /usr/share/umpire/examples/sabreur-hex/essling-village.ulog > "$work/out" 2>&1) || checked=$?
  # verify exits 1 when it reports findings, which it does on sabreur-hex.
  (cd /tmp && env -u UMPIRE_DATA_DIR /usr/bin/umpire verify sabreur-hex >> "$work/out" 2>&1) || verified=$?
  dpkg -r umpire > "$work/dpkg.log" || fail "dpkg -r umpire failed"
  trap 'rm -rf "$work"' EXIT
  if [ "$checked" -ne 0 ] || [ "$verified" -gt 1 ]; then
    cat "$work/out" >&2
    fail "the installed umpire failed: check $checked, verify $verified"
  fi
  echo "check-package: installed with dpkg -i, checked and verified from /tmp, removed"
fi
echo "check-package: ok ($(( $(date +%s) - start )) s)"
