#!/usr/bin/env bash
# Sarif.OutputMatchesTheSchema: what `umpire check --format sarif` and
# `umpire verify --format sarif` write is valid against the official SARIF
# 2.1.0 schema (tests/data/sarif/). The validator is Debian's
# python3-jsonschema: where it is missing the test is reported skipped
# (exit 77), and on CI (CI set) it fails, so that a CI without it never
# passes unvalidated.
# usage: sarif_schema_test.sh UMPIRE SOURCE_DIR
set -euo pipefail
umpire=$1
source_dir=$2
python=python3
[ -x /usr/bin/python3 ] && python=/usr/bin/python3   # where Debian's jsonschema is
schema=$source_dir/tests/data/sarif/sarif-schema-2.1.0.json
validator=$source_dir/tests/cli/validate_sarif.py

on_ci() { [ -n "${CI:-}" ] && [ "${CI}" != "false" ]; }
if ! "$python" -c 'import jsonschema' 2>/dev/null; then
  echo "sarif_schema_test: python3-jsonschema is missing (scripts/install-deps.sh installs it)" >&2
  if on_ci; then exit 1; fi
  exit 77
fi

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
cd "$source_dir"
# A violation with notes and a related location, a syntax error, a clean
# game, a ruleset without an engine, a folder, and an argument that names
# nothing (a notification): every kind of output the run can hold.
set +e
"$umpire" check --format sarif -j 2 replays/sabreur-hex/fail replays/fail/syntax \
  replays/sabreur-hex/essling-village.ulog replays/wab/bagradas-plain.ulog \
  /nonexistent/game.ulog > "$out/check.sarif" 2>/dev/null
# The verifier's defect files: findings of every category, coverage notices.
"$umpire" verify tests/verify/defects/*.rules --format sarif > "$out/verify.sarif" 2>/dev/null
set -e
"$python" "$validator" "$schema" "$out/check.sarif" "$out/verify.sarif"
