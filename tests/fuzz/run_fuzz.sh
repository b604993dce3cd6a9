#!/usr/bin/env bash
# Fuzzes every target (or those named) for SECONDS each, growing the kept corpora:
#   tests/fuzz/run_fuzz.sh SECONDS [fen|counters|pdn|table|manifest|http|arguments...]
# Builds the targets with clang and libFuzzer in build-fuzz/, runs each from its corpus
# (tests/fuzz/corpus/NAME) on one core per job (FUZZ_JOBS, default 1), merges what found new
# coverage back into the corpus (minimised), and copies any crashing input into
# tests/fuzz/regressions/NAME/, which every build's tests replay (replay_tests.cmake): fix
# the crash, keep the input. Prints per target the runs, the corpus and the crashes; exits 1
# when a target crashed.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
seconds=${1:?usage: tests/fuzz/run_fuzz.sh SECONDS [TARGET...]}
shift
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(fen counters pdn table manifest http arguments)
jobs=${FUZZ_JOBS:-1}
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ \
      -DCMAKE_C_COMPILER=clang -DDTB_FUZZ=ON -DDTB_BUILD_TESTS=OFF -DDTB_BUILD_BENCH=OFF \
      "${launcher[@]}" >/dev/null
build_targets=()
for t in "${targets[@]}"; do build_targets+=(--target "dtb_${t}_fuzz"); done
cmake --build build-fuzz "${build_targets[@]}"
failed=0
for t in "${targets[@]}"; do
    corpus=tests/fuzz/corpus/$t
    work=build-fuzz/runs/$t
    rm -rf "$work" && mkdir -p "$work/new" "$work/crashes" "$corpus"
    exe=build-fuzz/tests/fuzz/dtb_${t}_fuzz
    log=$work/fuzz.log
    # Several jobs: libFuzzer's workers write fuzz-N.log in the current directory (each target
    # runs in its own) and the parent copies each into its log; one job runs in this process.
    parallel=()
    [ "$jobs" -gt 1 ] && parallel=(-jobs="$jobs" -workers="$jobs")
    # New inputs go to $work/new; the kept corpus is read, not written, while fuzzing.
    (cd "$work" && "$root/$exe" new "$root/$corpus" -max_total_time="$seconds" \
        -print_final_stats=1 -artifact_prefix=crashes/ "${parallel[@]}" \
        -timeout=25 -rss_limit_mb=4096 >fuzz.log 2>&1) || true
    # The corpus merged and minimised: what covers something the kept corpus does not.
    mkdir -p "$work/merged"
    "$exe" -merge=1 "$work/merged" "$corpus" "$work/new" >"$work/merge.log" 2>&1
    rm -rf "$corpus" && mv "$work/merged" "$corpus"
    runs=$(grep -ho 'stat::number_of_executed_units: *[0-9]*' "$log" | awk '{s+=$2} END {print s+0}')
    # Slow units (over 10 s once, as a loaded machine makes them) are named, not kept: a real
    # hang is a timeout, past 25 s.
    slow=$(find "$work/crashes" -type f -name 'slow-unit-*' | wc -l)
    find "$work/crashes" -type f -name 'slow-unit-*' -delete
    crashes=$(find "$work/crashes" -type f | wc -l)
    if [ "$crashes" -gt 0 ]; then
        failed=1
        mkdir -p "tests/fuzz/regressions/$t"
        cp "$work"/crashes/* "tests/fuzz/regressions/$t/"
    fi
    printf '%-9s %6s s  %12s runs  corpus %5s files %9s bytes  crashes %s  slow units %s\n' \
        "$t" "$seconds" "$runs" "$(ls "$corpus" | wc -l)" "$(du -sb "$corpus" | cut -f1)" \
        "$crashes" "$slow"
done
exit $failed
