# ThreadSanitizer and OpenMP (docs/testing.md): clang's libomp with LLVM's Archer tool, which
# tells TSan of the runtime's barriers, locks and tasks (GCC's libgomp hides them from it).
# dtb_tsan_properties: the ctest properties of a test under TSan.
if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang" OR NOT OpenMP_omp_LIBRARY)
    message(FATAL_ERROR "DTB_TSAN needs clang and LLVM's libomp (cmake --preset tsan): "
                        "TSan does not see libgomp's barriers")
endif()
get_filename_component(dtb_omp_dir ${OpenMP_omp_LIBRARY} DIRECTORY)
find_library(DTB_ARCHER archer HINTS ${dtb_omp_dir} NO_DEFAULT_PATH)
if(NOT DTB_ARCHER)
    message(FATAL_ERROR "no libarcher.so beside ${OpenMP_omp_LIBRARY} (Debian: libomp-14-dev)")
endif()
set(dtb_tsan_archer "OMP_TOOL_LIBRARIES=${DTB_ARCHER}")
# libomp's own accesses (and libstdc++'s, CPython's) are not instrumented and look racy to
# TSan; Archer asks for them to be ignored.
set(dtb_tsan_options "TSAN_OPTIONS=string_append: ignore_noninstrumented_modules=1")
set(dtb_tsan_properties ENVIRONMENT "${dtb_tsan_archer}"
    ENVIRONMENT_MODIFICATION "${dtb_tsan_options}")
