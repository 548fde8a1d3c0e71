#!/usr/bin/env bash
# Regenerates the report of docs/verification.md (between its markers) from
# `umpire verify --format markdown` on every shipped ruleset.
# Usage: scripts/verification-report.sh [BUILD_DIR]   (default: build)
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${1:-$ROOT/build}
DOC=$ROOT/docs/verification.md
begin='<!-- BEGIN verification report -->'
end='<!-- END verification report -->'

report=$(mktemp)
trap 'rm -f "$report" "$report.doc" "$report.err"' EXIT
# Exit 1 means findings, which the report is about; anything else is a failure.
status=0
(cd "$ROOT" && "$BUILD/umpire" verify --format markdown) > "$report" 2> "$report.err" || status=$?
if [ "$status" -ne 0 ] && [ "$status" -ne 1 ]; then
  cat "$report.err" >&2
  echo "verification-report: umpire verify exited $status" >&2
  exit 1
fi
awk -v begin="$begin" -v end="$end" -v report="$report" '
  $0 == begin { print; while ((getline line < report) > 0) print line; skip = 1; next }
  $0 == end { skip = 0 }
  !skip { print }
' "$DOC" > "$report.doc"
mv "$report.doc" "$DOC"
echo "verification-report: $DOC updated"
