// The missed-simplification probe: quasi-affine expressions to isl
// piecewise affine functions (floor semantics of provix/semantics.h), the
// affine hull of a result's graph over the domain, and an equality that
// defines the result as a div-free affine expression.
//
// Translation:
//   a floordiv c  ->  floor(a / c)                  (c < 0: floor(-a / -c))
//   a ceildiv c   ->  ceil(a / c)                   (c < 0: ceil(-a / -c))
//   a mod c       ->  a - c * floor(a / c)          (sign of c, not isl's mod)
//   min, max      ->  isl_pw_aff_min / isl_pw_aff_max

#include "provix/fuzz/affine_probe.h"

#include <isl/aff.h>
#include <isl/constraint.h>
#include <isl/ctx.h>
#include <isl/local_space.h>
#include <isl/map.h>
#include <isl/options.h>
#include <isl/set.h>
#include <isl/space.h>
#include <isl/val.h>

#include <cstdlib>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "provix/solvers/quasi_affine.h"
#include "provix/solvers/verdict.h"

namespace provix::fuzz {

namespace {

/// An int64 from an isl integer value, or nullopt if it does not fit.
std::optional<int64_t> to_int64(isl_val* v) {
    if (!v || isl_val_is_int(v) != isl_bool_true) return std::nullopt;
    char* s = isl_val_to_str(v);
    std::optional<int64_t> out = s ? solvers::parse_int64(s) : std::nullopt;
    free(s);
    return out;
}

/// Quasi-affine provix expressions as isl_pw_affs over the set space of all
/// variables of one map. Every method returns a new reference (NULL on
/// error, which isl then propagates).
class PwAffBuilder {
public:
    PwAffBuilder(isl_ctx* ctx, unsigned num_vars)
        : ctx_(ctx), space_(isl_space_set_alloc(ctx, 0, num_vars)) {}
    ~PwAffBuilder() {
        isl_space_free(space_);
        for (auto& entry : memo_)
            isl_pw_aff_free(entry.second);
    }
    PwAffBuilder(const PwAffBuilder&) = delete;
    PwAffBuilder& operator=(const PwAffBuilder&) = delete;

    isl_local_space* local_space() { return isl_local_space_from_space(isl_space_copy(space_)); }

    isl_pw_aff* constant(int64_t v) {
        return isl_pw_aff_from_aff(
            isl_aff_val_on_domain(local_space(), isl_val_int_from_si(ctx_, v)));
    }

    isl_pw_aff* expr(Expr e) {
        auto it = memo_.find(e.id());
        if (it != memo_.end()) return isl_pw_aff_copy(it->second);
        isl_pw_aff* pa = build(e);
        if (pa) memo_.emplace(e.id(), isl_pw_aff_copy(pa));
        return pa;
    }

