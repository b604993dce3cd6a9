# (Regexes avoid unbalanced square brackets: CMake does not split lists inside them.)
# Tests of the probing library outside GoogleTest: the example program, dtb probe and
# dtb best on a small generated directory, and the installed package.

# Russian up to 3 pieces, generated once for these tests.
set(DTB_PROBE_TABLES ${CMAKE_CURRENT_BINARY_DIR}/probe_tables/russian)
add_test(NAME probe.generate_tables
    COMMAND $<TARGET_FILE:dtb> gen russian --pieces 3 --out ${DTB_PROBE_TABLES} --threads 1)
set_tests_properties(probe.generate_tables PROPERTIES FIXTURES_SETUP probe_tables
    LABELS "probe" TIMEOUT 300)

# A won position (two kings against a man) and a draw.
set(DTB_PROBE_WIN "W:WKa1,Kc3:Bh8")
add_test(NAME probe.example COMMAND probe_example ${DTB_PROBE_TABLES} ${DTB_PROBE_WIN} "W:WKa1:BKh6")
set_tests_properties(probe.example PROPERTIES FIXTURES_REQUIRED probe_tables LABELS "probe"
    PASS_REGULAR_EXPRESSION "win, dtw 3, dtc 2.*draw")

set(probe_cli_tests)
macro(probe_cli_test name)
    dtb_cli_test(${name} ${ARGN})
    list(APPEND probe_cli_tests cli.${name})
endmacro()
probe_cli_test(probe_json EXIT 0 JSON JSON_KEYS "variant,fen,wdl,dtw,dtc,moves"
    ARGS probe ${DTB_PROBE_TABLES} ${DTB_PROBE_WIN} --json
    COMPACT_REGEX "\"wdl\":\"win\",\"dtw\":3,\"dtc\":2,\"moves\":.{\"move\":\"[a-h][1-8]-[a-h][1-8]\",\"wdl\":\"loss\",\"dtw\":2,")
probe_cli_test(probe_text EXIT 0 ARGS probe ${DTB_PROBE_TABLES} "B:WKa1,Kc3:Bh8"
    REGEX "Black to move: (win|draw|loss)")
probe_cli_test(probe_bad_fen EXIT 2 ARGS probe ${DTB_PROBE_TABLES} "W:Wz9:Bh8" REGEX "dtb: ")
probe_cli_test(probe_bad_dir EXIT 2 ARGS probe ${CMAKE_CURRENT_BINARY_DIR}/no_such_dir ${DTB_PROBE_WIN}
    REGEX "not a directory")
probe_cli_test(probe_not_available EXIT 1 ARGS probe ${DTB_PROBE_TABLES} "W:WKa1,Kc3:Bh8,h6"
    REGEX "not available")
probe_cli_test(probe_game_over EXIT 2 ARGS probe ${DTB_PROBE_TABLES} "W:WKa1:B"
    REGEX "already over")
probe_cli_test(best_line EXIT 0 ARGS best ${DTB_PROBE_TABLES} ${DTB_PROBE_WIN} --pure
    REGEX "win in 3 plies.*dtw 2.*dtw 1.*dtw 0.*Black has no move")
probe_cli_test(best_json EXIT 0 JSON JSON_KEYS "variant,fen,wdl,dtw,dtc,line"
    ARGS best ${DTB_PROBE_TABLES} ${DTB_PROBE_WIN} --pure --json COMPACT_REGEX "\"dtw\":0,\"state\":{.*}}.}$")
# Under the counters: fresh, run up by moves, set directly, and counters no position has.
probe_cli_test(probe_counters_json EXIT 0 JSON JSON_KEYS "variant,fen,wdl,dtw,dtc,moves,counters"
    ARGS probe ${DTB_PROBE_TABLES} ${DTB_PROBE_WIN} --json
    COMPACT_REGEX "\"counters\":{\"counter_set\":\"fmjd64\",\"state\":{.*\"wdl\":\"win\",\"class\":\"win\",\"plies\":3,")
probe_cli_test(probe_counters_cursed EXIT 0 ARGS probe ${DTB_PROBE_TABLES} "W:WKe1,Kh2:Bb6"
    --counters kings-only=29 REGEX "under the counters: cursed-win.*decided by kings-only")
