# Shared by the README's commands: install packages, configure, build.
# Usage: source scripts/common.sh; umpire_build [extra cmake args...]
set -euo pipefail
UMPIRE_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
UMPIRE_BUILD=${UMPIRE_BUILD:-$UMPIRE_ROOT/build}

umpire_build() {
  "$UMPIRE_ROOT/scripts/install-deps.sh"
  # Optimised, with line tables only (-g1): enough for a backtrace or a
  # profile, and half the compile time of full debug information over
  # Spirit X3 and Boost.Geometry. Extra arguments may override either.
  cmake -S "$UMPIRE_ROOT" -B "$UMPIRE_BUILD" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O2 -g1 -DNDEBUG" "$@"
  local start; start=$(date +%s)
  cmake --build "$UMPIRE_BUILD" --parallel "$(nproc)"
  echo "build: $(( $(date +%s) - start )) s on $(nproc) cores"
}
