/// \file
/// The reference evaluator: floor semantics, exact intermediate values (to
/// 128 bits), an int64 result, errors as values.

#include <algorithm>
#include <string>
#include <unordered_map>

#include "evaluate_wide.h"
#include "expr_node.h"
#include "provix/semantics.h"

namespace provix {
namespace {

/// Intermediate values: exact up to 2^127, so that a value in int64 reached
/// through a wider one (`(-v0) floordiv 2` at v0 = -2^63 passes 2^63) is a
/// value, not an error.
using Wide = __int128;

class Evaluator {
public:
    explicit Evaluator(const std::vector<int64_t>& values) : values_(values) {}

    Result<Wide> eval(Expr e) {
        switch (e.kind()) {
            case ExprKind::Constant:
                return Wide{e.constant_value()};
            case ExprKind::Variable: {
                int64_t id = e.variable_id();
                if (id < 0 || static_cast<size_t>(id) >= values_.size())
                    return Error::invalid("no value for variable v" + std::to_string(id));
                return Wide{values_[static_cast<size_t>(id)]};
            }
            default:
                break;
        }
        auto it = memo_.find(e.node());
        if (it != memo_.end()) return it->second;
        Result<Wide> r = eval_operator(e);
        if (r) memo_.emplace(e.node(), *r);
        return r;
    }

private:
    Result<Wide> eval_operator(Expr e) {
        Result<Wide> first = eval(e.operand(0));
        if (!first) return first;
        Wide acc = *first;
        for (size_t i = 1; i < e.num_operands(); ++i) {
            Result<Wide> next = eval(e.operand(i));
            if (!next) return next;
            Wide r = 0;
            switch (detail::apply_wide(e.kind(), acc, *next, &r)) {
                case detail::WideOutcome::kValue:
                    break;
                case detail::WideOutcome::kZeroDivisor:
                    return Error::division_by_zero("division by zero");
                case detail::WideOutcome::kOverflow:
                    return Error::overflow(std::string("overflow of 128 bits in ") +
                                           kind_name(e.kind()));
                case detail::WideOutcome::kNotAnOperator:
                    return Error::invalid("bad node");
            }
            acc = r;
        }
        return acc;
    }

    const std::vector<int64_t>& values_;
    std::unordered_map<const detail::ExprNode*, Wide> memo_;
};

}  // namespace

namespace detail {

Result<__int128> evaluate_wide(Expr e, const std::vector<int64_t>& values) {
    Evaluator ev(values);
    return ev.eval(e);
}

}  // namespace detail

Result<int64_t> evaluate(Expr e, const std::vector<int64_t>& values) {
    Result<Wide> r = detail::evaluate_wide(e, values);
    if (!r) return r.error();
    if (*r < Wide{kInt64Min} || *r > Wide{kInt64Max}) {
        return Error::overflow("the value leaves int64");
    }
    return static_cast<int64_t>(*r);
}

}  // namespace provix
