#!/bin/sh
# Seeds a corpus for dtb_table_fuzz with small valid tables: every table of russian up to 3
# pieces, each behind a flag byte 7 (recompute every checksum).
#   tests/fuzz/table_seed.sh build/cli/dtb corpus/
set -eu
dtb=$1
corpus=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$dtb" gen russian --pieces 3 --out "$tmp/russian" --threads 1 >/dev/null 2>&1
mkdir -p "$corpus"
for f in "$tmp"/russian/*.dtb; do
    { printf '\007'; cat "$f"; } >"$corpus/$(basename "$f")"
done
echo "$(ls "$corpus" | wc -l) files in $corpus"
