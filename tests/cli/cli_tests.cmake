# The dtb command line as a user runs it: exit codes (0 ok, 1 failure, 2 bad input) and the
# shape of the output. Each test runs expect_exit.cmake; all carry the label "cli".
# Expected numbers come from docs/variants.md#published-counts.

set(DTB_EXPECT_EXIT ${CMAKE_CURRENT_SOURCE_DIR}/cli/expect_exit.cmake)

# dtb_cli_test(NAME EXIT code ARGS arg... [PROGRAM exe] [REGEX r] [COMPACT_REGEX r]
#              [NOT_REGEX r] [JSON] [JSON_LENGTH n] [JSON_KEYS k,k,...] [ABSENT path]
#              [FRESH path])
# PROGRAM: what runs, dtb unless given (a script that drives dtb, say).
# Note: JSON objects may list their members in any order; regexes must not assume one.
# ABSENT: a path removed before the command runs that must not exist after it; FRESH: a
# path removed before the command runs (a directory the command writes anew).
function(dtb_cli_test name)
    cmake_parse_arguments(T "JSON" "EXIT;PROGRAM;REGEX;COMPACT_REGEX;NOT_REGEX;JSON_LENGTH;JSON_KEYS;ABSENT;FRESH" "ARGS" ${ARGN})
    string(REPLACE ";" "|" args "${T_ARGS}")
    if(NOT DEFINED T_PROGRAM)
        set(T_PROGRAM $<TARGET_FILE:dtb>)
    endif()
    set(defs -DEXE=${T_PROGRAM} "-DARGS=${args}" -DEXIT=${T_EXIT})
    foreach(opt REGEX COMPACT_REGEX NOT_REGEX JSON_LENGTH JSON_KEYS ABSENT FRESH)
        if(DEFINED T_${opt})
            list(APPEND defs "-D${opt}=${T_${opt}}")
        endif()
    endforeach()
    if(T_JSON)
        list(APPEND defs -DJSON=1)
    endif()
    add_test(NAME cli.${name} COMMAND ${CMAKE_COMMAND} ${defs} -P ${DTB_EXPECT_EXIT})
    set_tests_properties(cli.${name} PROPERTIES LABELS "cli" TIMEOUT 60)
endfunction()

# perft: JSON counts per depth, both duplicate conventions, from a FEN.
dtb_cli_test(perft_russian_json EXIT 0 JSON
    ARGS perft russian 3 --json
    COMPACT_REGEX "\"counts\":\\[7,49,302\\]")
dtb_cli_test(perft_json_keys EXIT 0 JSON_KEYS "variant,fen,duplicates,counts,timing"
    ARGS perft international 2 --json
    COMPACT_REGEX "\"counts\":\\[9,81\\]"
    REGEX "\"variant\": *\"international\"")
dtb_cli_test(perft_russian_keep_json EXIT 0 JSON
    ARGS perft russian 8 --keep-duplicates --json --threads 1
    REGEX "\"duplicates\": *\"keep\""
    COMPACT_REGEX "\"counts\":\\[7,49,302,1469,7482,37986,190146,929905\\]")
dtb_cli_test(perft_international_fen_json EXIT 0 JSON
    ARGS perft international 5 --fen "W:B12,13,14,16,18,19,21,23,24,26:W25,27,28,30,32,33,34,35,37,38" --json
    COMPACT_REGEX "\"counts\":\\[6,12,30,73,215\\]")
dtb_cli_test(perft_alias EXIT 0 JSON
    ARGS perft restriction 4 --json
    COMPACT_REGEX "\"counts\":\\[7,49,302,1469\\]")
dtb_cli_test(perft_divide EXIT 0 JSON JSON_KEYS "divide"
    ARGS perft russian 2 --divide --json
    COMPACT_REGEX "\"move\":\"c3-d4\",\"count\":7|\"count\":7,\"move\":\"c3-d4\"")
dtb_cli_test(perft_text EXIT 0
    ARGS perft russian 3
    REGEX "302")

# moves: the legal moves and the position after each.
dtb_cli_test(moves_international_king_json EXIT 0 JSON
    ARGS moves international "W:WK46:B23" --json
    REGEX "46x19"
    JSON_KEYS "variant,fen,moves"
    COMPACT_REGEX "\"move\":\"46x19\",\"fen_after\":\"B:WK19:B\"|\"fen_after\":\"B:WK19:B\",\"move\":\"46x19\"")
dtb_cli_test(moves_text EXIT 0
    ARGS moves international "W:WK46:B23"
    REGEX "46x5")
dtb_cli_test(moves_none EXIT 0
    ARGS moves international "W:W46:BK41,37"
    NOT_REGEX "46[-x]")

# variants: valid JSON, every variant of core/variants.txt and the three aliases.
list(LENGTH DTB_VARIANT_TYPES dtb_variant_count)
math(EXPR dtb_variant_names "${dtb_variant_count} + 3")
dtb_cli_test(variants_json EXIT 0 JSON JSON_LENGTH ${dtb_variant_names}
    ARGS variants --json
    REGEX "russian.*international.*armenian.*restriction.*ballot11.*czech8")
