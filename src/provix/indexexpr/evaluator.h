#pragma once
/// \file
/// `EvaluatorBuilder`: a code-generation builder whose run-time values are
/// concrete integers, so a computation written with IndexExpr can be executed
/// directly (tests, constant propagation of known inputs).
///
///     EvaluatorBuilder eval({{"n", 10}, {"k", 3}});
///     IndexExprScope scope(ctx, eval);
///     IndexExpr n = scope.input_dim("n"), k = scope.input_symbol("k");
///     *eval.evaluate((n - 1).floor_div(k)) == 3
///     eval.evaluate(n.floor_div(k - 3)).error().kind == Error::Kind::DivisionByZero
///
/// Semantics are `apply_rt_op` (floor division, checked int64): a zero
/// divisor or an overflow is an error value, which propagates to every value
/// computed from it (a `select` only propagates the branch it chooses).

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "provix/indexexpr/builder.h"
#include "provix/indexexpr/index_expr.h"
#include "provix/result.h"

namespace provix {

/// Executes run-time operations immediately (see the file comment).
class EvaluatorBuilder final : public IndexExprBuilder {
public:
    EvaluatorBuilder() = default;
    /// Binds the inputs by name.
    explicit EvaluatorBuilder(std::map<std::string, int64_t> inputs);

    /// Binds (or rebinds, for inputs not yet read) input `name`.
    void set_input(const std::string& name, int64_t value);

    /// The value of `v`: an integer, or the error it evaluated to (an unbound
    /// input, an input outside its declared bounds, a zero divisor, an overflow).
    Result<int64_t> value(RtValue v) const;
    /// Materializes `e` through this builder and returns its value:
    /// `*eval.evaluate(IndexExpr(6) * 7) == 42`. Errors for question marks and
    /// for values of scopes over another builder.
    Result<int64_t> evaluate(const IndexExpr& e);
    /// Every element of `list` (the first error, if any).
    Result<std::vector<int64_t>> evaluate(const IndexExprList& list);

    /// Number of run-time values created so far (inputs and constants are
    /// shared, so this counts distinct operations).
    int64_t num_values() const { return static_cast<int64_t>(values_.size()); }

    /// A code-generation builder: the operations of `IndexExprBuilder`
    /// (see builder.h).
    PROVIX_CODEGEN_BUILDER_OPERATIONS
    /// `%<id>=<value>` or `%<id>=error`.
    std::string describe(RtValue v) const override;

private:
    RtValue push(Result<int64_t> v);
    const Result<int64_t>& get(RtValue v) const;

    std::map<std::string, int64_t> inputs_;
    std::vector<Result<int64_t>> values_;
    std::map<std::pair<std::string, std::string>, RtValue> input_cache_;  // (name, bounds)
    std::map<int64_t, RtValue> constant_cache_;
};

}  // namespace provix
