// The isl back end: quasi-affine maps translated to isl objects through the
// C API (no text round trip), decided exactly with isl's integer sets.
//
// Translation (floor semantics of provix/semantics.h, checked by tests):
//   a floordiv c  ->  floor(a / c)        for c > 0
//                     floor((-a) / (-c))  for c < 0
//   a ceildiv c   ->  ceil(...)           likewise
//   a mod c       ->  a - c * (a floordiv c)   (sign of c, as provix; not isl's mod)
//   min, max      ->  piecewise isl_pw_aff_min / isl_pw_aff_max
// Constants are isl_vals (arbitrary precision): nothing wraps inside isl.

#include <isl/aff.h>
#include <isl/ctx.h>
#include <isl/ilp.h>
#include <isl/local_space.h>
#include <isl/map.h>
#include <isl/options.h>
#include <isl/point.h>
#include <isl/set.h>
#include <isl/space.h>
#include <isl/val.h>

#include <cstdlib>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "oracle_base.h"
#include "provix/semantics.h"
#include "provix/solvers/image_count.h"
#include "provix/solvers/quasi_affine.h"

namespace provix::solvers {
namespace {

using detail::named;
using detail::unknown;

struct IslFree {
    void operator()(isl_val* p) const { isl_val_free(p); }
    void operator()(isl_aff* p) const { isl_aff_free(p); }
    void operator()(isl_pw_aff* p) const { isl_pw_aff_free(p); }
    void operator()(isl_set* p) const { isl_set_free(p); }
    void operator()(isl_map* p) const { isl_map_free(p); }
    void operator()(isl_point* p) const { isl_point_free(p); }
    void operator()(isl_local_space* p) const { isl_local_space_free(p); }
};
template <class T>
using Own = std::unique_ptr<T, IslFree>;

/// Exact decimal text of an isl value (`-inf`, `inf`, `nan` for the specials).
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

/// Builds isl objects for the expressions of one map, over the set space of
/// all its variables.
class Translator {
public:
    Translator(isl_ctx* ctx, int64_t num_vars)
        : ctx_(ctx),
          ls_(isl_local_space_from_space(
              isl_space_set_alloc(ctx, 0, static_cast<unsigned>(num_vars)))) {}

    isl_val* value(int64_t v) { return isl_val_int_from_si(ctx_, v); }

    /// The constant `v` as a piecewise affine function of the variables.
    isl_pw_aff* constant(int64_t v) {
        return isl_pw_aff_from_aff(
            isl_aff_val_on_domain(isl_local_space_copy(ls_.get()), value(v)));
    }

    /// `e` as an isl_pw_aff (a new reference; NULL on error). `e` must be
    /// quasi-affine.
    isl_pw_aff* expr(Expr e) {
        auto it = memo_.find(e.id());
        if (it != memo_.end()) return isl_pw_aff_copy(it->second.get());
        isl_pw_aff* pa = build(e);
        memo_.emplace(e.id(), Own<isl_pw_aff>(isl_pw_aff_copy(pa)));
        return pa;
    }

    /// Variable bounds and constraints.
    isl_set* domain(const IndexingMap& m) {
        isl_set* set = isl_set_universe(isl_local_space_get_space(ls_.get()));
        for (int64_t i = 0; i < m.num_variables(); ++i) {
            const Interval& b = m.variable(i).bounds;
            unsigned pos = static_cast<unsigned>(i);
            if (!b.lo_is_inf()) set = isl_set_lower_bound_val(set, isl_dim_set, pos, value(b.lo));
            if (!b.hi_is_inf()) set = isl_set_upper_bound_val(set, isl_dim_set, pos, value(b.hi));
            if (b.is_empty()) set = isl_set_intersect(set, isl_set_empty(isl_set_get_space(set)));
        }
        for (const Constraint& c : m.constraints())
            set = isl_set_intersect(set, holds(c));
        return set;
    }

    /// `{ [v] : c holds }` over the whole variable space.
    isl_set* holds(const Constraint& c) {
        isl_set* s = isl_set_universe(isl_local_space_get_space(ls_.get()));
        if (!c.range.lo_is_inf()) {
            s = isl_set_intersect(s, isl_pw_aff_ge_set(expr(c.expr), constant(c.range.lo)));
        }
        if (!c.range.hi_is_inf()) {
            s = isl_set_intersect(s, isl_pw_aff_le_set(expr(c.expr), constant(c.range.hi)));
        }
        if (c.range.is_empty()) s = isl_set_intersect(s, isl_set_empty(isl_set_get_space(s)));
        return s;
    }

