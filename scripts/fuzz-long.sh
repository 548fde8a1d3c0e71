#!/usr/bin/env bash
# Fuzzes each front end with libFuzzer for a given time: the battle-log
# parser and lowering (log_fuzz), the rules parser and loader (rules_fuzz),
# the dice notation (dice_fuzz). Each starts from every bundled file of its
# language and the dictionary of its grammar (tests/fuzz/*.dict,
# scripts/fuzz-dicts.sh), and keeps the corpus it grows in
# BUILD/fuzz-corpus-TARGET, so that a later run goes on from it. Prints the
# executions of each run and appends them to BUILD/fuzz-runs.txt (the
# totals docs/development.md § Fuzzing records). A crash, leak, timeout or
# out-of-memory fails, its reproducer left in BUILD.
# Usage: scripts/fuzz-long.sh SECONDS [BUILD] [TARGET...]
#   BUILD: a clang build configured with -DUMPIRE_FUZZ=ON (default build-fuzz)
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
seconds=${1:?usage: scripts/fuzz-long.sh SECONDS [BUILD] [TARGET...]}
build=${2:-build-fuzz}
shift $(( $# < 2 ? $# : 2 ))
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(log_fuzz rules_fuzz dice_fuzz)

if [ ! -x "$build/tests/fuzz/log_fuzz" ]; then
  echo "fuzz-long: no fuzz targets in $build: configure it with -DCMAKE_CXX_COMPILER=clang++-14 -DUMPIRE_FUZZ=ON" >&2
  exit 2
fi

seeds() {  # the bundled files a target starts from
  case $1 in
    log_fuzz) find replays tests -type f -name '*.ulog' ;;
    rules_fuzz) find corpus tests -type f -name '*.rules' ;;
    dice_fuzz) find tests/fuzz/dice_seeds -type f ;;
  esac
}

failed=0
for target in "${targets[@]}"; do
  dict=tests/fuzz/${target%_fuzz}.dict
  work="$build/fuzz-corpus-$target"
  mkdir -p "$work"
  seeds "$target" | while IFS= read -r f; do cp -n "$f" "$work/seed-$(echo "$f" | tr '/' '_')"; done
  echo "fuzz-long: $target for ${seconds}s from $(ls "$work" | wc -l) inputs, dictionary $dict"
  out=$(ASAN_OPTIONS=detect_leaks=1 "$build/tests/fuzz/$target" -max_total_time="$seconds" -dict="$dict" \
          -max_len=65536 -rss_limit_mb=2048 -timeout=10 -print_final_stats=1 -artifact_prefix="$build/" \
          "$work" 2>&1 || true)
  echo "$out" | grep -E '^(Done|stat::number_of_executed_units|==|SUMMARY)|ERROR|crash' || true
  execs=$(echo "$out" | sed -n 's/^stat::number_of_executed_units: *//p' | tail -1)
  echo "$(date -u +%Y-%m-%dT%H:%MZ) $target ${seconds}s ${execs:-0} executions $(git rev-parse --short HEAD)" \
    >> "$build/fuzz-runs.txt"
  # libFuzzer writes crash-*, leak-*, timeout-* or oom-* on a finding.
  if compgen -G "$build/crash-*" > /dev/null || compgen -G "$build/leak-*" > /dev/null ||
     compgen -G "$build/timeout-*" > /dev/null || compgen -G "$build/oom-*" > /dev/null; then
    echo "fuzz-long: $target found a failing input:"
    ls "$build"/crash-* "$build"/leak-* "$build"/timeout-* "$build"/oom-* 2>/dev/null || true
    failed=1
    break
  fi
done
echo "fuzz-long: executions so far, per target (from $build/fuzz-runs.txt):"
awk '{n[$2] += $4} END {for (t in n) printf "  %s %d\n", t, n[t]}' "$build/fuzz-runs.txt" | sort
exit $failed
