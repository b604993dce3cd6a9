#!/usr/bin/env bash
# Installs the Debian packages dtb builds with, if any is missing. Idempotent: installs
# nothing (and does not touch apt) when everything is there.
set -euo pipefail

packages=(g++ make cmake ninja-build pkg-config libgtest-dev libgmock-dev libbenchmark-dev libcli11-dev
          nlohmann-json3-dev libzstd-dev libxxhash-dev
          python3-dev pybind11-dev python3-pytest
          python3-build python3-setuptools python3-wheel python3-venv
          libcpp-httplib-dev libopenmpi-dev openmpi-bin
          chromium chromium-driver python3-selenium wrk strace)

missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "dtb: installing ${missing[*]}" >&2
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