    /// `{ [v] -> [results(v)] : v in domain }`.
    isl_map* full_map(const IndexingMap& m) {
        isl_map* acc = isl_map_from_domain(domain(m));
        for (Expr r : m.results()) {
            acc = isl_map_flat_range_product(acc, isl_map_from_pw_aff(expr(r)));
        }
        return acc;
    }

private:
    isl_pw_aff* build(Expr e) {
        switch (e.kind()) {
            case ExprKind::Constant:
                return constant(e.constant_value());
            case ExprKind::Variable:
                return isl_pw_aff_from_aff(
                    isl_aff_var_on_domain(isl_local_space_copy(ls_.get()), isl_dim_set,
                                          static_cast<unsigned>(e.variable_id())));
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
            case ExprKind::CeilDiv:
                return divide(expr(e.lhs()), divisor(e.rhs()), e.kind() == ExprKind::CeilDiv);
            case ExprKind::Mod: {
                Result<int64_t> c = divisor(e.rhs());
                if (!c) return nullptr;
                isl_pw_aff* a = expr(e.lhs());
                isl_pw_aff* q = divide(isl_pw_aff_copy(a), c, false);
                return isl_pw_aff_sub(a, isl_pw_aff_scale_val(q, value(*c)));
            }
            case ExprKind::Min:
                return isl_pw_aff_min(expr(e.lhs()), expr(e.rhs()));
            case ExprKind::Max:
                return isl_pw_aff_max(expr(e.lhs()), expr(e.rhs()));
        }
        return nullptr;
    }

    Result<int64_t> divisor(Expr e) {
        Result<int64_t> v = evaluate(e, {});
        if (v && *v == 0) return Error::division_by_zero("zero divisor");
        return v;
    }

    /// ⌊a / c⌋ or ⌈a / c⌉, with `a / c == (-a) / (-c)` for negative c.
    isl_pw_aff* divide(isl_pw_aff* a, const Result<int64_t>& c, bool ceil) {
        if (!c) {
            isl_pw_aff_free(a);
            return nullptr;
        }
        isl_val* d = value(*c);
        if (*c < 0) {
            a = isl_pw_aff_neg(a);
            d = isl_val_neg(d);  // exact even for kInt64Min
        }
        isl_pw_aff* q = isl_pw_aff_scale_down_val(a, d);
        return ceil ? isl_pw_aff_ceil(q) : isl_pw_aff_floor(q);
    }

    isl_ctx* ctx_;
    Own<isl_local_space> ls_;
    std::unordered_map<uint32_t, Own<isl_pw_aff>> memo_;
};

/// A sample point of `set` as decimal coordinates; nullopt if empty (or on
/// error, which the caller detects through the context).
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

/// Fixes the first `values.size()` input dimensions of `map`.
isl_map* fix_inputs(isl_ctx* ctx, isl_map* map, const std::vector<std::string>& values) {
    for (size_t i = 0; i < values.size(); ++i) {
        map = isl_map_fix_val(map, isl_dim_in, static_cast<unsigned>(i),
                              isl_val_read_from_str(ctx, values[i].c_str()));
    }
    return map;
}

std::vector<std::string> slice(const std::vector<std::string>& v, size_t from, size_t count) {
    return std::vector<std::string>(v.begin() + static_cast<long>(from),
                                    v.begin() + static_cast<long>(from + count));
}

class IslOracle final : public detail::OracleBase {
public:
    explicit IslOracle(const Limits& limits) : limits_(limits), ctx_(isl_ctx_alloc()) {
        isl_options_set_on_error(ctx_, ISL_ON_ERROR_CONTINUE);
        isl_ctx_set_max_operations(ctx_, limits.isl_max_operations);
    }
    ~IslOracle() override { isl_ctx_free(ctx_); }

