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

Expr Rewriter::simplify_operands(Expr e, int depth) {
    // Allocates only when an operand changes.
    std::vector<Expr> ops;
    bool changed = false;
    size_t n = e.num_operands();
    for (size_t i = 0; i < n; ++i) {
        Expr s = simplify_at(e.operand(i), depth + 1);
        if (!changed && s != e.operand(i)) {
            changed = true;
            ops.reserve(n);
            for (size_t j = 0; j < i; ++j) ops.push_back(e.operand(j));
        }
        if (changed) ops.push_back(s);
    }
    return changed ? build(e.kind(), ops) : e;
}

Expr Rewriter::simplify_at(Expr e, int depth) {
    if (const Expr* done = memo_.find(e.id())) return *done;
    if (depth > kMaxDepth) return e;
    memo_.set(e.id(), e);  // in progress: a cycle sees the node as is
    Expr current = e.num_operands() > 0 ? simplify_operands(e, depth) : e;
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
            // The right side may hold new sub-expressions: simplify them.
            Expr next = r->num_operands() > 0 ? simplify_operands(*r, depth) : *r;
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
