# Relabels the rules tables of a directory as another rule set's (brazilian fmjd64 as cbd),
# for the dtb verify test that re-derives rules values: the relabelled values must fail.
#   cmake -DDIR=<dir> -P swap_rule_set.cmake
file(READ "${DIR}/manifest.json" manifest)
string(REPLACE "\"rule_set\": \"fmjd64\"" "\"rule_set\": \"cbd\"" manifest "${manifest}")
file(WRITE "${DIR}/manifest.json" "${manifest}")
