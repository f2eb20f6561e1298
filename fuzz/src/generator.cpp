// The structured map generator: variables and bounds, result families
// (index patterns of reshapes, tilings, clamps, nested divisions, random
// trees), perturbations and constraints.

#include "provix/fuzz/generator.h"

#include <algorithm>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "edge_templates.h"
#include "provix/interval_eval.h"
#include "provix/semantics.h"

namespace provix::fuzz {

namespace {

constexpr int64_t kBit62 = int64_t{1} << 62;

/// `a + b`, saturating at the int64 limits (for drawing bounds near them).
int64_t sat_add(int64_t a, int64_t b) {
    std::optional<int64_t> r = checked_add(a, b);
    if (r) return *r;
    return b > 0 ? kInt64Max : kInt64Min;
}

/// `a * b`, or `a` when the product leaves int64.
int64_t mul_or_keep(int64_t a, int64_t b) {
    std::optional<int64_t> r = checked_mul(a, b);
    return r ? *r : a;
}

/// Constants near the int64 limits, for coefficients, divisors and offsets.
const std::vector<int64_t>& near_limit_values() {
    static const std::vector<int64_t> v = {
        kInt64Max,        kInt64Min,  kInt64Max - 1,    kInt64Min + 1,          kBit62,
        -kBit62,          kBit62 + 1, int64_t{1} << 32, (int64_t{1} << 31) - 1, -(int64_t{1} << 31),
        int64_t{1} << 40, 3037000499};
    return v;
}

/// Draws the parts of one map.
class Generator {
public:
    Generator(Context& ctx, RandomSource& rng, const GeneratorOptions& o)
        : ctx_(ctx), rng_(rng), o_(o) {}

    MapSpec map() {
        raw_ = rng_.chance(50);
        draw_variables();
        const int64_t num_results = rng_.chance(2) ? 0 : rng_.uniform(1, o_.max_results);
        while (static_cast<int64_t>(spec_.results.size()) < num_results) {
            for (Expr e : family()) {
                if (static_cast<int64_t>(spec_.results.size()) < num_results) {
                    spec_.results.push_back(e);
                }
            }
        }
        const int64_t num_constraints =
            rng_.chance(45) ? 0 : rng_.uniform(1, std::max(1, o_.max_constraints));
        for (int64_t i = 0; i < num_constraints; ++i)
            spec_.constraints.push_back(constraint());
        std::string edge = o_.only_template;
        if (edge.empty() && !o_.edge_templates.empty() && rng_.chance(o_.edge_percent)) {
            edge = rng_.pick(o_.edge_templates);
            // Without near-limit constants, no template made of them.
            bool limits = edge == "int64-limits" || edge == "limit-bounds" ||
                          edge == "congruence-overflow" || edge == "wide-divisor" ||
                          edge == "split-constants" || edge == "probe-limits";
            if ((limits && !o_.near_limit_constants) ||
                (edge == "runtime-inputs" && !o_.runtime_vars)) {
                edge.clear();
            }
        }
        if (!edge.empty()) detail::apply_edge_template(edge, ctx_, rng_, spec_, raw_);
        return std::move(spec_);
    }

    Expr expr(const MapSpec& spec) {
        raw_ = rng_.chance(50);
        spec_ = spec;
        std::vector<Expr> es = family();
        return es[static_cast<size_t>(rng_.uniform(0, static_cast<int64_t>(es.size()) - 1))];
    }

private:
    // --- Variables ---------------------------------------------------------

