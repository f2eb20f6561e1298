// The isl back end: maps translated to isl objects (isl_translate.h) and
// decided exactly with isl's integer sets.
//
// A map's meaning here is its graph `{ v -> results(v) : v in the domain,
// every result defined }` together with its undefined set `{ v in the
// domain : some result divides by zero }` (three states per point: outside
// the domain, undefined, or a value). Relational questions keep the
// dimensions and the runtime variables as inputs and project only the range
// variables out: `{ (dims, rts) -> results : exists range vars }`, and the
// input points where some range-variable value divides by zero.

#include <isl/ctx.h>
#include <isl/ilp.h>
#include <isl/options.h>

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "isl_lifted.h"
#include "isl_translate.h"
#include "isolated_call.h"
#include "isolated_oracle.h"
#include "oracle_base.h"
#include "watchdog.h"

namespace provix::solvers {
namespace {

using detail::IslTranslator;
using detail::named;
using detail::Own;
using detail::sample;
using detail::unknown;

/// Fixes the first `values.size()` input dimensions of `map`.
isl_map* fix_inputs(isl_ctx* ctx, isl_map* map, const std::vector<std::string>& values) {
    for (size_t i = 0; i < values.size(); ++i) {
        map = isl_map_fix_val(map, isl_dim_in, static_cast<unsigned>(i),
                              isl_val_read_from_str(ctx, values[i].c_str()));
    }
    return map;
}

/// Fixes the first `values.size()` dimensions of `set`.
isl_set* fix_set(isl_ctx* ctx, isl_set* set, const std::vector<std::string>& values) {
    for (size_t i = 0; i < values.size(); ++i) {
        set = isl_set_fix_val(set, isl_dim_set, static_cast<unsigned>(i),
                              isl_val_read_from_str(ctx, values[i].c_str()));
    }
    return set;
}

std::vector<std::string> slice(const std::vector<std::string>& v, size_t from, size_t count) {
    return std::vector<std::string>(v.begin() + static_cast<long>(from),
                                    v.begin() + static_cast<long>(from + count));
}

/// `(a \ b) ∪ (b \ a)`.
isl_set* symmetric_difference(isl_set* a, isl_set* b) {
    return isl_set_union(isl_set_subtract(isl_set_copy(a), isl_set_copy(b)),
                         isl_set_subtract(b, a));
}

/// The ids of a map's inputs (dims, then runtime variables) and of its range
/// variables, and the isl positions that put the inputs first.
struct Layout {
    std::vector<int64_t> inputs;
    std::vector<int64_t> hidden;
    std::vector<unsigned> positions;

    explicit Layout(const IndexingMap& m) {
        for (int64_t i = 0; i < m.num_variables(); ++i) {
            (m.variable_kind(i) == VariableKind::Range ? hidden : inputs).push_back(i);
        }
        positions.resize(static_cast<size_t>(m.num_variables()));
        unsigned next = 0;
        for (int64_t id : inputs)
            positions[static_cast<size_t>(id)] = next++;
        for (int64_t id : hidden)
            positions[static_cast<size_t>(id)] = next++;
    }
};

std::vector<NamedValue> named_ids(const IndexingMap& m, const std::vector<int64_t>& ids,
                                  const std::vector<std::string>& values) {
    std::vector<NamedValue> out;
    for (size_t i = 0; i < ids.size() && i < values.size(); ++i)
        out.push_back({m.variable(ids[i]).name, values[i]});
    return out;
}

/// One map translated with its inputs first: the full graph and undefined
/// set, and their projections onto the inputs.
struct Relational {
    Layout layout;
    IslTranslator t;
    Own<isl_map> graph;      // (inputs, range vars) -> results
    Own<isl_set> undefined;  // (inputs, range vars)
    Own<isl_map> relation;   // inputs -> results
    Own<isl_set> poisoned;   // inputs where some range-var value is undefined

