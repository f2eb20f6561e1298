// Translation of provix maps into isl objects (see isl_translate.h).

#include "isl_translate.h"

#include <isl/mat.h>
#include <isl/space.h>

#include <cstdlib>
#include <functional>
#include <optional>
#include <utility>

#include "provix/interval_eval.h"

namespace provix::solvers::detail {

std::string val_text(isl_val* v) {
    if (!v) return "";
    if (isl_val_is_neginfty(v) == isl_bool_true) return "-inf";
    if (isl_val_is_infty(v) == isl_bool_true) return "inf";
    if (isl_val_is_nan(v) == isl_bool_true) return "nan";
    char* s = isl_val_to_str(v);
    std::string out = s ? s : "";
    free(s);
    return out;
}

namespace {

bool variable_free(Expr e) { return num_variables_used(e) == 0; }

/// True if a split over the values of an expression with interval `i` stays
/// within kMaxSplitValues pieces (an empty interval: no piece at all).
bool splittable(const Interval& i) {
    return i.is_empty() || (i.is_bounded() && i.size() <= kMaxSplitValues);
}

/// The ids of `e`'s variables when their bounds' box holds at most
/// kMaxSplitValues points; nullopt otherwise.
std::optional<std::vector<int64_t>> small_variable_box(Expr e,
                                                       const std::vector<Interval>& bounds) {
    std::vector<bool> used;
    collect_variables(e, used);
    std::vector<int64_t> ids;
    int64_t points = 1;
    for (size_t i = 0; i < used.size(); ++i) {
        if (!used[i]) continue;
        if (i >= bounds.size() || !bounds[i].is_bounded()) return std::nullopt;
        int64_t n = bounds[i].size();
        if (n == 0 || points > kMaxSplitValues / n) return std::nullopt;
        points *= n;
        ids.push_back(static_cast<int64_t>(i));
    }
    return ids;
}

/// True if `e` evaluates in int64 (or divides by zero) at every point of
/// the box of its variables `ids`: then a split on those points
/// (IslTranslator::split_on_variables) has a piece for each.
bool evaluates_in_int64_on_box(Expr e, const std::vector<int64_t>& ids,
                               const std::vector<Interval>& bounds) {
    std::vector<int64_t> point(bounds.size(), 0);
    for (int64_t id : ids)
        point[static_cast<size_t>(id)] = bounds[static_cast<size_t>(id)].lo();
    while (true) {
        Result<int64_t> c = evaluate(e, point);
        if (!c && c.error().kind != Error::Kind::DivisionByZero) return false;
        size_t k = 0;  // next point
        for (; k < ids.size(); ++k) {
            const size_t id = static_cast<size_t>(ids[k]);
            if (point[id] < bounds[id].hi()) {
                ++point[id];
                break;
            }
            point[id] = bounds[id].lo();
        }
        if (k == ids.size()) return true;
    }
}

/// True if `e` can be split exactly: on its variables' values (each value of
/// `e` there in int64, or a division by zero), or on its own values (an
/// interval of int64 values, which a value beyond int64 leaves unbounded).
/// A value beyond int64 at some point would otherwise get no piece, and
/// the points where it is taken would drop out of the function's domain as
/// if undefined there.
bool splittable(Expr e, const std::vector<Interval>& bounds) {
    const std::optional<std::vector<int64_t>> ids = small_variable_box(e, bounds);
    return (ids && evaluates_in_int64_on_box(e, *ids, bounds)) ||
           splittable(interval_of(e, bounds));
}

/// The recursive fragment check, memoized on node ids (expressions are DAGs).
class FragmentCheck {
public:
    explicit FragmentCheck(std::vector<Interval> bounds) : bounds_(std::move(bounds)) {}

    bool ok(Expr e) {
        auto it = memo_.find(e.id());
        if (it != memo_.end()) return it->second;
        bool r = check(e);
        memo_.emplace(e.id(), r);
        return r;
    }

private:
    bool check(Expr e) {
        switch (e.kind()) {
            case ExprKind::Constant:
            case ExprKind::Variable:
                return true;
            case ExprKind::Add:
            case ExprKind::Min:
            case ExprKind::Max:
                for (size_t i = 0; i < e.num_operands(); ++i) {
                    if (!ok(e.operand(i))) return false;
                }
                return true;
            case ExprKind::Mul: {
                bool seen_variables = false;
                for (size_t i = 0; i < e.num_operands(); ++i) {
                    Expr o = e.operand(i);
                    if (!ok(o)) return false;
                    if (variable_free(o)) continue;
                    if (seen_variables && !splittable(o, bounds_)) return false;
                    seen_variables = true;
                }
                return true;
            }
            case ExprKind::FloorDiv:
            case ExprKind::CeilDiv:
            case ExprKind::Mod: {
                Expr d = e.rhs();
                if (!ok(e.lhs()) || !ok(d)) return false;
                if (variable_free(d)) {
                    Result<int64_t> v = evaluate(d, {});
                    return v.ok() || v.error().kind == Error::Kind::DivisionByZero;
                }
                return splittable(d, bounds_);
            }
        }
        return false;
    }

