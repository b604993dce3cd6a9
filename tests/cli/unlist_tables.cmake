# Copies a table directory and makes its files differ from its manifest's list, for the
# dtb verify test: KKvK.dtw.dtb removed (missing), KvK.wdl.dtb one byte longer (another size
# than listed) and a copy of KvK.dtc.dtb as KKKvK.wdl.dtb (a table no entry lists).
#   cmake -DFROM=<dir> -DTO=<dir> -P unlist_tables.cmake
file(REMOVE_RECURSE "${TO}")
file(COPY "${FROM}/" DESTINATION "${TO}")
file(REMOVE "${TO}/KKvK.dtw.dtb")
file(APPEND "${TO}/KvK.wdl.dtb" "x")
file(COPY_FILE "${TO}/KvK.dtc.dtb" "${TO}/KKKvK.wdl.dtb")
