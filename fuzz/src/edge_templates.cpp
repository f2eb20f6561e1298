// The edge templates: divisors that may be zero, constants and bounds at the
// int64 limits, constraints whose rewritten bounds land next to the limits,
// congruences whose combined modulus overflows, runtime variables as inputs,
// divisors and factors with few variable values but values beyond int64,
// sums whose constants stay apart, constraints probed at the int64 limits.

#include "edge_templates.h"

#include <algorithm>
#include <optional>
#include <vector>

#include "provix/interval_eval.h"
#include "provix/semantics.h"

namespace provix::fuzz::detail {

namespace {

constexpr int64_t kBit62 = int64_t{1} << 62;

/// Builds the nodes of one template (exactly as drawn, or canonically).
class Parts {
public:
    Parts(Context& ctx, RandomSource& rng, MapSpec& spec, bool raw)
        : ctx_(ctx), rng_(rng), spec_(spec), raw_(raw) {}

    bool has_variables() const { return spec_.num_variables() > 0; }

    // --- Nodes ------------------------------------------------------------
    Expr c(int64_t v) { return ctx_.constant(v); }
    Expr var(int64_t id) { return ctx_.variable(id); }
    Expr any_var() { return var(rng_.uniform(0, spec_.num_variables() - 1)); }
    Expr node(ExprKind kind, Expr a, Expr b, bool force_raw = false) {
        if (raw_ || force_raw) {
            Result<Expr> r = ctx_.make(kind, {a, b});
            if (r) return *r;
        }
        return build(kind, {a, b});
    }
    Expr add(Expr a, Expr b) { return node(ExprKind::Add, a, b); }
    Expr mul(Expr a, int64_t k) { return node(ExprKind::Mul, a, c(k)); }
    Expr fdiv(Expr a, Expr b) { return node(ExprKind::FloorDiv, a, b); }
    Expr cdiv(Expr a, Expr b) { return node(ExprKind::CeilDiv, a, b); }
    Expr fmod(Expr a, Expr b) { return node(ExprKind::Mod, a, b); }
    Expr div_like(Expr a, Expr b) {
        switch (rng_.uniform(0, 2)) {
            case 0:
                return fdiv(a, b);
            case 1:
                return cdiv(a, b);
            default:
                return fmod(a, b);
        }
    }

    // --- Spec edits ---------------------------------------------------------
    void result(Expr e) { spec_.results.push_back(e); }
    void constraint(Expr e, Interval range) { spec_.constraints.push_back({e, range}); }
    Interval& bounds(int64_t id) { return spec_.variable(id).bounds; }
    std::vector<Interval> all_bounds() const {
        std::vector<Interval> out;
        for (int64_t i = 0; i < spec_.num_variables(); ++i)
            out.push_back(spec_.variable(i).bounds);
        return out;
    }
    /// Id of a runtime variable, adding one (named after its index) when
    /// the map has none.
    int64_t runtime_var() {
        if (spec_.rt_vars.empty() || rng_.chance(20)) {
            size_t i = spec_.rt_vars.size();
            spec_.rt_vars.push_back({Interval{0, rng_.uniform(0, 20)}, "rt" + std::to_string(i)});
            return spec_.num_variables() - 1;
        }
        int64_t first = static_cast<int64_t>(spec_.dims.size() + spec_.range_vars.size());
        return first + rng_.uniform(0, static_cast<int64_t>(spec_.rt_vars.size()) - 1);
    }

