#pragma once
/// \file
/// An external program (cvc5, coqc) run without a shell, with a deadline,
/// ending with the process that runs it.
///
///     ProgramOutcome p = run_program({"cvc5", "--lang=smt2", "q.smt2"}, "", 30);
///     if (p.timed_out) ...;  else use(p.output, p.exit_status);

#include <string>
#include <vector>

namespace provix::solvers::detail {

/// How a program run by run_program ended, and what it printed.
struct ProgramOutcome {
    bool started = false;    ///< false: no process, or the program could not be run
    bool timed_out = false;  ///< still running at the deadline: killed
    int exit_status = -1;    ///< its exit code when it exited, else -1
    int signal = 0;          ///< the signal that ended it, else 0
    std::string output;      ///< standard output and standard error, interleaved
};

/// Runs `argv` (argv[0] looked up in PATH) in the folder `dir` (empty: this
/// process's), in this process group (an interrupt from the terminal reaches
/// it), killed once `seconds` have passed (none when `seconds <= 0`) or when
/// the calling thread's process ends (end_with_parent).
/// `run_program({"true"}, "", 5).exit_status == 0`
ProgramOutcome run_program(const std::vector<std::string>& argv, const std::string& dir,
                           double seconds);

}  // namespace provix::solvers::detail
