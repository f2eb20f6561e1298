#pragma once
/// \file
/// Options and report lines shared by the solver-backed commands.
///
///     spec.options = solver_options(command_limits(), "map");  // --timeout, ...
///     auto limits = solver_limits(args, "equiv", command_limits());
///     describe_equivalence(d) == "proven equivalent [isl]"

#include <optional>
#include <string>
#include <vector>

#include "args.h"
#include "provix/solvers/oracle.h"

namespace provix::cli {

/// The wall-clock time per solver query when `--timeout` is not given.
using solvers::kDefaultTimeoutSeconds;

/// The limits of `equiv`, `bounds`, `empty` and `simplify --verify` when no
/// option changes them: the oracle's budgets and kDefaultTimeoutSeconds.
solvers::Limits command_limits();

/// The options every solver command accepts, with `defaults` shown as their
/// defaults: `--timeout SECONDS` (its time is `per` what, e.g. "solver
/// decision"), `--isl-max-operations N`, `--z3-rlimit N`.
std::vector<OptionSpec> solver_options(const solvers::Limits& defaults, const std::string& per);

/// The limits given by those options (`defaults` otherwise); nullopt after
/// reporting a bad value.
std::optional<solvers::Limits> solver_limits(const Args& args, const std::string& command,
                                             const solvers::Limits& defaults);

/// `--timeout SECONDS` (a positive number, fractions allowed), or another
/// option of seconds, or `fallback`; nullopt after reporting a bad value.
/// `parse_timeout(args, "fuzz", 300, "--case-timeout")`
std::optional<double> parse_timeout(const Args& args, const std::string& command,
                                    double fallback = kDefaultTimeoutSeconds,
                                    const std::string& option = "--timeout");

/// One line for an equivalence decision: `proven equivalent [isl]`,
/// `refuted [z3]: <reason>`, `unknown (<reason>) [isl]` (`unknown (timeout)`
/// when the query ran out of time).
std::string describe_equivalence(const solvers::Decision& d);

}  // namespace provix::cli
