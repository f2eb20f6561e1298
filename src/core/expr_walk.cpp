/// \file
/// Structural order, traversal and substitution of expressions.

#include <unordered_map>

#include "expr_build.h"
#include "expr_dag.h"
#include "expr_node.h"
#include "id_map.h"
#include "provix/small_vector.h"

namespace provix {
namespace {

/// Output order of kinds: variables first, constants last.
int kind_rank(ExprKind k) {
    switch (k) {
        case ExprKind::Variable:
            return 0;
        case ExprKind::Mul:
            return 1;
        case ExprKind::Add:
            return 2;
        case ExprKind::FloorDiv:
            return 3;
        case ExprKind::CeilDiv:
            return 4;
        case ExprKind::Mod:
            return 5;
        case ExprKind::Min:
            return 6;
        case ExprKind::Max:
            return 7;
        case ExprKind::Constant:
            return 8;
    }
    return 9;
}

}  // namespace

int compare(Expr a, Expr b) {
    if (a == b) return 0;
    const detail::ExprNode* x = a.node();  // inline field reads
    const detail::ExprNode* y = b.node();
    int ra = kind_rank(x->kind), rb = kind_rank(y->kind);
    if (ra != rb) return ra < rb ? -1 : 1;
    if (x->kind == ExprKind::Constant || x->kind == ExprKind::Variable)
        return x->value < y->value ? -1 : (x->value > y->value ? 1 : 0);
    size_t n = std::min(x->num_operands, y->num_operands);
    for (size_t i = 0; i < n; ++i) {
        int c = compare(Expr(x->operands[i]), Expr(y->operands[i]));
        if (c != 0) return c;
    }
    if (x->num_operands != y->num_operands) return x->num_operands < y->num_operands ? -1 : 1;
    return 0;  // unreachable for distinct uniqued nodes
}

// These walks visit each distinct node once (shared sub-trees are common
// after composition; a plain recursion would take exponential time).
bool uses_variable(Expr e, int64_t id) { return detail::uses_variable_dag(e, id); }

void collect_variables(Expr e, std::vector<bool>& used) { detail::collect_variables_dag(e, used); }

int64_t num_variables_used(Expr e) { return detail::num_variables_used_dag(e); }

size_t Expr::tree_size() const {
    std::unordered_map<const detail::ExprNode*, size_t> memo;
    auto rec = [&](auto& self, Expr e) -> size_t {
        if (e.num_operands() == 0) return 1;
        auto it = memo.find(e.node());
        if (it != memo.end()) return it->second;
        size_t total = 1;
        for (size_t i = 0; i < e.num_operands(); ++i) {
            size_t s = self(self, e.operand(i));
            total = total > SIZE_MAX - s ? SIZE_MAX : total + s;
        }
        memo.emplace(e.node(), total);
        return total;
    };
    return rec(rec, *this);
}

namespace {

/// `e` rebuilt bottom-up with `leaf` applied to its leaves, each distinct
/// node once (`memo`: rebuilt node by node id). A node's operands are held
/// inline up to eight, so a typical rebuild allocates nothing.
template <class Leaf>
Expr rebuild(Expr e, const Leaf& leaf, engine::IdMap<Expr>& memo) {
    if (e.num_operands() == 0) return leaf(e);
    if (leaf.skips_canonical && e.node()->canonical) return e;
    if (const Expr* m = memo.find(e.id())) return *m;
    SmallVector<Expr, 8> ops;
    ops.reserve(e.num_operands());
    for (size_t i = 0; i < e.num_operands(); ++i)
        ops.push_back(rebuild(e.operand(i), leaf, memo));
    Expr out = detail::build(e.kind(), ops.data(), ops.size());
    memo.set(e.id(), out);
    return out;
}

}  // namespace

Expr substitute(Expr e, const std::vector<Expr>& replacements) {
    if (!e) detail::precondition_failed("provix::substitute", "null expression");
    for (Expr r : replacements)
        if (r && &r.context() != &e.context())
            detail::precondition_failed("provix::substitute", "replacement from another context");
    engine::IdMap<Expr> memo;
    struct Replace {
        const std::vector<Expr>& replacements;
        bool skips_canonical = false;
        Expr operator()(Expr leaf) const {
            if (leaf.is_variable()) {
                auto id = static_cast<size_t>(leaf.variable_id());
                if (id < replacements.size() && replacements[id]) return replacements[id];
            }
            return leaf;
        }
    };
    return rebuild(e, Replace{replacements}, memo);
}

Expr canonicalize(Expr e) {
    if (e.node()->canonical) return e;
    engine::IdMap<Expr> memo;
    struct Keep {
        bool skips_canonical = true;  // canonical sub-trees are already done
        Expr operator()(Expr leaf) const { return leaf; }
    };
    return rebuild(e, Keep{}, memo);
}

}  // namespace provix
