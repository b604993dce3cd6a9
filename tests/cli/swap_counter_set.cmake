# Relabels the counters' tables of a directory as another counter set's (brazilian fmjd64 as cbd),
# for the dtb verify test that re-derives counters' values: the relabelled values must fail.
#   cmake -DDIR=<dir> -P swap_counter_set.cmake
file(READ "${DIR}/manifest.json" manifest)
string(REPLACE "\"counter_set\": \"fmjd64\"" "\"counter_set\": \"cbd\"" manifest "${manifest}")
file(WRITE "${DIR}/manifest.json" "${manifest}")