    Relational(isl_ctx* ctx, const IndexingMap& m)
        : layout(m), t(ctx, m, layout.positions), graph(t.graph()), undefined(t.undefined()) {
        unsigned n = static_cast<unsigned>(layout.inputs.size());
        unsigned h = static_cast<unsigned>(layout.hidden.size());
        relation.reset(isl_map_project_out(isl_map_copy(graph.get()), isl_dim_in, n, h));
        poisoned.reset(isl_set_project_out(isl_set_copy(undefined.get()), isl_dim_set, n, h));
    }
};

class IslOracle final : public detail::OracleBase {
public:
    explicit IslOracle(const Limits& limits)
        : OracleBase(limits), limits_(limits), ctx_(isl_ctx_alloc()) {
        isl_options_set_on_error(ctx_, ISL_ON_ERROR_CONTINUE);
        isl_ctx_set_max_operations(ctx_, limits.isl_max_operations);
    }
    ~IslOracle() override {
        watchdog_.disarm();  // no abort after the context is freed
        isl_ctx_free(ctx_);
    }

    std::string name() const override { return "isl"; }
    bool supports(const IndexingMap& map) const override { return detail::isl_translatable(map); }

protected:
    Decision decide_pointwise(const IndexingMap& a, const IndexingMap& b) override {
        if (auto u = unsupported({&a, &b})) return *u;
        begin();
        // Constant divisors: integer linear programs over the lifted space.
        detail::LiftedEquivalence lifted;
        if (limits_.isl_integer_programs) lifted = detail::lifted_pointwise(ctx_, a, b);
        if (lifted.status == detail::LiftedEquivalence::Status::Failed || exhausted()) {
            return failure();
        }
        if (lifted.status == detail::LiftedEquivalence::Status::Decided) {
            if (lifted.equal) return detail::proven("isl");
            Counterexample c;
            c.variables = named(a, 0, lifted.witness);
            using D = detail::LiftedEquivalence::Difference;
            SideValues outside;
            outside.note = "not in domain";
            c.first =
                lifted.difference == D::OnlySecondDefined ? outside : values_at(a, lifted.witness);
            c.second =
                lifted.difference == D::OnlyFirstDefined ? outside : values_at(b, lifted.witness);
            if (exhausted()) return failure();
            c.kind = kind_of(c.first, c.second);
            return refuted(std::move(c));
        }
        IslTranslator ta(ctx_, a), tb(ctx_, b);
        Own<isl_map> fa(ta.graph()), fb(tb.graph());
        Own<isl_set> ua(ta.undefined()), ub(tb.undefined());
        isl_bool same_graph = isl_map_is_equal(fa.get(), fb.get());
        isl_bool same_undefined = isl_set_is_equal(ua.get(), ub.get());
        if (same_graph == isl_bool_error || same_undefined == isl_bool_error || exhausted()) {
            return failure();
        }
        if (same_graph == isl_bool_true && same_undefined == isl_bool_true) {
            return detail::proven("isl");
        }
        // A point in one graph and not the other, or undefined on one side only.
        auto p =
            sample(isl_map_wrap(isl_map_subtract(isl_map_copy(fa.get()), isl_map_copy(fb.get()))));
        if (!p) {
            p = sample(
                isl_map_wrap(isl_map_subtract(isl_map_copy(fb.get()), isl_map_copy(fa.get()))));
        }
        if (!p) p = sample(symmetric_difference(isl_set_copy(ua.get()), isl_set_copy(ub.get())));
        if (!p) return failure();
        std::vector<std::string> point = slice(*p, 0, static_cast<size_t>(a.num_variables()));
        Counterexample c;
        c.variables = named(a, 0, point);
        c.first = side(fa.get(), ua.get(), point, nullptr, nullptr, {});
        c.second = side(fb.get(), ub.get(), point, nullptr, nullptr, {});
        if (exhausted()) return failure();
        c.kind = kind_of(c.first, c.second);
        return refuted(std::move(c));
    }