probe_cli_test(probe_counters_moves EXIT 0 ARGS probe ${DTB_PROBE_TABLES} ${DTB_PROBE_WIN}
    --moves "a1-b2" REGEX "Black to move.*counters .fmjd64.: ")
probe_cli_test(probe_counters_bad_counters EXIT 2 ARGS probe ${DTB_PROBE_TABLES} ${DTB_PROBE_WIN}
    --counters "kings-only=999" REGEX "beyond its limit|does not apply")
probe_cli_test(probe_counters_unknown_counter EXIT 2 ARGS probe ${DTB_PROBE_TABLES} ${DTB_PROBE_WIN}
    --counters "nonsense=3" REGEX "the counters of fmjd64 are: kings-only")
probe_cli_test(probe_counters_bad_move EXIT 2 ARGS probe ${DTB_PROBE_TABLES} ${DTB_PROBE_WIN}
    --moves "a1-a2" REGEX "--moves: ")
probe_cli_test(best_counters_json EXIT 0 JSON JSON_KEYS "variant,fen,counter_set,state,wdl,plies,line"
    ARGS best ${DTB_PROBE_TABLES} ${DTB_PROBE_WIN} --json)
probe_cli_test(best_counters_line EXIT 0 ARGS best ${DTB_PROBE_TABLES} ${DTB_PROBE_WIN}
    REGEX "win in 3 plies under the counters [(]needs 2 plies of kings-only. 30 left[)].*budget.*Black has no move and loses")
probe_cli_test(best_draw EXIT 0 ARGS best ${DTB_PROBE_TABLES} "W:WKa1:BKh6" REGEX "draw")
probe_cli_test(best_bad_fen EXIT 2 ARGS best ${DTB_PROBE_TABLES} "W:Wa1:Bh8:X")
# Exit codes and JSON errors of probe and best; FENs in either case or as a PDN tag line; a
# win in one ply; a directory without manifest with --variant.
set(DTB_JSON_ERROR "error/code,error/exit_code,error/message")
probe_cli_test(probe_bad_fen_json EXIT 2 JSON_KEYS ${DTB_JSON_ERROR}
    ARGS probe ${DTB_PROBE_TABLES} "W:Wz9:Bh8" --json COMPACT_REGEX "\"code\":\"fen\"")
probe_cli_test(probe_not_available_json EXIT 1 JSON_KEYS ${DTB_JSON_ERROR}
    ARGS probe ${DTB_PROBE_TABLES} "W:WKa1,Kc3:Bh8,h6" --json
    COMPACT_REGEX "\"code\":\"not_available\",\"exit_code\":1,\"message\":\".*KKvMM")
probe_cli_test(best_not_available EXIT 1 ARGS best ${DTB_PROBE_TABLES} "W:WKa1,Kc3:Bh8,h6"
    REGEX "not available")
probe_cli_test(best_not_available_json EXIT 1 JSON_KEYS ${DTB_JSON_ERROR}
    ARGS best ${DTB_PROBE_TABLES} "W:WKa1,Kc3:Bh8,h6" --pure --json)
probe_cli_test(best_bad_counters_json EXIT 2 JSON_KEYS ${DTB_JSON_ERROR}
    ARGS best ${DTB_PROBE_TABLES} ${DTB_PROBE_WIN} --counters "nonsense=3" --json
    COMPACT_REGEX "\"code\":\"counters\"")
probe_cli_test(probe_lowercase_fen EXIT 0 ARGS probe ${DTB_PROBE_TABLES} "w:wka1,kc3:bh8"
    REGEX "W:WKa1,Kc3:Bh8.*White to move: win  dtw 3")
probe_cli_test(probe_pdn_tag EXIT 0 ARGS probe ${DTB_PROBE_TABLES} "[FEN \"W:WKa1,Kc3:Bh8\"]"
    REGEX "White to move: win  dtw 3")
probe_cli_test(best_one_ply EXIT 0 ARGS best ${DTB_PROBE_TABLES} "W:WKa1:Bb2" --pure
    REGEX "win in 1 ply .dtc" NOT_REGEX "1 plies")
