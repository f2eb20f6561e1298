/// \file
/// The reference evaluator: floor semantics, checked int64, errors as values.

#include <string>
#include <unordered_map>

#include "expr_node.h"
#include "provix/semantics.h"

namespace provix {
namespace {

class Evaluator {
public:
    explicit Evaluator(const std::vector<int64_t>& values) : values_(values) {}

    Result<int64_t> eval(Expr e) {
        switch (e.kind()) {
            case ExprKind::Constant:
                return e.constant_value();
            case ExprKind::Variable: {
                int64_t id = e.variable_id();
                if (id < 0 || static_cast<size_t>(id) >= values_.size())
                    return Error::invalid("no value for variable v" + std::to_string(id));
                return values_[static_cast<size_t>(id)];
            }
            default:
                break;
        }
        auto it = memo_.find(e.node());
        if (it != memo_.end()) return it->second;
        Result<int64_t> r = eval_operator(e);
        if (r) memo_.emplace(e.node(), *r);
        return r;
    }

private:
    Result<int64_t> eval_operator(Expr e) {
        Result<int64_t> first = eval(e.operand(0));
        if (!first) return first;
        int64_t acc = *first;
        for (size_t i = 1; i < e.num_operands(); ++i) {
            Result<int64_t> next = eval(e.operand(i));
            if (!next) return next;
            int64_t y = *next;
            std::optional<int64_t> r;
            switch (e.kind()) {
                case ExprKind::Add:
                    r = checked_add(acc, y);
                    break;
                case ExprKind::Mul:
                    r = checked_mul(acc, y);
                    break;
                case ExprKind::FloorDiv:
                case ExprKind::CeilDiv:
                case ExprKind::Mod:
                    if (y == 0) return Error::division_by_zero("division by zero");
                    r = e.kind() == ExprKind::FloorDiv  ? floor_div(acc, y)
                        : e.kind() == ExprKind::CeilDiv ? ceil_div(acc, y)
                                                        : floor_mod(acc, y);
                    break;
                case ExprKind::Min:
                    r = std::min(acc, y);
                    break;
                case ExprKind::Max:
                    r = std::max(acc, y);
                    break;
                default:
                    return Error::invalid("bad node");
            }
            if (!r) return Error::overflow(std::string("int64 overflow in ") + kind_name(e.kind()));
            acc = *r;
        }
        return acc;
    }

    const std::vector<int64_t>& values_;
    std::unordered_map<const detail::ExprNode*, int64_t> memo_;
};

}  // namespace

Result<int64_t> evaluate(Expr e, const std::vector<int64_t>& values) {
    Evaluator ev(values);
    return ev.eval(e);
}

}  // namespace provix