    void draw_variables() {
        int64_t dims = rng_.pick<int64_t>({0, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 4, 4, 5});
        dims = std::min<int64_t>(dims, o_.max_dims);
        int64_t room = std::max<int64_t>(0, o_.max_variables - dims);
        int64_t symbols = std::min<int64_t>(
            {rng_.pick<int64_t>({0, 0, 0, 1, 1, 1, 2, 2, 3, 4}), o_.max_symbols, room});
        int64_t rts =
            symbols > 0 && rng_.chance(40) ? rng_.uniform(1, std::min<int64_t>(2, symbols)) : 0;
        if (!o_.runtime_vars) rts = 0;
        bool custom_names = rng_.chance(10);
        int64_t id = 0;
        auto make_var = [&](const char* prefix, int64_t index) {
            std::string name;
            if (custom_names && rng_.chance(50)) {
                static const std::vector<std::string> kNames = {"th_x", "bl_x", "i",   "j",
                                                                "k",    "off",  "row", "col"};
                name = kNames[static_cast<size_t>(id) % kNames.size()] + std::to_string(id);
            } else {
                name = prefix + std::to_string(index);
            }
            ++id;
            return IndexingVariable{bounds(), name};
        };
        for (int64_t i = 0; i < dims; ++i)
            spec_.dims.push_back(make_var("d", i));
        for (int64_t i = 0; i < symbols - rts; ++i)
            spec_.range_vars.push_back(make_var("s", i));
        for (int64_t i = 0; i < rts; ++i)
            spec_.rt_vars.push_back(make_var("rt", i));
    }

    Interval bounds() {
        const int64_t r = rng_.uniform(0, 99);
        if (r < 55) {
            int64_t n = rng_.pick<int64_t>(
                {1, 2, 2, 3, 4, 4, 5, 6, 7, 8, 8, 9, 10, 12, 16, 16, 20, 32, 64, 100, 128, 1000});
            return {0, n - 1};
        }
        if (r < 70) {
            int64_t lo = -rng_.uniform(1, 20);
            return {lo, std::max(lo, rng_.uniform(-5, 30))};
        }
        if (r < 77) {
            int64_t hi = -rng_.uniform(1, 30);
            return {hi - rng_.uniform(0, 30), hi};
        }
        if (r < 82) return Interval::point(rng_.uniform(-10, 10));
        if (r < 84 && o_.empty_bounds && rng_.chance(25)) {
            int64_t lo = rng_.uniform(-5, 5);
            return {lo, lo - rng_.uniform(1, 5)};
        }
        if (r < 90) {
            int64_t p = int64_t{1} << rng_.uniform(20, o_.near_limit_constants ? 62 : 40);
            return rng_.chance(50) ? Interval{0, p - 1} : Interval{-p, p};
        }
        if (r < 93 && o_.near_limit_constants) {
            int64_t w = rng_.uniform(0, 1000);
            return rng_.chance(50) ? Interval{kInt64Max - 1 - w, kInt64Max - 1}
                                   : Interval{kInt64Min + 1, kInt64Min + 1 + w};
        }
        if (r < 96 && o_.unbounded) {
            return rng_.chance(50) ? Interval::at_least(rng_.uniform(-3, 3))
                                   : Interval::at_most(rng_.uniform(-3, 10));
        }
        int64_t lo = rng_.uniform(1, 10);
        return {lo, lo + rng_.uniform(0, 300)};
    }

    int64_t num_vars() const { return spec_.num_variables(); }

    /// Number of values of variable `id` when it is `[0, n-1]` with a small
    /// n, else 0.
    int64_t extent(int64_t id) const {
        const Interval& b = spec_.variable(id).bounds;
        if (b.is_bounded() && b.lo() == 0 && b.hi() >= 0 && b.hi() < (int64_t{1} << 20))
            return b.hi() + 1;
        return 0;
    }

    std::vector<Interval> all_bounds() const {
        std::vector<Interval> out;
        for (int64_t i = 0; i < num_vars(); ++i)
            out.push_back(spec_.variable(i).bounds);
        return out;
    }

    // --- Constants and nodes ----------------------------------------------

    int64_t divisor() {
        if (o_.near_limit_constants && rng_.chance(3)) return rng_.pick(near_limit_values());
        int64_t d = rng_.pick<int64_t>(
            {1, 2, 2, 3, 4, 4, 5, 6, 7, 8, 8, 10, 12, 16, 16, 24, 32, 64, 100, 128});
        return rng_.chance(15) ? -d : d;
    }

    int64_t coefficient() {
        if (o_.near_limit_constants && rng_.chance(2)) return rng_.pick(near_limit_values());
        return rng_.pick<int64_t>(
            {1, 1, 1, 2, 3, 4, 5, 7, 8, 10, 16, 32, 100, 128, -1, -1, -2, -3, -4, -8});
    }

    int64_t offset() {
        if (o_.near_limit_constants && rng_.chance(2)) return rng_.pick(near_limit_values());
        return rng_.uniform(-20, 20);
    }