    Context& ctx_;
    RandomSource& rng_;
    MapSpec& spec_;
    bool raw_;
};

// --- zero-divisor -----------------------------------------------------------

/// Divisors with variables whose ranges include 0: results that divide by
/// zero at some points, inside sums, mods, min/max and products by 0, and
/// constraints that are undefined at some points.
bool zero_divisor(Parts& p) {
    if (!p.has_variables()) return false;
    RandomSource& rng = p.rng_;
    Expr dv = p.any_var();
    p.bounds(dv.variable_id()) = rng.pick<Interval>({{0, 1}, {-1, 1}, {0, 2}, {-2, 0}, {0, 0}});
    Expr divisor = dv;
    switch (rng.uniform(0, 5)) {
        case 0:
            divisor = p.add(dv, p.c(rng.pick<int64_t>({-1, 1})));
            break;
        case 1:
            divisor = p.mul(dv, rng.pick<int64_t>({2, -3}));
            break;
        case 2:
            if (p.spec_.num_variables() > 1) {
                Expr other = p.any_var();
                if (other != dv && p.bounds(other.variable_id()).is_bounded() &&
                    p.bounds(other.variable_id()).size() <= 8) {
                    divisor = p.add(dv, p.mul(other, -1));
                }
            }
            break;
        default:
            break;
    }
    Expr x = rng.chance(70) ? p.any_var() : p.add(p.any_var(), p.c(rng.uniform(-5, 5)));
    Expr y = p.any_var();
    Expr q = p.div_like(x, divisor);
    const int64_t k = rng.pick<int64_t>({2, 4, 8});
    switch (rng.uniform(0, 8)) {
        case 0:
            p.result(q);
            break;
        case 1:  // the multiple of k vanishes under mod k (if q is defined)
            p.result(p.fmod(p.add(p.mul(q, k), y), p.c(k)));
            break;
        case 2:
            p.result(p.node(rng.chance(50) ? ExprKind::Min : ExprKind::Max, y,
                            p.add(q, p.c(rng.pick<int64_t>({10, -10, 1000})))));
            break;
        case 3:  // x * 0 with x possibly undefined, kept as written
            p.result(p.node(ExprKind::Mul, q, p.c(0), true));
            break;
        case 4:  // q - q: like terms with a possibly undefined term
            p.result(p.add(p.add(q, y), p.mul(q, -1)));
            break;
        case 5:
            p.result(p.add(p.mul(p.fdiv(x, divisor), k), p.fmod(x, divisor)));
            break;
        case 6: {  // the quotient as a divisor, when it takes few values
            Expr d = p.add(q, p.c(rng.pick<int64_t>({0, 1})));
            Interval values = interval_of(d, p.all_bounds());
            bool few = values.is_bounded() && values.size() <= 16;
            p.result(few ? p.div_like(y, d) : q);
            break;
        }
        default:
            p.result(p.add(q, y));
            break;
    }
    if (rng.chance(50)) {
        // A constraint that holds wherever it is defined: only definedness
        // restricts the domain.
        Expr ce = rng.chance(50) ? p.fdiv(x, divisor) : p.fmod(x, divisor);
        p.constraint(ce, rng.chance(70) ? Interval{-1000, 1000} : Interval{0, rng.uniform(0, 5)});
    }
    return true;
}

// --- int64-limits -----------------------------------------------------------

const std::vector<int64_t>& limit_constants() {
    static const std::vector<int64_t> v = {kInt64Max,     kInt64Min, kInt64Max - 1,
                                           kInt64Min + 1, kBit62,    -kBit62};
    return v;
}

/// Constants and bounds at ±(2^63-1) and -2^63, written as int64 literals
/// (finite numbers, never infinity).
bool int64_limits(Parts& p) {
    if (!p.has_variables()) return false;
    RandomSource& rng = p.rng_;
    p.spec_.limit_literals = true;
    Expr x = p.any_var();
    const int64_t k = rng.pick(limit_constants());
    switch (rng.uniform(0, 4)) {
        case 0: {  // a bound at a limit (as a literal)
            Interval& b = p.bounds(x.variable_id());
            b = rng.chance(50) ? Interval{kInt64Max - rng.uniform(0, 3), kInt64Max}
                               : Interval{kInt64Min, kInt64Min + rng.uniform(0, 3)};
            p.result(p.add(x, p.c(rng.pick<int64_t>({-1, 1, 0}))));
            break;
        }
        case 1: {  // a constraint range ending at a limit: d0 * 2^62 in [-2^63, 0]
            p.bounds(x.variable_id()) = {rng.uniform(-3, 0), rng.uniform(0, 2)};
            Expr e = p.mul(x, rng.pick<int64_t>({kBit62, -kBit62, kInt64Max, kInt64Min + 1}));
            Interval r = rng.chance(50) ? Interval{kInt64Min, rng.uniform(-1, 1)}
                                        : Interval{rng.uniform(-1, 1), kInt64Max};
            p.constraint(e, r);
            p.result(x);
            break;
        }
        case 2:
            p.result(p.div_like(x, p.c(k == 0 ? 1 : k)));
            break;
        case 3:
            p.result(p.add(p.mul(x, rng.pick<int64_t>({1, -1})), p.c(k)));
            break;
        default:
            p.result(p.mul(x, k));
            break;
    }
    return true;
}

// --- limit-bounds -----------------------------------------------------------

/// A constraint `(x - a) * K + o` (optionally divided by a small constant)
/// whose values at the ends of x's small range sit at or next to an int64
/// limit, with a range ending next to those values: rewriting it into bounds
/// on x lands exactly next to the limits.
bool limit_bounds(Parts& p) {
    if (!p.has_variables()) return false;
    RandomSource& rng = p.rng_;
    Expr x = p.any_var();
    const int64_t a = rng.uniform(-3, 3);
    p.bounds(x.variable_id()) = {a, a + 1};
    const int64_t big =
        rng.pick<int64_t>({kBit62, -kBit62, 3 * (kBit62 / 2), -3 * (kBit62 / 2), kInt64Max,
                           kInt64Min + 1, kBit62 + 1, -6917529027641081856});
    const int64_t edge = rng.pick<int64_t>({kInt64Max, kInt64Max - 1, kInt64Min, kInt64Min + 1});
    // The value at the end of x's range that reaches `edge`: o + big (x = a + 1).
    std::optional<int64_t> o = checked_sub(edge, big);
    if (!o) o = edge;  // then x = a gives `edge`
    Expr shifted = p.add(x, p.c(-a));
    Expr e = p.add(p.mul(shifted, big), p.c(*o));
    std::vector<int64_t> values;
    for (int64_t dx : {0, 1}) {
        std::optional<int64_t> v = checked_mul(dx, big);
        if (v) v = checked_add(*v, *o);
        if (v) values.push_back(*v);
    }
    if (rng.chance(40)) {
        const int64_t d = rng.pick<int64_t>({7, 3, -5, 2});
        bool ceil = rng.chance(50);
        e = ceil ? p.cdiv(e, p.c(d)) : p.fdiv(e, p.c(d));
        for (int64_t& v : values)
            v = ceil ? *ceil_div(v, d) : *floor_div(v, d);
    }
    if (values.empty()) return false;
    // A range with one end next to one of the values (just inside or out).
    int64_t pivot = rng.pick(values);
    int64_t near = pivot;
    if (auto n = checked_add(pivot, rng.pick<int64_t>({-1, 0, 1}))) near = *n;
    int64_t other = rng.pick(values);
    if (auto n = checked_add(other, rng.pick<int64_t>({-2, 0, 2}))) other = *n;
    Interval r = near <= other ? Interval{near, other} : Interval{other, near};
    if (rng.chance(30)) r = near < 0 ? Interval{near, 0} : Interval{0, near};
    if (rng.chance(40)) {
        // Exclude exactly the extreme value: the rewritten bound is the
        // limit's neighbour.
        int64_t lo = *std::min_element(values.begin(), values.end());
        int64_t hi = *std::max_element(values.begin(), values.end());
        if (lo < hi) r = rng.chance(50) ? Interval{lo, hi - 1} : Interval{lo + 1, hi};
    }
    p.constraint(e, r);
    p.result(x);
    return true;
}

// --- congruence-overflow ----------------------------------------------------

/// Two congruences on one variable whose combined modulus (the lcm) leaves
/// int64, and residues next to a huge modulus at negative values.
bool congruence_overflow(Parts& p) {
    if (!p.has_variables()) return false;
    RandomSource& rng = p.rng_;
    Expr x = p.any_var();
    Interval& b = p.bounds(x.variable_id());
    b = {rng.uniform(-4, 0), rng.uniform(0, 4)};
    const int64_t m1 = rng.pick<int64_t>(
        {kBit62, kBit62 + 1, kInt64Max, kInt64Max - 1, (int64_t{1} << 61) - 1, 3037000499});
    const int64_t v1 = rng.uniform(b.lo(), b.hi());
    const int64_t r1 = *floor_mod(v1, m1);
    p.constraint(p.fmod(x, p.c(m1)), {r1, r1});
    if (rng.chance(75)) {
        const int64_t m2 = rng.pick<int64_t>({2, 3, 5, 6, 7});
        const int64_t v2 = rng.chance(60) ? v1 : rng.uniform(b.lo(), b.hi());
        const int64_t r2 = *floor_mod(v2, m2);
        p.constraint(p.fmod(x, p.c(m2)), {r2, r2});
    }
    p.result(x);
    return true;
}

// --- runtime-inputs ---------------------------------------------------------

/// Runtime variables as inputs: congruences `rt mod c in [r, r]`, runtime
/// variables fixed to one value (by their bounds or a constraint), unused
/// ones next to used ones, and runtime variables tied to dimensions.
bool runtime_inputs(Parts& p) {
    RandomSource& rng = p.rng_;
    int64_t rt = p.runtime_var();
    Expr v = p.var(rt);
    Expr other = p.any_var();
    switch (rng.uniform(0, 4)) {
        case 0: {  // (d0){rt0} -> (d0 + rt0), rt0 in [0, 12], rt0 mod 6 in [4, 4]
            const int64_t m = rng.pick<int64_t>({2, 3, 4, 6, 8});
            p.bounds(rt) = {0, m * rng.uniform(1, 4)};
            p.constraint(p.fmod(v, p.c(m)), Interval::point(rng.uniform(0, m - 1)));
            p.result(p.add(other, v));
            break;
        }
        case 1:  // fixed by its bounds
            p.bounds(rt) = Interval::point(rng.uniform(-3, 5));
            p.result(p.add(other, p.mul(v, rng.pick<int64_t>({1, 2, -1}))));
            break;
        case 2:  // fixed by a constraint
            p.bounds(rt) = {0, rng.uniform(1, 5)};
            p.constraint(p.node(ExprKind::Mul, v, p.c(1)), Interval::point(0));
            p.result(p.add(other, v));
            break;
        case 3: {  // an unused runtime variable before a used one
            int64_t used = p.runtime_var();
            p.result(p.add(other, p.var(used)));
            break;
        }
        default:  // tied to another variable
            p.constraint(p.add(v, other), {0, rng.uniform(0, 10)});
            p.result(p.add(v, p.mul(other, 2)));
            break;
    }
    return true;
}

// --- wide-divisor -----------------------------------------------------------

/// A divisor, or a second factor, whose variables take few values (isl
/// splits on them) but whose values leave int64 at some of them, or are 0
/// at some and beyond int64 at others: `d1 floordiv (d0 * 3)` with d0 near
/// 2^62, `d1 * max(d0 * 2^62, 0)`. Every point must keep its value (none
/// may drop out as if it divided by zero), beside results that use no
/// such divisor.
bool wide_divisor(Parts& p) {
    if (!p.has_variables()) return false;
    RandomSource& rng = p.rng_;
    p.spec_.limit_literals = true;
    Expr v = p.any_var();
    Interval& b = p.bounds(v.variable_id());
    Expr wide;
    if (rng.chance(30)) {  // zero at one end, beyond int64 at the other
        const int64_t start = rng.pick<int64_t>({0, -2});
        b = {start, start + 2};
        wide = p.mul(v, rng.pick<int64_t>({kInt64Max, kBit62 + 1}));
    } else {
        const int64_t start =
            rng.pick<int64_t>({kBit62 - 1, kBit62, -kBit62 - 1, kInt64Max - 2, kInt64Min});
        b = {start, start + rng.uniform(0, 2)};
        wide = p.mul(v, rng.pick<int64_t>({2, 3, -3, 4, kBit62, -kBit62}));
        // 2^62 - 1 times 2 stays in int64: times 2^62 it leaves it.
        if (interval_of(wide, p.all_bounds()).is_bounded()) wide = p.mul(v, kBit62);
    }
    if (rng.chance(30)) wide = p.add(wide, p.c(rng.pick<int64_t>({-1, 1, kInt64Max})));
    Expr y = p.any_var();
    switch (rng.uniform(0, 3)) {
        case 0:
            p.result(p.div_like(y, wide));
            break;
        case 1:  // a product of two factors with variables
            p.result(p.node(ExprKind::Mul, y,
                            p.node(rng.chance(50) ? ExprKind::Max : ExprKind::Min, wide, p.c(0))));
            break;
        case 2:  // beside a result without it
            p.result(p.div_like(y, wide));
            p.result(y);
            break;
        default:  // in a constraint
            p.constraint(p.div_like(y, wide), rng.chance(50) ? Interval{0, 0} : Interval{-1, 1});
            p.result(y);
            break;
    }
    return true;
}

// --- split-constants --------------------------------------------------------

/// A sum whose constant terms stay apart because their sum leaves int64
/// (`d0 + 4611686018427387904 + 4611686018427387904` is kept as
/// `d0 + 9223372036854775807 + 1`): in a divisor (its values away from
/// zero), in a min/max whose operands' difference a constraint bounds, and
/// as a result.
bool split_constants(Parts& p) {
    if (!p.has_variables()) return false;
    RandomSource& rng = p.rng_;
    p.spec_.limit_literals = true;
    // k1 + k2 leaves int64.
    const bool up = rng.chance(50);
    const int64_t k1 = up ? kBit62 : -kBit62;
    const int64_t k2 = up ? rng.pick<int64_t>({kBit62, kBit62 + 1})
                          : rng.pick<int64_t>({-kBit62 - 1, -kBit62 - 2});
    Expr x = p.any_var();
    Expr y = p.any_var();
    Expr wide = p.add(p.add(y, p.c(k1)), p.c(k2));
    switch (rng.uniform(0, 2)) {
        case 0: {  // a divisor in int64 at y = -1 (2^63 - 1), beyond it from y = 0
            p.bounds(y.variable_id()) = {rng.uniform(-3, -1), rng.uniform(0, 3)};
            p.constraint(p.fmod(x, wide), {0, 0});
            p.result(x);
            break;
        }
        case 1: {  // min/max decided by a constraint on y - x
            p.bounds(x.variable_id()) = Interval::all();
            p.bounds(y.variable_id()) = Interval::all();
            const int64_t lo = up ? kInt64Min + 1 : kInt64Max - 4;
            p.constraint(p.add(y, p.mul(x, -1)), {lo, lo + 4});
            p.result(p.node(rng.chance(50) ? ExprKind::Min : ExprKind::Max, x, wide));
            break;
        }
        default:
            p.result(p.add(wide, x));
            break;
    }
    return true;
}

// --- probe-limits -----------------------------------------------------------

/// A variable with a few values next to INT64_MAX or INT64_MIN and a
/// non-linear constraint over it alone, which the engine decides by
/// evaluating it at the ends of the range: `(d0 * 3) mod 7 in [2, 2]`,
/// `(d0 + 1) mod 5` (often no value satisfies it), `d0 mod -3 in [-1, -1]`
/// beside `(d0 - 2) mod 5`.
bool probe_limits(Parts& p) {
    if (!p.has_variables()) return false;
    RandomSource& rng = p.rng_;
    p.spec_.limit_literals = true;
    Expr v = p.any_var();
    const int64_t n = rng.uniform(0, 5);
    p.bounds(v.variable_id()) =
        rng.chance(50) ? Interval{kInt64Max - n, kInt64Max} : Interval{kInt64Min, kInt64Min + n};
    const int64_t m = rng.pick<int64_t>({3, 5, 7, -3, 8});
    const int64_t r = rng.uniform(0, (m < 0 ? -m : m) - 1) * (m < 0 ? -1 : 1);
    switch (rng.uniform(0, 2)) {
        case 0:
            p.constraint(p.fmod(p.mul(v, rng.pick<int64_t>({2, 3, -1})), p.c(m)),
                         Interval::point(r));
            break;
        case 1:
            p.constraint(p.fmod(p.add(v, p.c(rng.uniform(-2, 2))), p.c(m)), Interval::point(r));
            break;
        default:
            p.constraint(p.fmod(v, p.c(m)), Interval::point(r));
            p.constraint(p.fmod(p.add(v, p.c(rng.uniform(-2, 2))), p.c(5)),
                         Interval::point(rng.uniform(0, 4)));
            break;
    }
    p.result(p.add(v, p.c(rng.pick<int64_t>({0, -1, 1}))));
    return true;
}

}  // namespace

bool apply_edge_template(const std::string& name, Context& ctx, RandomSource& rng, MapSpec& spec,
                         bool raw) {
    MapSpec saved = spec;
    Parts p(ctx, rng, spec, raw);
    bool applied = name == "zero-divisor"          ? zero_divisor(p)
                   : name == "int64-limits"        ? int64_limits(p)
                   : name == "limit-bounds"        ? limit_bounds(p)
                   : name == "congruence-overflow" ? congruence_overflow(p)
                   : name == "runtime-inputs"      ? runtime_inputs(p)
                   : name == "wide-divisor"        ? wide_divisor(p)
                   : name == "split-constants"     ? split_constants(p)
                   : name == "probe-limits"        ? probe_limits(p)
                                                   : false;
    if (!applied) {
        spec = std::move(saved);
        return false;
    }
    spec.edge_template = name;
    return true;
}

}  // namespace provix::fuzz::detail
