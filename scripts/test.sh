#!/usr/bin/env bash
# The whole default test suite, from a fresh clone: install what is missing, build, run
# ctest without the tests labelled "long" (run those with: cd build && ctest -L long).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
DTB_TARGET= scripts/build.sh  # every target, tests and benchmarks included
cd build
ctest -LE long --output-on-failure -j "$(nproc)" --timeout 900
