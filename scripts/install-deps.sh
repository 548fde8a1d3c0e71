#!/usr/bin/env bash
# Installs exactly the Debian packages Umpire's build, tests and CI need.
# Idempotent: packages already present are left alone; apt is only asked when
# something is missing.
set -euo pipefail

packages=(
  cmake ninja-build g++ clang-14 libclang-rt-14-dev
  libboost1.81-dev libfmt-dev libz3-dev
  libgtest-dev librapidcheck-dev libbenchmark-dev
  libcli11-dev nlohmann-json3-dev pkg-config
  git dpkg-dev file clang-format-14
  chromium python3 python3-jsonschema
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages present"
  exit 0
fi

echo "install-deps: installing ${missing[*]}"
sudo_cmd=()
[ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -qq
"${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
