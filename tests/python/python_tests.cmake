# The Python package under pytest (Debian's python3-pytest), run by the interpreter it was
# built for, on tables written for them: russian up to 4 pieces with the counters' tables, russian
# up to 3 WDL alone, portuguese up to 4 (the river count).
if(NOT DTB_PYTHON_BUILD_DIR)
    return()
endif()
execute_process(COMMAND ${DTB_PYTHON_EXECUTABLE} -c "import pytest"
    RESULT_VARIABLE dtb_no_pytest OUTPUT_QUIET ERROR_QUIET)
if(dtb_no_pytest)
    message(WARNING "${DTB_PYTHON_EXECUTABLE} has no pytest (apt install python3-pytest): "
                    "the Python tests are not registered")
    return()
endif()

set(dtb_python_tables ${CMAKE_CURRENT_BINARY_DIR}/python_tables)
add_test(NAME python.tables COMMAND ${CMAKE_COMMAND} -E env
    sh -c "rm -rf '${dtb_python_tables}' && \
'$<TARGET_FILE:dtb>' gen russian --pieces 4 --out '${dtb_python_tables}/russian' && \
'$<TARGET_FILE:dtb>' gen russian --pieces 3 --values wdl --out '${dtb_python_tables}/wdl' && \
'$<TARGET_FILE:dtb>' gen portuguese --pieces 4 --out '${dtb_python_tables}/portuguese'")
set_tests_properties(python.tables PROPERTIES FIXTURES_SETUP python_tables LABELS "python"
    TIMEOUT 900)

foreach(suite game probe errors threads cli_agreement pdn verify)
    add_test(NAME python.${suite}
        COMMAND ${DTB_PYTHON_EXECUTABLE} -m pytest -q -p no:cacheprovider
            ${CMAKE_CURRENT_SOURCE_DIR}/python/test_${suite}.py)
    set_tests_properties(python.${suite} PROPERTIES FIXTURES_REQUIRED python_tables
        LABELS "python" TIMEOUT 900
        ENVIRONMENT "PYTHONPATH=${DTB_PYTHON_BUILD_DIR};DTB_EXE=$<TARGET_FILE:dtb>;DTB_PYTHON_TABLES=${dtb_python_tables}")
endforeach()

# The example scripts, as docs/python.md says to run them: russian KKKvK's hardest win under the
# counters takes the winner 13 moves to the end of the game, as pure (docs/counters.md).
add_test(NAME python.example_hardest
    COMMAND ${DTB_PYTHON_EXECUTABLE} ${PROJECT_SOURCE_DIR}/examples/python/hardest.py
        ${dtb_python_tables}/russian KKKvK)
set_tests_properties(python.example_hardest PROPERTIES FIXTURES_REQUIRED python_tables
    LABELS "python" TIMEOUT 300 ENVIRONMENT "PYTHONPATH=${DTB_PYTHON_BUILD_DIR}"
    PASS_REGULAR_EXPRESSION "hardest \\(counters\\): W:[^ ]+, 13 moves of the winner")