    Expr c(int64_t v) { return ctx_.constant(v); }
    Expr var(int64_t id) { return ctx_.variable(id); }
    Expr any_var() { return var(rng_.uniform(0, num_vars() - 1)); }

    /// `kind(a, b)`, as drawn (raw maps) or canonical.
    Expr node(ExprKind kind, Expr a, Expr b) {
        if (raw_) {
            Result<Expr> r = ctx_.make(kind, {a, b});
            if (r) return *r;
        }
        return build(kind, {a, b});
    }
    Expr add(Expr a, Expr b) { return node(ExprKind::Add, a, b); }
    Expr mul(Expr a, int64_t k) {
        return rng_.chance(20) ? node(ExprKind::Mul, c(k), a) : node(ExprKind::Mul, a, c(k));
    }
    Expr sub(Expr a, Expr b) { return add(a, mul(b, -1)); }
    Expr fdiv(Expr a, int64_t d) { return node(ExprKind::FloorDiv, a, c(d)); }
    Expr cdiv(Expr a, int64_t d) { return node(ExprKind::CeilDiv, a, c(d)); }
    Expr fmod(Expr a, int64_t d) { return node(ExprKind::Mod, a, c(d)); }

    /// A sum of terms in a random order.
    Expr sum(std::vector<Expr> terms) {
        if (terms.empty()) return c(0);
        for (size_t i = terms.size(); i > 1; --i) {
            std::swap(terms[i - 1], terms[static_cast<size_t>(rng_.uniform(0, int64_t(i) - 1))]);
        }
        Expr acc = terms[0];
        for (size_t i = 1; i < terms.size(); ++i)
            acc = add(acc, terms[i]);
        return acc;
    }

    /// Up to `max_vars` distinct variable ids in random order.
    std::vector<int64_t> some_vars(int64_t max_vars) {
        std::vector<int64_t> ids;
        for (int64_t i = 0; i < num_vars(); ++i)
            ids.push_back(i);
        for (size_t i = ids.size(); i > 1; --i) {
            std::swap(ids[i - 1], ids[static_cast<size_t>(rng_.uniform(0, int64_t(i) - 1))]);
        }
        ids.resize(static_cast<size_t>(rng_.uniform(1, std::min<int64_t>(max_vars, num_vars()))));
        return ids;
    }

    // --- Index patterns -----------------------------------------------------

    /// A linear index over some variables: sizes from their extents (or
    /// drawn), strides the suffix products, sometimes off by one.
    struct Linear {
        Expr expr;
        std::vector<int64_t> sizes;    // outermost first
        std::vector<int64_t> strides;  // stride of each position
    };

    Linear linearize() {
        Linear l;
        std::vector<int64_t> ids = some_vars(3);
        for (int64_t id : ids) {
            int64_t n = extent(id);
            if (n < 2 || n > 1000 || rng_.chance(15))
                n = rng_.pick<int64_t>({2, 3, 4, 5, 8, 10, 16});
            l.sizes.push_back(n);
        }
        l.strides.assign(ids.size(), 1);
        for (size_t i = ids.size(); i-- > 1;)
            l.strides[i - 1] = l.strides[i] * l.sizes[i];
        std::vector<Expr> terms;
        for (size_t i = 0; i < ids.size(); ++i) {
            int64_t s = l.strides[i];
            if (rng_.chance(8)) s += rng_.chance(50) ? 1 : -1;  // a near miss
            terms.push_back(s == 1 && rng_.chance(70) ? var(ids[i]) : mul(var(ids[i]), s));
        }
        if (rng_.chance(12)) terms.push_back(c(offset()));
        l.expr = sum(terms);
        return l;
    }

    /// Coordinate `j` of a linear index with the given shape.
    Expr delinearize(Expr index, const std::vector<int64_t>& sizes,
                     const std::vector<int64_t>& strides, size_t j) {
        Expr e = strides[j] == 1 && rng_.chance(70) ? index : fdiv(index, strides[j]);
        if (j > 0 || rng_.chance(20)) e = fmod(e, sizes[j]);
        return e;
    }