probe_cli_test(best_one_ply_counters EXIT 0 ARGS best ${DTB_PROBE_TABLES} "W:WKa1:Bb2"
    REGEX "win in 1 ply under the counters" NOT_REGEX "1 plies")
probe_cli_test(probe_other_variant EXIT 2 ARGS probe ${DTB_PROBE_TABLES} ${DTB_PROBE_WIN}
    --variant english REGEX "holds russian tables .manifest.json., not english")
set_tests_properties(${probe_cli_tests} PROPERTIES FIXTURES_REQUIRED probe_tables)

# The same tables without their manifest: refused unless --variant names the variant.
set(DTB_PROBE_BARE ${CMAKE_CURRENT_BINARY_DIR}/probe_tables/bare)
add_test(NAME probe.bare_tables COMMAND ${CMAKE_COMMAND} -E copy_directory ${DTB_PROBE_TABLES}
    ${DTB_PROBE_BARE})
add_test(NAME probe.bare_manifest COMMAND ${CMAKE_COMMAND} -E rm -f ${DTB_PROBE_BARE}/manifest.json)
set_tests_properties(probe.bare_tables PROPERTIES FIXTURES_REQUIRED probe_tables
    FIXTURES_SETUP probe_bare LABELS "probe")
set_tests_properties(probe.bare_manifest PROPERTIES DEPENDS probe.bare_tables
    FIXTURES_SETUP probe_bare LABELS "probe")
set(bare_tests)
macro(bare_test name)
    dtb_cli_test(${name} ${ARGN})
    list(APPEND bare_tests cli.${name})
endmacro()
bare_test(probe_no_manifest EXIT 2 ARGS probe ${DTB_PROBE_BARE} ${DTB_PROBE_WIN}
    REGEX "no manifest.*--variant")
bare_test(probe_variant_named EXIT 0 ARGS probe ${DTB_PROBE_BARE} ${DTB_PROBE_WIN}
    --variant russian REGEX "White to move: win  dtw 3")
bare_test(best_variant_named EXIT 0 ARGS best ${DTB_PROBE_BARE} ${DTB_PROBE_WIN}
    --variant russian --pure REGEX "win in 3 plies")
bare_test(counters_variant_named EXIT 0 ARGS counters ${DTB_PROBE_BARE} --variant russian
    --material KKvM REGEX "KKvM")
bare_test(verify_variant_named EXIT 0 ARGS verify ${DTB_PROBE_BARE} --variant russian
    --samples 20 REGEX "russian .*0 wrong; OK")
set_tests_properties(${bare_tests} PROPERTIES FIXTURES_REQUIRED probe_bare)
set_tests_properties(${bare_tests} PROPERTIES DEPENDS probe.bare_manifest)

# cmake --install into a temporary prefix, then find_package(dtb) and pkg-config builds.
add_test(NAME install.package COMMAND ${CMAKE_COMMAND}
    -DBUILD_DIR=${CMAKE_BINARY_DIR} -DSOURCE_DIR=${CMAKE_SOURCE_DIR}
    -DWORK_DIR=${CMAKE_CURRENT_BINARY_DIR}/install_test -DTABLES=${DTB_PROBE_TABLES}
    -DFEN=${DTB_PROBE_WIN} -DPYTHON=${DTB_PYTHON_EXECUTABLE} -DPYTHON_DIR=${DTB_PYTHON_DIR}
    -P ${CMAKE_CURRENT_SOURCE_DIR}/probe/install_test.cmake)
set_tests_properties(install.package PROPERTIES FIXTURES_REQUIRED probe_tables
    LABELS "install" TIMEOUT 300)

# dtb/probe.h names only functions the library has (tests/probe/header_functions.cmake).
add_test(NAME probe.header_functions COMMAND ${CMAKE_COMMAND}
    -DHEADER=${PROJECT_SOURCE_DIR}/probe/include/dtb/probe.h
    "-DINCLUDES=${PROJECT_SOURCE_DIR}/probe/include"
    -DLIBRARY=$<TARGET_FILE:dtb_probe> -DWORK_DIR=${CMAKE_CURRENT_BINARY_DIR}/header_functions
    -P ${CMAKE_CURRENT_SOURCE_DIR}/probe/header_functions.cmake)
set_tests_properties(probe.header_functions PROPERTIES LABELS "probe")
