# Runs one command and checks its exit code and output. Used by cli_tests.cmake as
#   cmake -DEXE=<program> -DARGS=<args separated by |> -DEXIT=<code>
#         [-DREGEX=<regex>] [-DCOMPACT_REGEX=<regex>] [-DNOT_REGEX=<regex>] [-DJSON=1]
#         [-DJSON_LENGTH=<n>] [-DJSON_KEYS=<key,key,...>] [-DABSENT=<path>] [-DFRESH=<path>]
#         -P expect_exit.cmake
# REGEX must match stdout+stderr; COMPACT_REGEX must match stdout+stderr with all
# whitespace removed (for JSON that may be spread over lines); NOT_REGEX must not match
# stdout+stderr; JSON=1 requires stdout to be valid JSON; JSON_LENGTH=n requires it to be a
# JSON array (or object) of n elements; JSON_KEYS requires stdout to be a JSON object with
# (at least) these members (a/b: member b of member a); ABSENT is removed before the command
# and must not exist after it; FRESH is removed before the command.
cmake_minimum_required(VERSION 3.19)

if(NOT DEFINED EXE OR NOT DEFINED EXIT)
    message(FATAL_ERROR "expect_exit.cmake needs -DEXE=... and -DEXIT=...")
endif()
if(DEFINED ARGS AND NOT ARGS STREQUAL "")
    string(REPLACE "|" ";" args "${ARGS}")
else()
    set(args "")
endif()

foreach(path IN ITEMS "${ABSENT}" "${FRESH}")
    if(NOT path STREQUAL "")
        file(REMOVE_RECURSE "${path}")
    endif()
endforeach()
execute_process(COMMAND "${EXE}" ${args}
    RESULT_VARIABLE rc
    OUTPUT_VARIABLE out
    ERROR_VARIABLE err)

set(all "${out}${err}")
string(REPLACE ";" "|" shown_args "${args}")
set(context "command: ${EXE} ${shown_args}\nexit code: ${rc}\nstdout:\n${out}\nstderr:\n${err}")

if(NOT rc STREQUAL "${EXIT}")
    message(FATAL_ERROR "expected exit code ${EXIT}\n${context}")
endif()
if(DEFINED ABSENT AND NOT ABSENT STREQUAL "" AND EXISTS "${ABSENT}")
    message(FATAL_ERROR "${ABSENT} exists after the command\n${context}")
endif()
if(DEFINED REGEX AND NOT REGEX STREQUAL "")
    if(NOT all MATCHES "${REGEX}")
        message(FATAL_ERROR "output does not match '${REGEX}'\n${context}")
    endif()
endif()
if(DEFINED COMPACT_REGEX AND NOT COMPACT_REGEX STREQUAL "")
    string(REGEX REPLACE "[ \t\r\n]+" "" compact "${all}")
    if(NOT compact MATCHES "${COMPACT_REGEX}")
        message(FATAL_ERROR "output without whitespace does not match '${COMPACT_REGEX}'\n${context}")
    endif()
endif()
if(DEFINED NOT_REGEX AND NOT NOT_REGEX STREQUAL "")
    if(all MATCHES "${NOT_REGEX}")
        message(FATAL_ERROR "output matches '${NOT_REGEX}' but should not\n${context}")
    endif()
endif()
if(JSON OR DEFINED JSON_LENGTH OR DEFINED JSON_KEYS)
    string(JSON type ERROR_VARIABLE json_error TYPE "${out}")
    if(json_error)
        message(FATAL_ERROR "stdout is not valid JSON: ${json_error}\n${context}")
    endif()
endif()
if(DEFINED JSON_LENGTH AND NOT JSON_LENGTH STREQUAL "")
    string(JSON length ERROR_VARIABLE json_error LENGTH "${out}")
    if(json_error OR NOT length EQUAL JSON_LENGTH)
        message(FATAL_ERROR "expected ${JSON_LENGTH} JSON elements, got '${length}' ${json_error}\n${context}")
    endif()
endif()
if(DEFINED JSON_KEYS AND NOT JSON_KEYS STREQUAL "")
    string(REPLACE "," ";" keys "${JSON_KEYS}")
    foreach(key IN LISTS keys)
        string(REPLACE "/" ";" path "${key}")
        string(JSON value ERROR_VARIABLE json_error GET "${out}" ${path})
        if(json_error)
            message(FATAL_ERROR "JSON output has no member '${key}': ${json_error}\n${context}")
        endif()
    endforeach()
endif()
