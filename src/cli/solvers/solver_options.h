#pragma once
/// \file
/// Options and report lines shared by the solver-backed commands.
///
///     auto limits = solver_limits(args, "equiv");   // --isl-max-operations, --z3-rlimit
///     describe_equivalence(d) == "proven equivalent [isl]"

#include <optional>
#include <string>
#include <vector>

#include "args.h"
#include "provix/solvers/oracle.h"

namespace provix::cli {

/// The wall-clock time per solver query when `--timeout` is not given.
inline constexpr double kDefaultTimeoutSeconds = 60;

/// The valued options every solver command accepts:
/// `--isl-max-operations N`, `--z3-rlimit N`, `--timeout SECONDS`.
std::vector<std::string> solver_option_names();

/// The limits given by those options (defaults otherwise, a timeout of
/// kDefaultTimeoutSeconds per query); nullopt after reporting a bad value.
std::optional<solvers::Limits> solver_limits(const Args& args, const std::string& command);

/// `--timeout SECONDS` (a positive number, fractions allowed), or
/// kDefaultTimeoutSeconds; nullopt after reporting a bad value.
std::optional<double> parse_timeout(const Args& args, const std::string& command);

/// One line for an equivalence decision: `proven equivalent [isl]`,
/// `refuted [z3]: <reason>`, `unknown (<reason>) [isl]` (`unknown (timeout)`
/// when the query ran out of time).
std::string describe_equivalence(const solvers::Decision& d);

}  // namespace provix::cli
