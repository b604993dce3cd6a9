#!/usr/bin/env bash
# Builds the dtb command with profile-guided optimisation, in build-pgo/ (or $DTB_PGO_BUILD):
# an instrumented dtb is built and trained on generating tables, then dtb is built again from
# the profile the training wrote. Takes about three times as long as scripts/build.sh's dtb;
# the generator it gives is some 10 % faster (docs/performance.md). Extra arguments go to
# cmake.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${DTB_PGO_BUILD:-build-pgo}
jobs=$(nproc)
train=$(mktemp -d)
trap 'rm -rf "$train"' EXIT

echo "build-pgo: 1/3 instrumented build in $dir"
cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=Release -DDTB_PGO=generate "$@" >/dev/null
find "$dir" -name '*.gcda' -delete  # a profile of other sources would not match
cmake --build "$dir" -j "$jobs" --target dtb

# The training: the generator's paths for kings only, men only and mixed slices, one and
# several blocks, 8x8 and 10x10, and the writer of both presets. Counters are not atomic
# (DTB_PGO=generate): the few increments two threads lose do not change what the profile says.
echo "build-pgo: 2/3 training"
"$dir/cli/dtb" gen russian --pieces 5 --compression fast --out "$train/russian" >/dev/null
"$dir/cli/dtb" gen english --pieces 4 --out "$train/english" >/dev/null
"$dir/cli/dtb" gen international --pieces 4 --compression fast --out "$train/international" \
    >/dev/null

echo "build-pgo: 3/3 build from the profile"
cmake -S . -B "$dir" -DDTB_PGO=use >/dev/null
cmake --build "$dir" -j "$jobs" --target dtb
echo "build-pgo: $dir/cli/dtb"
