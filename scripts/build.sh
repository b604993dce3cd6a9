#!/usr/bin/env bash
# Configures and builds dtb (Release) in build/. Extra arguments go to cmake.
# Warnings are errors under CI (CI=true).
set -euo pipefail
cd "$(dirname "$0")/.."
werror=OFF
[ "${CI:-}" = "true" ] && werror=ON
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DDTB_WERROR="$werror" "$@" >/dev/null
cmake --build build -j "$(nproc)"
