#!/usr/bin/env bash
# Fails when the report committed in docs/verification.md differs from what
# `umpire verify --format markdown` prints now (run it after changing the
# rules data or the verifier; scripts/verification-report.sh regenerates it).
# Usage: scripts/check-verification-report.sh [BUILD_DIR]   (default: build)
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${1:-$ROOT/build}
begin='<!-- BEGIN verification report -->'
end='<!-- END verification report -->'

committed=$(mktemp)
current=$(mktemp)
trap 'rm -f "$committed" "$current" "$current.err"' EXIT
awk -v begin="$begin" -v end="$end" '
  $0 == end { inside = 0 }
  inside { print }
  $0 == begin { inside = 1 }
' "$ROOT/docs/verification.md" > "$committed"
start=$(date +%s)
status=0
(cd "$ROOT" && "$BUILD/umpire" verify --format markdown) > "$current" 2> "$current.err" || status=$?
if [ "$status" -ne 0 ] && [ "$status" -ne 1 ]; then
  cat "$current.err" >&2
  echo "check-verification-report: umpire verify exited $status" >&2
  exit 1
fi
if ! diff -u "$committed" "$current"; then
  echo "check-verification-report: docs/verification.md is out of date; run scripts/verification-report.sh $BUILD" >&2
  exit 1
fi
echo "check-verification-report: docs/verification.md matches umpire verify ($(( $(date +%s) - start )) s)"
