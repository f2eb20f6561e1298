/// \file
/// Constant folding in int64 (int64_folding.h): bounds on the constants and
/// coefficients any folding of an expression can produce.

#include "int64_folding.h"

#include <algorithm>
#include <unordered_map>
#include <utility>
#include <vector>

#include "expr_dag.h"
#include "expr_node.h"
#include "provix/semantics.h"

namespace provix::detail {

namespace {

using Bound = unsigned __int128;

/// Bounds saturate here (far beyond int64: a saturated bound refuses).
constexpr Bound kSaturated = Bound{1} << 100;

Bound add(Bound a, Bound b) { return std::min(a + b, kSaturated); }
Bound mul(Bound a, Bound b) {
    if (a == 0 || b == 0) return 0;
    return a > kSaturated / b ? kSaturated : std::min(a * b, kSaturated);
}

/// |c|, except that -2^63 counts as 2^63 - 1: it is an int64 on its own,
/// and any constant folded with it that moves it further is counted too.
Bound magnitude_of(int64_t c) { return c == kInt64Min ? Bound{kInt64Max} : magnitude(c); }

/// The bound of every term of `b` together (a factor of a product).
Bound total(const FoldBounds& b) {
    Bound t = b.constant;
    for (const auto& [v, c] : b.coefficients)
        t = add(t, c);
    return t;
}

/// Each variable's coefficient bound of `b` raised to at least `floor`.
void raise_to(FoldBounds& b, Bound floor) {
    for (auto& [v, c] : b.coefficients)
        c = std::max(c, floor);
}

/// Adds `o`'s coefficient bounds to `b`'s, variable by variable.
void add_coefficients(FoldBounds& b, const FoldBounds& o) {
    std::vector<std::pair<int64_t, Bound>> out;
    const auto& mine = b.coefficients;
    const auto& theirs = o.coefficients;
    size_t i = 0, j = 0;
    while (i < mine.size() || j < theirs.size()) {
        if (j == theirs.size() || (i < mine.size() && mine[i].first < theirs[j].first)) {
            out.push_back(mine[i++]);
        } else if (i == mine.size() || theirs[j].first < mine[i].first) {
            out.push_back(theirs[j++]);
        } else {
            out.emplace_back(mine[i].first, add(mine[i].second, theirs[j].second));
            ++i;
            ++j;
        }
    }
    b.coefficients = std::move(out);
}

/// The bounds of node `e`, its operands' found before (`of`).
///  - a sum adds its terms' bounds, variable by variable: like terms (and
///    terms a division or a modulo gives up, `(d0 * 2) floordiv 2` is d0)
///    combine;
///  - a product expands: a monomial's coefficient is at most the product of
///    the factors' totals, its constant the product of their constants;
///  - a quotient by a constant gives up at most its dividend's terms divided
///    (`(x * 6 + 4) floordiv 2` is `x * 3 + 2`), a remainder at most its
///    dividend's terms (`x floordiv c * c + x mod c` is x) or a folded value
///    below its divisor; either is a monomial of coefficient 1 itself.
FoldBounds bounds_of(Expr e, const std::unordered_map<uint32_t, FoldBounds>& of) {
    FoldBounds out;
    auto at = [&](size_t i) -> const FoldBounds& { return of.at(op_at(e, i).id()); };
    switch (e.kind()) {
        case ExprKind::Constant:
            out.constant = magnitude_of(const_value(e));
            return out;
        case ExprKind::Variable:
            out.coefficients.emplace_back(e.variable_id(), 1);
            return out;
        case ExprKind::Add:
        case ExprKind::Min:
        case ExprKind::Max:
            for (size_t i = 0; i < num_ops(e); ++i) {
                out.constant = add(out.constant, at(i).constant);
                add_coefficients(out, at(i));
            }
            return out;
        case ExprKind::Mul: {
            Bound totals = 1, constants = 1;
            for (size_t i = 0; i < num_ops(e); ++i) {
                totals = mul(totals, total(at(i)));
                constants = mul(constants, at(i).constant);
            }
            out.constant = constants;
            for (size_t i = 0; i < num_ops(e); ++i)
                add_coefficients(out, at(i));
            for (auto& [v, b] : out.coefficients)
                b = totals;
            return out;
        }
        case ExprKind::FloorDiv:
        case ExprKind::CeilDiv:
        case ExprKind::Mod: {
            const FoldBounds& x = at(0);
            const FoldBounds& d = at(1);
            if (d.coefficients.empty()) {
                out = x;
                if (e.kind() == ExprKind::Mod) {
                    // A remainder that folds is below its divisor.
                    out.constant = std::max(x.constant, d.constant);
                } else if (d.constant > 0) {
                    // What a quotient gives up is its dividend's terms
                    // divided (`(x * 6 + 4) floordiv 2` is `x * 3 + 2`),
                    // rounded up, and one more for a ceiling.
                    auto divided = [&](Bound b) { return (b + d.constant - 1) / d.constant; };
                    out.constant = add(divided(x.constant), 1);
                    for (auto& [v, b] : out.coefficients)
                        b = divided(b);
                }
            } else {
                // A divisor with variables (MLIR's symbols): its terms too.
                out.constant = add(x.constant, d.constant);
                add_coefficients(out, x);
                add_coefficients(out, d);
                const Bound t = add(total(x), total(d));
                for (auto& [v, b] : out.coefficients)
                    b = t;
            }
            raise_to(out, 1);
            return out;
        }
    }
    return out;
}

}  // namespace

bool Int64Folding::fits(Expr e) {
    if (has_unfolded_constants(e)) return false;
    for_each_post_order(
        e, [&](Expr n) { return bounds_.count(n.id()) > 0; },
        [&](Expr n) {
            FoldBounds b = bounds_of(n, bounds_);
            bool ok = b.constant <= Bound{kInt64Max};
            for (const auto& [v, c] : b.coefficients)
                ok = ok && c <= Bound{kInt64Max};
            for (size_t i = 0; i < num_ops(n); ++i)
                ok = ok && bounds_.at(op_at(n, i).id()).fits;
            b.fits = ok;
            bounds_.emplace(n.id(), std::move(b));
        });
    return bounds_.at(e.id()).fits;
}

}  // namespace provix::detail
