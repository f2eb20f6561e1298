/// \file
/// Canonical construction: the constant-folding and term-ordering kernel.
/// Nothing here rewrites beyond folding constants, the identities listed in
/// expr.h, flattening, ordering and merging like terms; every other rewrite
/// is a rule in rules/. Each step is a lemma of rules/kernel.lemmas. An
/// identity that drops an operand (x * 0, x mod 1, like terms that cancel)
/// applies only to a total operand (no division by a non-constant or by
/// zero), so the result is defined exactly where the input is.

#include "expr_build.h"

#include <algorithm>
#include <string>

#include "constant_division.h"
#include "expr_node.h"
#include "provix/semantics.h"
#include "scratch_stack.h"

namespace provix {
namespace {

using detail::const_value;
using detail::ExprNode;
using detail::is_const;
using detail::kind_of;
using detail::monomial_node;
using detail::num_ops;
using detail::op_at;
using detail::split_sum_term;
using detail::TermSplit;

/// Operands without a vector: `Ops{&a, 1}`. Binary constructors pass a
/// two-element array, so building `a + b` allocates nothing.
struct Ops {
    const Expr* data;
    size_t size;
    Ops(const Expr* d, size_t n) : data(d), size(n) {}
    Ops(const std::vector<Expr>& v) : data(v.data()), size(v.size()) {}  // NOLINT: implicit
    const Expr* begin() const { return data; }
    const Expr* end() const { return data + size; }
};

/// Uniques the node (built by a canonical constructor) without rewriting.
Expr raw(Context& ctx, ExprKind kind, Ops ops) {
    static_assert(sizeof(Expr) == sizeof(const ExprNode*), "Expr is one pointer");
    // An Expr is exactly one node pointer: reuse the operands' storage.
    const auto* nodes = reinterpret_cast<const ExprNode* const*>(ops.data);
    return Expr(detail::ContextImpl::of(ctx).get(kind, 0, nodes, ops.size, /*canonical=*/true));
}

/// Sorts stably like std::stable_sort, without its temporary buffer for
/// the short operand lists constructors see (insertion sort up to 16).
template <class T, class Less>
void small_stable_sort(std::vector<T>& v, Less less) {
    if (v.size() > 16) {
        std::stable_sort(v.begin(), v.end(), less);
        return;
    }
    for (size_t i = 1; i < v.size(); ++i) {
        T x = v[i];
        size_t j = i;
        for (; j > 0 && less(x, v[j - 1]); --j)
            v[j] = v[j - 1];
        v[j] = x;
    }
}

/// A sum term split into monomial and coefficient: `d0 * 3` is (d0, 3); a
/// constant is (null, value). `whole` is the operand it was split from
/// (null once like terms are merged).
struct Term {
    Expr monomial;
    int64_t coef;
    Expr whole;
};

/// The raw product of the operands of the product `e` but its last
/// (`d0 * d1` for `d0 * d1 * 4`): the monomial split_sum_term leaves unbuilt.
Expr product_but_last(Expr e) {
    thread_local std::vector<Expr> rest;  // raw() calls no constructor back
    rest.clear();
    for (size_t i = 0; i + 1 < num_ops(e); ++i)
        rest.push_back(op_at(e, i));
    return raw(e.context(), ExprKind::Mul, rest);
}

/// Splits a (non-Add) operand into monomial * coefficient (split_sum_term).
Term split_term(Expr e) {
    const TermSplit s = split_sum_term(e);
    if (s.monomial != TermSplit::Monomial::AllButLast) return {monomial_node(e, s), s.coef, e};
    return {product_but_last(e), s.coef, e};
}

Expr build_mul(Context& ctx, Ops operands);

/// True for a product whose constants overflowed int64 and were kept apart
/// (`d0 * 922337 * 92233720368547`): it has two or more constant factors.
/// Unlike detail::has_unfolded_constants, it reads this node only.
bool keeps_constants_apart(Expr e) {
    if (kind_of(e) != ExprKind::Mul) return false;
    size_t constants = 0;
    for (size_t i = 0; i < num_ops(e); ++i)
        constants += is_const(op_at(e, i));
    return constants >= 2;
}

/// `monomial * coef` as a canonical term (coef != 0).
Expr make_term(Context& ctx, Expr monomial, int64_t coef) {
    if (coef == 1) return monomial;  // mul_one
    // Its constants are kept sorted as one product, as parsing builds it.
    if (keeps_constants_apart(monomial)) {
        const Expr pair[2] = {monomial, ctx.constant(coef)};
        return build_mul(ctx, Ops(pair, 2));
    }
    thread_local std::vector<Expr> ops;  // raw() calls no constructor back
    ops.clear();
    if (kind_of(monomial) == ExprKind::Mul) {
        for (size_t i = 0; i < num_ops(monomial); ++i)
            ops.push_back(op_at(monomial, i));
    } else {
        ops.push_back(monomial);
    }
    ops.push_back(ctx.constant(coef));
    return raw(ctx, ExprKind::Mul, ops);
}

void flatten(Expr e, ExprKind kind, std::vector<Expr>& out) {
    if (kind_of(e) == kind) {
        for (size_t i = 0; i < num_ops(e); ++i)
            out.push_back(op_at(e, i));
    } else {
        out.push_back(e);
    }
}

/// Scratch buffers of build_add (not re-entrant: build_add calls no
/// constructor that calls it back), reused to avoid allocating per call.
struct AddScratch {
    std::vector<Expr> flat, ops;
    std::vector<Term> terms, merged;
    std::vector<int64_t> constants, chunks;
};

/// Splits an exact total into int64 parts canonically: one part when it
/// fits (none when zero), else kInt64Max (or kInt64Min) chunks and the rest.
/// The parts of a sum that overflowed stay unfolded, but rebuilding them
/// yields the same parts, so construction stays idempotent.
void split_total(__int128 total, std::vector<int64_t>& out) {
    while (total > kInt64Max) {
        out.push_back(kInt64Max);
        total -= kInt64Max;
    }
    while (total < kInt64Min) {
        out.push_back(kInt64Min);
        total -= kInt64Min;
    }
    if (total != 0) out.push_back(static_cast<int64_t>(total));
}

Expr build_add(Context& ctx, Ops operands);

/// Appends the terms of `sum * c` to `out`, each operand's coefficient times
/// `c` (distribute); false as soon as one product overflows int64 (what was
/// appended before then is left for the caller to drop).
///
///     distribute_into(ctx, d0 + 2, 3, out)  // out += {d0 * 3, 6}
bool distribute_into(Context& ctx, Expr sum, int64_t c, std::vector<Expr>& out) {
    for (size_t i = 0; i < num_ops(sum); ++i) {
        Term t = split_term(op_at(sum, i));
        auto p = checked_mul(t.coef, c);
        if (!p) return false;
        out.push_back(t.monomial ? make_term(ctx, t.monomial, *p) : ctx.constant(*p));
    }
    return true;
}

/// `(a + b) * c` stays a product when distributing overflows int64. Once its
/// coefficient changes (a negation, like terms merged) distributing may fit:
/// then the sum is rebuilt with the product distributed, as parsing the
/// printed sum would build it (distribute). Returns null when no term of
/// `merged` can be distributed. Copies the terms out first: the recursive
/// build_add reuses the caller's scratch buffers.
Expr redistribute_sums(Context& ctx, const std::vector<Term>& merged,
                       const std::vector<int64_t>& constants) {
    // Cheap pre-check (most sums hold no scaled sum): nothing to distribute
    // without a term whose monomial is a sum.
    bool any_sum = false;
    for (const Term& t : merged)
        any_sum = any_sum || (t.coef != 0 && kind_of(t.monomial) == ExprKind::Add);
    if (!any_sum) return Expr();
    std::vector<Expr> parts;
    bool distributed = false;
    for (const Term& t : merged) {
        bool done = false;
        if (t.coef != 0 && kind_of(t.monomial) == ExprKind::Add) {
            size_t before = parts.size();
            done = distribute_into(ctx, t.monomial, t.coef, parts);
            if (!done) parts.resize(before);
        }
        distributed = distributed || done;
        if (!done && (t.coef != 0 || !detail::is_total(t.monomial)))
            parts.push_back(make_term(ctx, t.monomial, t.coef));
    }
    if (!distributed) return Expr();
    for (int64_t c : constants)
        if (c != 0) parts.push_back(ctx.constant(c));
    return build_add(ctx, Ops(parts.data(), parts.size()));
}

/// The factors of a product kept apart (keeps_constants_apart) that are not
/// constants, in order, and the exact product of its constants times
/// `coef`; false when that product leaves 128 bits. A product of constants
/// alone leaves `factors` empty.
///
///     apart_factors(d0 * -1 * 4 * 2^62, 1, f, &p)  // f = {d0}, p = -2^64
///     apart_factors(4 * 2^62, -1, f, &p)           // f = {}, p = -2^64
bool apart_factors(Expr product, int64_t coef, std::vector<Expr>& factors, __int128* value) {
    factors.clear();
    __int128 p = coef;
    for (size_t i = 0; i < num_ops(product); ++i) {
        const Expr f = op_at(product, i);
        if (!is_const(f)) {
            factors.push_back(f);
        } else if (__builtin_mul_overflow(p, const_value(f), &p)) {
            return false;
        }
    }
    *value = p;
    return true;
}

/// Like terms among the products kept apart (like_terms, with mul_assoc and
/// mul_commute): two terms whose other factors are the same and whose exact
/// constant products add up to an int64 become one term over those factors.
/// `d0 * 4 * 2^62 - d0 * 4 * 2^62` is `d0 * 4 * 2^62 + d0 * -1 * 4 * 2^62`,
/// whose products 2^64 and -2^64 cancel: the sum is 0 (`x * 0` when x is
/// partial, as like terms elsewhere). Products of constants alone are like
/// terms of each other the same way: a pair whose total is an int64 joins the
/// sum's constant (`4 * 2^62 - 4 * 2^62` is 0). Pairs are merged in term
/// order until no pair adds up to an int64, so that parsing the printed sum
/// back, which adds its terms one at a time, merges nothing more
/// (idempotence). Then a product of constants alone joins the sum's exact
/// constant when their sum is an int64 (`-1844674407370955162 * 5 + 3` is
/// -9223372036854775807), or when that constant has the other sign and at
/// least its magnitude (`4 * 2^62 - 2^63 - 2^63` is 0; `4 * 2^62 - 5`
/// stays), until no product joins. Parsing the printed sum back merges
/// nothing more: before its constant is added the constant is 0, which no
/// product joins; a constant that took a product in by the first test is an
/// int64, printed as one part, which every product left failed to join; a
/// constant beyond int64 is printed as int64 parts of its sign, each partial
/// sum of which has its sign and is nearer 0 than the whole: a product of
/// the same sign is only further from 0 with it, and one of the other sign,
/// which the whole neither joined nor dominated (so it is larger in
/// magnitude, and their sum is beyond int64 on its side), is still larger
/// than the part, with a sum at least as far beyond.
/// Products beyond 128 bits are left as they are.
void merge_apart_products(Context& ctx, std::vector<Term>& terms, __int128& constant_total) {
    size_t apart = 0;
    for (const Term& t : terms)
        apart += keeps_constants_apart(t.monomial);
    // No pair to merge and no constant to join (the usual case: none).
    if (apart == 0 || (apart == 1 && constant_total == 0)) return;
    struct Apart {
        size_t index;
        std::vector<Expr> factors;
        __int128 value;
    };
    std::vector<Apart> candidates;
    for (size_t i = 0; i < terms.size(); ++i) {
        Apart a{i, {}, 0};
        if (keeps_constants_apart(terms[i].monomial) &&
            apart_factors(terms[i].monomial, terms[i].coef, a.factors, &a.value))
            candidates.push_back(std::move(a));
    }
    std::vector<bool> gone(terms.size(), false);
    std::vector<Term> merged;
    for (size_t i = 0; i < candidates.size(); ++i) {
        const Apart& a = candidates[i];
        if (gone[a.index]) continue;
        for (size_t j = i + 1; j < candidates.size(); ++j) {
            const Apart& b = candidates[j];
            __int128 total = 0;
            if (gone[b.index] || b.factors != a.factors ||
                __builtin_add_overflow(a.value, b.value, &total) || total < kInt64Min ||
                total > kInt64Max)
                continue;
            gone[a.index] = gone[b.index] = true;
            if (a.factors.empty()) {  // constants alone: constant folding
                constant_total += total;
                break;
            }
            // They cancel (like_terms, mul_zero) when both are total.
            if (total == 0 && detail::is_total(terms[a.index].monomial) &&
                detail::is_total(terms[b.index].monomial))
                break;
            const Expr base = a.factors.size() == 1 ? a.factors[0] : build_mul(ctx, a.factors);
            merged.push_back(Term{base, static_cast<int64_t>(total), Expr()});
            break;
        }
    }
    // A product of constants alone joins the constant when their sum is an
    // int64, or when the constant dominates it (the other sign, at least its
    // magnitude: their sum has the constant's sign, no overflow). Passes are
    // repeated until none joins, so the constant left joins none of the
    // products left, whatever their order (the idempotence argument above
    // reads that).
    for (bool joined = true; joined;) {
        joined = false;
        for (const Apart& a : candidates) {
            if (gone[a.index] || !a.factors.empty()) continue;
            const __int128 total = constant_total + a.value;
            if ((total >= kInt64Min && total <= kInt64Max) ||
                (constant_total > 0 && a.value < 0 && total >= 0) ||
                (constant_total < 0 && a.value > 0 && total <= 0)) {
                constant_total = total;
                gone[a.index] = joined = true;
            }
        }
    }
    size_t kept = 0;
    for (size_t i = 0; i < terms.size(); ++i)
        if (!gone[i]) terms[kept++] = terms[i];
    terms.resize(kept);
    terms.insert(terms.end(), merged.begin(), merged.end());
}

/// The monomial of a canonical sum operand `e` that the general path of
/// build_add would rebuild into `e` itself (split_term, then make_term with
/// the same coefficient), or null when that is not certain: `d0 * 3` gives
/// d0, `d1 floordiv 4` gives itself; a constant, a sum, `x * 1`, `x * 0`, a
/// coefficient on a product or on a sum, and an operand not flagged canonical
/// (the general path could flag it) give null.
[[gnu::always_inline]] inline Expr plain_term_monomial(Expr e) {
    if (!detail::node_of(e)->canonical || kind_of(e) == ExprKind::Add) return Expr();
    const TermSplit s = split_sum_term(e);
    if (s.monomial != TermSplit::Monomial::FirstOperand) return monomial_node(e, s);
    Expr monomial = op_at(e, 0);
    ExprKind mk = kind_of(monomial);
    bool plain = mk != ExprKind::Mul && mk != ExprKind::Add;
    return plain && s.coef != 0 && s.coef != 1 ? monomial : Expr();
}

/// make_term(ctx, t.monomial, t.coef), which is the operand `t` was split
/// from when that operand is a plain term (plain_term_monomial) and the
/// term was not merged: then without rebuilding it.
Expr rebuilt_term(Context& ctx, const Term& t) {
    if (t.whole && plain_term_monomial(t.whole) == t.monomial) return t.whole;
    return make_term(ctx, t.monomial, t.coef);
}

/// `compare(a, b) < 0` for two monomials, two variables compared inline
/// (compare orders variables by id, as here).
[[gnu::always_inline]] inline bool monomial_less(const ExprNode* a, const ExprNode* b) {
    if (a->kind == ExprKind::Variable && b->kind == ExprKind::Variable) return a->value < b->value;
    return compare(Expr(a), Expr(b)) < 0;
}

/// Operands of add_of_plain_terms at most (a longer list takes the general
/// path).
constexpr size_t kMaxPlainTerms = 16;

/// The sum when each operand, after flattening one level of sums, is a
/// plain term (plain_term_monomial) or a constant, the monomials are
/// pairwise distinct and the constants total an int64: `d1 + d0 * 2 + 3`,
/// `(d0 + d2) + d1`, `d0 + 0`. The general path would merge nothing and
/// redistribute nothing (a plain monomial is no sum), rebuild each term as
/// it is and sort the terms by monomial: the result is these terms sorted by
/// monomial, then the constant total unless it is zero, built by the same
/// calls (ctx.constant, then raw). Null when the operands do not qualify
/// (like terms, a term to rebuild, more than kMaxPlainTerms terms); then
/// nothing was built.
Expr add_of_plain_terms(Context& ctx, Ops operands) {
    // Node pointers, left uninitialized (an Expr array would be zeroed).
    const ExprNode* wholes[kMaxPlainTerms + 1];
    const ExprNode* monomials[kMaxPlainTerms];
    size_t n = 0;
    __int128 constant = 0;
    auto take = [&](Expr e) {
        if (is_const(e)) {
            constant += const_value(e);
            return true;
        }
        Expr monomial = plain_term_monomial(e);
        if (!monomial || n == kMaxPlainTerms) return false;
        // A product kept apart may be a like term of another one
        // (merge_apart_products): the general path decides.
        if (detail::node_of(monomial)->unfolded_constants && keeps_constants_apart(monomial))
            return false;
        // Insertion by monomial (add_commute): operand lists are short and
        // mostly in order already.
        size_t j = n++;
        for (; j > 0 && monomial_less(detail::node_of(monomial), monomials[j - 1]); --j) {
            monomials[j] = monomials[j - 1];
            wholes[j] = wholes[j - 1];
        }
        monomials[j] = detail::node_of(monomial);
        wholes[j] = detail::node_of(e);
        return true;
    };
    for (Expr e : operands) {
        if (kind_of(e) != ExprKind::Add) {
            if (!take(e)) return Expr();
            continue;
        }
        for (size_t i = 0; i < num_ops(e); ++i)  // add_assoc
            if (!take(op_at(e, i))) return Expr();
    }
    for (size_t i = 0; i + 1 < n; ++i)
        if (monomials[i] == monomials[i + 1]) return Expr();  // like terms: merged there
    if (constant < kInt64Min || constant > kInt64Max) return Expr();
    if (constant != 0) {  // add_zero
        wholes[n++] = detail::node_of(ctx.constant(static_cast<int64_t>(constant)));
    }
    if (n == 0) return ctx.constant(0);
    if (n == 1) return Expr(wholes[0]);
    return Expr(detail::ContextImpl::of(ctx).get(ExprKind::Add, 0, wholes, n, /*canonical=*/true));
}

/// The general path of build_add: flatten, split into terms, sort, merge
/// like terms, redistribute scaled sums, rebuild the terms.
Expr build_add_general(Context& ctx, Ops operands);

Expr build_add(Context& ctx, Ops operands) {
    if (Expr sum = add_of_plain_terms(ctx, operands)) return sum;
    return build_add_general(ctx, operands);
}

Expr build_add_general(Context& ctx, Ops operands) {
    thread_local AddScratch scratch;
    std::vector<Expr>& flat = scratch.flat;
    flat.clear();
    for (Expr e : operands)
        flatten(e, ExprKind::Add, flat);  // add_assoc

    std::vector<Term>& terms = scratch.terms;
    terms.clear();
    std::vector<int64_t>& constants = scratch.constants;  // more than one only on overflow
    constants.clear();
    __int128 constant_total = 0;
    for (Expr e : flat) {
        Term t = split_term(e);
        if (!t.monomial) {
            constant_total += t.coef;
        } else {
            terms.push_back(t);
        }
    }
    merge_apart_products(ctx, terms, constant_total);
    split_total(constant_total, constants);  // constants summed exactly; add_zero drops 0
    small_stable_sort(terms, [](const Term& a, const Term& b) {  // add_commute
        return compare(a.monomial, b.monomial) < 0;
    });
    // Merge like terms with exact totals (like_terms); a coefficient beyond int64 stays
    // split into canonical int64 chunks (see split_total).
    std::vector<Term>& merged = scratch.merged;
    merged.clear();
    for (size_t i = 0; i < terms.size();) {
        if (keeps_constants_apart(terms[i].monomial)) {
            // What merge_apart_products left: a product kept apart whose
            // pairs total beyond int64 (`A * B + A * B`) has no int64
            // coefficient form that parses back to itself; each occurrence
            // stays a term.
            merged.push_back(terms[i++]);
            continue;
        }
        if ((i + 1 == terms.size() || terms[i + 1].monomial != terms[i].monomial) &&
            terms[i].coef != 0) {
            merged.push_back(terms[i++]);  // alone: its int64 coefficient stays
            continue;
        }
        __int128 total = 0;
        size_t j = i;
        for (; j < terms.size() && terms[j].monomial == terms[i].monomial; ++j)
            total += terms[j].coef;
        std::vector<int64_t>& chunks = scratch.chunks;
        chunks.clear();
        split_total(total, chunks);
        for (int64_t c : chunks)
            merged.push_back(Term{terms[i].monomial, c, Expr()});
        // Cancelling like terms drop only a total monomial (like_terms,
        // mul_zero); a partial one stays as `x * 0`.
        if (chunks.empty() && !detail::is_total(terms[i].monomial))
            merged.push_back(Term{terms[i].monomial, 0, Expr()});
        i = j;
    }
    if (Expr redistributed = redistribute_sums(ctx, merged, constants)) return redistributed;
    std::vector<Expr>& ops = scratch.ops;
    ops.clear();
    for (const Term& t : merged)
        if (t.coef != 0 || !detail::is_total(t.monomial)) ops.push_back(rebuilt_term(ctx, t));
    for (int64_t c : constants)
        if (c != 0) ops.push_back(ctx.constant(c));
    if (ops.empty()) return ctx.constant(0);
    if (ops.size() == 1) return ops[0];
    return raw(ctx, ExprKind::Add, ops);
}

/// Scratch buffers of one build_mul call. build_mul can re-enter itself
/// (through make_term and build_add), so each active call takes its own
/// from a stack of them (core/scratch_stack.h).
struct MulScratch {
    std::vector<Expr> flat, factors, terms, ops;
    std::vector<int64_t> constants;
    void clear() {
        flat.clear();
        factors.clear();
        terms.clear();
        ops.clear();
        constants.clear();
    }
};

detail::ScratchStack<MulScratch>& mul_scratch() {
    thread_local detail::ScratchStack<MulScratch> stack;
    return stack;
}

/// `x * c` (or `c * x`) for a constant c, when the general path of
/// build_mul folds it without sorting: for a factor x that is no product,
/// sum or constant, `x * 1` is x (mul_one) and `x * c` is the node `x * c`
/// for c not 0; for a term `y * k` of such a y, the constants fold
/// (`(d0 * 6) * -1` is `d0 * -6`) when k * c fits int64 and is not 0; a sum
/// times 1 is the sum. Null for other operands (a product of several
/// factors, a sum to distribute, a zero to check for totality).
Expr scaled_factor(Context& ctx, Ops operands) {
    if (operands.size != 2) return Expr();
    Expr x = operands.data[0], c = operands.data[1];
    if (is_const(x)) std::swap(x, c);
    if (!is_const(c)) return Expr();
    ExprKind k = kind_of(x);
    if (k == ExprKind::Mul && num_ops(x) == 2 && is_const(op_at(x, 1)) && !is_const(op_at(x, 0))) {
        Expr y = op_at(x, 0);
        ExprKind inner = kind_of(y);
        if (inner == ExprKind::Mul || inner == ExprKind::Add) return Expr();
        std::optional<int64_t> folded = checked_mul(const_value(op_at(x, 1)), const_value(c));
        if (!folded || *folded == 0) return Expr();
        if (*folded == 1) return y;  // mul_one (no constant 1 is made)
        x = y;
        k = inner;
        c = ctx.constant(*folded);
    }
    if (k == ExprKind::Constant || k == ExprKind::Mul || is_const(c, 0)) return Expr();
    if (is_const(c, 1)) return x;  // mul_one
    if (k == ExprKind::Add) return Expr();
    const Expr pair[2] = {x, c};
    return raw(ctx, ExprKind::Mul, Ops(pair, 2));
}

Expr build_mul(Context& ctx, Ops operands) {
    if (Expr product = scaled_factor(ctx, operands)) return product;
    detail::ScopedScratch<MulScratch> frame(mul_scratch());
    MulScratch& scratch = *frame;
    std::vector<Expr>& flat = scratch.flat;
    for (Expr e : operands)
        flatten(e, ExprKind::Mul, flat);  // mul_assoc

    std::vector<Expr>& factors = scratch.factors;
    std::vector<int64_t>& constants = scratch.constants;
    bool zero = false, total = true;
    for (Expr e : flat) {
        if (is_const(e)) {
            zero = zero || const_value(e) == 0;
            constants.push_back(const_value(e));
        } else {
            factors.push_back(e);
            total = total && detail::is_total(e);
        }
    }
    // x * 0 is 0 for a total x (mul_zero); a partial x keeps its factor 0.
    if (zero && total) return ctx.constant(0);
    if (zero) constants.assign(1, 0);
    // Fold the constants exactly: one constant when the product fits int64;
    // otherwise they stay apart, sorted and without 1s (canonical either way).
    __int128 product = 1;
    bool fits = true;
    for (int64_t c : constants)
        fits = fits && !__builtin_mul_overflow(product, c, &product);
    fits = fits && product >= kInt64Min && product <= kInt64Max;
    if (fits) {
        constants.assign(1, static_cast<int64_t>(product));
    } else {
        std::sort(constants.begin(), constants.end());
        constants.erase(std::remove(constants.begin(), constants.end(), int64_t{1}),
                        constants.end());
    }
    if (factors.empty()) {
        if (constants.size() == 1) return ctx.constant(constants[0]);
        std::vector<Expr>& ops = scratch.ops;
        for (int64_t c : constants)
            ops.push_back(ctx.constant(c));
        return raw(ctx, ExprKind::Mul, ops);
    }
    // Distribute a single constant over a single sum factor: (d0 + 2) * 3
    // (distribute).
    if (factors.size() == 1 && constants.size() == 1 && kind_of(factors[0]) == ExprKind::Add &&
        constants[0] != 1) {
        std::vector<Expr>& terms = scratch.terms;
        if (distribute_into(ctx, factors[0], constants[0], terms)) return build_add(ctx, terms);
    }
    small_stable_sort(factors, ExprLess());  // mul_commute
    std::vector<Expr>& ops = scratch.ops;
    ops = factors;
    for (int64_t c : constants)
        if (c != 1) ops.push_back(ctx.constant(c));
    if (ops.size() == 1) return ops[0];
    return raw(ctx, ExprKind::Mul, ops);
}

/// `a * b` canonically, without a vector.
Expr mul2(Context& ctx, Expr a, Expr b) {
    const Expr pair[2] = {a, b};
    return build_mul(ctx, Ops(pair, 2));
}

/// `a + b` canonically, without a vector.
Expr add2(Context& ctx, Expr a, Expr b) {
    const Expr pair[2] = {a, b};
    return build_add(ctx, Ops(pair, 2));
}

/// The raw binary node `a kind b`.
Expr raw2(Context& ctx, ExprKind kind, Expr a, Expr b) {
    const Expr pair[2] = {a, b};
    return raw(ctx, kind, Ops(pair, 2));
}

Expr build_div_mod(ExprKind kind, Expr a, Expr b) {
    Context& ctx = a.context();
    // A divisor that folded to zero (`x floordiv (d0 - d0)`) leaves the node
    // as it is: undefined everywhere, and evaluation reports it.
    if (is_const(b, 0)) return raw2(ctx, kind, a, b);
    if (is_const(a) && is_const(b)) {
        int64_t x = const_value(a), y = const_value(b);
        std::optional<int64_t> r = kind == ExprKind::FloorDiv  ? floor_div(x, y)
                                   : kind == ExprKind::CeilDiv ? ceil_div(x, y)
                                                               : floor_mod(x, y);
        if (r) return ctx.constant(*r);
        return raw2(ctx, kind, a, b);  // overflow: not folded
    }
    // A product or sum of constants that overflowed int64, by a constant: its
    // quotient or remainder without the overflowing value (constant_division.h).
    if (is_const(b) && detail::node_of(a)->var_mask == 0) {
        if (std::optional<int64_t> r = detail::fold_constant_division(kind, a, const_value(b)))
            return ctx.constant(*r);
    }
    // floordiv_one, ceildiv_one, floordiv_minus_one, ceildiv_minus_one; mod_one
    // and mod_minus_one drop `a`, so only for a total `a`.
    if (is_const(b, 1) || is_const(b, -1)) {
        if (kind != ExprKind::Mod) return is_const(b, 1) ? a : mul2(ctx, a, ctx.constant(-1));
        if (detail::is_total(a)) return ctx.constant(0);
    }
    return raw2(ctx, kind, a, b);
}

Expr build_min_max(ExprKind kind, Expr a, Expr b) {
    Context& ctx = a.context();
    if (a == b) return a;  // min_same, max_same
    if (is_const(a) && is_const(b)) {
        int64_t x = const_value(a), y = const_value(b);
        return ctx.constant(kind == ExprKind::Min ? std::min(x, y) : std::max(x, y));
    }
    if (compare(b, a) < 0) std::swap(a, b);  // min_commute, max_commute
    return raw2(ctx, kind, a, b);
}

}  // namespace

Expr detail::build_add_general(const std::vector<Expr>& operands) {
    if (operands.empty()) detail::precondition_failed("build_add_general", "no operands");
    return provix::build_add_general(operands[0].context(), operands);
}

Expr detail::build(ExprKind kind, const Expr* operands, size_t n) {
    if (n == 0) detail::precondition_failed("provix::build", "no operands");
    Context& ctx = operands[0].context();
    switch (kind) {
        case ExprKind::Add:
            return build_add(ctx, Ops(operands, n));
        case ExprKind::Mul:
            return build_mul(ctx, Ops(operands, n));
        case ExprKind::FloorDiv:
        case ExprKind::CeilDiv:
        case ExprKind::Mod:
        case ExprKind::Min:
        case ExprKind::Max:
            if (n != 2) {
                detail::precondition_failed("provix::build",
                                            std::string(kind_name(kind)) + " takes two operands");
            }
            return kind == ExprKind::Min || kind == ExprKind::Max
                       ? build_min_max(kind, operands[0], operands[1])
                       : build_div_mod(kind, operands[0], operands[1]);
        case ExprKind::Constant:
        case ExprKind::Variable:
            break;
    }
    detail::precondition_failed("provix::build",
                                std::string(kind_name(kind)) + " is not an operator kind");
}

namespace {

/// The context of `e`, which must be non-null (the operators with a constant).
Context& context_of(Expr e) {
    if (!e) detail::precondition_failed("provix operator", "null operand");
    return e.context();
}

/// The context `a` and `b` share: stops the program on a null operand or
/// one from another context (a node pointing into another context would
/// dangle once that context is gone).
Context& shared_context(const char* function, Expr a, Expr b) {
    if (!a || !b) detail::precondition_failed(function, "null operand");
    if (&a.context() != &b.context())
        detail::precondition_failed(function, "operand from another context");
    return a.context();
}

/// `a`, once checked to share its context with `b` (shared_context).
Expr checked(const char* function, Expr a, Expr b) {
    shared_context(function, a, b);
    return a;
}

}  // namespace

Expr build(ExprKind kind, const std::vector<Expr>& operands) {
    for (Expr e : operands)
        shared_context("provix::build", operands[0], e);
    return detail::build(kind, operands.data(), operands.size());
}

Expr operator+(Expr a, Expr b) { return add2(shared_context("operator+", a, b), a, b); }
Expr operator+(Expr a, int64_t b) { return a + context_of(a).constant(b); }
Expr operator+(int64_t a, Expr b) { return context_of(b).constant(a) + b; }
Expr operator-(Expr a) {
    Context& ctx = context_of(a);  // before any other use of a (arguments have no order)
    return mul2(ctx, a, ctx.constant(-1));
}
Expr operator-(Expr a, Expr b) { return checked("operator-", a, b) + (-b); }
Expr operator-(Expr a, int64_t b) { return a - context_of(a).constant(b); }
Expr operator-(int64_t a, Expr b) { return context_of(b).constant(a) - b; }
Expr operator*(Expr a, Expr b) { return mul2(shared_context("operator*", a, b), a, b); }
Expr operator*(Expr a, int64_t b) { return a * context_of(a).constant(b); }
Expr operator*(int64_t a, Expr b) { return context_of(b).constant(a) * b; }

Expr floor_div(Expr a, Expr b) {
    return build_div_mod(ExprKind::FloorDiv, checked("provix::floor_div", a, b), b);
}
Expr floor_div(Expr a, int64_t b) { return floor_div(a, context_of(a).constant(b)); }
Expr floor_div(int64_t a, Expr b) { return floor_div(context_of(b).constant(a), b); }
Expr ceil_div(Expr a, Expr b) {
    return build_div_mod(ExprKind::CeilDiv, checked("provix::ceil_div", a, b), b);
}
Expr ceil_div(Expr a, int64_t b) { return ceil_div(a, context_of(a).constant(b)); }
Expr ceil_div(int64_t a, Expr b) { return ceil_div(context_of(b).constant(a), b); }
Expr mod(Expr a, Expr b) { return build_div_mod(ExprKind::Mod, checked("provix::mod", a, b), b); }
Expr mod(Expr a, int64_t b) { return mod(a, context_of(a).constant(b)); }
Expr mod(int64_t a, Expr b) { return mod(context_of(b).constant(a), b); }
Expr min(Expr a, Expr b) { return build_min_max(ExprKind::Min, checked("provix::min", a, b), b); }
Expr min(Expr a, int64_t b) { return min(a, context_of(a).constant(b)); }
Expr min(int64_t a, Expr b) { return min(context_of(b).constant(a), b); }
Expr max(Expr a, Expr b) { return build_min_max(ExprKind::Max, checked("provix::max", a, b), b); }
Expr max(Expr a, int64_t b) { return max(a, context_of(a).constant(b)); }
Expr max(int64_t a, Expr b) { return max(context_of(b).constant(a), b); }

}  // namespace provix
