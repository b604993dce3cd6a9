# dtb gen and dtb pack killed at random moments of every phase (kill_harness.py): a killed
# directory that dtb verify passes holds the clean run's bytes, and the command run again
# ends identical to a clean run. A few kills a phase in the default run, 100 under "long".
if(NOT dtb_test_python)
    message(WARNING "no python3: the kill harness is not registered")
    return()
endif()
set(dtb_kills_dir ${CMAKE_CURRENT_BINARY_DIR}/crash)
# name|configurations|kills a phase|labels
set(dtb_kill_runs "short|plain,scratch,pack|2|crash" "long|plain,scratch,pack|100|long"
    "long_wide|wide|20|long")
set(dtb_kills_mpi "")
if(TARGET dtb_gen_mpi AND MPIEXEC_EXECUTABLE)
    list(APPEND dtb_kill_runs "short_mpi|mpi|1|crash,mpi" "long_mpi|mpi,mpi_scratch|100|long")
    set(dtb_kills_mpi --mpiexec ${MPIEXEC_EXECUTABLE})
endif()
foreach(run IN LISTS dtb_kill_runs)
    string(REPLACE "|" ";" run "${run}")
    list(GET run 0 name)
    list(GET run 1 configs)
    list(GET run 2 kills)
    list(GET run 3 labels)
    string(REPLACE "," ";" labels "${labels}")
    add_test(NAME crash.kills_${name}
        COMMAND ${dtb_test_python} ${CMAKE_CURRENT_SOURCE_DIR}/crash/kill_harness.py
            --dtb $<TARGET_FILE:dtb> ${dtb_kills_mpi} --work ${dtb_kills_dir}/${name}
            --configs ${configs} --kills ${kills} --json ${dtb_kills_dir}/${name}.json)
    set_tests_properties(crash.kills_${name} PROPERTIES LABELS "${labels}" TIMEOUT 14400)
endforeach()

# The order of the flushes and renames, under strace (sync_order.py): what no kill can show.
find_program(DTB_STRACE strace)
if(DTB_STRACE)
    add_test(NAME crash.sync_order
        COMMAND ${dtb_test_python} ${CMAKE_CURRENT_SOURCE_DIR}/crash/sync_order.py
            --dtb $<TARGET_FILE:dtb> --work ${dtb_kills_dir}/sync_order --strace ${DTB_STRACE})
    set_tests_properties(crash.sync_order PROPERTIES LABELS "crash" TIMEOUT 300)
else()
    message(WARNING "no strace (scripts/setup.sh installs it): crash.sync_order not registered")
endif()
