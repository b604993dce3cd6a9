# dtb gen spread over 2 MPI ranks on this machine writes the same directory, byte for byte
# (tables and manifest), as one process; both ranks solve, and read back what the other
# solved; a job whose directory lost some tables resumes to the same bytes; an error on the
# ranks ends the job with its message.
#   cmake -DDTB=<dtb> -DMPIEXEC=<mpiexec> -DWORK_DIR=<dir> -DVARIANT=russian -DPIECES=4
#         -P mpi_same_bytes.cmake
cmake_minimum_required(VERSION 3.22)

include(${CMAKE_CURRENT_LIST_DIR}/../run_checked.cmake)

# --oversubscribe: this machine may have fewer cores than ranks; root runs CI.
set(mpirun ${MPIEXEC} -np 2 --oversubscribe --bind-to none --allow-run-as-root)
set(single ${WORK_DIR}/single)
set(spread ${WORK_DIR}/mpi)
file(REMOVE_RECURSE ${single} ${spread})

# Every file of directory a is in b with the same bytes, and the other way round.
function(expect_same a b)
    file(GLOB_RECURSE files_a RELATIVE ${a} LIST_DIRECTORIES true ${a}/*)
    file(GLOB_RECURSE files_b RELATIVE ${b} LIST_DIRECTORIES true ${b}/*)
    if(NOT files_a STREQUAL files_b)
        message(FATAL_ERROR "other files in ${b}:\n${files_a}\n${files_b}")
    endif()
    set(differ "")
    foreach(f IN LISTS files_a)
        if(IS_DIRECTORY ${a}/${f})
            continue()
        endif()
        file(SHA256 ${a}/${f} x)
        file(SHA256 ${b}/${f} y)
        if(NOT x STREQUAL y)
            string(APPEND differ " ${f}")
        endif()
    endforeach()
    if(differ)
        message(FATAL_ERROR "files that differ between one process and 2 ranks:${differ}")
    endif()
    list(LENGTH files_a n)
    message(STATUS "${n} files, the same bytes")
endfunction()

run(${DTB} gen ${VARIANT} --pieces ${PIECES} --out ${single} --threads 2)
execute_process(COMMAND ${mpirun} ${DTB} gen ${VARIANT} --pieces ${PIECES} --out ${spread}
                --threads 1 RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
    message(FATAL_ERROR "mpirun failed (${rc}):\n${out}\n${err}")
endif()
foreach(r 0 1)
    if(NOT err MATCHES "rank ${r} of 2: \\[[0-9]+/[0-9]+\\] [KMv]+ solved")
        message(FATAL_ERROR "rank ${r} solved nothing:\n${err}")
    endif()
endforeach()
# A rank reads back into memory the other's materials that its own look into.
if(NOT out MATCHES "rank [01] of 2: [^\n]*; [1-9][0-9]* materials read back from the shared tables")
    message(FATAL_ERROR "no rank read back the other's materials:\n${out}")
endif()
expect_same(${single} ${spread})

# Resume: the two-against-two materials' tables gone (as when a job is killed while writing
# them); the others are kept and read by the ranks that need them.
file(GLOB lost ${spread}/*.dtb)
list(FILTER lost INCLUDE REGEX "/[KM][KM]v[KM][KM]\\.")
list(LENGTH lost n_lost)
if(n_lost EQUAL 0)
    message(FATAL_ERROR "no ${PIECES}-piece tables to remove in ${spread}")
endif()
file(REMOVE ${lost})
run(${mpirun} ${DTB} gen ${VARIANT} --pieces ${PIECES} --out ${spread} --threads 1)
expect_same(${single} ${spread})
message(STATUS "resumed after ${n_lost} tables were removed")

# An error on the ranks (here: every rank's) ends the job with a failure and its message.
execute_process(COMMAND ${mpirun} ${DTB} gen ${VARIANT} --pieces ${PIECES} --out ${spread}
                --only KvK RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(rc EQUAL 0 OR NOT err MATCHES "--only solves one material")
    message(FATAL_ERROR "an --only job under mpirun: exit ${rc}\n${out}\n${err}")
endif()
expect_same(${single} ${spread})
file(REMOVE_RECURSE ${single} ${spread})