    Decision decide_relational(const IndexingMap& a, const IndexingMap& b) override {
        if (auto u = unsupported({&a, &b})) return *u;
        begin();
        Relational ra(ctx_, a), rb(ctx_, b);
        isl_bool same_relation = isl_map_is_equal(ra.relation.get(), rb.relation.get());
        isl_bool same_poisoned = isl_set_is_equal(ra.poisoned.get(), rb.poisoned.get());
        if (same_relation == isl_bool_error || same_poisoned == isl_bool_error || exhausted()) {
            return failure();
        }
        if (same_relation == isl_bool_true && same_poisoned == isl_bool_true) {
            return detail::proven("isl");
        }
        const size_t n = ra.layout.inputs.size();
        enum class Found { FirstOnly, SecondOnly, Poisoned } found = Found::FirstOnly;
        auto p = sample(isl_map_wrap(
            isl_map_subtract(isl_map_copy(ra.relation.get()), isl_map_copy(rb.relation.get()))));
        if (!p) {
            found = Found::SecondOnly;
            p = sample(isl_map_wrap(isl_map_subtract(isl_map_copy(rb.relation.get()),
                                                     isl_map_copy(ra.relation.get()))));
        }
        if (!p) {
            found = Found::Poisoned;
            p = sample(symmetric_difference(isl_set_copy(ra.poisoned.get()),
                                            isl_set_copy(rb.poisoned.get())));
        }
        if (!p) return failure();
        std::vector<std::string> point = slice(*p, 0, n);
        std::vector<std::string> tuple = slice(*p, n, p->size() - n);
        const std::vector<std::string>* t = found == Found::Poisoned ? nullptr : &tuple;
        bool first_poisoned = false;
        if (found == Found::Poisoned) {
            first_poisoned =
                sample(fix_set(ctx_, isl_set_copy(ra.poisoned.get()), point)) ? true : false;
        }
        Counterexample c;
        c.variables = named_ids(a, ra.layout.inputs, point);
        c.first =
            side(ra.graph.get(), ra.undefined.get(), point, found == Found::FirstOnly ? t : nullptr,
                 &a, ra.layout.hidden, first_poisoned);
        c.second = side(rb.graph.get(), rb.undefined.get(), point,
                        found == Found::SecondOnly ? t : nullptr, &b, rb.layout.hidden,
                        found == Found::Poisoned && !first_poisoned);
        if (exhausted()) return failure();
        if (found == Found::Poisoned) {
            c.kind = first_poisoned ? "only the first map divides by zero"
                                    : "only the second map divides by zero";
        } else {
            bool both = c.first.note.empty() && c.second.note.empty();
            c.kind = !both                       ? "domain mismatch"
                     : found == Found::FirstOnly ? "result tuple only in the first map"
                                                 : "result tuple only in the second map";
        }
        return refuted(std::move(c));
    }

    RangeDecision decide_range(const IndexingMap& m, int64_t result) override {
        RangeDecision r;
        r.backend = "isl";
        if (auto u = unsupported({&m})) {
            r.reason = u->reason;
            return r;
        }
        begin();
        // Quasi-affine with constant divisors: integer linear programs over
        // the lifted space (isl_lifted.h), one per end.
        detail::LiftedRange lifted;
        if (limits_.isl_integer_programs) lifted = detail::lifted_range(ctx_, m, result);
        if (lifted.status == detail::LiftedRange::Status::Failed || exhausted()) {
            return range_failure();
        }
        if (lifted.status == detail::LiftedRange::Status::Decided) {
            r.verdict = Verdict::Proven;
            r.empty = lifted.empty;
            if (!r.empty) {
                r.lo = detail::val_text(lifted.lo.get());
                r.hi = detail::val_text(lifted.hi.get());
            }
            return r;
        }
        // Otherwise the min and the max of each piece of the result's piecewise affine
        // function over the domain: one integer linear program per piece
        // and end, no projection of the variables (and no emptiness test of
        // the domain: an empty piece answers NaN).
        IslTranslator t(ctx_, m);
        Own<isl_set> dom(t.domain());
        Own<isl_pw_aff> pa(t.expr(m.results()[static_cast<size_t>(result)]));
        Extremes ex;
        ex.domain = dom.get();
        if (!dom || !pa ||
            isl_pw_aff_foreach_piece(pa.get(), &IslOracle::piece_extremes, &ex) != isl_stat_ok ||
            exhausted()) {
            return range_failure();
        }
        r.verdict = Verdict::Proven;
        if (!ex.lo) {  // no piece has a point: the result takes no value
            r.empty = true;
            return r;
        }
        r.lo = detail::val_text(ex.lo.get());
        r.hi = detail::val_text(ex.hi.get());
        return r;
    }

