// Exact ranges over a lifted space (see isl_lifted.h).

#include "isl_lifted.h"

#include <isl/aff.h>
#include <isl/ilp.h>
#include <isl/local_space.h>
#include <isl/mat.h>
#include <isl/point.h>
#include <isl/set.h>
#include <isl/space.h>

#include <optional>
#include <string>
#include <tuple>
#include <unordered_map>
#include <utility>
#include <vector>

namespace provix::solvers::detail {

namespace {

bool variable_free(Expr e) { return num_variables_used(e) == 0; }

/// A min / max node's lifted variable and its two choices (`m >= a` or
/// `m >= b` for min; `m <= a` or `m <= b` for max), as inequalities `>= 0`.
struct Choice {
    Own<isl_aff> first, second;
};

/// One lifted space over `num_variables` original variables: the division
/// and min/max nodes of the expressions added get their own variables and
/// defining rows (each an affine form `>= 0`).
class LiftedSpace {
public:
    LiftedSpace(isl_ctx* ctx, int64_t num_variables)
        : ctx_(ctx), num_variables_(num_variables), next_(num_variables) {}

    /// Adds `e` (numbering its lifted nodes); false outside the fragment.
    bool add(Expr e) { return number(e); }
    /// Adds every result and constraint of `m`.
    bool add(const IndexingMap& m) {
        for (Expr r : m.results()) {
            if (!number(r)) return false;
        }
        for (const Constraint& c : m.constraints()) {
            if (!number(c.expr)) return false;
        }
        return true;
    }
    /// Ends the numbering (true when few enough min / max nodes).
    bool finish() {
        if (static_cast<int>(choice_nodes_) > kMaxLiftedChoices) return false;
        ls_.reset(
            isl_local_space_from_space(isl_space_set_alloc(ctx_, 0, static_cast<unsigned>(next_))));
        return true;
    }

    /// The rows of `m`'s domain (bounds and constraints); false when a bound
    /// or a constraint range is empty (the domain is empty).
    bool domain_rows(const IndexingMap& m, std::vector<Own<isl_aff>>& rows) {
        for (int64_t i = 0; i < m.num_variables(); ++i) {
            const Interval& b = m.variable(i).bounds;
            if (b.is_empty()) return false;
            if (!b.lo_is_inf()) {
                rows.emplace_back(isl_aff_add_constant_val(var(i), isl_val_neg(val(b.lo()))));
            }
            if (!b.hi_is_inf()) {
                rows.emplace_back(isl_aff_add_constant_val(isl_aff_neg(var(i)), val(b.hi())));
            }
        }
        for (const Constraint& c : m.constraints()) {
            if (c.range.is_empty()) return false;
            if (!c.range.lo_is_inf()) {
                rows.emplace_back(
                    isl_aff_add_constant_val(form(c.expr), isl_val_neg(val(c.range.lo()))));
            }
            if (!c.range.hi_is_inf()) {
                rows.emplace_back(
                    isl_aff_add_constant_val(isl_aff_neg(form(c.expr)), val(c.range.hi())));
            }
        }
        return true;
    }

    /// Number of min / max choice combinations.
    size_t cases() const { return size_t{1} << choices_.size(); }

    /// The basic set of every definition row, `extra`, and the choices of
    /// combination `mask`.
    isl_basic_set* basic_set(const std::vector<isl_aff*>& extra, size_t mask) {
        std::vector<isl_aff*> rows = extra;
        for (size_t j = 0; j < choices_.size(); ++j)
            rows.push_back(mask >> j & 1 ? choices_[j].second.get() : choices_[j].first.get());
        return matrix_set(rows);
    }

    /// The original variables' values at a point of `set` (non-empty).
    bool sample(isl_basic_set* set, std::vector<std::string>* out) {
        Own<isl_point> p(isl_basic_set_sample_point(isl_basic_set_copy(set)));
        if (!p || isl_point_is_void(p.get()) != isl_bool_false) return false;
        for (int64_t i = 0; i < num_variables_; ++i) {
            Own<isl_val> v(isl_point_get_coordinate_val(p.get(), isl_dim_set, static_cast<int>(i)));
            if (!v) return false;
            out->push_back(val_text(v.get()));
        }
        return true;
    }

