#!/usr/bin/env bash
# The README's first command: set up, build, and run Umpire on a bundled example.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
umpire_build
umpire="$UMPIRE_BUILD/umpire"
echo
echo "\$ umpire dice 3d6kl2 --target 7-    # an Elite unit's morale test against Cd 7 (Sabreur-hex)"
"$umpire" dice 3d6kl2 --target 7-
