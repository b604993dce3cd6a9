#!/usr/bin/env bash
# A compiler launcher that times each translation unit: configure with
#   cmake -B build -DCMAKE_CXX_COMPILER_LAUNCHER="$PWD/scripts/time-units.sh"
# and each compile appends "<seconds> <source>" to $DTB_UNIT_TIMES (default
# build/unit-times.txt); `sort -rn` on it lists the slowest sources first.
set -uo pipefail
log=${DTB_UNIT_TIMES:-$(dirname "$0")/../build/unit-times.txt}
source=""
prev=""
for arg in "$@"; do
    [ "$prev" = "-c" ] && source=$arg
    prev=$arg
done
start=$(date +%s.%N)
"$@"
status=$?
end=$(date +%s.%N)
[ -n "$source" ] && awk -v s="$start" -v e="$end" -v f="$source" 'BEGIN { printf "%.1f %s\n", e - s, f }' >>"$log"
exit $status