    /// The affine form of `e` over the lifted space (a new reference).
    isl_aff* form(Expr e) {
        auto it = forms_.find(e.id());
        if (it != forms_.end()) return isl_aff_copy(it->second.get());
        isl_aff* f = build(e);
        forms_.emplace(e.id(), Own<isl_aff>(isl_aff_copy(f)));
        return f;
    }
    isl_aff* constant(isl_val* v) {
        return isl_aff_val_on_domain(isl_local_space_copy(ls_.get()), v);
    }
    isl_ctx* ctx() const { return ctx_; }

private:
    /// Checks the fragment and numbers the lifted variables (DAG, memoized).
    bool number(Expr e) {
        auto it = ok_.find(e.id());
        if (it != ok_.end()) return it->second;
        bool ok = check(e);
        ok_.emplace(e.id(), ok);
        return ok;
    }

    bool check(Expr e) {
        if (variable_free(e)) return evaluate(e, {}).ok();
        switch (e.kind()) {
            case ExprKind::Constant:
            case ExprKind::Variable:
                return true;
            case ExprKind::Add: {
                for (size_t i = 0; i < e.num_operands(); ++i) {
                    if (!number(e.operand(i))) return false;
                }
                return true;
            }
            case ExprKind::Mul: {
                int with_variables = 0;
                for (size_t i = 0; i < e.num_operands(); ++i) {
                    if (!number(e.operand(i))) return false;
                    with_variables += !variable_free(e.operand(i));
                }
                return with_variables <= 1;
            }
            case ExprKind::FloorDiv:
            case ExprKind::CeilDiv:
            case ExprKind::Mod: {
                Expr d = e.rhs();
                if (!variable_free(d) || !number(e.lhs())) return false;
                Result<int64_t> c = evaluate(d, {});
                if (!c || *c == 0) return false;
                lifted_.emplace(e.id(), next_++);
                return true;
            }
            case ExprKind::Min:
            case ExprKind::Max:
                if (!number(e.lhs()) || !number(e.rhs())) return false;
                lifted_.emplace(e.id(), next_++);
                ++choice_nodes_;
                return true;
        }
        return false;
    }

    isl_val* val(int64_t v) { return isl_val_int_from_si(ctx_, v); }
    isl_aff* var(int64_t i) {
        return isl_aff_var_on_domain(isl_local_space_copy(ls_.get()), isl_dim_set,
                                     static_cast<unsigned>(i));
    }
    void row(isl_aff* a) { rows_.emplace_back(a); }

    /// `q = floor(a / c)` as a lifted variable with its two defining rows.
    isl_aff* floor_of(isl_aff* a, int64_t c, int64_t q) {
        isl_val* d = val(c);
        if (c < 0) {  // a / c == (-a) / (-c)
            a = isl_aff_neg(a);
            d = isl_val_neg(d);
        }
        // a - d*q >= 0  and  d*q + d - 1 - a >= 0
        isl_aff* dq = isl_aff_scale_val(var(q), isl_val_copy(d));
        row(isl_aff_sub(isl_aff_copy(a), isl_aff_copy(dq)));
        isl_aff* upper = isl_aff_add_constant_val(dq, isl_val_sub_ui(d, 1));
        row(isl_aff_sub(upper, a));
        return var(q);
    }

