/// \file
/// The affine form of an expression over few points (see enumerated_affine.h).

#include "enumerated_affine.h"

#include <algorithm>
#include <array>
#include <optional>
#include <vector>

#include "evaluate_wide.h"
#include "expr_node.h"
#include "expr_steps.h"
#include "provix/semantics.h"
#include "range_analysis.h"

namespace provix::engine {

namespace {

using Wide = __int128;

/// `x op y` on exact 128-bit values (floor semantics, detail::apply_wide);
/// nullopt for a zero divisor or a result beyond 128 bits.
std::optional<Wide> wide_op(ExprKind kind, Wide x, Wide y) {
    Wide r = 0;
    if (detail::apply_wide(kind, x, y, &r) != detail::WideOutcome::kValue) return std::nullopt;
    return r;
}

/// The exact value of `e` at `at` in 128 bits: an intermediate value beyond
/// int64 stays exact (`(v0 * 2^62) floordiv 3` at v0 = 2).
std::optional<Wide> evaluate_wide_at(Expr e, const int64_t* at) {
    const detail::ExprNode* n = detail::node_of(e);
    if (n->kind == ExprKind::Constant) return n->value;
    if (n->kind == ExprKind::Variable) return at[n->value];
    std::optional<Wide> acc = evaluate_wide_at(detail::op_at(e, 0), at);
    for (size_t i = 1; i < n->num_operands && acc; ++i) {
        const std::optional<Wide> y = evaluate_wide_at(detail::op_at(e, i), at);
        if (!y) return std::nullopt;
        acc = wide_op(n->kind, *acc, *y);
    }
    return acc;
}

/// How the int64 evaluation of a tree ended: with its value, at a zero
/// divisor, or at a value beyond int64 (the 128-bit evaluator takes over).
enum class Narrow : uint8_t { kValue, kUndefined, kWide };

/// `x op y` in int64 (floor semantics, detail::apply_op), or why not:
/// kUndefined for a zero divisor, kWide for a result beyond int64 or a kind
/// only wide_op knows.
inline Narrow narrow_op(ExprKind kind, int64_t x, int64_t y, int64_t* r) {
    switch (detail::apply_op<int64_t>(kind, x, y, r)) {
        case detail::WideOutcome::kValue:
            return Narrow::kValue;
        case detail::WideOutcome::kZeroDivisor:
            return Narrow::kUndefined;
        case detail::WideOutcome::kOverflow:
        case detail::WideOutcome::kNotAnOperator:
            break;
    }
    return Narrow::kWide;
}

/// evaluate_wide_at while every value fits int64 (the common case: no
/// 128-bit arithmetic). The operands are visited in the same order, so a
/// zero divisor found here is the one the 128-bit evaluator stops at.
Narrow evaluate_narrow_at(const detail::ExprNode* n, const int64_t* at, int64_t* out);

/// evaluate_narrow_at of an operand: a constant or a variable (most
/// operands) is read here, without the call.
inline Narrow evaluate_operand_at(const detail::ExprNode* n, const int64_t* at, int64_t* out) {
    if (n->kind == ExprKind::Constant) {
        *out = n->value;
        return Narrow::kValue;
    }
    if (n->kind == ExprKind::Variable) {
        *out = at[n->value];
        return Narrow::kValue;
    }
    return evaluate_narrow_at(n, at, out);
}

Narrow evaluate_narrow_at(const detail::ExprNode* n, const int64_t* at, int64_t* out) {
    if (n->kind == ExprKind::Constant || n->kind == ExprKind::Variable)  // a leaf at the root
        return evaluate_operand_at(n, at, out);
    int64_t acc = 0;
    Narrow s = evaluate_operand_at(n->operands[0], at, &acc);
    for (size_t i = 1; i < n->num_operands && s == Narrow::kValue; ++i) {
        int64_t y = 0;
        s = evaluate_operand_at(n->operands[i], at, &y);
        if (s == Narrow::kValue) s = narrow_op(n->kind, acc, y, &acc);
    }
    *out = acc;
    return s;
}

/// The exact value of `e` at `at`: in int64 when it suffices, else in 128
/// bits; nullopt where e is undefined or beyond 128 bits.
std::optional<Wide> evaluate_exact_at(Expr e, const int64_t* at) {
    int64_t v = 0;
    switch (evaluate_narrow_at(detail::node_of(e), at, &v)) {
        case Narrow::kValue:
            return v;
        case Narrow::kUndefined:
            return std::nullopt;
        case Narrow::kWide:
            break;
    }
    return evaluate_wide_at(e, at);
}

}  // namespace

bool excluded_at(Expr e, const Interval& range, const int64_t* at) {
    const std::optional<Wide> v = evaluate_exact_at(e, at);
    if (!v) return false;
    if (range.is_empty()) return true;
    return (!range.lo_is_inf() && *v < range.lo()) || (!range.hi_is_inf() && *v > range.hi());
}

std::optional<int64_t> evaluate_at(Expr e, const int64_t* at) {
    const std::optional<Wide> v = evaluate_exact_at(e, at);
    if (!v || *v < kInt64Min || *v > kInt64Max) return std::nullopt;
    return static_cast<int64_t>(*v);
}

namespace {

using detail::node_of;
using detail::num_ops;
using detail::op_at;

constexpr int kMaxVariables = 6;

constexpr size_t kCols = kMaxVariables + 2;  // [1, x_1 .. x_k | y]

/// Exact linear algebra over the rows [1, x_1 .. x_k | y] of the points: a
/// basis in echelon form (pivot columns distinct), reduced fraction-free
/// and kept small by dividing each row by the gcd of its entries. Fixed-size
/// storage: no allocation per point.
class AffineFit {
public:
    explicit AffineFit(size_t k) : k_(k) {}

