#!/usr/bin/env bash
# Fails on any tracked C++ file that `.clang-format` would change, naming each
# file and its first differing lines. `--fix` rewrites them instead.
# clang-format-14 is the formatter every machine of the project has
# (scripts/install-deps.sh); another version may format differently.
# Usage: scripts/check-format.sh [--fix]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
formatter=${CLANG_FORMAT:-clang-format-14}
command -v "$formatter" >/dev/null || {
  echo "check-format: $formatter not found; run scripts/install-deps.sh" >&2
  exit 2
}
mapfile -t files < <(git ls-files '*.cpp' '*.hpp' '*.h')
if [ "${1:-}" = "--fix" ]; then
  printf '%s\0' "${files[@]}" | xargs -0 -n 50 "$formatter" -i
  echo "check-format: formatted ${#files[@]} files"
  exit 0
fi
# One formatter run over every file lists the ones it would change.
mapfile -t unformatted < <(printf '%s\0' "${files[@]}" |
  xargs -0 -n 100 "$formatter" --dry-run 2>&1 |
  sed -n 's/^\([^:]*\):[0-9]*:[0-9]*: \(warning\|error\): code should be clang-formatted.*/\1/p' |
  sort -u)
if [ ${#unformatted[@]} -eq 0 ]; then
  echo "check-format: ${#files[@]} files formatted as .clang-format says"
  exit 0
fi
for f in "${unformatted[@]:0:10}"; do  # the first ten show what is wrong
  echo "check-format: $f is not formatted:" >&2
  "$formatter" "$f" | diff -u "$f" - | sed -n '3,12p' >&2 || true
done
echo "check-format: ${#unformatted[@]} of ${#files[@]} files are not formatted;" \
  "run scripts/check-format.sh --fix" >&2
exit 1