    std::vector<Expr> family_delinearize() {
        Linear l = linearize();
        std::vector<Expr> out;
        for (size_t j = 0; j < l.sizes.size(); ++j) {
            out.push_back(delinearize(l.expr, l.sizes, l.strides, j));
        }
        if (rng_.chance(30)) out.push_back(l.expr);
        return out;
    }

    /// `A -> reshape B -> reshape A`: the composed index expressions.
    std::vector<Expr> family_reshape_chain() {
        Linear a = linearize();
        int64_t total = 1;
        for (int64_t n : a.sizes)
            total = total * n;
        // Shape B: split `total` into up to three factors.
        std::vector<int64_t> b_sizes;
        int64_t rest = total;
        for (int k = 0; k < 2 && rest > 1; ++k) {
            std::vector<int64_t> divisors;
            for (int64_t d = 2; d <= rest && d <= 64; ++d) {
                if (rest % d == 0) divisors.push_back(d);
            }
            if (divisors.empty() || rng_.chance(30)) break;
            int64_t d = rng_.pick(divisors);
            b_sizes.push_back(d);
            rest /= d;
        }
        b_sizes.push_back(rest);
        std::vector<int64_t> b_strides(b_sizes.size(), 1);
        for (size_t i = b_sizes.size(); i-- > 1;)
            b_strides[i - 1] = b_strides[i] * b_sizes[i];
        std::vector<Expr> b_coords;
        for (size_t j = 0; j < b_sizes.size(); ++j) {
            b_coords.push_back(delinearize(a.expr, b_sizes, b_strides, j));
        }
        std::vector<Expr> terms;
        for (size_t j = 0; j < b_coords.size(); ++j) {
            terms.push_back(b_strides[j] == 1 ? b_coords[j] : mul(b_coords[j], b_strides[j]));
        }
        Expr back = sum(terms);
        std::vector<Expr> out;
        for (size_t i = 0; i < a.sizes.size(); ++i) {
            out.push_back(delinearize(back, a.sizes, a.strides, i));
        }
        return out;
    }

    /// `(x floordiv c) * c + x mod c` and its relatives.
    Expr family_split() {
        Expr x = rng_.chance(60) ? linearize().expr : tree(2);
        int64_t d = divisor();
        switch (rng_.uniform(0, 6)) {
            case 0:
                return add(mul(fdiv(x, d), d), fmod(x, d));
            case 1:
                return add(fmod(x, d), mul(fdiv(x, d), d));
            case 2:
                return sub(x, fmod(x, d));
            case 3:
                return sub(x, mul(fdiv(x, d), d));
            case 4:
                return mul(fdiv(mul(x, -1), d), -1);
            case 5:
                return fdiv(add(x, c(sat_add(d, -1))), d);
            default:
                return sub(mul(cdiv(x, d), d), x);
        }
    }

    /// `(outer * T + inner) floordiv T` and friends, T often the inner
    /// variable's extent.
    Expr family_tiling() {
        std::vector<int64_t> ids = some_vars(2);
        int64_t outer = ids[0];
        int64_t inner = ids.size() > 1 ? ids[1] : ids[0];
        int64_t t = extent(inner);
        if (t < 1 || t > 4096 || rng_.chance(30)) t = rng_.pick<int64_t>({2, 4, 8, 16, 32, 128});
        if (rng_.chance(10)) t += 1;
        Expr e = add(mul(var(outer), t), var(inner));
        switch (rng_.uniform(0, 7)) {
            case 0:
                return fdiv(e, t);
            case 1:
                return fmod(e, t);
            case 2:
                return fdiv(fmod(e, t * 2), t);
            case 3:
                return fdiv(e, t * rng_.pick<int64_t>({2, 4}));
            case 4:
                return fmod(fdiv(e, std::max<int64_t>(1, t / 2)), 2);
            case 5:
                return cdiv(e, t * rng_.pick<int64_t>({1, 1, 2}));
            case 6:
                // A ceildiv whose divisor shares a factor with the scale and
                // an offset inside one block: (d0 * 4 + 1) ceildiv 8.
                return cdiv(add(mul(var(outer), t), c(rng_.uniform(-1, t))),
                            t * rng_.pick<int64_t>({2, 4}));
            default:
                return add(fdiv(e, t), fmod(var(inner), t));
        }
    }

