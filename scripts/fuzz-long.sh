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

# The targets run side by side (each for SECONDS of wall time), so that a
# run on N cores takes SECONDS, not SECONDS per target.
fuzz_one() {  # TARGET: fuzz it, its output in $build/fuzz-TARGET.out
  local target=$1 dict=tests/fuzz/${1%_fuzz}.dict work="$build/fuzz-corpus-$1"
  mkdir -p "$work"
  seeds "$target" | while IFS= read -r f; do cp -n "$f" "$work/seed-$(echo "$f" | tr '/' '_')"; done
  echo "fuzz-long: $target for ${seconds}s from $(ls "$work" | wc -l) inputs, dictionary $dict"
  ASAN_OPTIONS=detect_leaks=1 "$build/tests/fuzz/$target" -max_total_time="$seconds" -dict="$dict" \
    -max_len=65536 -rss_limit_mb=2048 -timeout=10 -print_final_stats=1 \
    -artifact_prefix="$build/$target-" "$work" > "$build/fuzz-$target.out" 2>&1 || true
}

for target in "${targets[@]}"; do fuzz_one "$target" & done
wait

failed=0
for target in "${targets[@]}"; do
  out=$(cat "$build/fuzz-$target.out")
  echo "fuzz-long: $target:"
  echo "$out" | grep -E '^(Done|stat::number_of_executed_units|==|SUMMARY)|ERROR|crash' || true
  execs=$(echo "$out" | sed -n 's/^stat::number_of_executed_units: *//p' | tail -1)
  echo "$(date -u +%Y-%m-%dT%H:%MZ) $target ${seconds}s ${execs:-0} executions $(git rev-parse --short HEAD)" \
    >> "$build/fuzz-runs.txt"
  # libFuzzer writes crash-*, leak-*, timeout-* or oom-* on a finding.
  findings=$(ls "$build/$target"-crash-* "$build/$target"-leak-* "$build/$target"-timeout-* \
               "$build/$target"-oom-* 2>/dev/null || true)
  if [ -n "$findings" ]; then
    echo "fuzz-long: $target found a failing input:"
    echo "$findings"
    failed=1
  fi
done
echo "fuzz-long: executions so far, per target (from $build/fuzz-runs.txt):"
awk '{n[$2] += $4} END {for (t in n) printf "  %s %d\n", t, n[t]}' "$build/fuzz-runs.txt" | sort
exit $failed
