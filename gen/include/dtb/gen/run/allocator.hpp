// The C library's allocator set for a dtb gen run, which the run calls at its start.
#pragma once

namespace dtb::gen {

// A run allocates and frees arrays of hundreds of megabytes, slice after slice, from several
// threads: glibc's defaults would keep them in per-thread heaps once freed (allocator.cpp says
// what is set instead). Nothing where the allocator is not glibc's.
void tune_allocator_for_generation();

}  // namespace dtb::gen
