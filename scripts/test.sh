#!/usr/bin/env bash
# The README's test command: set up, build, and run the whole test suite.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
umpire_build "$@"
ctest --test-dir "$UMPIRE_BUILD" --output-on-failure --parallel "$(nproc)"
