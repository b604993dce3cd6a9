#!/usr/bin/env bash
# Builds the tests of a ctest label with a sanitizer preset of CMakePresets.json and runs them
# (docs/testing.md):
#   scripts/sanitize.sh asan-ubsan  AddressSanitizer + UBSan (and LeakSanitizer), label
#                                   "FOLDER-sanitize" of core, compress, pdn, fuzz (the kept
#                                   corpora replayed), probe and gen (gen's small
#                                   generations); in build-asan/
#   scripts/sanitize.sh tsan        ThreadSanitizer (clang, libomp and its Archer tool), label
#                                   "tsan": the prober's threads through one handle, the
#                                   block cache's writers and readers, the generator's OpenMP
#                                   passes, dtb gen and dtb serve under concurrent requests,
#                                   the Python module's threads; in build-tsan/
# DTB_SANITIZE_FOLDERS narrows asan-ubsan to some folders' tests: CI runs "core compress pdn
# fuzz", the readers of outside input, whose build fits its time (the prober and the generator are
# the whole per-variant library again under the sanitizer).
# Further arguments go to ctest (e.g. -R Index). Exit code 0 only if every test passes: a
# sanitizer's first report fails its test.
set -euo pipefail
cd "$(dirname "$0")/.."
preset=${1:-asan-ubsan}
case "$preset" in
    asan-ubsan) dir=build-asan
                folders=${DTB_SANITIZE_FOLDERS:-core compress pdn fuzz probe gen}
                targets=$(printf 'dtb_%s_tests ' $folders)
                label="^($(echo $folders | tr ' ' '|'))-sanitize(-tsan)?\$" ;;
    tsan) label=tsan dir=build-tsan
          targets="dtb_probe_tests dtb_gen_tests dtb dtb_python dtb_tsan_python"
          if ! command -v clang++-14 >/dev/null; then
              echo "$0: the tsan preset needs clang 14 and its libomp:" \
                   "apt install clang-14 libomp-14-dev" >&2
              exit 2
          fi ;;
    *) echo "usage: $0 [asan-ubsan|tsan] [ctest arguments...]" >&2; exit 2 ;;
esac
shift $(( $# > 0 ? 1 : 0 ))
jobs=${DTB_JOBS:-$(nproc)}

scripts/setup.sh
launcher=()
if command -v ccache >/dev/null; then
    launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
fi
cmake --preset "$preset" "${launcher[@]}" >/dev/null
# The label's test binaries only: the whole project under a sanitizer takes long to build.
# shellcheck disable=SC2086
cmake --build "$dir" -j "$jobs" --target $targets

# The first report ends the test; stacks for UBSan; detect_leaks: LeakSanitizer at exit.
export ASAN_OPTIONS="detect_leaks=1:detect_stack_use_after_return=1:check_initialization_order=1:strict_string_checks=1${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1${UBSAN_OPTIONS:+:$UBSAN_OPTIONS}"
export TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1${TSAN_OPTIONS:+ $TSAN_OPTIONS}"
# Labels are regexes: the multi-threaded tests (FOLDER-sanitize-tsan) run under ASan too.
ctest --test-dir "$dir" -L "$label" --output-on-failure -j "$jobs" --timeout 1800 "$@"
