#!/usr/bin/env bash
# The main job, from a fresh clone: install what is missing, build the dtb command, run perft
# of every variant from its start position (the move generator against published counts),
# generate the default tablebase (russian, up to 4 pieces), probe a won position from it and
# play its best line. A rerun keeps what is built and the tables that are complete.
set -euo pipefail
cd "$(dirname "$0")/.."
step() { printf '\n== %s\n' "$*"; }

step "Installing the Debian packages dtb needs (if any is missing)"
scripts/setup.sh
step "Building the dtb command (Release, build/cli/dtb)"
DTB_TARGET=dtb scripts/build.sh
dtb=build/cli/dtb

# Depth per variant: about a second each on a laptop core (larger boards branch more).
depth_of() {
    case "$1" in
        international|frisian) echo 8 ;;
        canadian) echo 7 ;;
        turkish|armenian) echo 6 ;;
        *) echo 9 ;;
    esac
}
step "Perft of every variant: the leaf nodes at a depth from the start position"
printf '%-14s %5s %14s %12s\n' variant depth nodes "M nodes/s"
for v in $("$dtb" variants --names); do
    d=$(depth_of "$v")
    "$dtb" perft "$v" "$d" --json >/tmp/dtb-perft.$$.json
    python3 - /tmp/dtb-perft.$$.json "$v" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
rate = r["timing"][-1]["nodes_per_second"]
print("%-14s %5d %14d %12.1f" % (sys.argv[2], len(r["counts"]), r["counts"][-1], rate / 1e6))
PY
done
rm -f /tmp/dtb-perft.$$.json

step "Generating russian up to 4 pieces into tables/russian (pure values and the counters)"
"$dtb" gen russian --pieces 4 --out tables/russian

# Three kings against one: the longest win of KKKvK, White to move.
fen='W:WKc1,Kd2,Ka3:BKe1'
step "The value of $fen and of each of its moves"
"$dtb" probe tables/russian "$fen"
step "Its best line under the draw counters"
"$dtb" best tables/russian "$fen"

step "Done"
cat <<'TEXT'
Next: dtb serve tables/russian, then open http://127.0.0.1:8080/ for the analysis board;
build/cli/dtb --help lists every command; README.md explains what was printed.
TEXT
