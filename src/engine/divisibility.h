#pragma once
/// \file
/// DivisibilityAnalysis: for every node a congruence `e ≡ remainder (mod
/// modulus)` (Halide's ModulusRemainder). modulus 0 means e == remainder;
/// modulus 1 means nothing is known. Facts come from constants, from the
/// structure of expressions and from domain constraints `e mod c in [r, r]`.

#include <cstdint>
#include <optional>
#include <vector>

#include "id_map.h"
#include "provix/expr.h"
#include "provix/indexing_map.h"
#include "provix/small_vector.h"

namespace provix::engine {

/// `x ≡ remainder (mod modulus)`, modulus >= 0, 0 <= remainder < modulus
/// when modulus > 0.
struct ModRem {
    int64_t modulus = 1;
    int64_t remainder = 0;

    /// True if the congruence shows that the value is a multiple of `c`.
    bool divisible_by(int64_t c) const;
    /// For `c > 0`, the r in [0, c) the congruence shows the value to be
    /// congruent to modulo c; nullopt when it does not (c does not divide
    /// the modulus) or c <= 0. `{6, 3}.residue_modulo(2)` is 1;
    /// `{6, 3}.residue_modulo(4)` is nullopt.
    std::optional<int64_t> residue_modulo(int64_t c) const;
};

/// The congruence equivalent to both (the Chinese remainder theorem):
/// `x ≡ 1 (mod 4)` and `x ≡ 2 (mod 3)` give `x ≡ 5 (mod 12)`. Sets `*empty`
/// when no integer satisfies both (then the result is meaningless); nullopt
/// when the combined modulus does not fit int64 (both must then be kept).
std::optional<ModRem> combine_exact(ModRem a, ModRem b, bool* empty);

/// A congruence implied by both: `combine_exact`, or the one of larger
/// modulus when the combined modulus does not fit int64 (a sound weakening).
/// Sets `*empty` when no integer satisfies both.
ModRem intersect(ModRem a, ModRem b, bool* empty);

/// True if DivisibilityAnalysis reads the constraint `c` as a fact: a
/// congruence `e mod k in [r, r]` (k a constant) or an equality on a sum
/// `e in [r, r]`. `d0 mod 4 in [1, 1]` and `d0 + d1 * 2 in [5, 5]` are;
/// `d0 mod 4 in [1, 2]` and `d0 * 2 in [6, 6]` are not.
bool gives_congruence(const Constraint& c);

/// Keeps, of the constraints `cs` (in order), those whose facts can reach
/// an expression over the variables of `e`, so that `DivisibilityAnalysis`
/// of them answers `of(x)` as the analysis of all of them for every `x`
/// over those variables: the constraints `y mod z` (the analysis reads no
/// other) whose `y` shares a variable with `e` or, transitively, with such
/// a `y` (a fact on a sum's term comes from the congruences of the sum's
/// other terms), and the ones whose `y` has no variable. The others hold
/// facts only on nodes over other variables, which no expression over those
/// of `e` holds. All are kept when some variable id is 64 or more (the node
/// masks do not show them) or there are more than 64 constraints. With
/// `d0 mod 3 in [0, 0]`, `(d1 + d2) mod 4 in [1, 1]`, `d2 mod 2 in [0, 0]`
/// and `e = d1 * 2`: the second and the third.
void keep_facts_reaching(Expr e, SmallVector<Constraint, 8>* cs);

class DivisibilityAnalysis {
public:
    DivisibilityAnalysis() = default;
    /// Uses constraints `e mod c in [r, r]` (c > 0) as facts about e, and,
    /// where e is a sum, about each of its terms given the congruence of the
    /// others: `(d1 * 100 + d2 * 499 + s0 * 4) mod 6 in [4, 4]` makes d2
    /// even (lemma div_sum_term), and about every sum holding a multiple of
    /// e: with `(d0 + d1 * 7) mod 4 in [0, 0]`, `-d0 - d1 * 7` is a
    /// multiple of 4 (div_regroup).
    explicit DivisibilityAnalysis(const std::vector<Constraint>& constraints)
        : DivisibilityAnalysis(constraints.data(), constraints.data() + constraints.size()) {}
    /// The same over the constraints of `[first, last)` (no vector needed):
    /// `DivisibilityAnalysis(cs.begin(), cs.end())` for a SmallVector `cs`.
    DivisibilityAnalysis(const Constraint* first, const Constraint* last);

    /// The congruence of `e`, memoized per node.
    ModRem of(Expr e);

    /// True if some constraint gave a fact: without one, the congruence of
    /// every node is the one its structure gives (`d0 * 6 + 1` is 1 modulo
    /// 6, `d0 + 1` nothing).
    bool has_facts() const { return !facts_.empty(); }

    /// The congruence of the sum of the operands of `sum` other than
    /// operand `j` (div_add over their congruences): of `d0 + d1 * 8 + 3`
    /// without operand 0 (`d0`), 3 (mod 8).
    ModRem of_terms_except(Expr sum, size_t j);

private:
    ModRem compute(Expr e);
    /// The congruence of the sum `e` as `a * f + rest` (div_regroup), where
    /// `f`, a sum with a fact, has each term a times a term of `e` (one
    /// common a) and `rest` is the other terms of `e` and the difference of
    /// the constants: `-d0 - s0 * 7` is -1 times `d0 + s0 * 7`, so with
    /// `(d0 + s0 * 7) mod 4 in [0, 0]` it is a multiple of 4. nullopt when
    /// `e` holds no such multiple of `f` or nothing is known of the rest.
    std::optional<ModRem> of_regrouped(Expr e, Expr f);
    /// The congruence of the sum `e` from those of its terms (div_add).
    ModRem of_sum_terms(Expr e);
    /// of_sum_terms intersected with of_regrouped by each sum with a fact.
    ModRem of_sum_with_facts(Expr e);
    /// Records that the sum `sum` has a fact (of_regrouped reads it).
    void note_sum_fact(Expr sum);
    /// Records `e ≡ fact`, intersected with what is known of e.
    void add_fact(Expr e, ModRem fact);
    /// The facts on the terms `a * x` of `sum` from `sum ≡ fact`.
    void derive_term_facts(Expr sum, ModRem fact);
    /// The fact on x of the term `a * x` (or `x`, a = 1) of a sum congruent
    /// to `fact` whose other terms are congruent to `rest` (div_sum_term).
    void derive_term_fact(Expr term, ModRem fact, ModRem rest);

    IdMap<ModRem> facts_;
    IdMap<ModRem> memo_;
    /// The first kMaxSumFacts sums with a fact from a constraint, in the
    /// order of the constraints (of_regrouped; the others are not regrouped
    /// by: a weaker, still sound, answer). Held inline: an analysis is set up
    /// for every simplification, and most have none.
    static constexpr uint8_t kMaxSumFacts = 4;
    const detail::ExprNode* sum_facts_[kMaxSumFacts];
    uint8_t num_sum_facts_ = 0;
};

}  // namespace provix::engine
