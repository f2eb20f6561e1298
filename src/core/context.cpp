/// \file
/// Context: arena allocation and hash-consing of expression nodes.

#include <algorithm>
#include <cstring>
#include <string>

#include "expr_node.h"
#include "provix/semantics.h"

namespace provix {
namespace detail {

void* Arena::allocate(size_t size, size_t align) {
    size_t pad = (align - (reinterpret_cast<uintptr_t>(cur_) & (align - 1))) & (align - 1);
    if (cur_ == nullptr || pad + size > left_) {
        constexpr size_t kBlock = size_t{64} * 1024;
        size_t block = size + align > kBlock ? size + align : kBlock;
        blocks_.push_back(std::make_unique<char[]>(block));
        cur_ = blocks_.back().get();
        left_ = block;
        pad = (align - (reinterpret_cast<uintptr_t>(cur_) & (align - 1))) & (align - 1);
    }
    char* p = cur_ + pad;
    cur_ = p + size;
    left_ -= pad + size;
    total_ += size;
    return p;
}

namespace {

/// Hash of a node's fields: one multiply per operand (operand ids are dense
/// and distinct), then the high half folded into the low bits the table
/// indexes by. `all_canonical` tells whether every operand is flagged
/// canonical (read in the same pass).
uint64_t hash_fields(ExprKind kind, int64_t value, const ExprNode* const* ops, size_t n,
                     bool& all_canonical) {
    constexpr uint64_t kHashMul = 0x9e3779b97f4a7c15ULL;
    uint64_t h = (static_cast<uint64_t>(value) ^ (static_cast<uint64_t>(kind) << 56)) * kHashMul;
    bool canonical = true;
    for (size_t i = 0; i < n; ++i) {
        h = (h ^ ops[i]->id) * kHashMul;
        canonical = canonical && ops[i]->canonical;
    }
    all_canonical = canonical;
    return h ^ (h >> 32);
}

bool same_fields(const ExprNode* node, ExprKind kind, int64_t value, const ExprNode* const* ops,
                 size_t n) {
    if (node->kind != kind || node->value != value || node->num_operands != n) return false;
    for (size_t i = 0; i < n; ++i)
        if (node->operands[i] != ops[i]) return false;
    return true;
}

static_assert(sizeof(void*) != 8 || sizeof(ExprNode) == 80,
              "a node is 64 bytes of node and 16 of memo slot");

/// The kind bit of the monomial of the non-constant term `t`
/// (split_sum_term): a product `p * c` (two operands, a constant last after
/// a non-constant) has p's kind, any other product (`d0 * d1 * 4`, an
/// unfolded `2 * 3`) Mul's, a non-product its own.
uint16_t monomial_kind_bit(const ExprNode* t) {
    if (t->kind == ExprKind::Mul && t->num_operands == 2 &&
        t->operands[1]->kind == ExprKind::Constant && t->operands[0]->kind != ExprKind::Constant)
        return kind_bit(t->operands[0]->kind);
    return kind_bit(t->kind);
}

/// Fills the node's term facts (see ExprNode): one pass over a sum's
/// terms, else the node as a one-term sum.
void set_term_facts(ExprNode* node) {
    uint16_t kinds = 0, monomials = 0;
    bool constant = false;
    for (Expr term : terms_of(Expr(node))) {
        const ExprNode* t = term.node();
        if (t->kind == ExprKind::Constant) {
            constant = true;
            continue;
        }
        kinds = static_cast<uint16_t>(kinds | kind_bit(t->kind));
        monomials = static_cast<uint16_t>(monomials | monomial_kind_bit(t));
    }
    node->has_constant_term = constant;
    node->term_kinds = kinds;
    node->term_monomial_kinds = monomials;
}

/// Fills the node's DAG facts (see ExprNode) from its operands' facts.
void set_dag_facts(ExprNode* node) {
    set_term_facts(node);
    node->var_mask = 0;
    node->var_end = 0;
    node->has_high_var = false;
    node->zero_divisor = false;
    node->var_divisor = false;
    node->unfolded_constants = false;
    node->has_piecewise = is_piecewise(node->kind);
    if (node->kind == ExprKind::Variable) {
        const int64_t id = node->value;  // >= 0 (Context::variable checks)
        if (id < 64) {
            node->var_mask = uint64_t{1} << id;
        } else {
            node->has_high_var = true;
        }
        node->var_end = id == kInt64Max ? kInt64Max : id + 1;
        return;
    }
    uint32_t constants = 0;
    for (uint32_t k = 0; k < node->num_operands; ++k) {
        const ExprNode* op = node->operands[k];
        constants += op->kind == ExprKind::Constant;
        node->unfolded_constants = node->unfolded_constants || op->unfolded_constants;
        node->var_mask |= op->var_mask;
        node->var_end = std::max(node->var_end, op->var_end);
        node->has_high_var = node->has_high_var || op->has_high_var;
        node->zero_divisor = node->zero_divisor || op->zero_divisor;
        node->var_divisor = node->var_divisor || op->var_divisor;
        node->has_piecewise = node->has_piecewise || op->has_piecewise;
    }
    if (constants >= 2) node->unfolded_constants = true;
    if (is_division(node->kind) && node->num_operands == 2) {
        const ExprNode* divisor = node->operands[1];
        if (divisor->kind != ExprKind::Constant)
            node->var_divisor = true;
        else if (divisor->value == 0)
            node->zero_divisor = true;
    }
}

}  // namespace

namespace {

/// Creates the node ContextImpl::get did not find (hash `h`) in `impl`'s
/// arena with the next id; the caller stores it in the table. Out of line:
/// the look-up, by far the common case, stays a small function without the
/// creation's register saves.
[[gnu::noinline]] const ExprNode* new_node(ContextImpl& impl, ExprKind kind, int64_t value,
                                           const ExprNode* const* ops, size_t n, bool canonical,
                                           uint64_t h) {
    if (impl.next_id == UINT32_MAX) {
        detail::precondition_failed("Context",
                                    "more than 2^32 - 1 expression nodes in one context");
    }
    auto* node = static_cast<ExprNode*>(impl.arena.allocate(sizeof(ExprNode), alignof(ExprNode)));
    const ExprNode** stored = nullptr;
    if (n > 0) {
        // The operand pointers, not the nodes they point to.
        const size_t bytes = n * sizeof(const ExprNode*);  // NOLINT(bugprone-sizeof-expression)
        stored =
            static_cast<const ExprNode**>(impl.arena.allocate(bytes, alignof(const ExprNode*)));
        std::memcpy(stored, ops, bytes);
    }
    node->kind = kind;
    node->canonical = canonical || n == 0;
    node->num_operands = static_cast<uint32_t>(n);
    node->id = impl.next_id++;
    node->hash = h;
    node->context = impl.owner;
    node->value = value;
    node->operands = stored;
    node->memo_stamp = 0;
    node->memo_value = nullptr;
    set_dag_facts(node);
    return node;
}

}  // namespace

const ExprNode* ContextImpl::get(ExprKind kind, int64_t value, const ExprNode* const* ops, size_t n,
                                 bool canonical) {
    bool all_canonical = true;
    const uint64_t h = hash_fields(kind, value, ops, n, all_canonical);
    canonical = canonical && all_canonical;
    size_t mask = table.size() - 1;
    size_t i = static_cast<size_t>(h) & mask;
    while (const ExprNode* node = table[i]) {
        if (node->hash == h && same_fields(node, kind, value, ops, n)) {
            if (canonical) node->canonical = true;
            return node;
        }
        i = (i + 1) & mask;
    }
    const ExprNode* node = new_node(*this, kind, value, ops, n, canonical, h);
    table[i] = node;
    if (++count * 10 > table.size() * 7) grow();
    return node;
}

void ContextImpl::grow() {
    std::vector<const ExprNode*> old(table.size() * 2, nullptr);
    old.swap(table);
    size_t mask = table.size() - 1;
    for (const ExprNode* node : old) {
        if (!node) continue;
        size_t i = static_cast<size_t>(node->hash) & mask;
        while (table[i])
            i = (i + 1) & mask;
        table[i] = node;
    }
}

}  // namespace detail

Context::Context() : impl_(std::make_unique<detail::ContextImpl>(this)) {
    impl_->small_constants.resize(256, nullptr);
    impl_->variables.resize(64, nullptr);
}

Context::~Context() = default;

Expr Context::constant(int64_t value) {
    if (value >= -128 && value < 128) {
        auto& slot = impl_->small_constants[static_cast<size_t>(value + 128)];
        if (!slot) slot = impl_->get(ExprKind::Constant, value, nullptr, 0);
        return Expr(slot);
    }
    return Expr(impl_->get(ExprKind::Constant, value, nullptr, 0));
}

Expr Context::variable(int64_t id) {
    if (id < 0) detail::precondition_failed("Context::variable", "negative variable id");
    if (id < 64) {
        auto& slot = impl_->variables[static_cast<size_t>(id)];
        if (!slot) slot = impl_->get(ExprKind::Variable, id, nullptr, 0);
        return Expr(slot);
    }
    return Expr(impl_->get(ExprKind::Variable, id, nullptr, 0));
}

Result<Expr> Context::make(ExprKind kind, const std::vector<Expr>& operands) {
    switch (kind) {
        case ExprKind::Constant:
        case ExprKind::Variable:
            return Error::invalid("make: use constant() or variable()");
        case ExprKind::Add:
        case ExprKind::Mul:
            if (operands.size() < 2) return Error::invalid("make: add/mul need two operands");
            break;
        case ExprKind::FloorDiv:
        case ExprKind::CeilDiv:
        case ExprKind::Mod:
            if (operands.size() == 2 && operands[1] && operands[1].is_constant(0))
                return Error::division_by_zero("division by zero");
            [[fallthrough]];
        case ExprKind::Min:
        case ExprKind::Max:
            if (operands.size() != 2) return Error::invalid("make: binary node needs two operands");
            break;
    }
    for (Expr e : operands) {
        if (!e) return Error::invalid("make: null operand");
        if (&e.context() != this) return Error::invalid("make: operand from another context");
    }
    static_assert(sizeof(Expr) == sizeof(const detail::ExprNode*), "Expr is one pointer");
    // An Expr is exactly one node pointer: the operands are the node array.
    const auto* nodes = reinterpret_cast<const detail::ExprNode* const*>(operands.data());
    return Expr(impl_->get(kind, 0, nodes, operands.size()));
}

size_t Context::num_nodes() const { return impl_->count; }

// --- Expr accessors -------------------------------------------------------

ExprKind Expr::kind() const { return node_->kind; }
Context& Expr::context() const { return *node_->context; }
uint32_t Expr::id() const { return node_->id; }
bool Expr::is_constant(int64_t v) const {
    return node_->kind == ExprKind::Constant && node_->value == v;
}
int64_t Expr::constant_value() const { return node_->value; }
int64_t Expr::variable_id() const { return node_->value; }
size_t Expr::num_operands() const { return node_->num_operands; }
Expr Expr::operand(size_t i) const { return Expr(node_->operands[i]); }
std::vector<Expr> Expr::operands() const {
    std::vector<Expr> out;
    out.reserve(node_->num_operands);
    for (uint32_t i = 0; i < node_->num_operands; ++i)
        out.push_back(Expr(node_->operands[i]));
    return out;
}

const char* kind_name(ExprKind kind) { return operator_info(kind).name; }

}  // namespace provix
