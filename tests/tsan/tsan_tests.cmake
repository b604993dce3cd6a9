# Under ThreadSanitizer, label "tsan" (a DTB_TSAN build only, OpenMP through Archer:
# archer.cmake): dtb gen's passes end to end, dtb serve under concurrent requests, and one
# Tablebase of the Python module probed from four Python threads.
set(dtb_tsan_dir ${CMAKE_CURRENT_BINARY_DIR}/tsan)

# Russian up to 4 pieces on two threads: the solver's waves and regions, the counters' tables
# and the table writer's parallel compression, from scratch each run (gen resumes otherwise).
add_test(NAME tsan.gen_russian_4 COMMAND sh -c "rm -rf '${dtb_tsan_dir}/russian' && \
'$<TARGET_FILE:dtb>' gen russian --pieces 4 --threads 2 --out '${dtb_tsan_dir}/russian'")
set_tests_properties(tsan.gen_russian_4 PROPERTIES FIXTURES_SETUP tsan_tables LABELS "tsan"
    TIMEOUT 1800 ${dtb_tsan_properties})

# dtb serve's 8 threads under a minute of the soak's mixed requests from 6 clients: probes,
# best lines, counters after a move, malformed FENs, counters and moves, unknown paths, huge
# queries, slow clients and clients that hang up. The server's stderr is not kept: its
# reports go to files. TSan's shadow memory grows with the run: the soak's memory bound is
# lifted (the soak itself checks it, uninstrumented).
if(dtb_test_python)
    add_test(NAME tsan.serve COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/tsan/without_reports.sh
        ${dtb_tsan_dir}/serve_reports ${dtb_test_python}
        ${CMAKE_CURRENT_SOURCE_DIR}/soak/server_soak.py --dtb $<TARGET_FILE:dtb>
        --tables ${dtb_tsan_dir}/russian --seconds 60 --max-growth 100
        --out ${dtb_tsan_dir}/serve)
    # Alone: the soak fails a probe slower than 10 s, which other TSan tests beside it could cause.
    set_tests_properties(tsan.serve PROPERTIES FIXTURES_REQUIRED tsan_tables LABELS "tsan"
        TIMEOUT 600 RUN_SERIAL TRUE ${dtb_tsan_properties})
endif()

# The Python module's threads (python/test_threads.py), run by an interpreter built with the
# TSan runtime in it (python_main.cpp); CPython itself is not instrumented. --capture=sys:
# pytest leaves file descriptor 2 alone, where TSan writes (a report ends the process).
if(NOT DTB_PYTHON_BUILD_DIR)
    message(WARNING "no Python module: tsan.python_threads is not registered")
    return()
endif()
find_package(Python COMPONENTS Interpreter Development.Embed)
add_executable(dtb_tsan_python ${CMAKE_CURRENT_SOURCE_DIR}/tsan/python_main.cpp)
target_link_libraries(dtb_tsan_python PRIVATE Python::Python)
add_test(NAME tsan.python_threads COMMAND $<TARGET_FILE:dtb_tsan_python> -m pytest -q
    -p no:cacheprovider --capture=sys ${CMAKE_CURRENT_SOURCE_DIR}/python/test_threads.py)
set_tests_properties(tsan.python_threads PROPERTIES FIXTURES_REQUIRED tsan_tables
    LABELS "tsan" TIMEOUT 600
    ENVIRONMENT "${dtb_tsan_archer};PYTHONPATH=${DTB_PYTHON_BUILD_DIR};DTB_PYTHON_TABLES=${dtb_tsan_dir}"
    ENVIRONMENT_MODIFICATION "${dtb_tsan_options}")