    /// Clamps (pads, dynamic slices).
    Expr family_clamp() {
        Expr x = rng_.chance(50) ? any_var() : linearize().expr;
        Interval r = interval_of(x, all_bounds());
        int64_t lo = r.lo_is_inf() ? rng_.uniform(-5, 5) : sat_add(r.lo(), rng_.uniform(-2, 4));
        int64_t hi = r.hi_is_inf() ? sat_add(lo, rng_.uniform(0, 20))
                                   : sat_add(r.hi(), -rng_.uniform(-2, 4));
        switch (rng_.uniform(0, 4)) {
            case 0:
                return node(ExprKind::Min, node(ExprKind::Max, x, c(lo)), c(hi));
            case 1:
                return node(ExprKind::Max, node(ExprKind::Min, x, c(hi)), c(lo));
            case 2:
                return add(node(ExprKind::Min, node(ExprKind::Max, any_var(), c(0)), c(hi)),
                           any_var());
            case 3: {
                // An expression against itself plus an offset at the edges
                // a condition turns on (-1, 0, 1): max(d0, d0 - 1).
                const int64_t k = rng_.chance(60) ? rng_.uniform(-1, 1) : rng_.uniform(-4, 4);
                Expr a = x, b = add(x, c(k));
                if (rng_.chance(50)) std::swap(a, b);
                return node(rng_.chance(50) ? ExprKind::Min : ExprKind::Max, a, b);
            }
            default:
                return node(rng_.chance(50) ? ExprKind::Min : ExprKind::Max, x, tree(1));
        }
    }

    /// Nested divisions and mods of one operand.
    Expr family_nested_div() {
        Expr x = rng_.chance(50) ? linearize().expr : tree(2);
        int64_t c1 = divisor(), c2 = divisor();
        switch (rng_.uniform(0, 7)) {
            case 0:
                return fdiv(fdiv(x, c1), c2);
            case 1:
                return fmod(fmod(x, c1), c2);
            case 2:
                return fdiv(fmod(x, c1), c2);
            case 3:
                return fmod(fdiv(x, c1), c2);
            case 4:
                return fdiv(mul(x, c1), c2);
            case 5:
                return fmod(mul(x, c1), c2);
            case 6:
                return cdiv(cdiv(x, c1), c2);
            default:
                return fmod(add(x, c(offset())), c2);
        }
    }

    /// Sums whose terms share a sub-expression.
    Expr family_shared() {
        Expr e = pool_.empty() || rng_.chance(50) ? linearize().expr : rng_.pick(pool_);
        pool_.push_back(e);
        int64_t d = divisor();
        switch (rng_.uniform(0, 4)) {
            case 0:
                return add(fdiv(e, d), fmod(e, d));
            case 1:
                return sub(fdiv(add(e, c(rng_.uniform(1, 8))), d), fdiv(e, d));
            case 2:
                return add(mul(fdiv(e, d), mul_or_keep(d, rng_.uniform(-3, 3))),
                           mul(e, rng_.uniform(1, 3)));
            case 3:
                return add(fmod(add(e, any_var()), d), fdiv(e, d));
            default:
                return sub(e, mul(fmod(e, d), rng_.pick<int64_t>({1, 2})));
        }
    }

    /// A random tree of depth at most `depth`.
    Expr tree(int depth) {
        if (depth <= 0 || rng_.chance(25)) {
            if (num_vars() > 0 && rng_.chance(70)) return any_var();
            return c(offset());
        }
        auto sub_tree = [&] { return tree(depth - 1); };
        switch (rng_.uniform(0, 11)) {
            case 0:
            case 1:
                return add(sub_tree(), sub_tree());
            case 2:
                return sub(sub_tree(), sub_tree());
            case 3:
                return mul(sub_tree(), coefficient());
            case 4:
            case 5:
                return fdiv(sub_tree(), divisor());
            case 6:
                return cdiv(sub_tree(), divisor());
            case 7:
            case 8:
                return fmod(sub_tree(), divisor());
            case 9:
                return node(ExprKind::Min, sub_tree(), sub_tree());
            case 10:
                return node(ExprKind::Max, sub_tree(), sub_tree());
            default:
                if (!pool_.empty()) return rng_.pick(pool_);
                pool_.push_back(sub_tree());
                return pool_.back();
        }
    }