dtb_cli_test(variants_text EXIT 0
    ARGS variants
    REGEX "frisian")

# Bad input: exit code 2 and a message naming the problem.
dtb_cli_test(unknown_variant EXIT 2
    ARGS perft nosuchvariant 3
    REGEX "nosuchvariant")
dtb_cli_test(unknown_variant_moves EXIT 2
    ARGS moves chess "W:W31:B1"
    REGEX "chess")
dtb_cli_test(bad_fen_square EXIT 2
    ARGS moves international "W:W51:B1"
    REGEX "51")
dtb_cli_test(bad_fen_side EXIT 2
    ARGS perft international 2 --fen "X:W31:B1"
    REGEX "X")
dtb_cli_test(bad_fen_twice EXIT 2
    ARGS moves international "W:W31,31:B1"
    REGEX "31.*twice|twice.*31")
dtb_cli_test(bad_fen_turkish_number EXIT 2
    ARGS moves turkish "W:W10:B50"
    REGEX "10")
# (An empty argument cannot pass through the test's argument list; an empty quoted FEN can.)
dtb_cli_test(bad_fen_empty EXIT 2
    ARGS moves international "\"\""
    REGEX "[Ee]mpty")
dtb_cli_test(bad_depth EXIT 2
    ARGS perft russian 0)
dtb_cli_test(missing_depth EXIT 2
    ARGS perft russian)
dtb_cli_test(bad_depth_text EXIT 2
    ARGS perft russian three)
dtb_cli_test(no_subcommand EXIT 2
    ARGS "")
dtb_cli_test(unknown_subcommand EXIT 2
    ARGS frobnicate)
dtb_cli_test(unknown_option EXIT 2
    ARGS perft russian 3 --no-such-option)

# gen writes compressed tables (and nothing raw), verify checks them; a damaged copy fails
# verify with the file named, and gen repairs it.
set(DTB_CLI_TABLES ${CMAKE_CURRENT_BINARY_DIR}/cli_tables/russian)
set(DTB_CLI_DAMAGED ${CMAKE_CURRENT_BINARY_DIR}/cli_tables/damaged)
dtb_cli_test(gen_russian_3 EXIT 0
    ARGS gen russian --pieces 3 --out ${DTB_CLI_TABLES} --threads 2
    REGEX "16 slices solved|16 found complete")
set_tests_properties(cli.gen_russian_3 PROPERTIES FIXTURES_SETUP cli_tables)
dtb_cli_test(verify_ok EXIT 0 JSON JSON_KEYS "variant,tables_checked,tables_failed,tables,samples,counters_samples,ok"
    ARGS verify ${DTB_CLI_TABLES} --json --samples 100
    COMPACT_REGEX "\"tables_checked\":64,\"tables_failed\":0"
    REGEX "\"ok\": *true"
    NOT_REGEX "dtbs|\\.tmp")
dtb_cli_test(verify_text EXIT 0
    ARGS verify ${DTB_CLI_TABLES}
    REGEX "64 tables, 0 damaged.* 0 wrong; OK")
dtb_cli_test(gen_resume EXIT 0
    ARGS gen russian --pieces 3 --out ${DTB_CLI_TABLES}
    REGEX "0 slices solved, 16 found complete")
dtb_cli_test(stats_tables EXIT 0 JSON
    ARGS stats ${DTB_CLI_TABLES} --json
    COMPACT_REGEX "\"material\":\"KvK\"")
set_tests_properties(cli.verify_ok cli.verify_text cli.gen_resume cli.stats_tables
    PROPERTIES FIXTURES_REQUIRED cli_tables)
# The table files are the same bytes from every build: the pure tables of russian up to 3
# pieces against their recorded digests (this build, -march=native or not), and (long) a
# build without -march=native beside this one writing russian up to 4 pieces, all tables.
add_test(NAME cli.tables_same_bytes COMMAND ${CMAKE_COMMAND} -DDIR=${DTB_CLI_TABLES}
    -DEXPECTED=${CMAKE_CURRENT_SOURCE_DIR}/cli/russian3_tables.sha256
    -P ${CMAKE_CURRENT_SOURCE_DIR}/cli/table_digests.cmake)
set_tests_properties(cli.tables_same_bytes PROPERTIES LABELS "cli" FIXTURES_REQUIRED cli_tables)
add_test(NAME cli.portable_build_same_tables COMMAND ${CMAKE_COMMAND}
    -DSOURCE_DIR=${PROJECT_SOURCE_DIR} -DWORK_DIR=${CMAKE_CURRENT_BINARY_DIR}/portable_build
    -DNATIVE_DTB=$<TARGET_FILE:dtb> -P ${CMAKE_CURRENT_SOURCE_DIR}/cli/portable_tables.cmake)
