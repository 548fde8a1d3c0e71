#!/usr/bin/env bash
# The README's first command: set up, build, and run Umpire on a bundled
# example: a recorded Sabreur-hex game (Essling, the village fight) is
# replayed and every action checked against the rules, with the verdict and
# each broken rule, agreed ruling and rule not yet enforced, and written as
# a page to look at (build/essling-village.html); then a Hail Caesar game
# on the tabletop (Romans against Gauls at the ford of the Arar) is checked
# the same way, its moves and ranges measured on the table; then the
# Sabreur-hex rules data is verified (gaps, impossible tests, caps,
# contradictions, skill clashes, army lists); then the odds
# of an Elite morale test against Cd 7 from that game. It ends by saying
# where the built (and any installed) umpire is and how to try it on a game
# of one's own.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
umpire_build
umpire="$UMPIRE_BUILD/umpire"
cd "$UMPIRE_ROOT"

run() {
  echo
  echo "\$ umpire $*"
  local status=0
  "$umpire" "$@" || status=$?
  # 0 clean, 1 violations or findings: both are results worth showing.
  if (( status > 1 )); then
    echo "run-example: 'umpire $*' failed with exit status $status" >&2
    exit "$status"
  fi
}

run check replays/sabreur-hex/essling-village.ulog
run report replays/sabreur-hex/essling-village.ulog -o "$UMPIRE_BUILD/essling-village.html"
run check replays/hail-caesar/ford-of-the-arar.ulog
run verify sabreur-hex
run dice 3d6kl2 --target 7-

# Where to go from here.
relative=${umpire#"$PWD"/}
echo
echo "run-example: umpire is built at $umpire"
echo "run-example: the game as a page (open it in a browser): $UMPIRE_BUILD/essling-village.html"
if installed=$(command -v umpire 2> /dev/null); then
  echo "run-example: an installed umpire is at $installed"
fi
cat << EOF
Try it on a game of your own (docs/log-format.md says how to write one):
  $relative check my-game.ulog
  $relative report my-game.ulog -o my-game.html
  $relative --help
Install it (then 'umpire' works from any folder; docs/install.md):
  sudo cmake --install ${UMPIRE_BUILD#"$PWD"/}
EOF
