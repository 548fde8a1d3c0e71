#!/usr/bin/env bash
# The report page in a real browser (headless Chromium): for a bundled game
# of each kind of battlefield, the page loads with no console message of
# error, its DOM holds every unit and every diagnostic of the game's data,
# `#last` steps to the last event, and a screenshot is left in OUT_DIR (CI
# keeps it as an artifact).
#
# Usage: tests/report/browser_test.sh UMPIRE SOURCE_DIR OUT_DIR
set -euo pipefail
umpire=$(realpath "$1") source_dir=$2 out_dir=$3
mkdir -p "$out_dir"
out_dir=$(realpath "$out_dir")  # the browser opens file:// URLs

browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ]; then
  echo "browser_test: no chromium: scripts/install-deps.sh installs it" >&2
  exit 1
fi
# One profile per run, removed after: nothing of the user's browser is read.
profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
browse() {  # URL, then chromium's own options
  local url=$1
  shift
  timeout 120 "$browser" --headless --no-sandbox --disable-gpu --no-first-run \
    --user-data-dir="$profile" --hide-scrollbars --window-size=1366,860 \
    --virtual-time-budget=10000 "$@" "$url"
}

status=0
fail() {
  echo "browser_test: $*" >&2
  status=1
}
for game in sabreur-hex/essling-village hail-caesar/ford-of-the-arar wab/bagradas-plain sabreur-hex/fail/fail_action_combination; do
  name=$(basename "$game")
  page="$out_dir/$name.html"
  (cd "$source_dir" && "$umpire" report "replays/$game.ulog" -o "$page" > /dev/null) || true
  [ -s "$page" ] || { fail "$game: no page written"; continue; }
  # What the page's data says it must show.
  read -r units diagnostics frames < <(python3 - "$page" <<'PY'
import json, re, sys
text = open(sys.argv[1], encoding="utf-8").read()
data = re.search(r'<script type="application/json" id="game-data">(.*?)</script>', text, re.S)
game = json.loads(data.group(1))
print(len(game["units"]), len(game["diagnostics"]), len(game["frames"]))
PY
)
  dom=$(browse "file://$page#last" --enable-logging=stderr --v=0 --dump-dom 2> "$out_dir/$name.console")
  if grep -q 'INFO:CONSOLE' "$out_dir/$name.console"; then
    fail "$game: the console was written to:"
    grep 'INFO:CONSOLE' "$out_dir/$name.console" >&2
  fi
  drawn=$( (grep -o '<g class="unit[ "]' || true) <<< "$dom" | wc -l)
  [ "$drawn" -eq "$units" ] || fail "$game: $drawn units in the DOM, $units in the game"
  listed=$( (grep -o '<li class="[a-z_ ]*" data-frame="[0-9]*" data-index="[0-9]*"' || true) <<< "$dom" | wc -l)
  [ "$listed" -eq "$diagnostics" ] || fail "$game: $listed diagnostics in the DOM, $diagnostics in the game"
  shown=$(grep -o '<body data-frame="[0-9]*"' <<< "$dom" | grep -o '[0-9]*' || true)
  [ "$shown" = "$((frames - 1))" ] || fail "$game: the page shows event '$shown', not the last ($((frames - 1)))"
  browse "file://$page#last" --screenshot="$out_dir/$name.png" 2> /dev/null > /dev/null
  [ -s "$out_dir/$name.png" ] || fail "$game: no screenshot"
  echo "browser_test: $game: $units units, $diagnostics diagnostics, $frames frames; screenshot $out_dir/$name.png"
done
exit $status