set_tests_properties(cli.portable_build_same_tables PROPERTIES LABELS "long" TIMEOUT 5400)
# dtb gen over 2 MPI ranks: the same bytes as one process, and a resume (mpi_same_bytes.cmake);
# russian with its two counters and force rules, and (long) international with a force scope
# over men.
if(TARGET dtb_gen_mpi AND MPIEXEC_EXECUTABLE)
    foreach(variant russian international)
        add_test(NAME cli.gen_mpi_same_bytes_${variant} COMMAND ${CMAKE_COMMAND}
            -DDTB=$<TARGET_FILE:dtb> -DMPIEXEC=${MPIEXEC_EXECUTABLE}
            -DWORK_DIR=${CMAKE_CURRENT_BINARY_DIR}/mpi_${variant} -DVARIANT=${variant} -DPIECES=4
            -P ${CMAKE_CURRENT_SOURCE_DIR}/cli/mpi_same_bytes.cmake)
        set_tests_properties(cli.gen_mpi_same_bytes_${variant} PROPERTIES LABELS "cli;mpi"
            TIMEOUT 900 PROCESSORS 2)
    endforeach()
    set_tests_properties(cli.gen_mpi_same_bytes_international PROPERTIES LABELS "cli;mpi;long")
endif()
# A directory holds one variant's tables and one counter set's: gen refuses another's and says
# how to proceed, and the russian tables are still russian after the attempt.
dtb_cli_test(gen_refuses_other_variant EXIT 2
    ARGS gen english --pieces 3 --out ${DTB_CLI_TABLES}
    REGEX "holds russian tables .*not english.*another --out")
dtb_cli_test(stats_after_refusal EXIT 0 JSON
    ARGS stats ${DTB_CLI_TABLES} --json
    REGEX "\"variant\": *\"russian\"")
set_tests_properties(cli.gen_refuses_other_variant cli.stats_after_refusal PROPERTIES
    FIXTURES_REQUIRED cli_tables)
set_tests_properties(cli.stats_after_refusal PROPERTIES DEPENDS cli.gen_refuses_other_variant)
# verify holds the manifest's list of tables against the directory: a table missing, one
# not listed, one of another size.
set(DTB_CLI_UNLISTED ${CMAKE_CURRENT_BINARY_DIR}/cli_tables/unlisted)
add_test(NAME cli.unlist_tables COMMAND ${CMAKE_COMMAND} -DFROM=${DTB_CLI_TABLES}
    -DTO=${DTB_CLI_UNLISTED} -P ${CMAKE_CURRENT_SOURCE_DIR}/cli/unlist_tables.cmake)
set_tests_properties(cli.unlist_tables PROPERTIES LABELS "cli" FIXTURES_REQUIRED cli_tables
    FIXTURES_SETUP cli_unlisted)
dtb_cli_test(verify_missing_table EXIT 1
    ARGS verify ${DTB_CLI_UNLISTED} --samples 20
    REGEX "KKKvK.wdl.dtb: a table manifest.json does not list.*KKvK.dtw.dtb: listed in manifest.json, not in the directory .missing.*KvK.wdl.dtb: [0-9]+ bytes, manifest.json says [0-9]+.*3 differing from manifest.json.*FAILED")
dtb_cli_test(verify_missing_table_json EXIT 1 JSON
    ARGS verify ${DTB_CLI_UNLISTED} --json --samples 20
    COMPACT_REGEX "\"listing_problems\":3,.*\"file\":\"KKvK.dtw.dtb\",\"ok\":false,\"error\":\"missing\"")
set_tests_properties(cli.verify_missing_table cli.verify_missing_table_json PROPERTIES
    FIXTURES_REQUIRED cli_unlisted)
# Positions that cannot occur, refused alike by every command: no piece at all, or none of
# the side not to move. A side to move without pieces is a game just over.
dtb_cli_test(moves_no_piece EXIT 2 ARGS moves russian "W:W:B" REGEX "no piece on the board")
dtb_cli_test(moves_game_was_over EXIT 2 ARGS moves russian "W:WKc3:B" REGEX "already over")
dtb_cli_test(perft_no_piece EXIT 2 ARGS perft russian 2 --fen "W:W:B" REGEX "no piece")
dtb_cli_test(moves_game_just_over EXIT 0 ARGS moves russian "B:Wg7:B" REGEX "no legal move")
# Portuguese up to 4 pieces: the river count's two classes, their entries re-derived by verify.
set(DTB_CLI_PORTUGUESE ${CMAKE_CURRENT_BINARY_DIR}/cli_tables/portuguese)
dtb_cli_test(gen_portuguese_4 EXIT 0
    ARGS gen portuguese --pieces 4 --out ${DTB_CLI_PORTUGUESE}
    NOT_REGEX "no tables under the counters")
