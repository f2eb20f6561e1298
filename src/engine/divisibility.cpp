/// \file
/// Modulus/remainder analysis.

#include "divisibility.h"

#include <utility>

#include "expr_node.h"
#include "provix/semantics.h"
#include "sum_multiple.h"

namespace provix::engine {
namespace {

constexpr ModRem kUnknown{1, 0};

/// The constraints of `[first, last)`, for a range-for.
struct Span {
    const Constraint* first;
    const Constraint* last;
    const Constraint* begin() const { return first; }
    const Constraint* end() const { return last; }
};

/// The congruence x == m*k + r in canonical form: modulus >= 0, remainder
/// in [0, m) (div_normalize); a modulus beyond int64 is dropped (div_weaken
/// to the modulus 1).
ModRem normalize(__int128 m, __int128 r) {
    if (m > 0 && m <= kInt64Max && r >= kInt64Min && r <= kInt64Max) {
        // Both fit int64 (the usual case): the same remainder without the
        // 128-bit division.
        int64_t rr = static_cast<int64_t>(r) % static_cast<int64_t>(m);
        if (rr < 0) rr += static_cast<int64_t>(m);
        return {static_cast<int64_t>(m), rr};
    }
    if (m < 0) m = -m;
    if (m > kInt64Max) return kUnknown;
    if (m == 0) {
        if (r < kInt64Min || r > kInt64Max) return kUnknown;
        return {0, static_cast<int64_t>(r)};
    }
    __int128 rr = r % m;
    if (rr < 0) rr += m;
    return {static_cast<int64_t>(m), static_cast<int64_t>(rr)};
}

__int128 gcd128(__int128 a, __int128 b) {
    if (a < 0) a = -a;
    if (b < 0) b = -b;
    constexpr __int128 kU64Max = (static_cast<__int128>(1) << 64) - 1;
    while (b != 0 && (a > kU64Max || b > kU64Max)) {
        __int128 t = a % b;
        a = b;
        b = t;
    }
    if (b == 0) return a;
    // Both fit 64 bits (the usual case): the same steps on the cheaper division.
    auto x = static_cast<uint64_t>(a), y = static_cast<uint64_t>(b);
    while (y != 0) {
        uint64_t t = x % y;
        x = y;
        y = t;
    }
    return x;
}

/// Extended Euclid on 0 <= b < q: the gcd of b and q, and a factor t with
/// t * b == gcd (mod q); every value stays below q in magnitude, so `Int`
/// holds them when it holds q. extended_euclid(3, 7) == {1, -2}.
template <class Int>
std::pair<Int, Int> extended_euclid(Int b, Int q) {
    Int t0 = 0, t1 = 1, x0 = q, x1 = b;
    while (x1 != 0) {
        const Int k = x0 / x1;
        Int tmp = x0 - k * x1;
        x0 = x1;
        x1 = tmp;
        tmp = t0 - k * t1;
        t0 = t1;
        t1 = tmp;
    }
    return {x0, t0};
}

/// The inverse of b modulo q (q >= 1, 0 <= b < q; 0 for q == 1), or nullopt when they
/// are not coprime. Extended Euclid on values below q <= 2^63.
std::optional<__int128> inverse_mod(__int128 b, __int128 q) {
    const auto [g, t] = extended_euclid<__int128>(b, q);
    if (g != 1) return std::nullopt;
    return floor_remainder(t, q);
}

/// The moduli up to which combine_small's int64 steps cannot overflow.
constexpr int64_t kSmallModulus = int64_t{1} << 31;

/// combine_exact's general steps for two congruences in canonical form with
/// moduli in [1, kSmallModulus], in int64: every intermediate value stays
/// below 2^62 (l <= m1 * m2, m1 * t < m1 * (m2 / g)), and int64 `/` and `%`
/// truncate as the __int128 ones do, so the result is the same.
ModRem combine_small(ModRem a, ModRem b, bool* empty) {
    const int64_t m1 = a.modulus, m2 = b.modulus, r1 = a.remainder, r2 = b.remainder;
    const int64_t g = *gcd(m1, m2);  // m1, m2 in [1, 2^31]: a value
    if ((r2 - r1) % g != 0) {
        *empty = true;
        return a;
    }
    const int64_t l = m1 / g * m2, mm = m2 / g, aa = (m1 / g) % mm;
    int64_t target = ((r2 - r1) / g) % mm;
    if (target < 0) target += mm;
    // The inverse of aa modulo mm (coprime: the gcd was divided out; 0 for
    // mm == 1), by extended Euclid on values below mm.
    const int64_t inverse = floor_remainder(extended_euclid<int64_t>(aa, mm).second, mm);
    const int64_t t = (target * inverse) % mm;
    return {l, (r1 + m1 * t) % l};
}

/// div_add with g = gcd(m1, m2).
ModRem add(ModRem a, ModRem b) {
    return normalize(gcd128(a.modulus, b.modulus),
                     static_cast<__int128>(a.remainder) + b.remainder);
}

/// div_mul_expand, then div_combine with g = gcd(m1*m2, m1*r2, m2*r1).
ModRem mul(ModRem a, ModRem b) {
    // (m1*k + r1)(m2*l + r2) = m1*m2*kl + m1*r2*k + m2*r1*l + r1*r2
    __int128 m = gcd128(gcd128(static_cast<__int128>(a.modulus) * b.modulus,
                               static_cast<__int128>(a.modulus) * b.remainder),
                        static_cast<__int128>(b.modulus) * a.remainder);
    return normalize(m, static_cast<__int128>(a.remainder) * b.remainder);
}

/// True if `x` is in canonical form with a non-zero modulus: 0 <= remainder
/// < modulus.
bool is_normal_congruence(ModRem x) {
    return x.modulus > 0 && x.remainder >= 0 && x.remainder < x.modulus;
}

}  // namespace

/// div_divisible: c divides the modulus and the remainder.
bool ModRem::divisible_by(int64_t c) const {
    if (c == 0) return modulus == 0 && remainder == 0;
    const uint64_t cc = magnitude(c);  // c divides v exactly when |c| divides |v|
    if (modulus == 0) return magnitude(remainder) % cc == 0;
    return magnitude(modulus) % cc == 0 && magnitude(remainder) % cc == 0;
}

std::optional<int64_t> ModRem::residue_modulo(int64_t c) const {
    if (c <= 0) return std::nullopt;
    // modulus 0: the value is `remainder` itself, of any sign.
    if (modulus == 0) return floor_remainder(remainder, c);
    // v = modulus * k + remainder with c | modulus: v mod c = remainder mod c.
    if (modulus % c != 0) return std::nullopt;
    return remainder % c;  // 0 <= remainder < modulus
}

ModRem intersect(ModRem a, ModRem b, bool* empty) {
    std::optional<ModRem> exact = combine_exact(a, b, empty);
    if (exact) return *exact;
    return a.modulus >= b.modulus ? a : b;  // keep the stronger one
}

std::optional<ModRem> combine_exact(ModRem a, ModRem b, bool* empty) {
    *empty = false;
    // Nothing known (x == 0 mod 1) and a congruence in canonical form: the
    // general steps below give that congruence back (g = 1, l = its modulus,
    // t = its remainder), so it is returned as it is.
    if (a.modulus == 1 && a.remainder == 0 && is_normal_congruence(b)) return b;
    if (b.modulus == 1 && b.remainder == 0 && is_normal_congruence(a)) return a;
    if (a.modulus == 0 && b.modulus == 0) {
        if (a.remainder != b.remainder) *empty = true;
        return a;
    }
    if (a.modulus == 0) {
        if ((static_cast<__int128>(a.remainder) - b.remainder) % b.modulus != 0) *empty = true;
        return a;
    }
    if (b.modulus == 0) return combine_exact(b, a, empty);
    if (is_normal_congruence(a) && is_normal_congruence(b) && a.modulus <= kSmallModulus &&
        b.modulus <= kSmallModulus)
        return combine_small(a, b, empty);
    // Solve x ≡ r1 (m1), x ≡ r2 (m2).
    __int128 m1 = a.modulus, m2 = b.modulus, r1 = a.remainder, r2 = b.remainder;
    __int128 g = gcd128(m1, m2);
    if ((r2 - r1) % g != 0) {
        *empty = true;
        return a;
    }
    __int128 l = m1 / g * m2;
    if (l > kInt64Max) return std::nullopt;
    // x = r1 + m1 * t, m1 * t ≡ r2 - r1 (mod m2) -> t ≡ ((r2-r1)/g) * inv(m1/g) (mod m2/g)
    __int128 mm = m2 / g, aa = (m1 / g) % mm, target = ((r2 - r1) / g) % mm;
    if (target < 0) target += mm;
    // aa and mm are coprime (the gcd was divided out), so the inverse exists;
    // mm == 1 gives 0.
    __int128 t = (target * *inverse_mod(aa, mm)) % mm;
    return normalize(l, r1 + m1 * t);
}

void keep_facts_reaching(Expr e, SmallVector<Constraint, 8>* cs) {
    // The variables of a constraint's dividend (a constraint that is no mod
    // gives no fact: dropped).
    auto dividend = [](const Constraint& c) -> const detail::ExprNode* {
        const detail::ExprNode* n = detail::node_of(c.expr);
        return n->kind == ExprKind::Mod ? n->operands[0] : nullptr;
    };
    const size_t count = cs->size();
    if (count > 64 || detail::node_of(e)->has_high_var) return;  // all kept
    // Bit i of `taken`: constraint i is kept.
    uint64_t taken = 0;
    uint64_t reached = detail::node_of(e)->var_mask;
    // A mod constraint whose dividend has a variable reached brings in its
    // own, to a fixpoint.
    for (bool grew = true; grew;) {
        grew = false;
        for (size_t i = 0; i < count; ++i) {
            const detail::ExprNode* y = dividend((*cs)[i]);
            if ((taken >> i & 1) || !y) continue;
            if (y->has_high_var) return;  // all kept
            if (y->var_mask != 0 && (y->var_mask & reached) == 0) continue;
            taken |= uint64_t{1} << i;
            grew = grew || (y->var_mask & ~reached) != 0;
            reached |= y->var_mask;
        }
    }
    size_t kept = 0;
    for (size_t i = 0; i < count; ++i)
        if (taken >> i & 1) (*cs)[kept++] = (*cs)[i];
    while (cs->size() > kept)
        cs->pop_back();
}

bool gives_congruence(const Constraint& c) {
    if (!c.range.is_point()) return false;
    const ExprKind k = c.expr.kind();
    return k == ExprKind::Add || (k == ExprKind::Mod && c.expr.rhs().is_constant());
}

DivisibilityAnalysis::DivisibilityAnalysis(const Constraint* first, const Constraint* last) {
    bool terms = false;  // a constraint on a sum or a product
    for (const Constraint& c : Span{first, last}) {
        if (!gives_congruence(c)) continue;
        Expr e = c.expr;
        if (e.kind() == ExprKind::Add) {
            // An equality on a sum is its exact value (modulus 0): its terms
            // get the congruences the others leave them (div_sum_term with
            // m = 0), `d2 * -4 + s0 * 3 in [3, 3]` makes d2 a multiple of 3.
            // (One on a product gives its factor no congruence.)
            add_fact(e, ModRem{0, c.range.lo()});  // div_equality
            note_sum_fact(e);
            terms = true;
            continue;
        }
        int64_t m = e.rhs().constant_value();
        if (m <= 0 || c.range.lo() < 0 || c.range.lo() >= m) continue;
        add_fact(e.lhs(), ModRem{m, c.range.lo()});  // div_constraint
        if (e.lhs().kind() == ExprKind::Add) note_sum_fact(e.lhs());
        terms = terms || e.lhs().kind() == ExprKind::Add || e.lhs().kind() == ExprKind::Mul;
    }
    if (!terms) return;
    // A congruence on a sum is one on each of its terms, given the others;
    // one on a product a * x is one on x (the term of a sum whose other
    // terms are 0: `(d0 * 5) mod 2 in [1, 1]` makes d0 odd).
    for (const Constraint& c : Span{first, last}) {
        // The congruence's dividend, or the equality's expression.
        const Expr e = c.expr.kind() == ExprKind::Mod ? c.expr.lhs() : c.expr;
        const ExprKind k = e.kind();
        if (k != ExprKind::Add && k != ExprKind::Mul) continue;
        const ModRem* fact = facts_.find(e.id());
        if (!fact) continue;
        if (k == ExprKind::Add)
            derive_term_facts(e, *fact);
        else
            derive_term_fact(e, *fact, ModRem{0, 0});
    }
    memo_ = IdMap<ModRem>();  // computed with only some of the facts
}

void DivisibilityAnalysis::add_fact(Expr e, ModRem fact) {
    // Facts are kept in canonical form (intersected with nothing known,
    // which never empties them; intersect keeps that form), so that of()
    // returns a variable's fact as it is.
    bool empty = false;
    fact = intersect(kUnknown, fact, &empty);
    if (ModRem* known = facts_.find(e.id())) {
        ModRem merged = intersect(*known, fact, &empty);
        if (!empty) *known = merged;  // emptiness is the domain passes' business
    } else {
        facts_.set(e.id(), fact);
    }
}

void DivisibilityAnalysis::derive_term_facts(Expr sum, ModRem fact) {
    const size_t n = sum.num_operands();
    for (size_t j = 0; j < n; ++j)
        derive_term_fact(sum.operand(j), fact, of_terms_except(sum, j));
}

void DivisibilityAnalysis::derive_term_fact(Expr term, ModRem fact, ModRem rest) {
    // The term a * x; the other terms y == s (mod n).
    Expr x = term;
    int64_t a = 1;
    if (term.kind() == ExprKind::Mul && term.num_operands() == 2 && term.operand(1).is_constant() &&
        !term.operand(0).is_constant()) {
        x = term.operand(0);
        a = term.operand(1).constant_value();
    }
    if (x.is_constant()) return;
    // div_sum_term: with g = gcd(m, n), a * x == r - s (mod g); with
    // h = gcd(a, g) dividing r - s, b = a / h, q = g / h and w the
    // inverse of b modulo q, x == w * ((r - s) / h) (mod q).
    const __int128 g = gcd128(fact.modulus, rest.modulus);
    if (g <= 1) return;
    const __int128 diff = static_cast<__int128>(fact.remainder) - rest.remainder;
    const __int128 h = gcd128(a, g);
    if (diff % h != 0) return;  // no solution: the domain passes find it empty
    const __int128 q = g / h;
    if (q <= 1) return;
    __int128 b = (static_cast<__int128>(a) / h) % q;
    if (b < 0) b += q;
    const std::optional<__int128> w = inverse_mod(b, q);
    if (!w) return;
    __int128 t = (diff / h) % q;
    if (t < 0) t += q;
    add_fact(x, normalize(q, (*w * t) % q));
}

ModRem DivisibilityAnalysis::of_terms_except(Expr sum, size_t j) {
    ModRem rest{0, 0};
    for (size_t i = 0; i < sum.num_operands(); ++i)
        if (i != j) rest = add(rest, of(sum.operand(i)));
    return rest;
}

ModRem DivisibilityAnalysis::of(Expr e) {
    const detail::ExprNode* n = detail::node_of(e);  // inline field reads
    if (n->kind == ExprKind::Constant) return {0, n->value};
    if (n->kind == ExprKind::Variable) {
        // Not memoized (like a variable's range): nothing is known of a
        // variable beyond its fact, so the memo entry would cost more than
        // the look-up.
        const ModRem* f = facts_.empty() ? nullptr : facts_.find(n->id);
        return f ? *f : kUnknown;  // canonical (add_fact)
    }
    if (const ModRem* m = memo_.find(n->id)) return *m;
    ModRem r = compute(e);
    if (const ModRem* f = facts_.find(n->id)) {
        bool empty = false;
        ModRem merged = intersect(r, *f, &empty);
        if (!empty) r = merged;
    }
    memo_.set(n->id, r);
    return r;
}

[[gnu::always_inline]] inline ModRem DivisibilityAnalysis::of_sum_terms(Expr e) {
    // A term with modulus 1 (nothing known) makes the sum's modulus
    // gcd(..., 1) = 1, and normalize makes the remainder 0: the sum is
    // kUnknown whatever the other terms (only a cache, the memo, misses
    // their entries). A bare variable without a fact is such a term, found
    // without computing the others (`d0 * 4 + d1`).
    const detail::ExprNode* n = detail::node_of(e);
    for (size_t i = 0; i < n->num_operands; ++i) {
        const detail::ExprNode* t = n->operands[i];
        if (t->kind == ExprKind::Variable && (facts_.empty() || !facts_.find(t->id)))
            return kUnknown;
    }
    ModRem acc = of(e.operand(0));
    for (size_t i = 1; i < e.num_operands(); ++i) {
        if (acc.modulus == 1) return kUnknown;
        acc = add(acc, of(e.operand(i)));
    }
    return acc;
}

void DivisibilityAnalysis::note_sum_fact(Expr sum) {
    for (uint8_t i = 0; i < num_sum_facts_; ++i)
        if (sum_facts_[i] == sum.node()) return;
    if (num_sum_facts_ < kMaxSumFacts) sum_facts_[num_sum_facts_++] = sum.node();
}

std::optional<ModRem> DivisibilityAnalysis::of_regrouped(Expr e, Expr f) {
    // div_regroup: e == a * f + z, z the terms of e that are not a times a
    // term of f, plus e's constant less a times f's.
    const std::optional<SumMultiple> m = as_multiple_of(detail::node_of(e), detail::node_of(f));
    if (!m) return std::nullopt;
    const ModRem* fact = facts_.find(f.id());  // read as it is: of(f) may regroup f by e
    if (!fact) return std::nullopt;
    ModRem z{0, 0};
    for (size_t j = 0; j < e.num_operands(); ++j) {
        if ((m->used >> j & 1) || e.operand(j).kind() == ExprKind::Constant) continue;
        z = add(z, of(e.operand(j)));
        if (z.modulus == 1) return std::nullopt;  // nothing known of the rest
    }
    z = add(z, ModRem{0, m->rest_constant});
    return add(mul(*fact, ModRem{0, m->a}), z);
}

[[gnu::noinline]] ModRem DivisibilityAnalysis::of_sum_with_facts(Expr e) {
    // By its terms, and as a multiple of each constrained sum plus the rest,
    // each such way intersected in (an empty intersection is left to the
    // domain passes).
    ModRem r = of_sum_terms(e);
    for (uint8_t i = 0; i < num_sum_facts_; ++i) {
        const Expr f(sum_facts_[i]);
        if (f == e) continue;  // its fact is intersected in by of()
        const std::optional<ModRem> g = of_regrouped(e, f);
        if (!g) continue;
        bool empty = false;
        const ModRem merged = intersect(r, *g, &empty);
        if (!empty) r = merged;
    }
    return r;
}

ModRem DivisibilityAnalysis::compute(Expr e) {
    switch (e.kind()) {
        case ExprKind::Variable:
            return kUnknown;
        case ExprKind::Add:
            return num_sum_facts_ == 0 ? of_sum_terms(e) : of_sum_with_facts(e);
        case ExprKind::Mul: {
            ModRem acc = of(e.operand(0));
            for (size_t i = 1; i < e.num_operands(); ++i)
                acc = mul(acc, of(e.operand(i)));
            return acc;
        }
        case ExprKind::FloorDiv: {
            if (!e.rhs().is_constant()) return kUnknown;
            int64_t c = e.rhs().constant_value();
            ModRem x = of(e.lhs());
            if (c > 0 && x.modulus > 0 && x.modulus % c == 0) {
                // x = m*k + r with c | m: floor(x / c) = (m/c)*k + floor(r / c)
                // (div_floordiv).
                return normalize(x.modulus / c, *floor_div(x.remainder, c));
            }
            if (c > 0 && x.modulus == 0) {
                auto q = floor_div(x.remainder, c);
                return q ? ModRem{0, *q} : kUnknown;
            }
            return kUnknown;
        }
        case ExprKind::Mod: {
            if (!e.rhs().is_constant()) return kUnknown;
            int64_t c = e.rhs().constant_value();
            ModRem x = of(e.lhs());
            if (c <= 0) return kUnknown;
            // div_mod_exact; otherwise x mod c = x - c*q ≡ x (mod gcd(m, c)) (div_mod).
            if (x.modulus == 0 || x.modulus % c == 0) return {0, *floor_mod(x.remainder, c)};
            __int128 g = gcd128(x.modulus, c);
            return normalize(g, x.remainder);
        }
        case ExprKind::Min:
        case ExprKind::Max: {
            // div_min, div_max: either operand, so their common congruence.
            ModRem a = of(e.operand(0)), b = of(e.operand(1));
            __int128 g = gcd128(gcd128(a.modulus, b.modulus),
                                static_cast<__int128>(a.remainder) - b.remainder);
            return normalize(g, a.remainder);
        }
        default:
            return kUnknown;
    }
}

}  // namespace provix::engine