    std::string name() const override { return "isl"; }
    bool supports(const IndexingMap& map) const override { return is_quasi_affine(map); }

protected:
    Decision decide_pointwise(const IndexingMap& a, const IndexingMap& b) override {
        if (auto u = unsupported({&a, &b})) return *u;
        begin();
        int64_t n = a.num_variables();
        Translator ta(ctx_, n), tb(ctx_, n);
        Own<isl_map> fa(ta.full_map(a)), fb(tb.full_map(b));
        isl_bool equal = isl_map_is_equal(fa.get(), fb.get());
        if (equal == isl_bool_error) return failure();
        if (equal == isl_bool_true) return detail::proven("isl");
        // A point (v, o) in one graph and not the other.
        auto p =
            sample(isl_map_wrap(isl_map_subtract(isl_map_copy(fa.get()), isl_map_copy(fb.get()))));
        if (!p) {
            p = sample(
                isl_map_wrap(isl_map_subtract(isl_map_copy(fb.get()), isl_map_copy(fa.get()))));
        }
        if (!p) return failure();
        std::vector<std::string> point = slice(*p, 0, static_cast<size_t>(n));
        Counterexample c;
        c.variables = named(a, 0, point);
        c.first = side(fa.get(), point, 0, nullptr);
        c.second = side(fb.get(), point, 0, nullptr);
        if (exhausted()) return failure();
        bool both = c.first.note.empty() && c.second.note.empty();
        c.kind = both ? "value mismatch" : "domain mismatch";
        return refuted(std::move(c));
    }

    Decision decide_relational(const IndexingMap& a, const IndexingMap& b) override {
        if (auto u = unsupported({&a, &b})) return *u;
        begin();
        Translator ta(ctx_, a.num_variables()), tb(ctx_, b.num_variables());
        Own<isl_map> fa(ta.full_map(a)), fb(tb.full_map(b));
        unsigned dims = static_cast<unsigned>(a.num_dims());
        Own<isl_map> ra(isl_map_project_out(isl_map_copy(fa.get()), isl_dim_in, dims,
                                            static_cast<unsigned>(a.num_symbols())));
        Own<isl_map> rb(isl_map_project_out(isl_map_copy(fb.get()), isl_dim_in, dims,
                                            static_cast<unsigned>(b.num_symbols())));
        isl_bool equal = isl_map_is_equal(ra.get(), rb.get());
        if (equal == isl_bool_error) return failure();
        if (equal == isl_bool_true) return detail::proven("isl");
        bool first_only = true;
        auto p =
            sample(isl_map_wrap(isl_map_subtract(isl_map_copy(ra.get()), isl_map_copy(rb.get()))));
        if (!p) {
            first_only = false;
            p = sample(
                isl_map_wrap(isl_map_subtract(isl_map_copy(rb.get()), isl_map_copy(ra.get()))));
        }
        if (!p) return failure();
        std::vector<std::string> point = slice(*p, 0, dims);
        std::vector<std::string> tuple = slice(*p, dims, p->size() - dims);
        Counterexample c;
        c.variables = named(a, 0, point);
        c.first = side(fa.get(), point, a.num_dims(), first_only ? &tuple : nullptr, &a);
        c.second = side(fb.get(), point, b.num_dims(), first_only ? nullptr : &tuple, &b);
        if (exhausted()) return failure();
        bool both = c.first.note.empty() && c.second.note.empty();
        c.kind = !both        ? "domain mismatch"
                 : first_only ? "result tuple only in the first map"
                              : "result tuple only in the second map";
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
        Translator t(ctx_, m.num_variables());
        isl_set* values = isl_map_range(t.full_map(m));
        unsigned k = static_cast<unsigned>(m.num_results());
        unsigned i = static_cast<unsigned>(result);
        values = isl_set_project_out(values, isl_dim_set, i + 1, k - i - 1);
        Own<isl_set> s(isl_set_project_out(values, isl_dim_set, 0, i));
        isl_bool empty = isl_set_is_empty(s.get());
        if (empty == isl_bool_error) return range_failure();
        r.verdict = Verdict::Proven;
        if (empty == isl_bool_true) {
            r.empty = true;
            return r;
        }
        Own<isl_aff> obj(isl_aff_var_on_domain(
            isl_local_space_from_space(isl_set_get_space(s.get())), isl_dim_set, 0));
        Own<isl_val> lo(isl_set_min_val(s.get(), obj.get()));
        Own<isl_val> hi(isl_set_max_val(s.get(), obj.get()));
        if (!lo || !hi || exhausted()) return range_failure();
        r.lo = val_text(lo.get());
        r.hi = val_text(hi.get());
        return r;
    }