dtb_cli_test(verify_portuguese_counters EXIT 0
    ARGS verify ${DTB_CLI_PORTUGUESE} --samples 300
    REGEX "[1-9][0-9]+ under the counters, 0 wrong; OK")
set_tests_properties(cli.verify_portuguese_counters PROPERTIES DEPENDS cli.gen_portuguese_4)
dtb_cli_test(counters_portuguese_report EXIT 0 JSON
    ARGS counters ${DTB_CLI_PORTUGUESE} --material KKKvK --json
    COMPACT_REGEX "\"side_to_move\":\"black\",.*\"losses_drawn_by_counters\":0,")
set_tests_properties(cli.counters_portuguese_report PROPERTIES DEPENDS cli.gen_portuguese_4)
# By the distance under the counters the hardest win is as long as the pure one (13 moves of
# the winner); by the budget, 11.
dtb_cli_test(counters_portuguese_distances EXIT 0 JSON
    ARGS counters ${DTB_CLI_PORTUGUESE} --material KKKvK --distances --json
    COMPACT_REGEX "\"side_to_move\":\"white\",.*\"max_winner_moves_pure\":13,\"max_winner_moves_counters\":13,\"max_winner_moves_budget\":11,.*\"distances_unknown\":0,")
set_tests_properties(cli.counters_portuguese_distances PROPERTIES DEPENDS cli.gen_portuguese_4)
# Issue 51: Black's capture made three kings against one, a king on the river, White to move.
# The capture is not one of Black's 12 counted moves: 24 plies are left, and White loses.
dtb_cli_test(probe_portuguese_river_after_capture EXIT 0 JSON
    ARGS probe ${DTB_CLI_PORTUGUESE} "W:WK2:BK1,K13,K32" --json
    COMPACT_REGEX "\"counters\":{\"counter_set\":\"standard\",\"state\":{\"twenty-moves\":{\"plies\":0,\"left\":40},\"force\":{\"plies\":0,\"left\":24}},\"wdl\":\"loss\"")
set_tests_properties(cli.probe_portuguese_river_after_capture PROPERTIES DEPENDS cli.gen_portuguese_4)
# Frisian up to 3 pieces: the king-move restriction read from the FEN (":RW47/3": White's king
# on 47 has made three non-capturing moves in a row), answered under, and shown.
set(DTB_CLI_FRISIAN ${CMAKE_CURRENT_BINARY_DIR}/cli_tables/frisian)
dtb_cli_test(gen_frisian_3 EXIT 0
    ARGS gen frisian --pieces 3 --out ${DTB_CLI_FRISIAN} FRESH ${DTB_CLI_FRISIAN}
    NOT_REGEX "no tables under the counters")
set_tests_properties(cli.gen_frisian_3 PROPERTIES FIXTURES_SETUP cli_frisian)
dtb_cli_test(verify_frisian EXIT 0
    ARGS verify ${DTB_CLI_FRISIAN} --samples 300
    REGEX "0 wrong; OK")
dtb_cli_test(probe_frisian_fourth_king_move EXIT 0 JSON
    ARGS probe ${DTB_CLI_FRISIAN} "W:W46,K47:BK43:RW47/3" --json
    COMPACT_REGEX "\"fen\":\"W:W46,K47:BK43:RW47/3\",\"wdl\":\"draw\",.*\"king_streaks\":{\"limit\":3,\"white\":{\"king\":\"47\",\"moves\":3},\"black\":null}")
dtb_cli_test(probe_frisian_fresh EXIT 0 JSON
    ARGS probe ${DTB_CLI_FRISIAN} "W:W46,K47:BK43" --json
    COMPACT_REGEX "\"fen\":\"W:W46,K47:BK43\",\"wdl\":\"win\",\"dtw\":3,.*\"king_streaks\":{\"limit\":3,\"white\":null,\"black\":null}")
dtb_cli_test(probe_frisian_text EXIT 0
    ARGS probe ${DTB_CLI_FRISIAN} "W:W46,K47:BK43:RW47/3"
    REGEX "White's king on 47 has made 3 of its 3 moves in a row")
dtb_cli_test(best_frisian_king_run EXIT 0
    ARGS best ${DTB_CLI_FRISIAN} "W:WK31,36:BK28:RW31/2" --pure
    REGEX "king run 3/3"
    NOT_REGEX "king run [4-9]")
dtb_cli_test(probe_frisian_streak_without_king EXIT 2
    ARGS probe ${DTB_CLI_FRISIAN} "W:W46,K47:BK43:RW46/2"
    REGEX "holds no king")
dtb_cli_test(probe_frisian_streak_too_long EXIT 2
    ARGS probe ${DTB_CLI_FRISIAN} "W:W46,K47:BK43:RW47/4"
    REGEX "must be 1..3")
set_tests_properties(cli.verify_frisian cli.probe_frisian_fourth_king_move cli.probe_frisian_fresh
    cli.probe_frisian_text cli.best_frisian_king_run cli.probe_frisian_streak_without_king
    cli.probe_frisian_streak_too_long PROPERTIES FIXTURES_REQUIRED cli_frisian)