    Decision decide_empty(const IndexingMap& m) override {
        if (auto u = unsupported({&m})) return *u;
        begin();
        // Quasi-affine with constant divisors: one integer linear program
        // over the lifted space (isl_lifted.h), then a sample of it.
        std::vector<std::string> point;
        detail::LiftedRange lifted;
        if (limits_.isl_integer_programs) lifted = detail::lifted_emptiness(ctx_, m, &point);
        if (lifted.status == detail::LiftedRange::Status::Failed || exhausted()) return failure();
        if (lifted.status == detail::LiftedRange::Status::Decided) {
            if (lifted.empty) return detail::proven("isl");
        } else {
            IslTranslator t(ctx_, m);
            Own<isl_set> dom(t.domain());
            isl_bool empty = isl_set_is_empty(dom.get());
            if (empty == isl_bool_error || exhausted()) return failure();
            if (empty == isl_bool_true) return detail::proven("isl");
            auto p = sample(isl_set_copy(dom.get()));
            if (!p) return failure();
            point = *p;
        }
        Counterexample c;
        c.kind = "the domain is not empty";
        c.variables = named(m, 0, point);
        c.first = values_at(m, point);
        if (exhausted()) return failure();
        return refuted(std::move(c));
    }

    Decision decide_implies(const IndexingMap& m, const Constraint& con) override {
        if (auto u = unsupported({&m})) return *u;
        if (!detail::isl_translatable(con.expr, m.variable_bounds())) {
            return unknown("the constraint is outside isl's fragment", "isl");
        }
        begin();
        IslTranslator t(ctx_, m);
        Own<isl_set> bad(isl_set_subtract(t.domain(), t.holds(con)));
        isl_bool empty = isl_set_is_empty(bad.get());
        if (empty == isl_bool_error || exhausted()) return failure();
        if (empty == isl_bool_true) return detail::proven("isl");
        auto p = sample(isl_set_copy(bad.get()));
        if (!p) return failure();
        Counterexample c;
        c.kind = "constraint violated";
        c.variables = named(m, 0, *p);
        // The constraint's value: the graph of its expression at the point.
        isl_map* graph = fix_inputs(ctx_, isl_map_from_pw_aff(t.expr(con.expr)), *p);
        auto v = sample(isl_map_range(graph));
        if (exhausted()) return failure();
        if (v) {
            c.first.results = *v;
        } else {
            c.first.note = "division by zero";
        }
        return refuted(std::move(c));
    }

private:
    /// The running min and max over the pieces of a result.
    struct Extremes {
        isl_set* domain = nullptr;
        Own<isl_val> lo, hi;  // unset until a piece has a point
    };