    Decision decide_empty(const IndexingMap& m) override {
        if (auto u = unsupported({&m})) return *u;
        begin();
        Translator t(ctx_, m.num_variables());
        Own<isl_set> dom(t.domain(m));
        isl_bool empty = isl_set_is_empty(dom.get());
        if (empty == isl_bool_error) return failure();
        if (empty == isl_bool_true) return detail::proven("isl");
        auto p = sample(isl_set_copy(dom.get()));
        if (!p) return failure();
        Counterexample c;
        c.kind = "the domain is not empty";
        c.variables = named(m, 0, *p);
        Own<isl_map> f(t.full_map(m));
        c.first = side(f.get(), *p, 0, nullptr);
        if (exhausted()) return failure();
        return refuted(std::move(c));
    }

    Decision decide_implies(const IndexingMap& m, const Constraint& con) override {
        if (auto u = unsupported({&m})) return *u;
        if (!is_quasi_affine(con.expr)) return unknown("the constraint is not quasi-affine", "isl");
        begin();
        Translator t(ctx_, m.num_variables());
        Own<isl_set> bad(isl_set_subtract(t.domain(m), t.holds(con)));
        isl_bool empty = isl_set_is_empty(bad.get());
        if (empty == isl_bool_error) return failure();
        if (empty == isl_bool_true) return detail::proven("isl");
        auto p = sample(isl_set_copy(bad.get()));
        if (!p) return failure();
        Counterexample c;
        c.kind = "constraint violated";
        c.variables = named(m, 0, *p);
        // The constraint's value: the graph of its expression at the point.
        isl_map* graph = fix_inputs(ctx_, isl_map_from_pw_aff(t.expr(con.expr)), *p);
        auto v = sample(isl_map_range(graph));
        if (!v || exhausted()) return failure();
        c.first.results = *v;
        return refuted(std::move(c));
    }

private:
    void begin() {
        isl_ctx_reset_operations(ctx_);
        isl_ctx_reset_error(ctx_);
    }

    bool exhausted() const { return isl_ctx_last_error(ctx_) != isl_error_none; }