# Pool up to 4 pieces: where no counter runs (all but three kings against one) a promotion,
# like a capture, costs one ply of the budget; verify re-derives the entries from their moves.
set(DTB_CLI_POOL ${CMAKE_CURRENT_BINARY_DIR}/cli_tables/pool)
dtb_cli_test(gen_pool_4 EXIT 0
    ARGS gen pool --pieces 4 --compression fast --out ${DTB_CLI_POOL}
    NOT_REGEX "no tables under the counters")
dtb_cli_test(verify_pool_counters EXIT 0
    ARGS verify ${DTB_CLI_POOL} --samples 300
    REGEX "[1-9][0-9]+ under the counters, 0 wrong; OK")
set_tests_properties(cli.verify_pool_counters PROPERTIES DEPENDS cli.gen_pool_4)

# Counters' tables of one counter set labelled as another's: verify re-derives their values and fails.
set(DTB_CLI_SWAPPED ${CMAKE_CURRENT_BINARY_DIR}/cli_tables/swapped)
dtb_cli_test(gen_brazilian_fmjd64 EXIT 0
    ARGS gen brazilian --pieces 3 --out ${DTB_CLI_SWAPPED} --counters fmjd64
    FRESH ${DTB_CLI_SWAPPED})
dtb_cli_test(gen_refuses_other_counter_set EXIT 2
    ARGS gen brazilian --pieces 3 --out ${DTB_CLI_SWAPPED}
    REGEX "holds the counters' tables of counter set fmjd64, not cbd.*--counters fmjd64")
set_tests_properties(cli.gen_refuses_other_counter_set PROPERTIES DEPENDS cli.gen_brazilian_fmjd64)
add_test(NAME cli.swap_counter_set COMMAND ${CMAKE_COMMAND} -DDIR=${DTB_CLI_SWAPPED}
    -P ${CMAKE_CURRENT_SOURCE_DIR}/cli/swap_counter_set.cmake)
set_tests_properties(cli.swap_counter_set PROPERTIES LABELS "cli"
    DEPENDS "cli.gen_brazilian_fmjd64;cli.gen_refuses_other_counter_set")
dtb_cli_test(verify_swapped_counter_set EXIT 1
    ARGS verify ${DTB_CLI_SWAPPED} --samples 300
    REGEX "WRONG under the counters .*[1-9][0-9]* wrong; FAILED")
set_tests_properties(cli.verify_swapped_counter_set PROPERTIES DEPENDS cli.swap_counter_set)
add_test(NAME cli.damage_tables COMMAND ${CMAKE_COMMAND} -DFROM=${DTB_CLI_TABLES}
    -DTO=${DTB_CLI_DAMAGED} -P ${CMAKE_CURRENT_SOURCE_DIR}/cli/damage_table.cmake)
set_tests_properties(cli.damage_tables PROPERTIES LABELS "cli" FIXTURES_REQUIRED cli_tables
    FIXTURES_SETUP cli_damaged)
dtb_cli_test(verify_damaged EXIT 1
    ARGS verify ${DTB_CLI_DAMAGED}
    REGEX "KvK.dtc.dtb: truncated.*KvKK.dtw.dtb: holds russian KvKK wdl, expected russian KvKK dtw.*FAILED")
dtb_cli_test(verify_damaged_json EXIT 1 JSON
    ARGS verify ${DTB_CLI_DAMAGED} --json
    COMPACT_REGEX "\"tables_failed\":2"
    REGEX "\"error\": *\"another table than expected\"")
set_tests_properties(cli.verify_damaged cli.verify_damaged_json PROPERTIES
    FIXTURES_REQUIRED cli_damaged)
dtb_cli_test(gen_repairs EXIT 0
    ARGS gen russian --pieces 3 --out ${DTB_CLI_DAMAGED}
    REGEX "3 slices solved, 13 found complete.*solving KvK again.*solving KvKK again")
set_tests_properties(cli.gen_repairs PROPERTIES FIXTURES_REQUIRED cli_damaged
    DEPENDS "cli.verify_damaged;cli.verify_damaged_json")
# gen --compression fast, then pack: the tables become the small ones (verify passes, and a
# second pack has nothing to do); what pack cannot work on is refused. The directory starts
# empty on every run (a rerun would otherwise keep the tables packed before).
set(DTB_CLI_FAST ${CMAKE_CURRENT_BINARY_DIR}/cli_tables/fast)
add_test(NAME cli.fast_empty COMMAND ${CMAKE_COMMAND} -E rm -rf ${DTB_CLI_FAST})
set_tests_properties(cli.fast_empty PROPERTIES LABELS "cli" FIXTURES_SETUP cli_fast)
dtb_cli_test(gen_fast EXIT 0
    ARGS gen russian --pieces 3 --out ${DTB_CLI_FAST} --compression fast
    REGEX "16 slices solved")
