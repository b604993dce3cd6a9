# Builds dtb without -march=native (-DDTB_NATIVE=OFF) beside the tested build and checks that
# both write the same table files, byte for byte (pure and counters' tables, russian up to 4
# pieces), and that the portable build's compile commands name no -march.
#   cmake -DSOURCE_DIR=<src> -DWORK_DIR=<dir> -DNATIVE_DTB=<dtb of the tested build>
#         -P portable_tables.cmake
cmake_minimum_required(VERSION 3.22)

include(${CMAKE_CURRENT_LIST_DIR}/../run_checked.cmake)

run(${CMAKE_COMMAND} -S ${SOURCE_DIR} -B ${WORK_DIR}/build -DCMAKE_BUILD_TYPE=Release
    -DDTB_NATIVE=OFF -DDTB_BUILD_TESTS=OFF -DDTB_BUILD_BENCH=OFF)
run(${CMAKE_COMMAND} --build ${WORK_DIR}/build --target dtb -j2)
file(READ ${WORK_DIR}/build/compile_commands.json commands)
if(commands MATCHES "-march=")
    message(FATAL_ERROR "the portable build compiles with -march")
endif()
foreach(build native portable)
    if(build STREQUAL "native")
        set(exe ${NATIVE_DTB})
    else()
        set(exe ${WORK_DIR}/build/cli/dtb)
    endif()
    file(REMOVE_RECURSE ${WORK_DIR}/${build})
    run(${exe} gen russian --pieces 4 --out ${WORK_DIR}/${build} --threads 2)
endforeach()
file(GLOB tables RELATIVE ${WORK_DIR}/native ${WORK_DIR}/native/*.dtb)
file(GLOB portable_tables RELATIVE ${WORK_DIR}/portable ${WORK_DIR}/portable/*.dtb)
if(NOT tables STREQUAL portable_tables)
    message(FATAL_ERROR "the builds wrote other files:\n${tables}\n${portable_tables}")
endif()
set(differ "")
foreach(t IN LISTS tables)
    file(SHA256 ${WORK_DIR}/native/${t} a)
    file(SHA256 ${WORK_DIR}/portable/${t} b)
    if(NOT a STREQUAL b)
        string(APPEND differ " ${t}")
    endif()
endforeach()
if(differ)
    message(FATAL_ERROR "tables that differ between the native and the portable build:${differ}")
endif()
list(LENGTH tables n)
message(STATUS "${n} tables, the same bytes from both builds")
file(REMOVE_RECURSE ${WORK_DIR}/native ${WORK_DIR}/portable)
