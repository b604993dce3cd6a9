#!/usr/bin/env bash
# Builds the probe tests with ThreadSanitizer in build-tsan/ and runs the multi-threaded ones:
# eight threads probing one handle through a cache that evicts constantly, and the block
# cache's concurrent writers and readers. Exit code 0 only if TSan reports nothing.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
cmake -S . -B build-tsan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DDTB_TSAN=ON -DDTB_BUILD_BENCH=OFF \
    >/dev/null
cmake --build build-tsan -j "$(nproc)" --target dtb_probe_tests
# halt_on_error: the first report fails the run; second_deadlock_stack for clearer reports.
TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1 ${TSAN_OPTIONS:-}" \
    build-tsan/tests/dtb_probe_tests --gtest_filter='ProbeThreads.*:BlockCache.*'