set_tests_properties(cli.gen_fast PROPERTIES FIXTURES_SETUP cli_fast DEPENDS cli.fast_empty)
dtb_cli_test(pack_fast EXIT 0 JSON
    JSON_KEYS "dir,compression,tables_rewritten,tables_kept,bytes_before,bytes_after,wdl_one_ply,seconds"
    ARGS pack ${DTB_CLI_FAST} --json
    REGEX "\"compression\": *\"small\""
    COMPACT_REGEX "\"tables_rewritten\":64,\"tables_kept\":0")
dtb_cli_test(pack_again EXIT 0
    ARGS pack ${DTB_CLI_FAST}
    REGEX "0 tables rewritten to small, 64 already were")
dtb_cli_test(verify_packed EXIT 0
    ARGS verify ${DTB_CLI_FAST} --samples 50
    REGEX "64 tables, 0 damaged.* 0 wrong; OK")
set_tests_properties(cli.pack_fast cli.pack_again cli.verify_packed PROPERTIES
    FIXTURES_REQUIRED cli_fast)
set_tests_properties(cli.pack_again PROPERTIES DEPENDS cli.pack_fast)
set_tests_properties(cli.verify_packed PROPERTIES DEPENDS cli.pack_again)
# Then one WDL side a pair (some tables in one-ply form; verify still passes), and back.
dtb_cli_test(pack_one_side EXIT 0
    ARGS pack ${DTB_CLI_FAST} --wdl-sides one
    REGEX "[1-9][0-9]* WDL tables in one-ply form")
dtb_cli_test(verify_one_side EXIT 0
    ARGS verify ${DTB_CLI_FAST} --samples 50
    REGEX "64 tables, 0 damaged.* 0 wrong; OK")
dtb_cli_test(pack_both_sides EXIT 0
    ARGS pack ${DTB_CLI_FAST} --wdl-sides both
    REGEX "were. 0 WDL tables in one-ply form")
set_tests_properties(cli.pack_one_side cli.verify_one_side cli.pack_both_sides PROPERTIES
    FIXTURES_REQUIRED cli_fast)
set_tests_properties(cli.pack_one_side PROPERTIES DEPENDS cli.verify_packed)
set_tests_properties(cli.verify_one_side PROPERTIES DEPENDS cli.pack_one_side)
set_tests_properties(cli.pack_both_sides PROPERTIES DEPENDS cli.verify_one_side)
dtb_cli_test(pack_bad_wdl_sides EXIT 2
    ARGS pack ${CMAKE_CURRENT_BINARY_DIR} --wdl-sides half
    REGEX "'half' is not keep, one or both")
dtb_cli_test(gen_bad_compression EXIT 2
    ARGS gen russian --pieces 2 --compression tiny
    REGEX "compression")
dtb_cli_test(pack_no_manifest EXIT 2
    ARGS pack ${CMAKE_CURRENT_BINARY_DIR}
    REGEX "no manifest")
dtb_cli_test(verify_no_dir EXIT 2
    ARGS verify ${CMAKE_CURRENT_BINARY_DIR}/no_such_directory
    REGEX "no such directory")

# Exit codes of every command (0 success, 2 bad input, 1 any other failure), and with --json
# the error as JSON on standard output: {"error": {"code", "exit_code", "message"}}.
set(DTB_CLI_EMPTY_MANIFEST ${CMAKE_CURRENT_BINARY_DIR}/cli_tables/empty_manifest)
file(WRITE ${DTB_CLI_EMPTY_MANIFEST}/manifest.json "{}")
set(DTB_JSON_ERROR "error/code,error/exit_code,error/message")
dtb_cli_test(variants_bad_option EXIT 2 ARGS variants --frobnicate)
dtb_cli_test(variants_bad_option_json EXIT 2 JSON_KEYS ${DTB_JSON_ERROR}
    ARGS variants --json --frobnicate COMPACT_REGEX "\"code\":\"usage\"")
dtb_cli_test(perft_bad_depth_json EXIT 2 JSON_KEYS ${DTB_JSON_ERROR}
    ARGS perft russian 0 --json COMPACT_REGEX "\"exit_code\":2")
dtb_cli_test(moves_impossible_json EXIT 2 JSON_KEYS ${DTB_JSON_ERROR}
    ARGS moves russian "W:W:B" --json COMPACT_REGEX "\"code\":\"position\"")
dtb_cli_test(moves_bad_fen_json EXIT 2 JSON_KEYS ${DTB_JSON_ERROR}
    ARGS moves russian "W:Wz9:B" --json COMPACT_REGEX "\"code\":\"fen\"")
dtb_cli_test(gen_only_too_big EXIT 2
    ARGS gen russian --pieces 3 --only KKKvK --out ${CMAKE_CURRENT_BINARY_DIR}/cli_tables/never
    REGEX "KKKvK has more than 3 pieces"
    ABSENT ${CMAKE_CURRENT_BINARY_DIR}/cli_tables/never)