    /// Adds a point; false if no affine function fits the points so far (or
    /// the numbers grow too large to be exact).
    bool add(const int64_t* x, int64_t y) {
        Row r{};
        r[0] = 1;
        for (size_t i = 0; i < k_; ++i)
            r[i + 1] = x[i];
        r[k_ + 1] = y;
        if (!normalize(r)) return false;
        for (size_t bi = 0; bi < size_; ++bi) {
            const Row& b = rows_[bi];
            const size_t pc = pivots_[bi];
            if (r[pc] == 0) continue;
            const __int128 f = r[pc], g = b[pc];
            for (size_t j = 0; j <= k_ + 1; ++j)
                r[j] = r[j] * g - b[j] * f;
            if (!normalize(r)) return false;
        }
        for (size_t j = 0; j <= k_; ++j) {
            if (r[j] != 0) {
                rows_[size_] = r;
                pivots_[size_++] = j;
                return true;
            }
        }
        return r[k_ + 1] == 0;  // the point is an affine combination of earlier ones
    }

    /// Coefficients [c_0, c_1 .. c_k] of y = c_0 + sum c_i x_i with the free
    /// columns at 0, if they are integers fitting int64.
    std::optional<std::array<int64_t, kCols>> solve() const {
        std::array<__int128, kCols> c{};
        // Solve by decreasing pivot column: a row's entries right of its
        // pivot are pivots of other rows or free (0).
        std::array<int, kCols> row_of;
        row_of.fill(-1);
        for (size_t i = 0; i < size_; ++i)
            row_of[pivots_[i]] = static_cast<int>(i);
        for (size_t pc = k_ + 1; pc-- > 0;) {
            if (row_of[pc] < 0) continue;
            const Row& b = rows_[static_cast<size_t>(row_of[pc])];
            __int128 rhs = b[k_ + 1];
            for (size_t j = pc + 1; j <= k_; ++j) {
                if (b[j] == 0 || c[j] == 0) continue;
                if (!small(c[j])) return std::nullopt;
                rhs -= b[j] * c[j];
            }
            if (rhs % b[pc] != 0) return std::nullopt;
            c[pc] = rhs / b[pc];
            if (c[pc] < kInt64Min || c[pc] > kInt64Max) return std::nullopt;
        }
        std::array<int64_t, kCols> out{};
        for (size_t j = 0; j <= k_; ++j)
            out[j] = static_cast<int64_t>(c[j]);
        return out;
    }

private:
    using Row = std::array<__int128, kCols>;

    static bool small(__int128 v) {
        constexpr __int128 kLimit = static_cast<__int128>(1) << 62;
        return v < kLimit && v > -kLimit;
    }

    /// Divides the row by the gcd of its entries when one of them grows
    /// past 2^31 (128-bit divisions are slow: small rows are left as they
    /// are); false if an entry stays too large for the next
    /// cross-multiplication to be exact.
    bool normalize(Row& r) const {
        constexpr __int128 kReduceAbove = static_cast<__int128>(1) << 31;
        bool large = false;
        for (size_t j = 0; j <= k_ + 1 && !large; ++j)
            large = r[j] >= kReduceAbove || r[j] <= -kReduceAbove;
        if (!large) return true;
        __int128 g = 0;
        for (size_t j = 0; j <= k_ + 1; ++j) {
            __int128 a = r[j] < 0 ? -r[j] : r[j];
            while (a != 0) {
                __int128 t = g % a;
                g = a;
                a = t;
            }
        }
        for (size_t j = 0; j <= k_ + 1; ++j) {
            if (g > 1) r[j] /= g;
            if (!small(r[j])) return false;
        }
        return true;
    }

