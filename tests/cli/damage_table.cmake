# Copies a table directory and damages two tables in the copy, for the dtb verify and
# dtb gen resume tests: KvKK.dtw.dtb becomes a copy of KvKK.wdl.dtb (another kind than its
# name says) and KvK.dtc.dtb a few bytes of text (shorter than a header).
#   cmake -DFROM=<dir> -DTO=<dir> -P damage_table.cmake
file(REMOVE_RECURSE "${TO}")
file(COPY "${FROM}/" DESTINATION "${TO}")
file(COPY_FILE "${TO}/KvKK.wdl.dtb" "${TO}/KvKK.dtw.dtb")
file(WRITE "${TO}/KvK.dtc.dtb" "not a table")
