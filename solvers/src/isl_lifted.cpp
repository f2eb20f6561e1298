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

class Lifter {
public:
    Lifter(isl_ctx* ctx, const IndexingMap& map) : ctx_(ctx), map_(map) {}

    /// The range of result `result`, or (result < 0) only whether the
    /// domain is empty, with a witness point when asked.
    LiftedRange run(int64_t result, std::vector<std::string>* witness) {
        LiftedRange out;
        out.status = LiftedRange::Status::NotLiftable;
        next_ = map_.num_variables();
        if (result >= 0 && !number(map_.results()[static_cast<size_t>(result)])) return out;
        for (const Constraint& c : map_.constraints()) {
            if (!number(c.expr)) return out;
        }
        if (static_cast<int>(choice_nodes_) > kMaxLiftedChoices) return out;
        out.status = LiftedRange::Status::Failed;
        ls_.reset(
            isl_local_space_from_space(isl_space_set_alloc(ctx_, 0, static_cast<unsigned>(next_))));
        // Rows (each `>= 0`): bounds, constraints, lifted definitions.
        for (int64_t i = 0; i < map_.num_variables(); ++i) {
            const Interval& b = map_.variable(i).bounds;
            if (b.is_empty()) return decided_empty();
            if (!b.lo_is_inf()) row(isl_aff_add_constant_val(var(i), isl_val_neg(val(b.lo))));
            if (!b.hi_is_inf()) row(isl_aff_add_constant_val(isl_aff_neg(var(i)), val(b.hi)));
        }
        Own<isl_aff> objective(result >= 0 ? form(map_.results()[static_cast<size_t>(result)])
                                           : constant(isl_val_zero(ctx_)));
        for (const Constraint& c : map_.constraints()) {
            if (c.range.is_empty()) return decided_empty();
            if (!c.range.lo_is_inf()) {
                row(isl_aff_add_constant_val(form(c.expr), isl_val_neg(val(c.range.lo))));
            }
            if (!c.range.hi_is_inf()) {
                row(isl_aff_add_constant_val(isl_aff_neg(form(c.expr)), val(c.range.hi)));
            }
        }
        if (!objective) return out;
        // One integer linear program per choice of every min / max.
        const size_t cases = size_t{1} << choices_.size();
        for (size_t mask = 0; mask < cases; ++mask) {
            std::vector<isl_aff*> chosen;
            for (size_t j = 0; j < choices_.size(); ++j) {
                chosen.push_back(mask >> j & 1 ? choices_[j].second.get()
                                               : choices_[j].first.get());
            }
            Own<isl_basic_set> set(basic_set(chosen));
            if (!set) return out;
            Own<isl_val> hi(isl_basic_set_max_val(set.get(), objective.get()));
            if (!hi) return out;
            if (isl_val_is_nan(hi.get()) == isl_bool_true) continue;  // no point
            if (witness && witness->empty() && !sample(set.get(), witness)) return out;
            if (result < 0) {  // emptiness only: a point exists
                out.status = LiftedRange::Status::Decided;
                return out;
            }
            Own<isl_aff> negated(isl_aff_neg(isl_aff_copy(objective.get())));
            Own<isl_val> neg_lo(isl_basic_set_max_val(set.get(), negated.get()));
            if (!neg_lo) return out;
            Own<isl_val> lo(isl_val_neg(neg_lo.release()));
            if (!out.lo || isl_val_lt(lo.get(), out.lo.get()) == isl_bool_true) {
                out.lo = std::move(lo);
            }
            if (!out.hi || isl_val_gt(hi.get(), out.hi.get()) == isl_bool_true) {
                out.hi = std::move(hi);
            }
        }
        out.status = LiftedRange::Status::Decided;
        out.empty = result < 0 || !out.lo;
        return out;
    }

private:
    static LiftedRange decided_empty() {
        LiftedRange r;
        r.status = LiftedRange::Status::Decided;
        r.empty = true;
        return r;
    }

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
    isl_aff* constant(isl_val* v) {
        return isl_aff_val_on_domain(isl_local_space_copy(ls_.get()), v);
    }
    void row(isl_aff* a) { rows_.emplace_back(a); }

    /// The affine form of `e` over the lifted space (a new reference).
    isl_aff* form(Expr e) {
        auto it = forms_.find(e.id());
        if (it != forms_.end()) return isl_aff_copy(it->second.get());
        isl_aff* f = build(e);
        forms_.emplace(e.id(), Own<isl_aff>(isl_aff_copy(f)));
        return f;
    }

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

    /// The original variables' values at a point of `set` (non-empty).
    bool sample(isl_basic_set* set, std::vector<std::string>* out) {
        Own<isl_point> p(isl_basic_set_sample_point(isl_basic_set_copy(set)));
        if (!p || isl_point_is_void(p.get()) != isl_bool_false) return false;
        for (int64_t i = 0; i < map_.num_variables(); ++i) {
            Own<isl_val> v(isl_point_get_coordinate_val(p.get(), isl_dim_set, static_cast<int>(i)));
            if (!v) return false;
            out->push_back(val_text(v.get()));
        }
        return true;
    }

    /// The basic set of every row plus `chosen` (one matrix: adding
    /// constraints one by one would simplify after each).
    isl_basic_set* basic_set(const std::vector<isl_aff*>& chosen) {
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
    const IndexingMap& map_;
    int64_t next_ = 0;
    size_t choice_nodes_ = 0;
    std::unordered_map<uint32_t, bool> ok_;
    std::unordered_map<uint32_t, int64_t> lifted_;
    std::unordered_map<uint32_t, Own<isl_aff>> forms_;
    Own<isl_local_space> ls_;
    std::vector<Own<isl_aff>> rows_;
    std::vector<Choice> choices_;
};

}  // namespace

LiftedRange lifted_range(isl_ctx* ctx, const IndexingMap& map, int64_t result) {
    return Lifter(ctx, map).run(result, nullptr);
}

LiftedRange lifted_emptiness(isl_ctx* ctx, const IndexingMap& map,
                             std::vector<std::string>* witness) {
    return Lifter(ctx, map).run(-1, witness);
}

}  // namespace provix::solvers::detail