    static isl_stat piece_extremes(isl_set* set, isl_aff* aff, void* user) {
        Extremes& ex = *static_cast<Extremes*>(user);
        // isl optimises affine expressions with integer coefficients only; a
        // piece's may have a denominator d > 1 (isl rewrote it with the
        // piece's equalities: `d1 * c` where 2 * d1 = d0 - 6 + c). It is an
        // integer at every integer point of the piece (the result's value),
        // so its extremes are those of d * aff, divided by d exactly.
        Own<isl_val> den(isl_aff_get_denominator_val(aff));
        if (!den) {
            isl_aff_free(aff);
            isl_set_free(set);
            return isl_stat_error;
        }
        Own<isl_aff> objective(isl_aff_scale_val(aff, isl_val_copy(den.get())));
        Own<isl_set> where(isl_set_intersect(set, isl_set_copy(ex.domain)));
        Own<isl_val> lo(isl_set_min_val(where.get(), objective.get()));
        if (!lo) return isl_stat_error;
        if (isl_val_is_nan(lo.get()) == isl_bool_true) return isl_stat_ok;  // no point
        Own<isl_val> hi(isl_set_max_val(where.get(), objective.get()));
        if (!hi || isl_val_is_nan(hi.get()) == isl_bool_true) return isl_stat_error;
        if (isl_val_is_one(den.get()) != isl_bool_true) {
            lo.reset(isl_val_div(lo.release(), isl_val_copy(den.get())));
            hi.reset(isl_val_div(hi.release(), isl_val_copy(den.get())));
            // Attained at integer points where aff is an integer: both are
            // integers (or infinite).
            auto integral = [](isl_val* v) {
                return isl_val_is_int(v) == isl_bool_true || isl_val_is_infty(v) == isl_bool_true ||
                       isl_val_is_neginfty(v) == isl_bool_true;
            };
            if (!lo || !hi || !integral(lo.get()) || !integral(hi.get())) return isl_stat_error;
        }
        if (!ex.lo || isl_val_lt(lo.get(), ex.lo.get()) == isl_bool_true) ex.lo = std::move(lo);
        if (!ex.hi || isl_val_gt(hi.get(), ex.hi.get()) == isl_bool_true) ex.hi = std::move(hi);
        return isl_stat_ok;
    }

    /// Starts a decision: the context resumed, and aborted from the
    /// watchdog's thread (`isl_ctx_abort`, which isl allows from another
    /// thread; isl then fails with isl_error_abort) when the deadline passes.
    void begin() {
        watchdog_.disarm();  // no abort of an earlier decision after the resume
        isl_ctx_resume(ctx_);
        if (deadline().is_set()) {
            isl_ctx* ctx = ctx_;
            watchdog_.arm(
                deadline().when(), [ctx] { isl_ctx_abort(ctx); }, detail::Watchdog::Repeat::Once);
        }
        isl_ctx_reset_operations(ctx_);
        isl_ctx_reset_error(ctx_);
    }

    bool exhausted() const { return isl_ctx_last_error(ctx_) != isl_error_none; }

    std::string failure_reason() const {
        if (isl_ctx_last_error(ctx_) == isl_error_abort || deadline().passed()) {
            return detail::kTimeoutReason;
        }
        if (isl_ctx_last_error(ctx_) == isl_error_quota) {
            return "isl operation limit exceeded (" + std::to_string(limits_.isl_max_operations) +
                   " operations)";
        }
        const char* msg = isl_ctx_last_error_msg(ctx_);
        return std::string("isl error: ") + (msg ? msg : "unknown");
    }

    Decision failure() const { return unknown(failure_reason(), "isl"); }

    RangeDecision range_failure() const {
        RangeDecision r;
        r.backend = "isl";
        r.reason = failure_reason();
        return r;
    }

    static Decision refuted(Counterexample c) {
        Decision d;
        d.verdict = Verdict::Refuted;
        d.backend = "isl";
        d.counterexample = std::move(c);
        return d;
    }

