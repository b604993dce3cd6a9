#!/usr/bin/env bash
# The main job, from a fresh clone: install what is missing, build, and run perft of every
# variant from its initial position (a check of the move generator against published
# counts, and of its speed).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/build.sh
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