    /// The domain: variable bounds and constraints.
    isl_set* domain(const IndexingMap& m) {
        isl_set* set = isl_set_universe(isl_space_copy(space_));
        for (int64_t i = 0; i < m.num_variables(); ++i) {
            const Interval& b = m.variable(i).bounds;
            unsigned pos = static_cast<unsigned>(i);
            if (b.is_empty()) {
                isl_set_free(set);
                return isl_set_empty(isl_space_copy(space_));
            }
            if (!b.lo_is_inf()) {
                set =
                    isl_set_lower_bound_val(set, isl_dim_set, pos, isl_val_int_from_si(ctx_, b.lo));
            }
            if (!b.hi_is_inf()) {
                set =
                    isl_set_upper_bound_val(set, isl_dim_set, pos, isl_val_int_from_si(ctx_, b.hi));
            }
        }
        for (const Constraint& c : m.constraints()) {
            if (c.range.is_empty()) {
                isl_set_free(set);
                return isl_set_empty(isl_space_copy(space_));
            }
            isl_pw_aff* e = expr(c.expr);
            isl_set* holds = isl_pw_aff_domain(isl_pw_aff_copy(e));
            if (!c.range.lo_is_inf()) {
                holds = isl_set_intersect(
                    holds, isl_pw_aff_ge_set(isl_pw_aff_copy(e), constant(c.range.lo)));
            }
            if (!c.range.hi_is_inf()) {
                holds = isl_set_intersect(
                    holds, isl_pw_aff_le_set(isl_pw_aff_copy(e), constant(c.range.hi)));
            }
            isl_pw_aff_free(e);
            set = isl_set_intersect(set, holds);
        }
        return set;
    }

private:
    isl_pw_aff* build(Expr e) {
        switch (e.kind()) {
            case ExprKind::Constant:
                return constant(e.constant_value());
            case ExprKind::Variable:
                return isl_pw_aff_var_on_domain(local_space(), isl_dim_set,
                                                static_cast<unsigned>(e.variable_id()));
            case ExprKind::Add:
            case ExprKind::Mul: {
                isl_pw_aff* acc = expr(e.operand(0));
                for (size_t i = 1; i < e.num_operands(); ++i) {
                    isl_pw_aff* o = expr(e.operand(i));
                    acc =
                        e.kind() == ExprKind::Add ? isl_pw_aff_add(acc, o) : isl_pw_aff_mul(acc, o);
                }
                return acc;
            }
            case ExprKind::FloorDiv:
            case ExprKind::CeilDiv: {
                std::optional<int64_t> c = divisor(e.rhs());
                if (!c) return nullptr;
                return divide(expr(e.lhs()), *c, e.kind() == ExprKind::CeilDiv);
            }
            case ExprKind::Mod: {
                std::optional<int64_t> c = divisor(e.rhs());
                if (!c) return nullptr;
                isl_pw_aff* a = expr(e.lhs());
                isl_pw_aff* q = divide(isl_pw_aff_copy(a), *c, false);
                return isl_pw_aff_sub(a, isl_pw_aff_scale_val(q, isl_val_int_from_si(ctx_, *c)));
            }
            case ExprKind::Min:
                return isl_pw_aff_min(expr(e.lhs()), expr(e.rhs()));
            case ExprKind::Max:
                return isl_pw_aff_max(expr(e.lhs()), expr(e.rhs()));
        }
        return nullptr;
    }

    /// The value of a variable-free divisor, nullopt if zero or not constant.
    static std::optional<int64_t> divisor(Expr e) {
        Result<int64_t> v = evaluate(e, {});
        if (!v || *v == 0) return std::nullopt;
        return *v;
    }

    /// ⌊a / c⌋ or ⌈a / c⌉, using `a / c == (-a) / (-c)` for negative c.
    isl_pw_aff* divide(isl_pw_aff* a, int64_t c, bool ceil) {
        isl_val* d = isl_val_int_from_si(ctx_, c);
        if (c < 0) {
            a = isl_pw_aff_neg(a);
            d = isl_val_neg(d);
        }
        isl_pw_aff* q = isl_pw_aff_scale_down_val(a, d);
        return ceil ? isl_pw_aff_ceil(q) : isl_pw_aff_floor(q);
    }

    isl_ctx* ctx_;
    isl_space* space_;
    std::unordered_map<uint32_t, isl_pw_aff*> memo_;
};

/// Collects the equalities of an affine hull that give the last set
/// dimension (the result) with coefficient +-1.
struct HullScan {
    Context* ctx = nullptr;
    unsigned num_vars = 0;
    std::optional<Expr> found;
    bool overflow = false;
};

isl_stat scan_constraint(isl_constraint* c, void* user) {
    HullScan& scan = *static_cast<HullScan*>(user);
    if (scan.found || isl_constraint_is_equality(c) != isl_bool_true) {
        isl_constraint_free(c);
        return isl_stat_ok;
    }
    isl_size divs = isl_constraint_dim(c, isl_dim_div);
    for (int i = 0; i < divs; ++i) {
        isl_val* v = isl_constraint_get_coefficient_val(c, isl_dim_div, i);
        bool zero = isl_val_is_zero(v) == isl_bool_true;
        isl_val_free(v);
        if (!zero) {
            isl_constraint_free(c);
            return isl_stat_ok;
        }
    }
    // The constraint reads  a_y * y + sum a_i * v_i + a_0 = 0.
    isl_val* ay =
        isl_constraint_get_coefficient_val(c, isl_dim_set, static_cast<int>(scan.num_vars));
    std::optional<int64_t> a_y = to_int64(ay);
    isl_val_free(ay);
    if (!a_y || (*a_y != 1 && *a_y != -1)) {
        isl_constraint_free(c);
        return isl_stat_ok;
    }
    // y = -a_y * (sum a_i * v_i + a_0)   (a_y is its own inverse)
    Context& ctx = *scan.ctx;
    isl_val* a0v = isl_constraint_get_constant_val(c);
    std::optional<int64_t> a0 = to_int64(a0v);
    isl_val_free(a0v);
    std::optional<int64_t> k0 = a0 ? checked_mul(*a0, -*a_y) : std::nullopt;
    if (!k0) {
        scan.overflow = true;
        isl_constraint_free(c);
        return isl_stat_ok;
    }
    Expr e = ctx.constant(*k0);
    for (unsigned i = 0; i < scan.num_vars; ++i) {
        isl_val* av = isl_constraint_get_coefficient_val(c, isl_dim_set, static_cast<int>(i));
        std::optional<int64_t> a = to_int64(av);
        isl_val_free(av);
        std::optional<int64_t> k = a ? checked_mul(*a, -*a_y) : std::nullopt;
        if (!k) {
            scan.overflow = true;
            isl_constraint_free(c);
            return isl_stat_ok;
        }
        if (*k != 0) e = e + ctx.variable(static_cast<int64_t>(i)) * *k;
    }
    scan.found = e;
    isl_constraint_free(c);
    return isl_stat_ok;
}

}  // namespace

struct AffineProber::Impl {
    isl_ctx* ctx;
    unsigned long max_operations;