    /// `m`'s results at the domain point `point`: evaluated in int64 when
    /// that suffices, else read from isl's graph.
    SideValues values_at(const IndexingMap& m, const std::vector<std::string>& point) {
        SideValues s;
        std::vector<int64_t> values;
        for (const std::string& v : point) {
            std::optional<int64_t> x = parse_int64(v);
            if (!x) break;
            values.push_back(*x);
        }
        bool exact = values.size() == point.size();
        for (size_t i = 0; exact && i < m.results().size(); ++i) {
            Result<int64_t> r = evaluate(m.results()[i], values);
            if (!r && r.error().kind == Error::Kind::DivisionByZero) {
                s.results.clear();
                s.note = "division by zero";
                return s;
            }
            exact = r.ok();
            if (exact) s.results.push_back(std::to_string(*r));
        }
        if (exact) return s;
        IslTranslator t(ctx_, m);
        Own<isl_map> g(t.graph());
        Own<isl_set> u(t.undefined());
        return side(g.get(), u.get(), point, nullptr, nullptr, {});
    }

    /// The kind of a pointwise difference, from both sides' values.
    static std::string kind_of(const SideValues& a, const SideValues& b) {
        bool in_a = a.note != "not in domain", in_b = b.note != "not in domain";
        if (in_a != in_b) return "domain mismatch";
        if (a.note.empty() && b.note.empty()) return "value mismatch";
        return "only one side divides by zero";
    }

    std::optional<Decision> unsupported(std::initializer_list<const IndexingMap*> maps) const {
        for (const IndexingMap* m : maps) {
            if (!detail::isl_translatable(*m)) {
                return unknown(
                    "outside isl's fragment (isl needs constant divisors and products by "
                    "constants, or divisors and factors of at most " +
                        std::to_string(detail::kMaxSplitValues) + " values)",
                    "isl");
            }
        }
        return std::nullopt;
    }

    /// One map's side at the input point `inputs` (the first input
    /// dimensions of `graph`, whose remaining inputs are `hidden`): with
    /// `tuple`, hidden values for which the results are `tuple`; else the
    /// results at some domain point there, else a point where a result
    /// divides by zero (first, if `prefer_undefined`), else "not in
    /// domain". `map` names the hidden values.
    SideValues side(isl_map* graph, isl_set* undefined, const std::vector<std::string>& inputs,
                    const std::vector<std::string>* tuple, const IndexingMap* map,
                    const std::vector<int64_t>& hidden, bool prefer_undefined = false) {
        isl_map* m = fix_inputs(ctx_, isl_map_copy(graph), inputs);
        if (tuple) {
            for (size_t j = 0; j < tuple->size(); ++j) {
                m = isl_map_fix_val(m, isl_dim_out, static_cast<unsigned>(j),
                                    isl_val_read_from_str(ctx_, (*tuple)[j].c_str()));
            }
        }
        SideValues s;
        const size_t n = inputs.size();
        auto hidden_values = [&](const std::vector<std::string>& p) {
            if (map) s.symbols = named_ids(*map, hidden, slice(p, n, hidden.size()));
        };
        auto division_by_zero = [&] {
            auto p = sample(fix_set(ctx_, isl_set_copy(undefined), inputs));
            if (p) {
                hidden_values(*p);
                s.note = "division by zero";
            }
            return p.has_value();
        };
        if (!tuple && prefer_undefined && division_by_zero()) {
            isl_map_free(m);
            return s;
        }
        if (auto p = sample(isl_map_wrap(m))) {
            hidden_values(*p);
            s.results = slice(*p, n + hidden.size(), p->size() - n - hidden.size());
            return s;
        }
        if (!tuple && division_by_zero()) return s;
        s.note = "not in domain";
        return s;
    }

    Limits limits_;
    isl_ctx* ctx_;
    detail::Watchdog watchdog_;
};

}  // namespace

std::unique_ptr<Oracle> make_isl_oracle(const Limits& limits) {
    if (detail::isolates(limits)) return detail::make_isolated_oracle(limits, make_isl_oracle);
    return std::make_unique<IslOracle>(limits);
}

}  // namespace provix::solvers