    std::vector<Interval> bounds_;
    std::unordered_map<uint32_t, bool> memo_;
};

}  // namespace

bool isl_translatable(Expr e, const std::vector<Interval>& bounds) {
    return FragmentCheck(bounds).ok(e);
}

bool isl_translatable(const IndexingMap& map) {
    if (map.is_undefined()) return false;
    if (map.is_known_empty()) return true;
    FragmentCheck check(map.variable_bounds());
    for (Expr r : map.results()) {
        if (!check.ok(r)) return false;
    }
    for (const Constraint& c : map.constraints()) {
        if (!check.ok(c.expr)) return false;
    }
    return true;
}

IslTranslator::IslTranslator(isl_ctx* ctx, const IndexingMap& map, std::vector<unsigned> positions)
    : ctx_(ctx),
      map_(map),
      bounds_(map.variable_bounds()),
      positions_(std::move(positions)),
      ls_(isl_local_space_from_space(
          isl_space_set_alloc(ctx, 0, static_cast<unsigned>(map.num_variables())))) {
    if (positions_.empty()) {
        for (int64_t i = 0; i < map.num_variables(); ++i)
            positions_.push_back(static_cast<unsigned>(i));
    }
}

isl_pw_aff* IslTranslator::constant(int64_t v) {
    return isl_pw_aff_from_aff(isl_aff_val_on_domain(isl_local_space_copy(ls_.get()), value(v)));
}

isl_pw_aff* IslTranslator::empty() {
    isl_space* space = isl_space_from_domain(isl_local_space_get_space(ls_.get()));
    return isl_pw_aff_empty(isl_space_add_dims(space, isl_dim_out, 1));
}

isl_pw_aff* IslTranslator::expr(Expr e) { return isl_pw_aff_copy(built(e).value.get()); }

const IslTranslator::Built& IslTranslator::built(Expr e) {
    auto it = memo_.find(e.id());
    if (it != memo_.end()) return it->second;
    Built b = build(e);
    return memo_.emplace(e.id(), std::move(b)).first->second;
}

IslTranslator::Built IslTranslator::build(Expr e) {
    Built out;
    switch (e.kind()) {
        case ExprKind::Constant:
            out.value.reset(constant(e.constant_value()));
            return out;
        case ExprKind::Variable:
            out.value.reset(
                isl_pw_aff_var_on_domain(isl_local_space_copy(ls_.get()), isl_dim_set,
                                         positions_.at(static_cast<size_t>(e.variable_id()))));
            return out;
        case ExprKind::Add:
        case ExprKind::Min:
        case ExprKind::Max: {
            isl_pw_aff* acc = expr(e.operand(0));
            out.partial = built(e.operand(0)).partial;
            for (size_t i = 1; i < e.num_operands(); ++i) {
                isl_pw_aff* o = expr(e.operand(i));
                out.partial = out.partial || built(e.operand(i)).partial;
                acc = e.kind() == ExprKind::Add   ? isl_pw_aff_add(acc, o)
                      : e.kind() == ExprKind::Min ? isl_pw_aff_min(acc, o)
                                                  : isl_pw_aff_max(acc, o);
            }
            out.value.reset(acc);
            return out;
        }
        case ExprKind::Mul:
            return multiply(e);
        case ExprKind::FloorDiv:
        case ExprKind::CeilDiv:
        case ExprKind::Mod:
            return divide(e);
    }
    out.value.reset(empty());
    return out;
}

IslTranslator::Built IslTranslator::multiply(Expr e) {
    Built out;
    isl_pw_aff* acc = nullptr;
    bool acc_has_variables = false;
    for (size_t i = 0; i < e.num_operands(); ++i) {
        Expr o = e.operand(i);
        out.partial = out.partial || built(o).partial;
        if (!acc) {
            acc = expr(o);
        } else if (variable_free(o) || !acc_has_variables) {
            acc = isl_pw_aff_mul(acc, expr(o));  // one side is piecewise constant
        } else {
            // A second factor with variables: split on its variables' or its
            // own values.
            bool unused = false;
            if (isl_pw_aff* split = split_on_variables(
                    o,
                    [&](int64_t c) { return isl_pw_aff_scale_val(isl_pw_aff_copy(acc), value(c)); },
                    &unused, /*zero_is_undefined=*/false)) {
                isl_pw_aff_free(acc);
                acc = split;
                acc_has_variables = true;
                continue;
            }
            Interval values = interval_of(o, bounds_);
            isl_pw_aff* sum = empty();
            for (int64_t c = values.lo(); !values.is_empty() && c <= values.hi(); ++c) {
                isl_pw_aff* piece = isl_pw_aff_scale_val(isl_pw_aff_copy(acc), value(c));
                isl_set* where = isl_pw_aff_eq_set(expr(o), constant(c));
                sum = isl_pw_aff_union_add(sum, isl_pw_aff_intersect_domain(piece, where));
                if (c == values.hi()) break;
            }
            isl_pw_aff_free(acc);
            acc = sum;
        }
        acc_has_variables = acc_has_variables || !variable_free(o);
    }
    out.value.reset(acc);
    return out;
}

IslTranslator::Built IslTranslator::divide(Expr e) {
    Built out;
    Expr d = e.rhs();
    const Built& lhs = built(e.lhs());
    out.partial = lhs.partial || built(d).partial;
    if (variable_free(d)) {
        Result<int64_t> c = evaluate(d, {});
        if (!c || *c == 0) {  // undefined everywhere
            out.partial = true;
            out.value.reset(empty());
        } else {
            out.value.reset(divide_by(isl_pw_aff_copy(lhs.value.get()), *c, e.kind()));
        }
        return out;
    }
    // A divisor with variables: one piece per assignment of its variables
    // when they take few values together (pieces on plain boxes), else one
    // piece per non-zero value it can take.
    if (isl_pw_aff* split = split_on_variables(
            d, [&](int64_t c) { return divide_by(isl_pw_aff_copy(lhs.value.get()), c, e.kind()); },
            &out.partial)) {
        out.value.reset(split);
        return out;
    }
    Interval values = interval_of(d, bounds_);
    isl_pw_aff* sum = empty();
    for (int64_t c = values.lo(); !values.is_empty() && c <= values.hi(); ++c) {
        if (c == 0) {
            out.partial = true;
        } else {
            isl_pw_aff* piece = divide_by(isl_pw_aff_copy(lhs.value.get()), c, e.kind());
            isl_set* where = isl_pw_aff_eq_set(expr(d), constant(c));
            sum = isl_pw_aff_union_add(sum, isl_pw_aff_intersect_domain(piece, where));
        }
        if (c == values.hi()) break;
    }
    out.value.reset(sum);
    return out;
}

isl_pw_aff* IslTranslator::split_on_variables(Expr e,
                                              const std::function<isl_pw_aff*(int64_t)>& piece,
                                              bool* partial, bool zero_is_undefined) {
    std::optional<std::vector<int64_t>> ids = small_variable_box(e, bounds_);
    if (!ids) return nullptr;
    std::vector<int64_t> point(bounds_.size(), 0);
    for (int64_t id : *ids)
        point[static_cast<size_t>(id)] = bounds_[static_cast<size_t>(id)].lo();
    isl_pw_aff* sum = empty();
    bool undefined_somewhere = false;
    while (true) {
        Result<int64_t> c = evaluate(e, point);
        if (!c && c.error().kind != Error::Kind::DivisionByZero) {  // beyond int64
            isl_pw_aff_free(sum);
            return nullptr;
        }
        if (!c || (zero_is_undefined && *c == 0)) {
            undefined_somewhere = true;
        } else {
            isl_set* where = isl_set_universe(isl_local_space_get_space(ls_.get()));
            for (int64_t id : *ids) {
                where = isl_set_fix_val(where, isl_dim_set, positions_[static_cast<size_t>(id)],
                                        value(point[static_cast<size_t>(id)]));
            }
            sum = isl_pw_aff_union_add(sum, isl_pw_aff_intersect_domain(piece(*c), where));
        }
        size_t k = 0;  // next assignment
        for (; k < ids->size(); ++k) {
            size_t id = static_cast<size_t>((*ids)[k]);
            if (point[id] < bounds_[id].hi()) {
                ++point[id];
                break;
            }
            point[id] = bounds_[id].lo();
        }
        if (k == ids->size()) break;
    }
    *partial = *partial || undefined_somewhere;
    return sum;
}

isl_pw_aff* IslTranslator::divide_by(isl_pw_aff* a, int64_t c, ExprKind kind) {
    if (kind == ExprKind::Mod) {
        isl_pw_aff* q = divide_by(isl_pw_aff_copy(a), c, ExprKind::FloorDiv);
        return isl_pw_aff_sub(a, isl_pw_aff_scale_val(q, value(c)));
    }
    isl_val* d = value(c);
    if (c < 0) {
        a = isl_pw_aff_neg(a);
        d = isl_val_neg(d);  // exact even for kInt64Min
    }
    isl_pw_aff* q = isl_pw_aff_scale_down_val(a, d);
    return kind == ExprKind::CeilDiv ? isl_pw_aff_ceil(q) : isl_pw_aff_floor(q);
}

isl_set* IslTranslator::domain() {
    // The box of variable bounds as one constraint matrix (adding bounds one
    // by one costs a simplification each: quadratic in the variables).
    const int64_t n = map_.num_variables();
    int64_t rows = 0;
    for (int64_t i = 0; i < n; ++i) {
        const Interval& b = map_.variable(i).bounds;
        if (b.is_empty()) return isl_set_empty(isl_local_space_get_space(ls_.get()));
        rows += int64_t(!b.lo_is_inf()) + int64_t(!b.hi_is_inf());
    }
    const unsigned cols = static_cast<unsigned>(n) + 1;  // variables, then the constant
    isl_mat* ineq = isl_mat_alloc(ctx_, static_cast<unsigned>(rows), cols);
    for (unsigned r = 0; r < static_cast<unsigned>(rows); ++r) {
        for (unsigned c = 0; c < cols; ++c)
            ineq = isl_mat_set_element_si(ineq, static_cast<int>(r), static_cast<int>(c), 0);
    }
    int row = 0;
    for (int64_t i = 0; i < n; ++i) {
        const Interval& b = map_.variable(i).bounds;
        const int col = static_cast<int>(positions_[static_cast<size_t>(i)]);
        if (!b.lo_is_inf()) {  // x - lo >= 0
            ineq = isl_mat_set_element_si(ineq, row, col, 1);
            ineq =
                isl_mat_set_element_val(ineq, row, static_cast<int>(n), isl_val_neg(value(b.lo())));
            ++row;
        }
        if (!b.hi_is_inf()) {  // hi - x >= 0
            ineq = isl_mat_set_element_si(ineq, row, col, -1);
            ineq = isl_mat_set_element_val(ineq, row, static_cast<int>(n), value(b.hi()));
            ++row;
        }
    }
    isl_mat* eq = isl_mat_alloc(ctx_, 0, cols);
    isl_set* set = isl_set_from_basic_set(isl_basic_set_from_constraint_matrices(
        isl_local_space_get_space(ls_.get()), eq, ineq, isl_dim_set, isl_dim_div, isl_dim_param,
        isl_dim_cst));
    for (const Constraint& c : map_.constraints())
        set = isl_set_intersect(set, holds(c));
    return set;
}

isl_set* IslTranslator::holds(const Constraint& c) {
    if (c.range.is_empty()) return isl_set_empty(isl_local_space_get_space(ls_.get()));
    isl_set* s = isl_pw_aff_domain(expr(c.expr));
    if (!c.range.lo_is_inf()) {
        s = isl_set_intersect(s, isl_pw_aff_ge_set(expr(c.expr), constant(c.range.lo())));
    }
    if (!c.range.hi_is_inf()) {
        s = isl_set_intersect(s, isl_pw_aff_le_set(expr(c.expr), constant(c.range.hi())));
    }
    return s;
}

isl_map* IslTranslator::graph() {
    isl_map* acc = isl_map_from_domain(domain());
    for (Expr r : map_.results()) {
        acc = isl_map_flat_range_product(acc, isl_map_from_pw_aff(expr(r)));
    }
    return acc;
}

bool IslTranslator::results_may_be_undefined() {
    for (Expr r : map_.results()) {
        if (built(r).partial) return true;
    }
    return false;
}

isl_set* IslTranslator::undefined() {
    if (!results_may_be_undefined()) return isl_set_empty(isl_local_space_get_space(ls_.get()));
    isl_set* defined = isl_set_universe(isl_local_space_get_space(ls_.get()));
    for (Expr r : map_.results())
        defined = isl_set_intersect(defined, isl_pw_aff_domain(expr(r)));
    return isl_set_subtract(domain(), defined);
}

std::optional<std::vector<std::string>> sample(isl_set* set) {
    if (!set) return std::nullopt;
    isl_size n = isl_set_dim(set, isl_dim_set);
    Own<isl_point> p(isl_set_sample_point(set));
    if (!p || isl_point_is_void(p.get()) != isl_bool_false || n < 0) return std::nullopt;
    std::vector<std::string> out;
    for (int i = 0; i < n; ++i) {
        Own<isl_val> v(isl_point_get_coordinate_val(p.get(), isl_dim_set, i));
        out.push_back(val_text(v.get()));
    }
    return out;
}

}  // namespace provix::solvers::detail
