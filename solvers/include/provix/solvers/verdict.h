#pragma once
/// \file
/// What an exact oracle answers (in Alive2's style): a `Verdict`, and
/// for a refuted claim a concrete `Counterexample`. Values are exact decimal
/// text because the oracles work over unbounded integers: a value outside
/// int64 is reported as it is, never wrapped.
///
///     Decision d = oracle.equivalent(a, b);
///     if (d.verdict == Verdict::Refuted) std::cout << to_string(*d.counterexample);

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "provix/decimal.h"
#include "provix/interval.h"

namespace provix::solvers {

/// The outcome of a decision. `Unknown` is never a pass.
enum class Verdict : uint8_t {
    Proven,   ///< the claim holds (for every point of the domain)
    Refuted,  ///< the claim fails; a counterexample is given where one exists
    Unknown,  ///< the back end could not decide (resource limit, unsupported)
};

/// `"proven"`, `"refuted"` or `"unknown"`.
const char* verdict_name(Verdict v);

/// A variable and its value (exact decimal text): `{"d0", "-3"}`.
struct NamedValue {
    std::string name;
    std::string value;
    bool operator==(const NamedValue& o) const { return name == o.name && value == o.value; }
};

/// One side of a counterexample: the map's own range/runtime variables at
/// the point and its result values there, or a note saying why there is no
/// value (`"not in domain"`, `"division by zero"`).
struct SideValues {
    std::vector<NamedValue> symbols;
    std::vector<std::string> results;
    std::string note;
};

/// A concrete point that refutes a claim, printed as Alive2 prints one:
///
///     ERROR: value mismatch
///     d0 = 3
///     first:  (3, 5)
///     second: (3, 4)
struct Counterexample {
    /// The kind of error: `"value mismatch"`, `"domain mismatch"`, ...
    std::string kind;
    /// The point: the dimensions (equivalence) or every variable (witness).
    std::vector<NamedValue> variables;
    /// The first map's (or the only map's) side.
    SideValues first;
    /// The second map's side (equivalence only).
    SideValues second;
    /// True for a comparison of two maps (equivalence): `second` is the
    /// second map's side even where it shows nothing (a map without results
    /// at a point of its domain prints `()`).
    bool two_sided = false;
};

/// Multi-line Alive2-style text for a counterexample (no trailing newline).
std::string to_string(const Counterexample& c);

/// A decision on a yes/no claim (equivalence, emptiness, implication).
struct Decision {
    Verdict verdict = Verdict::Unknown;
    /// Why the verdict is Unknown, or a note on Refuted (`"2 and 3 results"`).
    std::string reason;
    /// The refuting point (for `is_empty`: the witness of non-emptiness).
    std::optional<Counterexample> counterexample;
    /// Which back end answered: `"isl"`, `"z3"`, or `""` when none was needed.
    std::string backend;
};

/// The exact range of one result over a map's domain.
///
///     // (d0) -> (d0 floordiv 4), d0 in [-5, 9]
///     r.verdict == Verdict::Proven && r.lo == "-2" && r.hi == "2"
struct RangeDecision {
    /// Proven: `lo`/`hi` are exact (or `empty`). Unknown: see `reason`.
    Verdict verdict = Verdict::Unknown;
    std::string reason;
    /// True if the result takes no value: the domain is empty, or the result
    /// divides by zero at every point of it.
    bool empty = false;
    /// Exact bounds as decimal text, `"-inf"` / `"inf"` when unbounded.
    std::string lo;
    std::string hi;
    std::string backend;

    /// The range as an Interval when both ends are finite and fit int64;
    /// `Interval::empty()` when empty; nullopt otherwise or when not Proven.
    std::optional<Interval> interval() const;
    /// `[lo, hi]`, `no value` (`empty`: an empty domain, or a division by
    /// zero at every point of it), or `unknown (reason)`.
    std::string to_string() const;
};

/// Parses exact decimal text into int64, or nullopt if it does not fit (or is
/// not an integer): `parse_int64("-12") == -12`, `parse_int64("inf") == nullopt`
/// (provix/decimal.h).
using provix::parse_int64;

}  // namespace provix::solvers
