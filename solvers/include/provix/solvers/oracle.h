#pragma once
/// \file
/// The exact-oracle interface: the decisions that rule proofs, the fuzzer and
/// `simplify --verify` ask. Implementations: `make_isl_oracle` (exact on
/// quasi-affine maps), `make_z3_oracle` (every expression, over unbounded
/// integers) and `make_exact_oracle` (isl where it applies, Z3 otherwise).
/// No isl or Z3 type appears here.
///
///     Context ctx;
///     auto a = *parse_indexing_map(ctx, "(d0) -> (d0 floordiv 4 * 4 + d0 mod 4), "
///                                       "domain: d0 in [0, 15]");
///     auto b = *parse_indexing_map(ctx, "(d0) -> (d0), domain: d0 in [0, 15]");
///     auto oracle = make_exact_oracle();
///     oracle->equivalent(a, b).verdict == Verdict::Proven

#include <cstdint>
#include <memory>
#include <string>

#include "provix/indexing_map.h"
#include "provix/solvers/verdict.h"

namespace provix::solvers {

/// The wall-clock time per decision `provix` and the Python module allow
/// when none is given, in seconds.
inline constexpr double kDefaultTimeoutSeconds = 60;
/// The longest wall-clock time per decision they accept, in seconds (a
/// later deadline would pass the range of the clock's nanoseconds).
inline constexpr double kMaxTimeoutSeconds = 1e9;

/// Resource limits. The budgets are operation counts, so that answers are
/// reproducible; `timeout_seconds` is wall-clock time, so that no decision
/// runs unbounded. Exceeding any yields `Unknown`.
struct Limits {
    /// isl's operation budget per decision (isl_ctx_set_max_operations).
    unsigned long isl_max_operations = 4'000'000;
    /// Z3's resource limit per solver call (the `rlimit` parameter).
    unsigned z3_rlimit = 10'000'000;
    /// A wall-clock safeguard per Z3 call, in milliseconds (0: none). Only
    /// for the rare non-linear problems on which Z3's resource accounting
    /// lags behind its work (seen with unbounded cubic equations); an answer
    /// cut by it says so in its reason, as it may not be reproducible. Like
    /// `timeout_seconds`, enforced by interrupting Z3 from a watchdog
    /// thread; the decision it cuts ends there (`Unknown`).
    unsigned z3_timeout_ms = 60'000;
    /// Wall-clock time per decision in seconds (0: none). A decision that
    /// runs out is `Unknown` with the reason `"timeout"`; unlike the budgets,
    /// where that happens depends on the machine.
    double timeout_seconds = 0;
    /// isl: decide ranges, emptiness and pointwise equivalence of maps with
    /// constant divisors by integer linear programs over a lifted space (one
    /// variable per division and min/max node). False: with isl's piecewise
    /// quasi-affine functions and set operations only (same answers, slower
    /// on deep nests and many variables; benchmarks compare both).
    bool isl_integer_programs = true;
    /// With a timeout: decide each query in a child process, killed once
    /// the timeout (and a second of grace) has passed. isl's integer
    /// arithmetic checks no abort flag, so only this bounds a decision
    /// whose coefficients explode. One child process answers an oracle's
    /// decisions in turn (a new one after a decision it was killed on), so
    /// this costs a process per oracle, plus sending each decision's maps.
    bool isolate = false;
};

/// An exact decision procedure over indexing maps. Decisions are over
/// mathematical integers; a map's domain is its variables' bounds and its
/// constraints (a constraint whose evaluation divides by zero does not
/// hold, so it excludes that point). At a domain point a map is undefined
/// when one of its results divides by zero there. Dimensions and runtime
/// variables are the map's inputs (the caller supplies them); range
/// variables are existential. `KNOWN EMPTY` maps have an empty domain;
/// `UNDEFINED` maps give `Unknown`. Not thread-safe: one oracle per thread.
class Oracle {
public:
    virtual ~Oracle() = default;

    /// The back end's name: `"isl"`, `"z3"` or `"exact"`.
    virtual std::string name() const = 0;

