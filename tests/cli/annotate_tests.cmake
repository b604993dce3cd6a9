# dtb annotate on russian up to 3 pieces (the cli_tables fixture) and a PDN file written for
# the test: a win thrown to a draw (?), a win thrown to a loss (??), a move no piece can make,
# a game that never reaches the tables.
set(DTB_ANNOTATE_GAMES ${CMAKE_CURRENT_SOURCE_DIR}/cli/annotate_games.pdn)
set(DTB_ANNOTATED ${CMAKE_CURRENT_BINARY_DIR}/cli_tables/annotated.pdn)
dtb_cli_test(annotate_json EXIT 0 JSON JSON_KEYS "variant,file,under,games,summary"
    ARGS annotate ${DTB_CLI_TABLES} ${DTB_ANNOTATE_GAMES} --json
    COMPACT_REGEX "\"ply\":1,\"side\":\"white\",\"player\":\"Ann\",\"written\":\"e3-d4\",\"played\":\"e3-d4\",\"nag\":\"\\?\",\"before\":\"win\",\"after\":\"draw\",\"best\":\"e3-f4\",\"best_value\":\"win\".*\"player\":\"Carl\",\"written\":\"d2-g5\",\"played\":\"d2-g5\",\"nag\":\"\\?\\?\",\"before\":\"win\",\"after\":\"loss\".*\"summary\":{\"games\":4,\"replayed\":3,\"refused\":1,\"without_moves\":0,\"reached_tables\":3,\"agree\":0,\"differ\":2,\"result_unknown\":1,\"thrown\":2,\"thrown_by_player\":{\"Ann\":1,\"Carl\":1}}")
dtb_cli_test(annotate_text EXIT 0
    ARGS annotate ${DTB_CLI_TABLES} ${DTB_ANNOTATE_GAMES}
    REGEX "ply 1 Ann: e3-d4\\? throws the win away \\(draw\\); e3-f4 keeps the win.*ply 1 'e3-e5': no legal move.*game 4 .*does not reach the tables")
dtb_cli_test(annotate_pure EXIT 0 JSON
    ARGS annotate ${DTB_CLI_TABLES} ${DTB_ANNOTATE_GAMES} --json --under pure
    COMPACT_REGEX "\"under\":\"pure\".*\"thrown\":2,")
dtb_cli_test(annotate_out EXIT 0
    ARGS annotate ${DTB_CLI_TABLES} ${DTB_ANNOTATE_GAMES} --out ${DTB_ANNOTATED}
    FRESH ${DTB_ANNOTATED}
    REGEX "2 moves threw a result away")
# The annotated file reads back: the same games, the same findings, dtb's comments replaced.
dtb_cli_test(annotate_again EXIT 0 JSON
    ARGS annotate ${DTB_CLI_TABLES} ${DTB_ANNOTATED} --json
    COMPACT_REGEX "\"summary\":{\"games\":4,\"replayed\":3,\"refused\":1,.*\"thrown\":2,")
set_tests_properties(cli.annotate_out PROPERTIES FIXTURES_SETUP cli_annotated)
set_tests_properties(cli.annotate_again PROPERTIES FIXTURES_REQUIRED "cli_tables;cli_annotated")
# Bad input: exit code 2 and the reason.
dtb_cli_test(annotate_missing_file EXIT 2
    ARGS annotate ${DTB_CLI_TABLES} ${CMAKE_CURRENT_BINARY_DIR}/no_such_games.pdn
    REGEX "cannot open the file")
dtb_cli_test(annotate_directory EXIT 2 JSON
    ARGS annotate ${DTB_CLI_TABLES} ${DTB_CLI_TABLES} --json
    REGEX "\"code\": *\"file\".*is a directory")
# Text that is no PDN: one game, refused at its first "move" with the reason; no crash.
dtb_cli_test(annotate_not_pdn EXIT 0
    ARGS annotate ${DTB_CLI_TABLES} ${CMAKE_CURRENT_SOURCE_DIR}/cli/russian3_tables.sha256
    REGEX "ply 1 '[0-9a-f]+': .*1 refused")
dtb_cli_test(annotate_missing_tables EXIT 2
    ARGS annotate ${CMAKE_CURRENT_BINARY_DIR}/no_such_tables ${DTB_ANNOTATE_GAMES}
    REGEX "no_such_tables")
dtb_cli_test(annotate_bad_under EXIT 2
    ARGS annotate ${DTB_CLI_TABLES} ${DTB_ANNOTATE_GAMES} --under sometimes
    REGEX "sometimes")
set_tests_properties(cli.annotate_json cli.annotate_text cli.annotate_pure cli.annotate_out
    cli.annotate_missing_file cli.annotate_directory cli.annotate_not_pdn cli.annotate_bad_under
    PROPERTIES FIXTURES_REQUIRED cli_tables)
# scripts/games_report.py over the same file: the totals, the thrown moves by material (the
# thrower's first) and the wins thrown, in Markdown and JSON.
if(dtb_test_python)
    set(DTB_GAMES_REPORT ${PROJECT_SOURCE_DIR}/scripts/games_report.py --dtb $<TARGET_FILE:dtb>)
    set(DTB_GAMES_REPORT_JSON ${CMAKE_CURRENT_BINARY_DIR}/cli_tables/games_report.json)
    dtb_cli_test(games_report EXIT 0 PROGRAM ${dtb_test_python}
        ARGS ${DTB_GAMES_REPORT} ${DTB_CLI_TABLES} ${DTB_ANNOTATE_GAMES}
            --json ${DTB_GAMES_REPORT_JSON}
        FRESH ${DTB_GAMES_REPORT_JSON}
        REGEX "\\| 1 \\| 4 \\| 4 \\| 3 \\| 3 \\| 0 \\| 2 \\| 1 \\| 2 \\|.*win → draw 1, win → loss 1.*\\| KMvM \\| win → loss \\| 1 \\|.*\\| MMvM \\| win → draw \\| 1 \\|.*Wins thrown away.*\\| Ann \\| 1 \\| `W:Wc3,e3:Bh6` \\| e3-d4 \\| win → draw \\| e3-f4 \\|")
    # A file dtb refuses is reported, and the script fails, after the other files.
    dtb_cli_test(games_report_refused EXIT 1 PROGRAM ${dtb_test_python}
        ARGS ${DTB_GAMES_REPORT} ${DTB_CLI_TABLES} ${DTB_ANNOTATE_GAMES}
            ${CMAKE_CURRENT_BINARY_DIR}/no_such_games.pdn
        REGEX "\\| 1 \\| 4 \\|.*Files dtb annotate refused.*no_such_games.pdn.*cannot open")
    set_tests_properties(cli.games_report cli.games_report_refused
        PROPERTIES FIXTURES_REQUIRED cli_tables)
endif()
