# Every fuzz target's kept corpus (tests/fuzz/corpus/NAME) and the inputs of the crashes it
# found (tests/fuzz/regressions/NAME) replayed through the target's code in this build,
# without libFuzzer: a fixed crash stays fixed. tests/fuzz/run_fuzz.sh grows the corpora.
set(dtb_fuzz_dir ${CMAKE_CURRENT_SOURCE_DIR}/fuzz)
# dtb_fuzz_tests builds the replays whose code is small enough to build under the sanitizers
# (label fuzz-sanitize: scripts/sanitize.sh, CI); the server's needs the generator (label fuzz).
add_custom_target(dtb_fuzz_tests)
function(dtb_fuzz_replay name libraries)
    add_executable(dtb_${name}_replay ${dtb_fuzz_dir}/${name}_fuzz.cpp
        ${dtb_fuzz_dir}/replay_main.cpp)
    target_link_libraries(dtb_${name}_replay PRIVATE ${libraries})
    add_test(NAME fuzz.${name}_replay COMMAND dtb_${name}_replay ${dtb_fuzz_dir}/corpus/${name}
        ${dtb_fuzz_dir}/regressions/${name})
    set(label fuzz)
    if(NOT ARGN STREQUAL "WITH_GENERATOR")
        set(label fuzz-sanitize)
        add_dependencies(dtb_fuzz_tests dtb_${name}_replay)
    endif()
    set_tests_properties(fuzz.${name}_replay PROPERTIES LABELS "${label}" TIMEOUT 600)
endfunction()
dtb_fuzz_replay(fen dtb::core)
dtb_fuzz_replay(counters dtb::core)
target_include_directories(dtb_counters_replay PRIVATE ${PROJECT_SOURCE_DIR}/probe/include)
dtb_fuzz_replay(pdn dtb::pdn)
dtb_fuzz_replay(table dtb::compress)
dtb_fuzz_replay(manifest dtb::compress)
dtb_fuzz_replay(http "dtb::serve_api;dtb::gen" WITH_GENERATOR)
dtb_fuzz_replay(arguments dtb::core)
target_sources(dtb_arguments_replay PRIVATE ${PROJECT_SOURCE_DIR}/python/src/argument_text.cpp)
target_include_directories(dtb_arguments_replay PRIVATE ${PROJECT_SOURCE_DIR}/python/src
    ${PROJECT_SOURCE_DIR}/probe/include)
