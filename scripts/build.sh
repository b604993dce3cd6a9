#!/usr/bin/env bash
# Configures and builds dtb (Release) in build/. Extra arguments go to cmake's configure step.
# DTB_TARGET names the one target to build (e.g. DTB_TARGET=dtb scripts/build.sh: only the
# command line, without tests and benchmarks); unset, everything is built.
# Warnings are errors under CI (CI=true).
set -euo pipefail
cd "$(dirname "$0")/.."
werror=OFF
[ "${CI:-}" = "true" ] && werror=ON
# The Python package is built for Debian's interpreter, which has python3-pytest (another
# python3 first on PATH, such as pyenv's, would lack it); -DPython_EXECUTABLE=... overrides.
python=()
[ -x /usr/bin/python3 ] && python=(-DPython_EXECUTABLE=/usr/bin/python3)
# Ninja for a new build directory: it compiles a target's sources while the libraries they
# link are still being made, where Make waits. An existing directory keeps its generator.
generator=()
[ ! -f build/CMakeCache.txt ] && command -v ninja >/dev/null && generator=(-G Ninja)
cmake -S . -B build "${generator[@]}" -DCMAKE_BUILD_TYPE=Release -DDTB_WERROR="$werror" \
      "${python[@]}" "$@" >/dev/null
target=()
[ -n "${DTB_TARGET:-}" ] && target=(--target "$DTB_TARGET")
cmake --build build -j "$(nproc)" "${target[@]}"