dtb_cli_test(gen_only_bad_material EXIT 2
    ARGS gen russian --pieces 3 --only KXvK --out ${CMAKE_CURRENT_BINARY_DIR}/cli_tables/never
    REGEX "KXvK" ABSENT ${CMAKE_CURRENT_BINARY_DIR}/cli_tables/never)
dtb_cli_test(gen_only_missing_dependencies EXIT 1
    ARGS gen russian --pieces 4 --only KKKvK --out ${CMAKE_CURRENT_BINARY_DIR}/cli_tables/never
    REGEX "KKKvK needs .*generate without --only first"
    ABSENT ${CMAKE_CURRENT_BINARY_DIR}/cli_tables/never)
dtb_cli_test(gen_compression_message EXIT 2
    ARGS gen russian --pieces 2 --compression medium
    REGEX "--compression: 'medium' is not small or fast" NOT_REGEX "Check|->|:0")
dtb_cli_test(stats_empty_manifest EXIT 2
    ARGS stats ${DTB_CLI_EMPTY_MANIFEST} REGEX "manifest.json has no .variant. string"
    NOT_REGEX "json.exception|out_of_range")
dtb_cli_test(stats_empty_manifest_json EXIT 2 JSON_KEYS ${DTB_JSON_ERROR}
    ARGS stats ${DTB_CLI_EMPTY_MANIFEST} --json COMPACT_REGEX "\"code\":\"directory\"")
dtb_cli_test(stats_no_dir EXIT 2 ARGS stats ${CMAKE_CURRENT_BINARY_DIR}/no_such_directory
    REGEX "no manifest")
dtb_cli_test(counters_empty_manifest_json EXIT 2 JSON_KEYS ${DTB_JSON_ERROR}
    ARGS counters ${DTB_CLI_EMPTY_MANIFEST} --json)
dtb_cli_test(counters_not_available EXIT 1
    ARGS counters ${DTB_CLI_TABLES} --material KKKKvK REGEX "not available")
dtb_cli_test(counters_not_available_json EXIT 1 JSON_KEYS ${DTB_JSON_ERROR}
    ARGS counters ${DTB_CLI_TABLES} --material KKKKvK --json
    COMPACT_REGEX "\"code\":\"not_available\"")
set_tests_properties(cli.counters_not_available cli.counters_not_available_json PROPERTIES
    FIXTURES_REQUIRED cli_tables)
dtb_cli_test(verify_no_dir_json EXIT 2 JSON_KEYS ${DTB_JSON_ERROR}
    ARGS verify ${CMAKE_CURRENT_BINARY_DIR}/no_such_directory --json
    COMPACT_REGEX "\"code\":\"directory\"")
dtb_cli_test(pack_no_manifest_json EXIT 2 JSON_KEYS ${DTB_JSON_ERROR}
    ARGS pack ${CMAKE_CURRENT_BINARY_DIR}/no_such_directory --json)

# gen says what a run needs before it starts, and the material it needs the most at, and
# refuses (exit code 1, nothing written) a run that needs more memory or disk than the machine
# has, unless --force. Under the default --memory what passes it is counted on the disk: the
# 8-piece run lacks disk.
dtb_cli_test(gen_estimate EXIT 0
    ARGS gen russian --pieces 6 --estimate --out ${CMAKE_CURRENT_BINARY_DIR}/cli_tables/never
    REGEX "russian up to 6 pieces .[0-9]+ positions of White to move. needs about [0-9.]+ GiB of memory .(the most while it solves [KMv]+|held to --memory); [0-9.]+ .iB available. and [0-9.]+ .iB of disk"
    ABSENT ${CMAKE_CURRENT_BINARY_DIR}/cli_tables/never)
# --estimate says the limits it takes (the machine's or its cgroup's memory, the CPU affinity
# or quota), and a run held below its floor is refused with the numbers.
dtb_cli_test(gen_estimate_limits EXIT 0
    ARGS gen russian --pieces 5 --estimate --out ${CMAKE_CURRENT_BINARY_DIR}/cli_tables/never
    REGEX "memory: [0-9.]+ .iB available .(the machine's MemAvailable|cgroup v[12] [a-z_.]+ of /[^)]*)., --memory [0-9.]+ .iB .85 % of it., at least [0-9.]+ MiB; threads: [0-9]+ "
    ABSENT ${CMAKE_CURRENT_BINARY_DIR}/cli_tables/never)
dtb_cli_test(gen_refuses_below_floor EXIT 1
    ARGS gen russian --pieces 5 --memory 1M --out ${CMAKE_CURRENT_BINARY_DIR}/cli_tables/never
    REGEX "russian up to 5 pieces needs at least [0-9.]+ MiB of memory, and --memory is 1 MiB.*--force"
    ABSENT ${CMAKE_CURRENT_BINARY_DIR}/cli_tables/never)