    isl_aff* build(Expr e) {
        if (variable_free(e)) return constant(val(*evaluate(e, {})));
        switch (e.kind()) {
            case ExprKind::Variable:
                return var(e.variable_id());
            case ExprKind::Add: {
                isl_aff* acc = form(e.operand(0));
                for (size_t i = 1; i < e.num_operands(); ++i)
                    acc = isl_aff_add(acc, form(e.operand(i)));
                return acc;
            }
            case ExprKind::Mul: {
                isl_val* k = isl_val_one(ctx_);
                isl_aff* f = nullptr;
                for (size_t i = 0; i < e.num_operands(); ++i) {
                    Expr o = e.operand(i);
                    if (variable_free(o)) {
                        k = isl_val_mul(k, val(*evaluate(o, {})));
                    } else {
                        f = form(o);
                    }
                }
                return isl_aff_scale_val(f, k);
            }
            case ExprKind::FloorDiv:
                return floor_of(form(e.lhs()), *evaluate(e.rhs(), {}), lifted_.at(e.id()));
            case ExprKind::CeilDiv:  // ⌈a / c⌉ == -⌊-a / c⌋
                return isl_aff_neg(floor_of(isl_aff_neg(form(e.lhs())), *evaluate(e.rhs(), {}),
                                            lifted_.at(e.id())));
            case ExprKind::Mod: {  // a - c * ⌊a / c⌋
                int64_t c = *evaluate(e.rhs(), {});
                isl_aff* q = floor_of(form(e.lhs()), c, lifted_.at(e.id()));
                return isl_aff_sub(form(e.lhs()), isl_aff_scale_val(q, val(c)));
            }
            case ExprKind::Min:
            case ExprKind::Max: {
                bool is_min = e.kind() == ExprKind::Min;
                isl_aff* m = var(lifted_.at(e.id()));
                isl_aff* a = form(e.lhs());
                isl_aff* b = form(e.rhs());
                // min: a - m >= 0, b - m >= 0; and m - a >= 0 or m - b >= 0.
                auto diff = [&](isl_aff* x, isl_aff* y) {
                    return isl_aff_sub(isl_aff_copy(x), isl_aff_copy(y));
                };
                row(is_min ? diff(a, m) : diff(m, a));
                row(is_min ? diff(b, m) : diff(m, b));
                Choice c;
                c.first.reset(is_min ? diff(m, a) : diff(a, m));
                c.second.reset(is_min ? diff(m, b) : diff(b, m));
                choices_.push_back(std::move(c));
                isl_aff_free(a);
                isl_aff_free(b);
                return m;
            }
            case ExprKind::Constant:
                break;
        }
        return constant(val(e.constant_value()));
    }

    /// The basic set of the definition rows plus `chosen` (one matrix:
    /// adding constraints one by one would simplify after each).
    isl_basic_set* matrix_set(const std::vector<isl_aff*>& chosen) {
        const unsigned cols = static_cast<unsigned>(next_) + 1;
        const unsigned n_rows = static_cast<unsigned>(rows_.size() + chosen.size());
        isl_mat* ineq = isl_mat_alloc(ctx_, n_rows, cols);
        unsigned r = 0;
        auto put = [&](isl_aff* a) {
            for (unsigned c = 0; c + 1 < cols; ++c) {
                ineq = isl_mat_set_element_val(
                    ineq, static_cast<int>(r), static_cast<int>(c),
                    isl_aff_get_coefficient_val(a, isl_dim_in, static_cast<int>(c)));
            }
            ineq = isl_mat_set_element_val(ineq, static_cast<int>(r), static_cast<int>(cols - 1),
                                           isl_aff_get_constant_val(a));
            ++r;
        };
        for (const Own<isl_aff>& a : rows_)
            put(a.get());
        for (isl_aff* a : chosen)
            put(a);
        return isl_basic_set_from_constraint_matrices(
            isl_local_space_get_space(ls_.get()), isl_mat_alloc(ctx_, 0, cols), ineq, isl_dim_set,
            isl_dim_div, isl_dim_param, isl_dim_cst);
    }

