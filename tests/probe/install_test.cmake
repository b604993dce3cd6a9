# Installs the build into a fresh prefix, then builds programs against the installed
# package both ways (find_package(dtb) and pkg-config) and runs them on a table directory,
# with no LD_LIBRARY_PATH (the rpath of the installed files finds the library).
#   cmake -DBUILD_DIR=... -DSOURCE_DIR=... -DWORK_DIR=... -DTABLES=... -DFEN=...
#         [-DPYTHON=... -DPYTHON_DIR=...] -P install_test.cmake
cmake_minimum_required(VERSION 3.22)

include(${CMAKE_CURRENT_LIST_DIR}/../run_checked.cmake)

set(prefix ${WORK_DIR}/prefix)
file(REMOVE_RECURSE ${WORK_DIR})
run(${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix})
foreach(f include/dtb/probe.h include/dtb/probe.hpp lib/pkgconfig/dtb.pc
        lib/cmake/dtb/dtbConfig.cmake)
    if(NOT EXISTS ${prefix}/${f})
        message(FATAL_ERROR "not installed: ${f}")
    endif()
endforeach()

# find_package(dtb)
run(${CMAKE_COMMAND} -S ${SOURCE_DIR}/tests/probe/install_consumer -B ${WORK_DIR}/consumer
    -DCMAKE_PREFIX_PATH=${prefix} -DCMAKE_BUILD_TYPE=Release
    -DEXAMPLE_SOURCE=${SOURCE_DIR}/examples/probe_example.c)
run(${CMAKE_COMMAND} --build ${WORK_DIR}/consumer)
# No environment: the programs find libdtb_probe through the rpath the installed files give
# them, built and once installed themselves; so does the installed dtb.
unset(ENV{LD_LIBRARY_PATH})
run(${CMAKE_COMMAND} --install ${WORK_DIR}/consumer --prefix ${WORK_DIR}/consumer_prefix)
foreach(dir ${WORK_DIR}/consumer ${WORK_DIR}/consumer_prefix/bin)
    run(${dir}/c_example ${TABLES} ${FEN})
    if(NOT last_output MATCHES "win, dtw")
        message(FATAL_ERROR "unexpected output of ${dir}/c_example:\n${last_output}")
    endif()
    run(${dir}/cpp_fast_path ${TABLES} ${FEN})
    if(NOT last_output MATCHES "fast path: win")
        message(FATAL_ERROR "unexpected output of ${dir}/cpp_fast_path:\n${last_output}")
    endif()
endforeach()
run(${prefix}/bin/dtb probe ${TABLES} ${FEN})
if(NOT last_output MATCHES "to move: win")
    message(FATAL_ERROR "unexpected output of the installed dtb:\n${last_output}")
endif()

# The Python package, where it is built: imported from the installed folder, no environment
# but PYTHONPATH (its rpath finds the library).
if(PYTHON AND PYTHON_DIR)
    set(ENV{PYTHONPATH} ${prefix}/${PYTHON_DIR})
    run(${PYTHON} -c "import dtb\nprint(dtb.__file__)\nprint(dtb.open_tablebase('${TABLES}').probe('${FEN}').wdl)")
    unset(ENV{PYTHONPATH})
    if(NOT last_output MATCHES "${PYTHON_DIR}/dtb/__init__.py" OR NOT last_output MATCHES "\nwin")
        message(FATAL_ERROR "unexpected output of the installed Python package:\n${last_output}")
    endif()
endif()

# pkg-config, with the plain C compiler
set(ENV{PKG_CONFIG_PATH} ${prefix}/lib/pkgconfig)
run(pkg-config --cflags --libs dtb)
string(STRIP "${last_output}" flags)
separate_arguments(flags UNIX_COMMAND "${flags}")
run(cc -std=c99 -Wall -o ${WORK_DIR}/pc_example ${SOURCE_DIR}/examples/probe_example.c ${flags})
run(${WORK_DIR}/pc_example ${TABLES} ${FEN})
if(NOT last_output MATCHES "win, dtw")
    message(FATAL_ERROR "unexpected output of the pkg-config build:\n${last_output}")
endif()
file(REMOVE_RECURSE ${WORK_DIR})