dtb_cli_test(gen_refuses_too_big EXIT 1
    ARGS gen international --pieces 8 --out ${CMAKE_CURRENT_BINARY_DIR}/cli_tables/never
    REGEX "needs about [0-9.]+ GiB of memory.*more (memory|disk|memory and disk) than this machine has.*--force"
    ABSENT ${CMAKE_CURRENT_BINARY_DIR}/cli_tables/never)

# Every example of every command's --help runs as written (tests/cli/help_examples.sh).
add_test(NAME cli.help_examples COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/help_examples.sh
    $<TARGET_FILE:dtb> ${CMAKE_CURRENT_BINARY_DIR}/help_examples)
set_tests_properties(cli.help_examples PROPERTIES LABELS "cli" TIMEOUT 600
    PASS_REGULAR_EXPRESSION "examples run, 0 failed")
# best --json documents drawing_moves; probe.h declares only functions the library exports.
dtb_cli_test(best_help_drawing_moves EXIT 0 ARGS best --help REGEX "drawing_moves")

# gen --values wdl: the WDL tables alone, verified, probed (alone and in a search path with
# the full tables), packed; a full run over them solves them again.
set(DTB_CLI_WDL ${CMAKE_CURRENT_BINARY_DIR}/cli_tables/wdl)
set(wdl_tests)
macro(wdl_test name)
    dtb_cli_test(${name} ${ARGN})
    list(APPEND wdl_tests cli.${name})
endmacro()
dtb_cli_test(gen_wdl EXIT 0 ARGS gen russian --pieces 3 --values wdl --out ${DTB_CLI_WDL}
    REGEX "16 slices solved" FRESH ${DTB_CLI_WDL})
set_tests_properties(cli.gen_wdl PROPERTIES FIXTURES_SETUP cli_wdl)
wdl_test(verify_wdl EXIT 0 ARGS verify ${DTB_CLI_WDL} --samples 50
    REGEX "16 tables, 0 damaged; [1-9][0-9]* sampled values re-derived, 0 wrong;.*OK")
wdl_test(probe_wdl EXIT 0 ARGS probe ${DTB_CLI_WDL} "W:WKa1,Kc3:Bh8"
    REGEX "White to move: win\n.*  [a-h][1-8]-[a-h][1-8] +loss" NOT_REGEX "dtw")
wdl_test(probe_wdl_json EXIT 0 JSON JSON_KEYS "variant,fen,wdl,moves"
    ARGS probe ${DTB_CLI_WDL} "W:WKa1,Kc3:Bh8" --json NOT_REGEX "\"dtw\"")
wdl_test(probe_wdl_search_path EXIT 0
    ARGS probe ${DTB_CLI_WDL}:${DTB_CLI_TABLES} "W:WKa1,Kc3:Bh8"
    REGEX "White to move: win  dtw 3  dtc 2")
wdl_test(best_wdl EXIT 1 ARGS best ${DTB_CLI_WDL} "W:WKa1,Kc3:Bh8" --pure REGEX "not available")
wdl_test(stats_wdl EXIT 0 ARGS stats ${DTB_CLI_WDL} REGEX "KvK ")
wdl_test(pack_wdl EXIT 0 ARGS pack ${DTB_CLI_WDL} REGEX "0 tables rewritten to small, 16 already were")
wdl_test(tables_search_path EXIT 0 JSON JSON_KEYS "variant,dir,largest,complete_up_to,materials"
    ARGS tables ${DTB_CLI_WDL}:${DTB_CLI_TABLES} --json
    COMPACT_REGEX "\"largest\":3,\"complete_up_to\":3,.*\"material\":\"KvK\",\"pieces\":2,\"tables\":.\"wdl\",\"dtw\",\"dtc\",\"counters\".")
wdl_test(tables_wdl EXIT 0 ARGS tables ${DTB_CLI_WDL}
    REGEX "russian in .*: 16 materials, up to 3 pieces .every material up to 3.\n  KvK +wdl\n")
set_tests_properties(${wdl_tests} PROPERTIES FIXTURES_REQUIRED "cli_wdl;cli_tables")
dtb_cli_test(gen_wdl_with_counters EXIT 2 ARGS gen russian --pieces 3 --values wdl --counters fmjd64
    --out ${CMAKE_CURRENT_BINARY_DIR}/cli_tables/never REGEX "drop --counters"
    ABSENT ${CMAKE_CURRENT_BINARY_DIR}/cli_tables/never)
dtb_cli_test(gen_all_over_wdl EXIT 0 ARGS gen russian --pieces 3 --out ${DTB_CLI_WDL}
    REGEX "16 slices solved, 0 found complete")
set_tests_properties(cli.gen_all_over_wdl PROPERTIES FIXTURES_REQUIRED cli_wdl
    DEPENDS "${wdl_tests}")
include(${CMAKE_CURRENT_SOURCE_DIR}/cli/annotate_tests.cmake)
