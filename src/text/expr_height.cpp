// Tree heights for the parsers' nesting limit (see expr_height.h).

#include "expr_height.h"

#include "expr_dag.h"

namespace provix::text {

int HeightMemo::height(Expr e) {
    auto cached = heights_.find(e.id());
    if (cached != heights_.end()) return cached->second;
    auto known = [&](Expr node) { return heights_.count(node.id()) > 0; };
    detail::for_each_post_order(e, known, [&](Expr node) {
        int h = 0;
        for (size_t i = 0; i < node.num_operands(); ++i) {
            const int oh = heights_.at(node.operand(i).id());
            if (oh > h) h = oh;
        }
        heights_.emplace(node.id(), h + 1);
    });
    return heights_.at(e.id());
}

}  // namespace provix::text
