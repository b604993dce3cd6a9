# dtb serve: its JSON API (bad input, concurrent requests, a bounded wrk load on loopback)
# and its page in a real browser (Debian's chromium, headless, driven by python3-selenium),
# over tables written for them. Label "web".
set(dtb_web_python ${dtb_test_python})
if(NOT dtb_web_python)
    message(WARNING "no python3: the dtb serve tests are not registered")
    return()
endif()
execute_process(COMMAND ${dtb_web_python} -c "import pytest, selenium"
    RESULT_VARIABLE dtb_no_selenium OUTPUT_QUIET ERROR_QUIET)
find_program(DTB_CHROMEDRIVER chromedriver)
find_program(DTB_WRK wrk)
if(dtb_no_selenium OR NOT DTB_CHROMEDRIVER OR NOT DTB_WRK)
    message(WARNING "dtb serve's tests need python3-pytest, python3-selenium, chromium, "
                    "chromium-driver and wrk (scripts/setup.sh installs them): not registered")
    return()
endif()

# Russian up to 4 pieces (three kings against one, under the counters), international up to
# 4 (men on 10x10), turkish up to 3 (the 64-square board), and the 8x8 boards whose
# orientation and numbering differ, up to 2.
set(dtb_web_tables ${CMAKE_CURRENT_BINARY_DIR}/web_tables)
add_test(NAME web.tables COMMAND sh -c "rm -rf '${dtb_web_tables}' && \
'$<TARGET_FILE:dtb>' gen russian --pieces 4 --out '${dtb_web_tables}/russian' && \
'$<TARGET_FILE:dtb>' gen international --pieces 4 --out '${dtb_web_tables}/international' && \
'$<TARGET_FILE:dtb>' gen turkish --pieces 3 --out '${dtb_web_tables}/turkish' && \
for v in english italian portuguese brazilian; do \
'$<TARGET_FILE:dtb>' gen $v --pieces 2 --out '${dtb_web_tables}/'$v || exit 1; done")
set_tests_properties(web.tables PROPERTIES FIXTURES_SETUP web_tables LABELS "web" TIMEOUT 900)

foreach(suite api page)
    add_test(NAME web.${suite}
        COMMAND ${dtb_web_python} -m pytest -q -p no:cacheprovider
            ${CMAKE_CURRENT_SOURCE_DIR}/web/test_${suite}.py)
    set_tests_properties(web.${suite} PROPERTIES FIXTURES_REQUIRED web_tables
        LABELS "web" TIMEOUT 900 RUN_SERIAL TRUE
        ENVIRONMENT "DTB_EXE=$<TARGET_FILE:dtb>;DTB_WEB_TABLES=${dtb_web_tables};DTB_SCREENSHOTS=${CMAKE_BINARY_DIR}/screenshots")
endforeach()
