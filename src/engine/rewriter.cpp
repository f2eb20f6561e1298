/// \file
/// Bottom-up fixed-point rewriting.

#include "rewriter.h"

namespace provix::engine {
namespace {

/// Safety nets. Termination is argued by the reduction order checked for
/// every rule (`provix prove`); these bounds only stop a defect from hanging
/// a caller, and a test asserts they are never reached on the corpus.
constexpr int kMaxRewritesPerNode = 64;
constexpr int kMaxDepth = 200;

}  // namespace

Expr Rewriter::simplify(Expr e) { return simplify_at(e, 0); }

Expr Rewriter::simplify_at(Expr e, int depth) {
    if (const Expr* done = memo_.find(e.id())) return *done;
    if (depth > kMaxDepth) return e;
    memo_.set(e.id(), e);  // in progress: a cycle sees the node as is
    Expr current = e;
    if (e.num_operands() > 0) {
        std::vector<Expr> ops;
        bool changed = false;
        for (size_t i = 0; i < e.num_operands(); ++i) {
            Expr s = simplify_at(e.operand(i), depth + 1);
            changed |= s != e.operand(i);
            ops.push_back(s);
        }
        if (changed) current = build(e.kind(), ops);
    }
    if (current != e) {
        if (const Expr* done = memo_.find(current.id())) current = *done;
    }
    current = rewrite_root(current, depth);
    memo_.set(e.id(), current);
    memo_.set(current.id(), current);
    return current;
}

Expr Rewriter::rewrite_root(Expr e, int depth) {
    for (int round = 0; round < kMaxRewritesPerNode; ++round) {
        if (e.is_constant()) return e;  // nothing simplifies a constant
        bool fired = false;
        for (const CompiledRule* rule : table_.expression_rules(e.kind())) {
            std::optional<Expr> r = matcher_.apply(*rule, e);
            if (!r || *r == e) continue;
            ++firings_;
            if (log_.trace) log_.trace->push_back(rule->rule.name);
            if (log_.counters) ++(*log_.counters)[rule->rule.name];
            Expr next = *r;
            // The right side may hold new sub-expressions: simplify them.
            if (next.num_operands() > 0) {
                std::vector<Expr> ops;
                bool changed = false;
                for (size_t i = 0; i < next.num_operands(); ++i) {
                    Expr s = simplify_at(next.operand(i), depth + 1);
                    changed |= s != next.operand(i);
                    ops.push_back(s);
                }
                if (changed) next = build(next.kind(), ops);
            }
            if (const Expr* done = memo_.find(next.id())) next = *done;
            e = next;
            fired = true;
            break;
        }
        if (!fired) return e;
    }
    return e;
}

}  // namespace provix::engine