    /// One family's expressions (several for delinearizations).
    std::vector<Expr> family() {
        if (num_vars() == 0) return {c(offset())};
        std::vector<Expr> out;
        const int64_t r = rng_.uniform(0, 99);
        if (r < 22) {
            out = {tree(static_cast<int>(rng_.uniform(1, o_.max_depth)))};
        } else if (r < 27) {
            out = {linearize().expr};
        } else if (r < 42) {
            out = family_delinearize();
        } else if (r < 52) {
            out = family_reshape_chain();
        } else if (r < 64) {
            out = {family_split()};
        } else if (r < 74) {
            out = {family_tiling()};
        } else if (r < 80) {
            out = {family_clamp()};
        } else if (r < 92) {
            out = {family_nested_div()};
        } else {
            out = {family_shared()};
        }
        for (Expr& e : out) {
            if (rng_.chance(12)) e = perturb(e);
        }
        return out;
    }

    // --- Perturbation ------------------------------------------------------

    /// Changes one constant of `e` (not a divisor into zero) by one, or
    /// negates it.
    Expr perturb(Expr e) {
        int64_t count = 0;
        count_constants(e, count);
        if (count == 0) return e;
        int64_t target = rng_.uniform(0, count - 1);
        int64_t mode = rng_.uniform(0, 2);
        return rewrite_constant(e, target, mode, false);
    }

    static void count_constants(Expr e, int64_t& count) {
        if (e.is_constant()) ++count;
        for (size_t i = 0; i < e.num_operands(); ++i)
            count_constants(e.operand(i), count);
    }

    Expr rewrite_constant(Expr e, int64_t& target, int64_t mode, bool is_divisor) {
        if (e.is_constant()) {
            if (target-- != 0) return e;
            int64_t v = e.constant_value();
            std::optional<int64_t> nv = mode == 0   ? checked_add(v, 1)
                                        : mode == 1 ? checked_sub(v, 1)
                                                    : checked_neg(v);
            if (!nv || (is_divisor && *nv == 0)) return e;
            return c(*nv);
        }
        if (e.num_operands() == 0) return e;
        std::vector<Expr> ops = e.operands();
        bool divides = e.kind() == ExprKind::FloorDiv || e.kind() == ExprKind::CeilDiv ||
                       e.kind() == ExprKind::Mod;
        for (size_t i = 0; i < ops.size(); ++i) {
            ops[i] = rewrite_constant(ops[i], target, mode, divides && i == 1);
        }
        if (raw_) {
            Result<Expr> r = ctx_.make(e.kind(), ops);
            if (r) return *r;
        }
        return build(e.kind(), ops);
    }

    // --- Constraints -------------------------------------------------------

    Constraint constraint() {
        if (num_vars() == 0) return {c(rng_.uniform(-2, 2)), {0, rng_.uniform(-1, 2)}};
        if (rng_.chance(10)) return hard_constraint();
        Expr e;
        const int64_t r = rng_.uniform(0, 99);
        if (r < 25) {
            // A congruence on a variable or a sum.
            Expr x = rng_.chance(60) ? any_var() : linearize().expr;
            int64_t m = rng_.pick<int64_t>({2, 3, 4, 4, 6, 8, 16});
            int64_t res = rng_.uniform(0, m - 1);
            if (rng_.chance(10))
                return {fmod(x, m), {res, std::min(m - 1, res + rng_.uniform(0, 2))}};
            if (rng_.chance(5)) res = m;  // never holds
            return {fmod(x, m), {res, res}};
        }
        if (r < 55) {
            e = linearize().expr;
        } else if (r < 68) {
            e = fdiv(linearize().expr, divisor());
        } else if (r < 76) {
            e = mul(linearize().expr, coefficient());
        } else if (r < 84) {
            e = any_var();
        } else {
            e = tree(static_cast<int>(rng_.uniform(1, 3)));
        }
        return {e, sub_range(interval_of(e, all_bounds()))};
    }

