// Solver-independent handling shared by the isl and Z3 oracles.

#include "oracle_base.h"

#include <utility>

#include "obligations.h"
#include "runtime_alignment.h"
#include "unused_range_variables.h"

namespace provix::solvers::detail {

Decision unknown(std::string reason, std::string backend) {
    Decision d;
    d.verdict = Verdict::Unknown;
    d.reason = std::move(reason);
    d.backend = std::move(backend);
    return d;
}

Decision proven(std::string backend) {
    Decision d;
    d.verdict = Verdict::Proven;
    d.backend = std::move(backend);
    return d;
}

std::vector<NamedValue> named(const IndexingMap& map, int64_t first,
                              const std::vector<std::string>& values) {
    std::vector<NamedValue> out;
    for (size_t i = 0; i < values.size(); ++i) {
        out.push_back({map.variable(first + static_cast<int64_t>(i)).name, values[i]});
    }
    return out;
}

std::string tuple_text(const std::vector<std::string>& values) {
    std::string s = "(";
    for (size_t i = 0; i < values.size(); ++i)
        s += (i ? ", " : "") + values[i];
    return s + ")";
}

namespace {

std::string count_reason(const char* what, int64_t a, int64_t b) {
    return "the maps have " + std::to_string(a) + " and " + std::to_string(b) + " " + what;
}

/// The decision when runtime variables could not be aligned: refuted for
/// different inputs, unknown when a narrowing was undecided.
Decision not_aligned(const Alignment& aligned) {
    Decision d;
    d.verdict =
        aligned.status == Alignment::Status::DifferentInputs ? Verdict::Refuted : Verdict::Unknown;
    d.reason = aligned.reason;
    return d;
}

/// `d` with its counterexample (if any) marked as comparing two maps.
Decision two_sided(Decision d) {
    if (d.counterexample) d.counterexample->two_sided = true;
    return d;
}

}  // namespace

Decision OracleBase::against_known_empty(const IndexingMap& other, bool other_is_first) {
    Decision e = is_empty(other);
    if (e.verdict != Verdict::Refuted) return e;  // Proven (both empty) or Unknown
    Decision d;
    d.verdict = Verdict::Refuted;
    d.backend = e.backend;
    d.reason = "one map is KNOWN EMPTY, the other's domain is not empty";
    if (e.counterexample) {
        Counterexample c = *e.counterexample;
        c.kind = "domain mismatch";
        SideValues empty_side;
        empty_side.note = "KNOWN EMPTY";
        if (other_is_first) {
            c.second = empty_side;
        } else {
            c.second = c.first;
            c.first = empty_side;
        }
        d.counterexample = std::move(c);
    }
    return d;
}

Decision OracleBase::timed(Decision d) const {
    if (d.verdict == Verdict::Unknown && active_.passed()) d.reason = kTimeoutReason;
    return d;
}

RangeDecision OracleBase::timed(RangeDecision d) const {
    if (d.verdict == Verdict::Unknown && active_.passed()) d.reason = kTimeoutReason;
    return d;
}

Decision OracleBase::equivalent(const IndexingMap& a, const IndexingMap& b) {
    Scope scope(*this);
    return two_sided(timed(equivalent_in_scope(a, b)));
}

Decision OracleBase::equivalent_in_scope(const IndexingMap& a, const IndexingMap& b) {
    if (a.is_undefined() || b.is_undefined()) return unknown("the query involves an UNDEFINED map");
    if (a.is_known_empty() && b.is_known_empty()) return proven("");
    if (a.is_known_empty()) return against_known_empty(b, false);
    if (b.is_known_empty()) return against_known_empty(a, true);
    if (a.num_dims() != b.num_dims()) {
        Decision d;
        d.verdict = Verdict::Refuted;
        d.reason = count_reason("dimensions", a.num_dims(), b.num_dims());
        return d;
    }
    if (a.num_results() != b.num_results()) {
        Decision d;
        d.verdict = Verdict::Refuted;
        d.reason = count_reason("results", a.num_results(), b.num_results());
        return d;
    }
    // Runtime variables are inputs: both maps must have the same ones. One
    // that only one map has ranges over the values it takes there.
    RuntimeNarrowing narrow = [this](const IndexingMap& m, int64_t id) -> Result<Interval> {
        IndexingMap only = m;
        only.set_results({m.context()->variable(id)});
        RangeDecision r = decide_range(only, 0);
        if (r.verdict != Verdict::Proven) return Error::invalid(r.reason);
        if (r.empty) return Interval::empty();
        const Interval& b = m.variable(id).bounds;
        std::optional<int64_t> lo = parse_int64(r.lo), hi = parse_int64(r.hi);
        return Interval::bounded_by(lo ? lo : b.finite_lo(), hi ? hi : b.finite_hi());
    };
    Alignment aligned = align_runtime_variables(a, b, narrow);
    if (aligned.status != Alignment::Status::Aligned) return not_aligned(aligned);
    const IndexingMap& x = aligned.maps.first;
    const IndexingMap& y = aligned.maps.second;
    if (x.is_known_empty() || y.is_known_empty()) return equivalent_in_scope(x, y);
    if (same_shape(x, y)) {
        Decision p = decide_pointwise(x, y);
        if (p.verdict == Verdict::Proven) return p;
        // Without range variables the pointwise form is the relational one.
        if (x.num_range_vars() == 0 && y.num_range_vars() == 0 && p.verdict == Verdict::Refuted) {
            return p;
        }
    }
    // The range variables that something uses, lined up (the engine drops
    // the others): pointwise equal there proves the maps equivalent. A
    // refutation is left to the relational check, over the maps as given.
    const IndexingMap xu = without_unused_range_variables(x);
    const IndexingMap yu = without_unused_range_variables(y);
    if ((xu.num_range_vars() != x.num_range_vars() || yu.num_range_vars() != y.num_range_vars()) &&
        same_shape(xu, yu)) {
        Decision p = decide_pointwise(xu, yu);
        if (p.verdict == Verdict::Proven) return p;
    }
    return decide_relational(x, y);
}

Decision OracleBase::equivalent_pointwise(const IndexingMap& a, const IndexingMap& b) {
    Scope scope(*this);
    if (a.is_undefined() || b.is_undefined()) return unknown("the query involves an UNDEFINED map");
    if (a.is_known_empty() && b.is_known_empty()) return proven("");
    if (a.is_known_empty()) return two_sided(against_known_empty(b, false));
    if (b.is_known_empty()) return two_sided(against_known_empty(a, true));
    if (!same_shape(a, b)) {
        Decision d;
        d.verdict = Verdict::Refuted;
        d.reason = "the maps have different variables or results (pointwise needs the same)";
        return d;
    }
    // Runtime variables are inputs matched by name, as for `equivalent`
    // (with as many on both sides, a permutation at most; by position when
    // the names differ): `{rt0, rt1}` and `{rt1, rt0}` are the same inputs.
    Alignment aligned = align_runtime_variables(a, b);
    if (aligned.status != Alignment::Status::Aligned) return not_aligned(aligned);
    return two_sided(timed(decide_pointwise(aligned.maps.first, aligned.maps.second)));
}

RangeDecision OracleBase::exact_range(const IndexingMap& map, int64_t result) {
    Scope scope(*this);
    RangeDecision r;
    if (map.is_undefined()) {
        r.reason = "the map is UNDEFINED";
        return r;
    }
    if (map.is_known_empty()) {
        r.verdict = Verdict::Proven;
        r.empty = true;
        return r;
    }
    if (result < 0 || result >= map.num_results()) {
        r.reason = "the map has no result " + std::to_string(result);
        return r;
    }
    return timed(decide_range(map, result));
}

Decision OracleBase::is_empty(const IndexingMap& map) {
    Scope scope(*this);
    if (map.is_undefined()) return unknown("the map is UNDEFINED");
    if (map.is_known_empty()) return proven("");
    return timed(decide_empty(map));
}

Decision OracleBase::implies(const IndexingMap& map, const Constraint& constraint) {
    Scope scope(*this);
    if (map.is_undefined()) return unknown("the map is UNDEFINED");
    if (map.is_known_empty()) return proven("");
    if (!constraint.expr || num_variables_used(constraint.expr) > map.num_variables()) {
        return unknown("the constraint uses a variable the map does not have");
    }
    return timed(decide_implies(map, constraint));
}

}  // namespace provix::solvers::detail
