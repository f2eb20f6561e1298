// Tree heights for the parsers' nesting limit (see expr_height.h).

#include "expr_height.h"

#include <utility>
#include <vector>

namespace provix::text {

int HeightMemo::height(Expr e) {
    auto known = heights_.find(e.id());
    if (known != heights_.end()) return known->second;
    std::vector<std::pair<Expr, bool>> stack{{e, false}};
    while (!stack.empty()) {
        auto [node, expanded] = stack.back();
        if (heights_.count(node.id())) {
            stack.pop_back();
            continue;
        }
        const size_t n = node.num_operands();
        if (!expanded && n > 0) {
            stack.back().second = true;
            for (size_t i = 0; i < n; ++i) {
                if (!heights_.count(node.operand(i).id()))
                    stack.emplace_back(node.operand(i), false);
            }
            continue;
        }
        stack.pop_back();
        int h = 0;
        for (size_t i = 0; i < n; ++i) {
            const int oh = heights_.at(node.operand(i).id());
            if (oh > h) h = oh;
        }
        heights_.emplace(node.id(), h + 1);
    }
    return heights_.at(e.id());
}

}  // namespace provix::text
