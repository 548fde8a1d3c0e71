#!/usr/bin/env bash
# Determinism across compilers: the same log and seed give the same bytes
# out of a g++ build and a clang build. Runs the commands whose output is a
# promise (simulated games, replays with their state hashes, verdicts,
# canonical logs, seeded dice, the verifier's report) through both binaries
# and fails on the first difference, showing it.
# Usage: scripts/compare-builds.sh BUILD_A BUILD_B   (e.g. build build-asan)
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
A=$(cd "$1" && pwd)/umpire
B=$(cd "$2" && pwd)/umpire
cd "$ROOT"
# Both builds read the same rules data, this checkout's: a build tree finds
# its own source tree's otherwise (a bare clone's, in CI), and the verdicts
# name the data they applied.
export UMPIRE_DATA_DIR=$ROOT
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

compared=0
same() {  # a name for the outputs, then the command line after `umpire`
  local name=$1
  shift
  local status_a=0 status_b=0
  "$A" --color never "$@" > "$work/$name.a" 2>&1 || status_a=$?
  "$B" --color never "$@" > "$work/$name.b" 2>&1 || status_b=$?
  if [ "$status_a" -ne "$status_b" ]; then
    echo "compare-builds: 'umpire $*' exits $status_a with $A, $status_b with $B" >&2
    head -20 "$work/$name.a" "$work/$name.b" >&2
    exit 1
  fi
  if [ "$status_a" -gt 1 ]; then
    echo "compare-builds: 'umpire $*' failed ($status_a):" >&2
    head -20 "$work/$name.a" >&2
    exit 1
  fi
  if ! cmp -s "$work/$name.a" "$work/$name.b"; then
    diff -u "$work/$name.a" "$work/$name.b" | head -40 >&2 || true
    echo "compare-builds: 'umpire $*' differs between the two builds (diff above)" >&2
    exit 1
  fi
  compared=$((compared + 1))
}

# Simulated games of each ruleset that simulates: the log, then its replay
# with every state hash.
simulated_rulesets="sabreur-hex hail-caesar hail-caesar-hyw"
for ruleset in $simulated_rulesets; do
  for seed in 1 7 42; do
    same "simulate-$ruleset-$seed" simulate --ruleset "$ruleset" --seed "$seed" --turns 6
    "$A" simulate --ruleset "$ruleset" --seed "$seed" --turns 6 -o "$work/sim.ulog" > /dev/null
    same "replay-sim-$ruleset-$seed" replay "$work/sim.ulog" --hashes
  done
done
# Determinism over many games: GAMES (default 100) simulated games of each
# ruleset, written by A and checked by both builds in one `umpire check` of
# the folder (under the sanitizers a process start and a load of the rules
# data cost a second each): the verdicts, every diagnostic and each game's
# final state hash. Every twentieth game is also replayed by both with the
# hash of every event. (The simulator's own bytes are compared on the seeds
# above: it replays every action it tries, and takes ten seconds a game
# under the sanitizers.)
games=${UMPIRE_DETERMINISM_GAMES:-100}
for ruleset in $simulated_rulesets; do
  mkdir -p "$work/games-$ruleset"
  for seed in $(seq 1000 $((1000 + games - 1))); do
    "$A" simulate --ruleset "$ruleset" --seed "$seed" --turns 6 \
      -o "$work/games-$ruleset/game-$seed.ulog" > /dev/null
    if [ $(( seed % 20 )) -eq 0 ]; then
      same "hashes-$ruleset-$seed" replay "$work/games-$ruleset/game-$seed.ulog" --hashes
    fi
  done
  same "verdicts-$ruleset" check --format json -j "$(nproc)" "$work/games-$ruleset"
  rm -rf "$work/games-$ruleset"
done
echo "compare-builds: $games simulated games of each of $simulated_rulesets, the same verdicts and final state hashes in both builds"
# The recorded games and every fail log of every ruleset: verdicts,
# diagnostics, hashes.
same check-games check --format json replays/*/*.ulog
same check-fail check replays/*/fail/*.ulog
for log in replays/*/*.ulog; do
  same "fmt-$(basename "$(dirname "$log")")-$(basename "$log")" fmt "$log"
done
same replay-essling replay replays/sabreur-hex/essling-village.ulog --hashes --format json
same replay-arar replay replays/hail-caesar/ford-of-the-arar.ulog --hashes --format json
# Seeded dice draws and exact odds.
same dice-seeded dice 3d6kl2 --seed 99 --draws 50
same dice-odds dice 2d6+1 --target 8+ --format json
# The verifier on the smallest ruleset: findings, witnesses, proofs.
same verify-sabreur verify sabreur-hex --format json

echo "compare-builds: $compared outputs byte-identical between $(basename "$(dirname "$A")") and $(basename "$(dirname "$B")")"