    isl_ctx* ctx_;
    int64_t num_variables_;
    int64_t next_;
    size_t choice_nodes_ = 0;
    std::unordered_map<uint32_t, bool> ok_;
    std::unordered_map<uint32_t, int64_t> lifted_;
    std::unordered_map<uint32_t, Own<isl_aff>> forms_;
    Own<isl_local_space> ls_;
    std::vector<Own<isl_aff>> rows_;
    std::vector<Choice> choices_;
};

/// Builds the space and the domain rows of `map`; nullopt outside the
/// fragment, false in `*nonempty_rows` when a bound or range is empty.
bool prepare(LiftedSpace& space, const IndexingMap& map, std::vector<Own<isl_aff>>& rows,
             bool* trivially_empty) {
    if (!space.add(map) || !space.finish()) return false;
    *trivially_empty = !space.domain_rows(map, rows);
    return true;
}

std::vector<isl_aff*> raw(const std::vector<Own<isl_aff>>& rows) {
    std::vector<isl_aff*> out;
    for (const Own<isl_aff>& r : rows)
        out.push_back(r.get());
    return out;
}

/// The range of result `result` (result < 0: whether the domain is empty,
/// `witness` receiving a point when it is not).
LiftedRange range_or_emptiness(isl_ctx* ctx, const IndexingMap& map, int64_t result,
                               std::vector<std::string>* witness) {
    LiftedRange out;
    LiftedSpace space(ctx, map.num_variables());
    std::vector<Own<isl_aff>> rows;
    bool empty = false;
    if (result >= 0 && !space.add(map.results()[static_cast<size_t>(result)])) return out;
    if (!prepare(space, map, rows, &empty)) return out;
    out.status = LiftedRange::Status::Decided;
    out.empty = true;
    if (empty) return out;
    out.status = LiftedRange::Status::Failed;
    Own<isl_aff> objective(result >= 0 ? space.form(map.results()[static_cast<size_t>(result)])
                                       : space.constant(isl_val_zero(ctx)));
    if (!objective) return out;
    // One integer linear program per end and choice of every min / max.
    for (size_t mask = 0; mask < space.cases(); ++mask) {
        Own<isl_basic_set> set(space.basic_set(raw(rows), mask));
        if (!set) return out;
        Own<isl_val> hi(isl_basic_set_max_val(set.get(), objective.get()));
        if (!hi) return out;
        if (isl_val_is_nan(hi.get()) == isl_bool_true) continue;  // no point
        if (witness && witness->empty() && !space.sample(set.get(), witness)) return out;
        if (result < 0) {  // emptiness only: a point exists
            out.status = LiftedRange::Status::Decided;
            out.empty = false;
            return out;
        }
        Own<isl_aff> negated(isl_aff_neg(isl_aff_copy(objective.get())));
        Own<isl_val> neg_lo(isl_basic_set_max_val(set.get(), negated.get()));
        if (!neg_lo) return out;
        Own<isl_val> lo(isl_val_neg(neg_lo.release()));
        if (!out.lo || isl_val_lt(lo.get(), out.lo.get()) == isl_bool_true) out.lo = std::move(lo);
        if (!out.hi || isl_val_gt(hi.get(), out.hi.get()) == isl_bool_true) out.hi = std::move(hi);
    }
    out.status = LiftedRange::Status::Decided;
    out.empty = !out.lo;
    return out;
}

/// `-r - 1 >= 0`: the row `r >= 0` violated.
isl_aff* violated(isl_aff* r) { return isl_aff_add_constant_si(isl_aff_neg(isl_aff_copy(r)), -1); }

bool contains_equal(const std::vector<Own<isl_aff>>& rows, isl_aff* r) {
    for (const Own<isl_aff>& x : rows) {
        if (isl_aff_plain_is_equal(x.get(), r) == isl_bool_true) return true;
    }
    return false;
}

}  // namespace

LiftedRange lifted_range(isl_ctx* ctx, const IndexingMap& map, int64_t result) {
    return range_or_emptiness(ctx, map, result, nullptr);
}

LiftedRange lifted_emptiness(isl_ctx* ctx, const IndexingMap& map,
                             std::vector<std::string>* witness) {
    return range_or_emptiness(ctx, map, -1, witness);
}

LiftedEquivalence lifted_pointwise(isl_ctx* ctx, const IndexingMap& a, const IndexingMap& b) {
    LiftedEquivalence out;
    if (a.num_variables() != b.num_variables() || a.num_results() != b.num_results()) return out;
    LiftedSpace space(ctx, a.num_variables());
    if (!space.add(a) || !space.add(b) || !space.finish()) return out;
    out.status = LiftedEquivalence::Status::Failed;
    std::vector<Own<isl_aff>> rows_a, rows_b;
    bool a_empty = !space.domain_rows(a, rows_a);
    bool b_empty = !space.domain_rows(b, rows_b);
    // An empty bound or range: the domain is the empty set `-1 >= 0`.
    if (a_empty) rows_a.emplace_back(space.constant(isl_val_negone(ctx)));
    if (b_empty) rows_b.emplace_back(space.constant(isl_val_negone(ctx)));
    // Is there a point of `in` where `extra >= 0`? (`witness` receives it.)
    auto feasible = [&](const std::vector<Own<isl_aff>>& in, isl_aff* extra,
                        std::vector<std::string>* witness) -> std::optional<bool> {
        std::vector<isl_aff*> rows = raw(in);
        rows.push_back(extra);
        Own<isl_aff> zero(space.constant(isl_val_zero(ctx)));
        for (size_t mask = 0; mask < space.cases(); ++mask) {
            Own<isl_basic_set> set(space.basic_set(rows, mask));
            if (!set) return std::nullopt;
            Own<isl_val> v(isl_basic_set_max_val(set.get(), zero.get()));
            if (!v) return std::nullopt;
            if (isl_val_is_nan(v.get()) == isl_bool_true) continue;
            if (!space.sample(set.get(), witness)) return std::nullopt;
            return true;
        }
        return false;
    };
    // A point in one domain and not the other: a row of one violated in the
    // other (rows both have are skipped).
    auto outside = [&](const std::vector<Own<isl_aff>>& in, const std::vector<Own<isl_aff>>& of,
                       LiftedEquivalence::Difference kind) -> std::optional<bool> {
        for (const Own<isl_aff>& r : of) {
            if (contains_equal(in, r.get())) continue;
            Own<isl_aff> v(violated(r.get()));
            std::optional<bool> f = feasible(in, v.get(), &out.witness);
            if (!f || *f) {
                out.difference = kind;
                return f;
            }
        }
        return false;
    };
    for (auto [in, of, kind] :
         {std::tuple{&rows_a, &rows_b, LiftedEquivalence::Difference::OnlyFirstDefined},
          std::tuple{&rows_b, &rows_a, LiftedEquivalence::Difference::OnlySecondDefined}}) {
        std::optional<bool> f = outside(*in, *of, kind);
        if (!f) return out;
        if (*f) {
            out.status = LiftedEquivalence::Status::Decided;
            return out;
        }
    }
    // The same domain: the results must agree on it.
    for (int64_t i = 0; i < a.num_results(); ++i) {
        Expr ra = a.results()[static_cast<size_t>(i)], rb = b.results()[static_cast<size_t>(i)];
        if (ra == rb) continue;
        Own<isl_aff> diff(isl_aff_sub(space.form(ra), space.form(rb)));
        for (int sign : {1, -1}) {
            Own<isl_aff> d(isl_aff_copy(diff.get()));
            if (sign < 0) d.reset(isl_aff_neg(d.release()));
            Own<isl_aff> beyond(isl_aff_add_constant_si(d.release(), -1));  // diff >= 1
            std::optional<bool> f = feasible(rows_a, beyond.get(), &out.witness);
            if (!f) return out;
            if (*f) {
                out.status = LiftedEquivalence::Status::Decided;
                out.difference = LiftedEquivalence::Difference::Values;
                return out;
            }
        }
    }
    out.status = LiftedEquivalence::Status::Decided;
    out.equal = true;
    return out;
}

}  // namespace provix::solvers::detail
