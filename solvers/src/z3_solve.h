#pragma once
/// \file
/// Z3 on one SMT-LIB 2 proof obligation (a rule's or a lemma's), with a
/// fixed strategy bounded by a deterministic resource limit, so that a
/// verdict does not depend on the machine's load.
///
///     SmtAnswer a = z3_solve(text, 1'000'000, 60'000, {"x", "c0"}, {"def_x"});
///     a.result == SmtResult::Sat  =>  a.ints["x"], a.bools["def_x"] hold a model

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace provix::solvers::prover {

enum class SmtResult : uint8_t { Sat, Unsat, Unknown };

/// Z3's answer; on Sat, the requested constants' values in a model (nullopt
/// for a value that does not fit int64).
struct SmtAnswer {
    SmtResult result = SmtResult::Unknown;
    /// Why Z3 answered unknown, in words (`rlimit 1000000 exhausted`, ...).
    std::string reason;
    std::map<std::string, std::optional<int64_t>> ints;
    std::map<std::string, bool> bools;
};

/// Decides the assertions of `body` (declarations, definitions, asserts; no
/// check-sat). On sat, reads the integer constants `ints` (preferring a
/// model where they are small) and the Boolean constants `bools`.
/// `timeout_ms` (0: none) is a wall-clock safeguard: a watchdog thread
/// interrupts Z3 (`Z3_interrupt`; Z3's own `timeout` is never set) and the
/// answer is Unknown, reason `timeout N ms, a wall-clock safeguard: ...`.
SmtAnswer z3_solve(const std::string& body, unsigned rlimit, unsigned timeout_ms,
                   const std::vector<std::string>& ints, const std::vector<std::string>& bools);

}  // namespace provix::solvers::prover