    std::string failure_reason() const {
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

    std::optional<Decision> unsupported(std::initializer_list<const IndexingMap*> maps) const {
        for (const IndexingMap* m : maps) {
            if (!is_quasi_affine(*m)) {
                return unknown(
                    "not quasi-affine (isl needs constant divisors and products "
                    "by constants)",
                    "isl");
            }
        }
        return std::nullopt;
    }

    /// One map's side at the dims point `dims` of its full graph `full`: if
    /// `tuple` is given, symbols for which the results are `tuple`; else any
    /// symbols of the domain and the results there. `symbols_from` is the
    /// id of the map's first symbol (0 when `dims` covers every variable).
    SideValues side(isl_map* full, const std::vector<std::string>& dims, int64_t symbols_from,
                    const std::vector<std::string>* tuple, const IndexingMap* map = nullptr) {
        isl_map* m = fix_inputs(ctx_, isl_map_copy(full), dims);
        if (tuple) {
            for (size_t j = 0; j < tuple->size(); ++j) {
                m = isl_map_fix_val(m, isl_dim_out, static_cast<unsigned>(j),
                                    isl_val_read_from_str(ctx_, (*tuple)[j].c_str()));
            }
        }
        SideValues s;
        isl_size n_in = isl_map_dim(m, isl_dim_in);
        auto p = sample(isl_map_wrap(m));
        if (!p) {
            s.note = "not in domain";
            return s;
        }
        size_t nin = n_in < 0 ? 0 : static_cast<size_t>(n_in);
        if (map && symbols_from < static_cast<int64_t>(nin)) {
            s.symbols = named(*map, symbols_from,
                              slice(*p, static_cast<size_t>(symbols_from),
                                    nin - static_cast<size_t>(symbols_from)));
        }
        s.results = slice(*p, nin, p->size() - nin);
        return s;
    }

    Limits limits_;
    isl_ctx* ctx_;
};

}  // namespace

std::unique_ptr<Oracle> make_isl_oracle(const Limits& limits) {
    return std::make_unique<IslOracle>(limits);
}

// ----------------------------------------------------------------------------
// Counting the points of an image (provix/solvers/image_count.h).

namespace {

struct PointBudget {
    int64_t seen = 0;
    int64_t max = 0;
};

isl_stat count_point(isl_point* p, void* user) {
    isl_point_free(p);
    auto* b = static_cast<PointBudget*>(user);
    return ++b->seen > b->max ? isl_stat_error : isl_stat_ok;
}

}  // namespace

ImageCount count_image_points(const std::vector<IndexingMap>& maps, const Limits& limits,
                              int64_t max_points) {
    ImageCount out;
    int64_t num_results = -1;
    for (const IndexingMap& m : maps) {
        if (m.is_known_empty()) continue;
        if (m.is_undefined() || !is_quasi_affine(m)) {
            out.reason = "not quasi-affine";
            return out;
        }
        if (num_results >= 0 && m.num_results() != num_results) {
            out.reason = "maps with different numbers of results";
            return out;
        }
        num_results = m.num_results();
    }
    if (num_results < 0) {
        out.count = 0;
        out.method = "isl box";
        return out;
    }
    std::unique_ptr<isl_ctx, void (*)(isl_ctx*)> ctx(isl_ctx_alloc(), isl_ctx_free);
    isl_options_set_on_error(ctx.get(), ISL_ON_ERROR_CONTINUE);
    isl_ctx_set_max_operations(ctx.get(), limits.isl_max_operations);
    auto failed = [&](const std::string& why) {
        out.reason = isl_ctx_last_error(ctx.get()) == isl_error_quota
                         ? "isl operation budget exceeded"
                         : why;
        out.count.reset();
        return out;
    };
    Own<isl_set> image;
    for (const IndexingMap& m : maps) {
        if (m.is_known_empty()) continue;
        Translator t(ctx.get(), m.num_variables());
        isl_set* r = isl_map_range(t.full_map(m));
        image.reset(image ? isl_set_union(image.release(), r) : r);
        if (!image) return failed("isl could not build the image");
    }
    image.reset(isl_set_coalesce(image.release()));
    isl_bool empty = isl_set_is_empty(image.get());
    if (empty == isl_bool_error) return failed("isl failed");
    if (empty == isl_bool_true) {
        out.count = 0;
        out.method = "isl box";
        return out;
    }
    // The bounding box; the image is a box when it equals it.
    Own<isl_set> box(isl_set_universe(isl_set_get_space(image.get())));
    std::optional<int64_t> product = 1;
    for (int64_t i = 0; i < num_results; ++i) {
        Own<isl_aff> obj(
            isl_aff_var_on_domain(isl_local_space_from_space(isl_set_get_space(image.get())),
                                  isl_dim_set, static_cast<unsigned>(i)));
        Own<isl_val> lo(isl_set_min_val(image.get(), obj.get()));
        Own<isl_val> hi(isl_set_max_val(image.get(), obj.get()));
        if (!lo || !hi || isl_val_is_int(lo.get()) != isl_bool_true ||
            isl_val_is_int(hi.get()) != isl_bool_true) {
            return failed("unbounded image");
        }
        isl_set* bounded = isl_set_lower_bound_val(
            box.release(), isl_dim_set, static_cast<unsigned>(i), isl_val_copy(lo.get()));
        box.reset(isl_set_upper_bound_val(bounded, isl_dim_set, static_cast<unsigned>(i),
                                          isl_val_copy(hi.get())));
        long l = isl_val_get_num_si(lo.get()), h = isl_val_get_num_si(hi.get());
        auto extent = checked_add(h, 1);
        extent = extent ? checked_add(*extent, -static_cast<int64_t>(l)) : std::nullopt;
        product = product && extent ? checked_mul(*product, *extent) : std::nullopt;
    }
    isl_bool equal = isl_set_is_equal(image.get(), box.get());
    if (equal == isl_bool_error) return failed("isl failed");
    if (equal == isl_bool_true) {
        if (!product) return failed("more points than int64 holds");
        out.count = *product;
        out.method = "isl box";
        return out;
    }
    PointBudget budget{0, max_points};
    isl_stat st = isl_set_foreach_point(image.get(), count_point, &budget);
    if (st == isl_stat_error) {
        if (budget.seen > max_points) {
            out.reason = "more than " + std::to_string(max_points) + " points to enumerate";
            return out;
        }
        return failed("isl failed");
    }
    out.count = budget.seen;
    out.method = "isl points";
    return out;
}

}  // namespace provix::solvers
