#!/usr/bin/env bash
# The main job, from a fresh clone: install what is missing, build the dtb command (only
# that target: the tests and benchmarks are scripts/test.sh's), run perft of every variant
# from its initial position (a check of the move generator against published counts, and
# of its speed), then generate the default tablebase (russian, up to 4 pieces) and probe a
# won position from it: its value, every move's value, and the best line.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
DTB_TARGET=dtb scripts/build.sh
dtb=build/cli/dtb
depth_of() {
    case "$1" in
        international|frisian) echo 8 ;;
        canadian) echo 7 ;;
        turkish|armenian) echo 6 ;;
        *) echo 9 ;;
    esac
}
printf '%-14s %5s %14s %10s\n' variant depth nodes "M nodes/s"
for v in $("$dtb" variants --json | sed -n 's/^ *"name": "\(.*\)",$/\1/p'); do
    d=$(depth_of "$v")
    line=$("$dtb" perft "$v" "$d" | tail -n 1)
    nodes=$(echo "$line" | sed -n 's/^depth [0-9]*: \([0-9]*\).*/\1/p')
    rate=$(echo "$line" | sed -n 's/.*, \([0-9.]*\) M nodes\/s).*/\1/p')
    printf '%-14s %5s %14s %10s\n' "$v" "$d" "$nodes" "${rate:--}"
done

# The default tablebase, and a probe of it: three kings against one, the longest win of
# KKKvK (White to move). A rerun finds the tables complete and keeps them.
echo
"$dtb" gen russian --pieces 4 --out tables/russian
fen='W:WKc1,Kd2,Ka3:BKe1'
echo
"$dtb" probe tables/russian "$fen"
echo
"$dtb" best tables/russian "$fen"
