#pragma once
/// \file
/// RuleMatcher: matches one rule's left side against an expression (with
/// sum partitions and backtracking), checks its condition with the range and
/// divisibility analyses, and builds the right side.

#include <optional>
#include <vector>

#include "divisibility.h"
#include "provix/indexing_map.h"
#include "provix/rules/rule.h"
#include "range_analysis.h"

namespace provix::engine {

/// A term of a sum: `monomial * coef`, or the constant `coef` when monomial
/// is null. `whole` is the term as it stands in the sum.
struct SumTerm {
    Expr monomial;
    int64_t coef = 0;
    Expr whole;
};

/// Splits `e` into its sum terms (a non-sum is a one-term sum).
std::vector<SumTerm> sum_terms(Expr e);

/// A non-owning reference to a `bool()` callable (the matcher's
/// continuation).
class Continuation {
public:
    template <class F>
    Continuation(F& f)  // NOLINT: implicit by design
        : obj_(&f), call_([](void* o) { return (*static_cast<F*>(o))(); }) {}
    bool operator()() const { return call_(obj_); }

private:
    void* obj_;
    bool (*call_)(void*);
};

class RuleMatcher {
public:
    RuleMatcher(RangeAnalysis& ranges, DivisibilityAnalysis& divisibility)
        : ranges_(ranges), div_(divisibility) {}

    /// The right side of `rule` instantiated at `e`, if the left side
    /// matches, the condition holds and every computed constant fits.
    std::optional<Expr> apply(const rules::Rule& rule, Expr e);

    /// For a constraint rule: the rewritten constraint, if it applies.
    std::optional<Constraint> apply_constraint(const rules::Rule& rule, const Constraint& c);

private:
    enum class Tri { False, True, Unknown };
    struct Binding {
        enum class Kind : uint8_t { Unbound, Expr, Const, Sum } kind = Kind::Unbound;
        Expr expr;
        int64_t value = 0;
        std::vector<SumTerm> terms;
        int64_t scale = 1;
    };

    bool match(int p, Expr e, Continuation k);
    bool match_const(int p, int64_t v, Continuation k);
    bool match_term(int p, const SumTerm& t, Continuation k);
    bool match_sum(int p, Expr e, Continuation k);
    bool match_partition(const std::vector<SumTerm>& terms, std::vector<char>& used, int part_c,
                         int part_x, int rest, Continuation k);

    Tri eval_cond(int n);
    std::optional<int64_t> eval_int(int n);
    std::optional<Expr> build(int n);
    Expr materialize(const Binding& b);
    Interval var_range(int var);
    bool divisors_nonzero();
    bool finish();

    const rules::Node& node(int n) const { return rule_->nodes[static_cast<size_t>(n)]; }

    RangeAnalysis& ranges_;
    DivisibilityAnalysis& div_;
    const rules::Rule* rule_ = nullptr;
    Context* ctx_ = nullptr;
    std::vector<Binding> b_;
    std::optional<Expr> result_;
};

}  // namespace provix::engine