    /// Constraints whose (in)feasibility interval arithmetic cannot see:
    /// parity, residues a variable's bounds miss, congruences that clash
    /// with an earlier one.
    Constraint hard_constraint() {
        switch (rng_.uniform(0, 3)) {
            case 0: {
                // An even sum in an odd point.
                std::vector<Expr> terms;
                for (int64_t id : some_vars(3))
                    terms.push_back(mul(var(id), 2 * rng_.uniform(1, 3)));
                int64_t odd = 2 * rng_.uniform(-5, 20) + 1;
                return {sum(terms), {odd, odd}};
            }
            case 1: {
                // A residue the variable's range may not contain.
                int64_t id = rng_.uniform(0, num_vars() - 1);
                int64_t m = rng_.pick<int64_t>({4, 8, 16, 32});
                int64_t r = rng_.uniform(0, m - 1);
                return {fmod(var(id), m), {r, r}};
            }
            case 2: {
                // A congruence clashing with (or refining) one already drawn.
                for (const Constraint& prev : spec_.constraints) {
                    if (prev.expr.kind() == ExprKind::Mod && prev.expr.rhs().is_constant()) {
                        int64_t m2 = rng_.pick<int64_t>({2, 3, 4, 6});
                        int64_t r = rng_.uniform(0, m2 - 1);
                        return {fmod(prev.expr.lhs(), m2), {r, r}};
                    }
                }
                int64_t id = rng_.uniform(0, num_vars() - 1);
                return {fmod(var(id), 6), {1, 1}};
            }
            default: {
                // Two variables tied by an equality: a * x - b * y == k.
                std::vector<int64_t> ids = some_vars(2);
                Expr x = var(ids[0]);
                Expr y = ids.size() > 1 ? var(ids[1]) : c(rng_.uniform(0, 5));
                int64_t a = rng_.uniform(2, 6), b = rng_.uniform(2, 6), k = rng_.uniform(-3, 3);
                return {sub(mul(x, a), mul(y, b)), {k, k}};
            }
        }
    }

    /// A range inside `r` most of the time, sometimes overlapping its ends
    /// or missing it entirely.
    Interval sub_range(Interval r) {
        if (r.is_empty()) return {0, rng_.uniform(0, 5)};
        if (!r.is_bounded() || r.size() > (int64_t{1} << 40)) {
            int64_t lo =
                r.lo_is_inf() ? rng_.uniform(-50, 50) : sat_add(r.lo(), rng_.uniform(0, 50));
            return {lo, sat_add(lo, rng_.uniform(0, 100))};
        }
        int64_t w = r.hi() - r.lo();
        int64_t lo = r.lo() + rng_.uniform(0, w / 2 + 1);
        int64_t hi = r.hi() - rng_.uniform(0, w / 2 + 1);
        if (rng_.chance(8)) {
            // Outside the range: an infeasible constraint.
            return r.hi() < kInt64Max - 20 ? Interval{r.hi() + 1, r.hi() + rng_.uniform(1, 20)}
                                           : Interval{r.lo() - 5, r.lo() - 1};
        }
        if (rng_.chance(10) && lo > kInt64Min + 10) lo -= rng_.uniform(1, 5);
        if (rng_.chance(10) && hi < kInt64Max - 10) hi += rng_.uniform(1, 5);
        if (lo > hi) std::swap(lo, hi);
        return {lo, hi};
    }

    Context& ctx_;
    RandomSource& rng_;
    const GeneratorOptions& o_;
    MapSpec spec_;
    std::vector<Expr> pool_;
    bool raw_ = false;
};

}  // namespace

std::vector<std::string> GeneratorOptions::edge_template_names() {
    return {"zero-divisor",   "int64-limits", "limit-bounds",    "congruence-overflow",
            "runtime-inputs", "wide-divisor", "split-constants", "probe-limits"};
}

std::vector<std::string> GeneratorOptions::default_edge_templates() {
    std::vector<std::string> names = edge_template_names();
    for (const char* slow : {"wide-divisor", "split-constants"})
        names.erase(std::find(names.begin(), names.end(), slow));
    return names;
}

MapSpec generate_map(Context& ctx, RandomSource& rng, const GeneratorOptions& options) {
    return Generator(ctx, rng, options).map();
}

Expr generate_expr(Context& ctx, RandomSource& rng, const MapSpec& spec,
                   const GeneratorOptions& options) {
    return Generator(ctx, rng, options).expr(spec);
}

}  // namespace provix::fuzz