    size_t k_;
    size_t size_ = 0;
    // Only the first size_ rows are read: left uninitialised (this runs
    // often, and zeroing the storage cost more than the elimination).
    std::array<Row, kCols> rows_;       // NOLINT(cppcoreguidelines-pro-type-member-init)
    std::array<size_t, kCols> pivots_;  // NOLINT(cppcoreguidelines-pro-type-member-init)
};

/// Trees of more nodes are not enumerated (each point walks the tree).
constexpr size_t kMaxTreeSize = 256;

/// True if the tree of `e` (shared sub-trees counted each time) has at most
/// *budget nodes; stops counting as soon as it has more.
bool within_size(Expr e, size_t* budget) {
    if (*budget == 0) return false;
    --*budget;
    for (size_t i = 0; i < num_ops(e); ++i)
        if (!within_size(op_at(e, i), budget)) return false;
    return true;
}

/// The variable ids of `e` (at most kMaxVariables, below 64) in `ids`, their
/// count in *k, or false.
bool variables_of(Expr e, std::array<int64_t, kMaxVariables>& ids, size_t* k) {
    const detail::ExprNode* n = node_of(e);
    if (n->has_high_var || n->var_mask == 0) return false;
    *k = 0;
    for (uint64_t m = n->var_mask; m; m &= m - 1) {
        if (*k == kMaxVariables) return false;  // a seventh variable
        ids[(*k)++] = __builtin_ctzll(m);
    }
    return true;
}

/// True if `e` reads no variable outside `mask` (its value at a point of
/// those variables is known).
bool only_over(Expr e, uint64_t mask) {
    const detail::ExprNode* n = node_of(e);
    return !n->has_high_var && (n->var_mask & ~mask) == 0;
}

/// True if a point (values of the variables of `mask`) can be a domain
/// point: every constraint over those variables holds or cannot be
/// evaluated (beyond 128 bits: kept), and no constraint divisor over them
/// is zero.
bool may_be_domain_point(RangeAnalysis& ranges, uint64_t mask, const int64_t* at) {
    for (const Constraint& c : ranges.constraints()) {
        if (!only_over(c.expr, mask)) continue;
        if (excluded_at(c.expr, c.range, at)) return false;
    }
    for (Expr d : ranges.constraint_divisors()) {
        if (!only_over(d, mask)) continue;
        const std::optional<int64_t> v = evaluate_at(d, at);
        if (v && *v == 0) return false;
    }
    return true;
}

/// A variable's bounded range in the box.
struct Span {
    int64_t lo;
    int64_t hi;
};
using Box = std::array<Span, kMaxVariables>;
using Ids = std::array<int64_t, kMaxVariables>;
using Coefficients = std::array<int64_t, kCols>;

/// True if some constraint or constraint divisor is over the variables of
/// `mask` only: may_be_domain_point can exclude a point only then (it
/// skips every other one), so without one every point may be a domain point.
bool has_point_filter(RangeAnalysis& ranges, uint64_t mask) {
    for (const Constraint& c : ranges.constraints())
        if (only_over(c.expr, mask)) return true;
    for (Expr d : ranges.constraint_divisors())
        if (only_over(d, mask)) return true;
    return false;
}

/// True if `t` is affine in the variables: a constant, a variable, or a
/// variable times a constant.
bool is_affine_term(const detail::ExprNode* t) {
    if (t->kind == ExprKind::Mul && t->num_operands == 2 &&
        t->operands[1]->kind == ExprKind::Constant)
        t = t->operands[0];
    return t->kind == ExprKind::Constant || t->kind == ExprKind::Variable;
}

/// True if `e` is, on the box, an affine expression plus a non-zero
/// multiple of one stepped term `(v + b) op c` (op floordiv, ceildiv or mod,
/// b an optional constant, c a constant with |c| >= 2) whose variable v
/// takes at least three values on the box, across a step of the quotient:
/// q(lo + b) != q(hi + b) for [lo, hi] the span of v and q the quotient of
/// op (ceiling for ceildiv, floor for the others). Then, with every point of
/// the box kept (no point filter), no affine form equals `e` there, and the
/// step could only fail: along v (the other variables fixed) such a term
/// rises by 0 or by one step (floordiv, ceildiv) or by 1 or 1 - |c| (mod)
/// from one value of v to the next, by the other (a step) at most once in
/// any |c| consecutive moves; three values across a step make two moves, one
/// of each kind, which no affine form does (the rest of `e` is affine, and
/// the multiple is not zero). `d0 mod 4` over [0, 20], `d1 + (d0 + 1)
/// floordiv 3` with d0 in [0, 5]; not `d0 mod 4` over [4, 7] (one block:
/// `d0 - 4`).
bool crosses_a_step(Expr e, const Ids& ids, size_t k, const Box& box) {
    const detail::ExprNode* n = node_of(e);
    const detail::ExprNode* stepped = nullptr;
    if (n->kind == ExprKind::Add) {
        for (size_t i = 0; i < n->num_operands; ++i) {
            const detail::ExprNode* t = n->operands[i];
            if (is_affine_term(t)) continue;
            if (stepped) return false;  // two terms that are not affine
            if (t->kind == ExprKind::Mul) {
                if (t->num_operands != 2 || t->operands[1]->kind != ExprKind::Constant ||
                    t->operands[1]->value == 0)
                    return false;
                t = t->operands[0];
            }
            stepped = t;
        }
    } else {
        stepped = n;
    }
    if (!stepped || (stepped->kind != ExprKind::FloorDiv && stepped->kind != ExprKind::CeilDiv &&
                     stepped->kind != ExprKind::Mod))
        return false;
    const detail::ExprNode* c = stepped->operands[1];
    if (c->kind != ExprKind::Constant || (c->value > -2 && c->value < 2)) return false;
    const detail::ExprNode* x = stepped->operands[0];
    int64_t b = 0;
    if (x->kind == ExprKind::Add && x->num_operands == 2) {
        const detail::ExprNode* p = x->operands[0];
        const detail::ExprNode* q = x->operands[1];
        if (p->kind == ExprKind::Constant) std::swap(p, q);
        if (p->kind != ExprKind::Variable || q->kind != ExprKind::Constant) return false;
        b = q->value;
        x = p;
    }
    if (x->kind != ExprKind::Variable) return false;
    for (size_t i = 0; i < k; ++i) {
        if (ids[i] != x->value) continue;
        // Two values (hi - lo == 1): some line passes through both.
        if (static_cast<uint64_t>(box[i].hi) - static_cast<uint64_t>(box[i].lo) < 2) return false;
        const bool ceil = stepped->kind == ExprKind::CeilDiv;
        int64_t lo = 0, hi = 0;
        if (!__builtin_add_overflow(box[i].lo, b, &lo) &&
            !__builtin_add_overflow(box[i].hi, b, &hi))
            return ceil ? ceil_quotient(lo, c->value) != ceil_quotient(hi, c->value)
                        : floor_quotient(lo, c->value) != floor_quotient(hi, c->value);
        const Wide wlo = Wide{box[i].lo} + b, whi = Wide{box[i].hi} + b, d = c->value;
        return ceil ? ceil_quotient(wlo, d) != ceil_quotient(whi, d)
                    : floor_quotient(wlo, d) != floor_quotient(whi, d);
    }
    return false;
}

/// The points of the box and what the step needs to evaluate there.
struct PointContext {
    Expr e;
    RangeAnalysis& ranges;
    uint64_t mask;       ///< The variables of e.
    bool filter_points;  ///< has_point_filter(ranges, mask): false skips may_be_domain_point.
};

/// The value of `e` at `at` when `at` may be a domain point: *y set, true;
/// false when it cannot be one; nullopt when e is undefined there.
std::optional<bool> value_at(const PointContext& pc, const int64_t* at, int64_t* y) {
    if (pc.filter_points && !may_be_domain_point(pc.ranges, pc.mask, at)) return false;
    // evaluate_at, its int64 evaluation called directly: the 128-bit one
    // (through evaluate_at) only when a value leaves int64.
    switch (evaluate_narrow_at(node_of(pc.e), at, y)) {
        case Narrow::kValue:
            return true;
        case Narrow::kUndefined:
            return std::nullopt;
        case Narrow::kWide:
            break;
    }
    const std::optional<int64_t> v = evaluate_at(pc.e, at);
    if (!v) return std::nullopt;
    *y = *v;
    return true;
}

/// The affine form through the box's first corner and its neighbours one
/// step along each variable (a variable of one value gets coefficient 0),
/// when all of them may be domain points: the only candidate, so the points
/// need no elimination, only a check. nullopt otherwise.
std::optional<Coefficients> unit_step_guess(const PointContext& pc, const Ids& ids, size_t k,
                                            const Box& box, std::array<int64_t, 64>& at) {
    int64_t y0 = 0;
    std::optional<bool> base = value_at(pc, at.data(), &y0);
    if (!base || !*base) return std::nullopt;
    Coefficients c{};
    __int128 c0 = y0;
    for (size_t i = 0; i < k; ++i) {
        if (box[i].lo == box[i].hi) continue;
        int64_t& v = at[static_cast<size_t>(ids[i])];
        ++v;
        int64_t yi = 0;
        std::optional<bool> step = value_at(pc, at.data(), &yi);
        --v;
        if (!step || !*step) return std::nullopt;
        std::optional<int64_t> d = checked_sub(yi, y0);
        if (!d) return std::nullopt;
        c[i + 1] = *d;
        c0 -= static_cast<__int128>(*d) * box[i].lo;
    }
    if (c0 < kInt64Min || c0 > kInt64Max) return std::nullopt;
    c[0] = static_cast<int64_t>(c0);
    return c;
}

/// True if c_0 + sum c_i x_i == y, exactly.
bool affine_matches(const Coefficients& c, const int64_t* x, size_t k, int64_t y) {
    __int128 v = c[0];
    for (size_t i = 0; i < k; ++i) {
        __int128 term;
        if (__builtin_mul_overflow(static_cast<__int128>(c[i + 1]), x[i], &term) ||
            __builtin_add_overflow(v, term, &v))
            return false;
    }
    return v == y;
}

/// False if the box's last corner (every variable at its upper end) refutes
/// `guess`: a point that may be a domain point where `e` is undefined or
/// differs from the guess. With a guess the step fails as soon as one
/// point refutes it, whichever it is, and the far corner is where a
/// periodic or stepped function (`d0 mod 4`, `d0 floordiv 4` over [0, 20])
/// has most likely left the line through the first two points; the points
/// are enumerated only when it agrees. `at` is left as it was.
bool far_corner_agrees(const PointContext& pc, const Ids& ids, size_t k, const Box& box,
                       const Coefficients& guess, std::array<int64_t, 64>& at) {
    std::array<int64_t, kMaxVariables> x{};
    for (size_t i = 0; i < k; ++i) {
        x[i] = box[i].hi;
        at[static_cast<size_t>(ids[i])] = x[i];
    }
    int64_t y = 0;
    const std::optional<bool> kept = value_at(pc, at.data(), &y);
    for (size_t i = 0; i < k; ++i)
        at[static_cast<size_t>(ids[i])] = box[i].lo;
    if (!kept) return false;  // undefined at a possible domain point
    return !*kept || affine_matches(guess, x.data(), k, y);
}

/// False if the points `(a, ya)` and `(b, yb)` (`k` coordinates) differ in
/// exactly one coordinate and the difference of their values is not a
/// multiple of the difference there: then no affine form with integer
/// coefficients takes both values. True otherwise (nothing shown).
bool integral_step(const std::array<int64_t, kMaxVariables>& a, int64_t ya,
                   const std::array<int64_t, kMaxVariables>& b, int64_t yb, size_t k) {
    size_t apart = k;
    for (size_t i = 0; i < k; ++i) {
        if (a[i] == b[i]) continue;
        if (apart != k) return true;  // two coordinates differ
        apart = i;
    }
    if (apart == k) return true;  // the same point
    // The box is at most kMaxEnumeratedPoints wide: the differences are exact
    // in 128 bits.
    const __int128 dx = static_cast<__int128>(b[apart]) - a[apart];
    const __int128 dy = static_cast<__int128>(yb) - ya;
    return dy % dx == 0;
}

/// Enumerates the box (the first variable fastest) from `at` at its first
/// corner, and returns the coefficients of the affine form equal to `e` at
/// every point that may be a domain point, checked at each of them.
std::optional<Coefficients> fit_points(const PointContext& pc, const Ids& ids, size_t k,
                                       const Box& box, int64_t points,
                                       std::array<int64_t, 64>& at) {
    const std::optional<Coefficients> guess = unit_step_guess(pc, ids, k, box, at);
    if (guess && points > 2 && !far_corner_agrees(pc, ids, k, box, *guess, at)) return std::nullopt;
    AffineFit fit(k);
    // Without a guess: the points kept and the values there, for the check.
    std::array<std::array<int64_t, kMaxVariables>, kMaxEnumeratedPoints> kept;
    std::array<int64_t, kMaxEnumeratedPoints> values;
    size_t n = 0;
    for (int64_t p = 0; p < points; ++p) {
        if (p > 0) {  // next point of the box
            for (size_t i = 0; i < k; ++i) {
                int64_t& v = at[static_cast<size_t>(ids[i])];
                if (v < box[i].hi) {
                    ++v;
                    break;
                }
                v = box[i].lo;
            }
        }
        int64_t y = 0;
        std::optional<bool> kept_point = value_at(pc, at.data(), &y);
        if (!kept_point) return std::nullopt;  // undefined at a possible domain point
        if (!*kept_point) continue;
        std::array<int64_t, kMaxVariables> x{};
        for (size_t i = 0; i < k; ++i)
            x[i] = at[static_cast<size_t>(ids[i])];
        if (guess) {
            if (!affine_matches(*guess, x.data(), k, y)) return std::nullopt;
            ++n;
            continue;
        }
        // Two kept points apart along one variable only fix its
        // coefficient to the quotient of the differences: when that is not
        // an integer, no affine form with integer coefficients passes
        // through both, and the fit could only fail (its final check covers
        // every kept point).
        if (n > 0 && !integral_step(kept[n - 1], values[n - 1], x, y, k)) return std::nullopt;
        if (!fit.add(x.data(), y)) return std::nullopt;
        kept[n] = x;
        values[n] = y;
        ++n;
    }
    if (n == 0) return std::nullopt;  // no point left: the domain is empty, not this step's to say
    if (guess) return guess;
    const std::optional<Coefficients> c = fit.solve();
    if (!c) return std::nullopt;
    // The affine form is checked at every point kept, as the lemma states.
    for (size_t p = 0; p < n; ++p)
        if (!affine_matches(*c, kept[p].data(), k, values[p])) return std::nullopt;
    return c;
}

}  // namespace

Expr enumerated_affine(Expr e, RangeAnalysis& ranges) {
    // The cheap shape check: a non-affine node, or a sum with a non-affine
    // term (`t` or `t * c`).
    if (!may_rewrite_whole(e)) return Expr();
    // Only the first k ids and spans are read: left uninitialised.
    Ids ids;  // NOLINT(cppcoreguidelines-pro-type-member-init)
    size_t k = 0;
    if (!variables_of(e, ids, &k)) return Expr();
    // The pre-check: the box of the variables' ranges is small.
    Context& ctx = e.context();
    Box box;  // NOLINT(cppcoreguidelines-pro-type-member-init)
    int64_t points = 1;
    for (size_t i = 0; i < k; ++i) {
        const Interval r = ranges.variable_range(ctx, ids[i]);
        if (!r.is_bounded() || r.is_empty()) return Expr();
        // hi - lo exactly (it is below 2^64 for lo <= hi): the width less one.
        const uint64_t span = static_cast<uint64_t>(r.hi()) - static_cast<uint64_t>(r.lo());
        if (span >= kMaxEnumeratedPoints) return Expr();
        points *= static_cast<int64_t>(span + 1);
        if (points > kMaxEnumeratedPoints) return Expr();
        box[i] = {r.lo(), r.hi()};
    }
    const uint64_t mask = node_of(e)->var_mask;
    const bool filter_points = has_point_filter(ranges, mask);
    if (!filter_points && crosses_a_step(e, ids, k, box)) return Expr();
    size_t budget = kMaxTreeSize;
    if (!within_size(e, &budget)) return Expr();
    // Values by variable id (ids are below 64; only the ids of e are read,
    // by e and by the constraints over them).
    std::array<int64_t, 64> at;
    for (size_t i = 0; i < k; ++i)
        at[static_cast<size_t>(ids[i])] = box[i].lo;
    const PointContext pc{e, ranges, mask, filter_points};
    const std::optional<std::array<int64_t, kCols>> c = fit_points(pc, ids, k, box, points, at);
    if (!c) return Expr();
    Expr out = ctx.constant((*c)[0]);
    for (size_t i = 0; i < k; ++i)
        if ((*c)[i + 1] != 0) out = out + ctx.variable(ids[i]) * (*c)[i + 1];
    return out;
}

}  // namespace provix::engine
