// Named moments of dtb gen and dtb pack at which the crash harness (tests/crash/) kills the
// process, to show that a run killed at any of them resumes to the same bytes. Inert unless
// the environment asks for it:
//
//   DTB_KILL_AT=NAME:N[:RANK]  SIGKILL at the N-th pass through NAME (under MPI, of rank RANK
//                              only; every rank's when RANK is left out)
//   DTB_KILL_COUNT=FILE        every pass appended to FILE as a line "RANK NAME"
//
// Compiled in always; with neither variable set a pass costs the test of one cached flag.
#pragma once

namespace dtb::compress {

// One pass through the point `name`, or NAME.STAGE when a stage is given (as
// "table.before_rename").
void kill_point(const char* name, const char* stage = nullptr);

}  // namespace dtb::compress
