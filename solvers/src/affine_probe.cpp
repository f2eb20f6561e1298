// The missed-simplification probe: the affine hull of a result's graph over
// the domain (expressions translated by isl_translate.h), and an equality
// of that hull that defines the result as a div-free affine expression.

#include "provix/solvers/affine_probe.h"

#include <isl/constraint.h>
#include <isl/ctx.h>
#include <isl/options.h>

#include <optional>
#include <string>
#include <vector>

#include "isl_translate.h"
#include "provix/solvers/verdict.h"

namespace provix::solvers {

namespace {

/// An int64 from an isl integer value, or nullopt if it does not fit;
/// frees `v`.
std::optional<int64_t> take_int64(isl_val* v) {
    std::optional<int64_t> out;
    if (v && isl_val_is_int(v) == isl_bool_true) out = parse_int64(detail::val_text(v));
    isl_val_free(v);
    return out;
}

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
    std::optional<int64_t> a_y = take_int64(
        isl_constraint_get_coefficient_val(c, isl_dim_set, static_cast<int>(scan.num_vars)));
    if (!a_y || (*a_y != 1 && *a_y != -1)) {
        isl_constraint_free(c);
        return isl_stat_ok;
    }
    // y = -a_y * (sum a_i * v_i + a_0)   (a_y is its own inverse); a
    // coefficient of y's expression that does not fit is an overflow.
    auto coefficient = [&](isl_val* a) -> std::optional<int64_t> {
        std::optional<int64_t> v = take_int64(a);
        return v ? checked_mul(*v, -*a_y) : std::nullopt;
    };
    Context& ctx = *scan.ctx;
    std::optional<Expr> e;
    if (std::optional<int64_t> k0 = coefficient(isl_constraint_get_constant_val(c)))
        e = ctx.constant(*k0);
    for (unsigned i = 0; e && i < scan.num_vars; ++i) {
        std::optional<int64_t> k =
            coefficient(isl_constraint_get_coefficient_val(c, isl_dim_set, static_cast<int>(i)));
        if (!k)
            e.reset();
        else if (*k != 0)
            e = *e + ctx.variable(static_cast<int64_t>(i)) * *k;
    }
    if (e)
        scan.found = e;
    else
        scan.overflow = true;
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
    if (!detail::isl_translatable(map)) {
        out.reason = "outside isl's fragment";
        return out;
    }
    isl_ctx* ctx = impl_->ctx;
    isl_ctx_reset_operations(ctx);
    isl_ctx_reset_error(ctx);
    const unsigned n = static_cast<unsigned>(map.num_variables());
    std::optional<Expr> found;
    bool overflow = false;
    {
        detail::IslTranslator t(ctx, map);
        Expr r = map.results()[static_cast<size_t>(result)];
        // A result undefined at some domain point equals no div-free form.
        detail::Own<isl_set> dom(t.domain());
        isl_bool total =
            isl_set_is_subset(dom.get(), detail::Own<isl_set>(isl_pw_aff_domain(t.expr(r))).get());
        // { (v, r(v)) : v in the domain, r defined at v }
        isl_map* graph = isl_map_from_pw_aff(t.expr(r));
        graph = isl_map_intersect_domain(graph, isl_set_copy(dom.get()));
        detail::Own<isl_set> points(isl_map_wrap(graph));
        isl_bool is_empty = isl_set_is_empty(points.get());
        if (is_empty == isl_bool_false && total == isl_bool_true) {
            detail::Own<isl_basic_set> hull(isl_set_affine_hull(isl_set_copy(points.get())));
            if (hull) {
                HullScan scan;
                scan.ctx = map.context();
                scan.num_vars = n;
                isl_basic_set_foreach_constraint(hull.get(), scan_constraint, &scan);
                found = scan.found;
                overflow = scan.overflow;
            }
        }
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

}  // namespace provix::solvers