    /// True if `map` is within this back end's fragment (isl: quasi-affine,
    /// or divisors and factors with few values; Z3: every Normal map).
    virtual bool supports(const IndexingMap& map) const = 0;

    /// Relational equivalence: `a` and `b` have the same number of dims and
    /// results and the same runtime variables (matched by name, or by
    /// position when the names differ; a runtime variable only one map has
    /// must be one that map does not depend on: see runtime_alignment.h),
    /// and describe the same relation `{(dims, runtime vars) -> results :
    /// exists range variables in the domain, results defined}` (so the same
    /// input domain), with the same input points at which some value of the
    /// range variables divides by zero. Tries the pointwise form first when
    /// it applies.
    /// `(d0)[s0] -> (d0 + s0), s0 in [0, 1]` is equivalent to
    /// `(d0)[s0] -> (d0 + 1 - s0), s0 in [0, 1]`; `(d0){rt0} -> (d0 + rt0),
    /// rt0 in [0, 1]` is not equivalent to `(d0){rt0} -> (d0 + 1 - rt0), rt0
    /// in [0, 1]` (rt0 is an input).
    virtual Decision equivalent(const IndexingMap& a, const IndexingMap& b) = 0;

    /// Pointwise equivalence of two maps over the same variables (same
    /// counts of dims, range and runtime variables and of results; dims and
    /// range variables matched by position, runtime variables by name as
    /// for `equivalent`, or by position when the names differ): at every
    /// point both are outside their domains, or both undefined, or both
    /// defined with equal results. Refuted (with a reason) when the
    /// variable counts differ. `(d0){rt0, rt1} -> (d0 + rt0)` and
    /// `(d0){rt1, rt0} -> (d0 + rt0)` (same bounds) are equivalent.
    virtual Decision equivalent_pointwise(const IndexingMap& a, const IndexingMap& b) = 0;

    /// Exact min and max of result `result` over the domain, over every
    /// value of every variable (inputs included); points where the result
    /// divides by zero are excluded.
    /// `(d0) -> (d0 mod 4), d0 in [0, 2]` gives `[0, 2]`.
    virtual RangeDecision exact_range(const IndexingMap& map, int64_t result) = 0;

    /// Proven if the domain is empty; Refuted with a witness point (every
    /// variable and the results there) if not.
    virtual Decision is_empty(const IndexingMap& map) = 0;

    /// Proven if `constraint` holds at every point of the domain; Refuted
    /// with a point (and the constraint expression's value) if not. The
    /// constraint's variables are the map's (by id).
    virtual Decision implies(const IndexingMap& map, const Constraint& constraint) = 0;

    /// Sets the wall-clock time of each decision that follows, in seconds
    /// (`Limits::timeout_seconds`; 0: none). A caller that bounds several
    /// decisions together passes each the time it has left; an oracle made
    /// with `Limits::isolate` and a timeout keeps deciding in its child.
    /// `oracle.set_timeout(2.5); oracle.exact_range(map, 0);  // ~2.5 s at most`
    virtual void set_timeout(double seconds) = 0;
};

/// isl: exact on quasi-affine maps (constant divisors, products by
/// constants) and on divisors and extra product factors with variables that
/// take at most 64 values over the variables' bounds (split on their
/// values, a zero divisor leaving the expression undefined there);
/// `Unknown` outside that fragment or when the operation budget runs out.
std::unique_ptr<Oracle> make_isl_oracle(const Limits& limits = {});

/// Z3 over unbounded integers: every expression (non-constant divisors,
/// products of variables), floor semantics spelled out, zero divisors
/// guarded; quantifiers for relational queries; `Unknown` when Z3 is.
std::unique_ptr<Oracle> make_z3_oracle(const Limits& limits = {});

/// isl when every map of the query is within isl's fragment (falling back
/// to Z3 if isl runs out of budget), Z3 otherwise.
std::unique_ptr<Oracle> make_exact_oracle(const Limits& limits = {});

}  // namespace provix::solvers
