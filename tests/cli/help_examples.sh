#!/bin/sh
# Runs every example `dtb COMMAND --help` prints, as written, in a fresh scratch directory
# (gen's examples first write the tables the later commands read): each must exit 0. An
# example is a help line "  dtb ..." or "Example: dtb ..."; a comment after two spaces in
# parentheses is dropped.
#   help_examples.sh DTB WORK_DIR
set -u
dtb=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
work=$2
rm -rf "$work" && mkdir -p "$work/bin" && cd "$work" || exit 2
ln -s "$dtb" bin/dtb
PATH=$work/bin:$PATH
export PATH
ran=0
failed=0
for command in variants perft moves gen stats probe best counters verify pack tables; do
    examples=$(dtb "$command" --help | sed -n -e 's/^Example: \(dtb .*\)$/\1/p' \
        -e 's/^ *\(dtb .*\)$/\1/p' | sed -e 's/  *([^)]*)$//')
    [ -n "$examples" ] || { echo "dtb $command --help shows no example"; failed=$((failed + 1)); }
    while IFS= read -r example; do
        [ -n "$example" ] || continue
        ran=$((ran + 1))
        if ! sh -c "$example" > out.txt 2>&1; then
            echo "FAILED ($command): $example"
            tail -5 out.txt
            failed=$((failed + 1))
        fi
    done <<LIST
$examples
LIST
done
echo "$ran examples run, $failed failed"
[ "$failed" -eq 0 ] && [ "$ran" -gt 0 ]
