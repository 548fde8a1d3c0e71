#!/usr/bin/env bash
# The installed umpire as a user meets it: `cmake --install` into a
# temporary prefix, then, from another folder and with nothing of the build
# in the environment, a bundled game checked, a ruleset verified, the rules
# checked (citations not linted: an installed umpire has no rule texts), the
# manual page and the bash completion in place; then the installed tree
# moved elsewhere (it finds its data beside it), and its data taken away
# (the error names every place tried, and --data or UMPIRE_DATA_DIR mend it).
# Usage: install_test.sh CMAKE BUILD_DIR
set -euo pipefail
cmake=$1
build=$(cd "$2" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() {
  echo "install test: $*" >&2
  exit 1
}
# Runs umpire with the exit status expected, its output in $work/out.
run() {
  local expected=$1 status=0
  shift
  "$@" > "$work/out" 2>&1 || status=$?
  if [ "$status" -ne "$expected" ]; then
    cat "$work/out" >&2
    fail "'$*' exited $status, expected $expected"
  fi
}

prefix=$work/prefix
"$cmake" --install "$build" --prefix "$prefix" > "$work/install.log"
unset UMPIRE_DATA_DIR UMPIRE_RULES_TEXTS
mkdir "$work/elsewhere"
cd "$work/elsewhere"

for f in bin/umpire share/umpire/corpus/rulesets/sabreur-hex.rules \
  share/umpire/examples/sabreur-hex/essling-village.ulog share/umpire/examples/wab/bagradas-plain.ulog \
  share/man/man1/umpire.1 share/bash-completion/completions/umpire share/doc/umpire/README.md \
  share/doc/umpire/cli.md; do
  [ -f "$prefix/$f" ] || fail "$f is not installed"
done
[ -x "$prefix/bin/umpire" ] || fail "bin/umpire is not executable"
head -3 "$prefix/share/man/man1/umpire.1" | grep -q '^\.TH UMPIRE 1' || fail "umpire.1 is not a manual page"
grep -q 'complete -F _umpire umpire' "$prefix/share/bash-completion/completions/umpire" ||
  fail "the bash completion does not complete umpire"

umpire=$prefix/bin/umpire
game=$prefix/share/umpire/examples/sabreur-hex/essling-village.ulog
run 0 "$umpire" check "$game"
grep -q 'follows the rules checked' "$work/out" || fail "check gave no verdict: $(cat "$work/out")"
run 0 "$umpire" simulate --ruleset sabreur-hex --seed 7 --turns 1 -o game.ulog
run 0 "$umpire" check game.ulog
status=0
"$umpire" verify sabreur-hex > "$work/out" 2>&1 || status=$?
[ "$status" -le 1 ] || { cat "$work/out" >&2; fail "verify sabreur-hex exited $status"; }
grep -q 'verified 1 ruleset' "$work/out" || fail "verify gave no summary: $(cat "$work/out")"
rulesets=$prefix/share/umpire/corpus/rulesets
run 0 "$umpire" rules check "$rulesets/hail-caesar.rules" "$rulesets/wab.rules" "$rulesets/sabreur-hex.rules"
[ "$(grep -c 'citations were not checked against the rule texts' "$work/out")" -eq 1 ] ||
  fail "rules check did not say once that citations were not checked: $(cat "$work/out")"
run 0 "$umpire" rules show sabreur-hex unit_factors

# Moved as a whole, it still finds its data beside it.
mv "$prefix" "$work/moved"
run 0 "$work/moved/bin/umpire" check "$work/moved/share/umpire/examples/sabreur-hex/essling-village.ulog"

# Without its data, the error names every place tried; --data and
# UMPIRE_DATA_DIR name another.
mv "$work/moved/share/umpire" "$work/data"
run 2 "$work/moved/bin/umpire" check game.ulog
grep -q "cannot find Umpire's data" "$work/out" || fail "no clear error without data: $(cat "$work/out")"
grep -q "looked in the install prefix: $work/moved/bin/../share/umpire" "$work/out" ||
  grep -q "looked in the install prefix: $work/moved/share/umpire" "$work/out" ||
  fail "the error does not name the place tried: $(cat "$work/out")"
run 0 "$work/moved/bin/umpire" --data "$work/data" check game.ulog
UMPIRE_DATA_DIR=$work/data run 0 "$work/moved/bin/umpire" check game.ulog
run 2 "$work/moved/bin/umpire" --data "$work/elsewhere" check game.ulog
echo "install test: installed to a prefix, run from another folder, moved, and without its data"