    explicit Impl(unsigned long max_ops) : ctx(isl_ctx_alloc()), max_operations(max_ops) {
        isl_options_set_on_error(ctx, ISL_ON_ERROR_CONTINUE);
        isl_ctx_set_max_operations(ctx, max_ops);
    }
    ~Impl() { isl_ctx_free(ctx); }

    std::string failure_reason() const {
        if (isl_ctx_last_error(ctx) == isl_error_quota) {
            return "isl operation limit exceeded (" + std::to_string(max_operations) + ")";
        }
        const char* msg = isl_ctx_last_error_msg(ctx);
        return std::string("isl error: ") + (msg ? msg : "unknown");
    }
};

AffineProber::AffineProber(unsigned long max_operations)
    : impl_(std::make_unique<Impl>(max_operations)) {}

AffineProber::~AffineProber() = default;

AffineProbe AffineProber::probe(const IndexingMap& map, int64_t result) {
    AffineProbe out;
    if (map.state() != IndexingMap::State::Normal || result < 0 || result >= map.num_results()) {
        out.reason = "not a normal map with that result";
        return out;
    }
    if (!solvers::is_quasi_affine(map)) {
        out.reason = "not quasi-affine";
        return out;
    }
    isl_ctx* ctx = impl_->ctx;
    isl_ctx_reset_operations(ctx);
    isl_ctx_reset_error(ctx);
    const unsigned n = static_cast<unsigned>(map.num_variables());
    std::optional<Expr> found;
    bool overflow = false;
    {
        PwAffBuilder b(ctx, n);
        isl_set* dom = b.domain(map);
        isl_map* graph = isl_map_from_pw_aff(b.expr(map.results()[static_cast<size_t>(result)]));
        graph = isl_map_intersect_domain(graph, dom);
        isl_set* points = isl_map_wrap(graph);
        isl_bool is_empty = isl_set_is_empty(points);
        if (is_empty == isl_bool_false) {
            isl_basic_set* hull = isl_set_affine_hull(isl_set_copy(points));
            if (hull) {
                HullScan scan;
                scan.ctx = map.context();
                scan.num_vars = n;
                isl_basic_set_foreach_constraint(hull, scan_constraint, &scan);
                found = scan.found;
                overflow = scan.overflow;
            }
            isl_basic_set_free(hull);
        }
        isl_set_free(points);
    }
    if (isl_ctx_last_error(ctx) != isl_error_none) {
        out.reason = impl_->failure_reason();
        return out;
    }
    if (found) {
        out.outcome = AffineProbe::Outcome::Affine;
        out.expr = *found;
        return out;
    }
    if (overflow) {
        out.reason = "the affine form's coefficients leave int64";
        return out;
    }
    out.outcome = AffineProbe::Outcome::NotFound;
    return out;
}

}  // namespace provix::fuzz
