#!/usr/bin/env bash
# The README's first command: set up, build, and run Umpire on a bundled
# example: a recorded Sabreur-hex game is parsed and lowered to its event
# stream, the four shipped rulesets are checked (types, table gaps,
# citations against the rule texts), and a morale test from that game is
# evaluated on the rules data with its breakdown and exact odds (Elite heavy
# cavalry charged by lancers, countercharging).
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
umpire_build
umpire="$UMPIRE_BUILD/umpire"
cd "$UMPIRE_ROOT"

run() { echo; echo "\$ umpire $*"; "$umpire" "$@" || true; }

run parse replays/sabreur-hex/essling-village.ulog
run rules check corpus/rulesets/hail-caesar.rules corpus/rulesets/hail-caesar-hyw.rules \
  corpus/rulesets/wab.rules corpus/rulesets/sabreur-hex.rules
run rules eval sabreur-hex morale_test_drop_highest --given \
  self.type=heavy_cavalry self.quality=elite self.strength=10 self.command_factor=8 \
  self.skills= self.hex_terrain=open_ground self.outflanked=false self.panicked=false \
  morale.reason=charge_reaction self.is_attack_target=true self.reaction=countercharge \
  enemy.skills=lancer
run dice 3d6kl2 --target 7-
