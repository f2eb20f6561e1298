/// \file
/// IndexExpr values: construction, queries, list helpers, printing, and the
/// shared helpers of ie_impl.h (scope joining, range decisions).

#include <ostream>
#include <sstream>
#include <string>

#include "ie_impl.h"
#include "provix/interval_eval.h"

namespace provix {

const char* kind_name(IndexExprKind kind) {
    switch (kind) {
        case IndexExprKind::Undefined:
            return "undefined";
        case IndexExprKind::Literal:
            return "literal";
        case IndexExprKind::QuestionMark:
            return "questionmark";
        case IndexExprKind::Affine:
            return "affine";
        case IndexExprKind::Dim:
            return "dim";
        case IndexExprKind::Symbol:
            return "symbol";
        case IndexExprKind::NonAffine:
            return "nonaffine";
        case IndexExprKind::Predicate:
            return "predicate";
    }
    return "?";
}

IndexExpr::IndexExpr() = default;

IndexExpr::IndexExpr(std::shared_ptr<const Node> node) : node_(std::move(node)) {}

IndexExpr::IndexExpr(int64_t value) {
    Node n;
    n.kind = IndexExprKind::Literal;
    n.literal = value;
    n.range = Interval::point(value);
    node_ = std::make_shared<const Node>(std::move(n));
}

IndexExpr IndexExpr::boolean(bool value) { return ie_detail::make_literal(value ? 1 : 0, true); }

IndexExpr IndexExpr::question_mark(const std::string& source, const Interval& range) {
    Node n;
    n.kind = IndexExprKind::QuestionMark;
    n.source = source;
    n.range = range.is_empty() ? Interval::all() : range;
    return Access::make(std::move(n));
}

IndexExpr IndexExpr::undefined(Error error) {
    Node n;
    n.kind = IndexExprKind::Undefined;
    n.error = std::move(error);
    return Access::make(std::move(n));
}

IndexExprKind IndexExpr::kind() const { return node_ ? node_->kind : IndexExprKind::Undefined; }

bool IndexExpr::is_affine() const {
    IndexExprKind k = kind();
    return (k == IndexExprKind::Literal && !node_->predicate) || ie_detail::has_affine_expr(k);
}

bool IndexExpr::is_predicate() const { return node_ && node_->predicate; }

int64_t IndexExpr::literal() const {
    if (!is_literal()) {
        detail::precondition_failed(
            "IndexExpr::literal",
            std::string("not a literal but a ") + kind_name(kind()) + " value: " + to_string());
    }
    return node_->literal;
}

std::optional<int64_t> IndexExpr::literal_value() const {
    if (!is_literal()) return std::nullopt;
    return node_->literal;
}

bool IndexExpr::is_literal_and_identical_to(int64_t value) const {
    return is_literal() && !node_->predicate && node_->literal == value;
}

bool IndexExpr::same_question_mark(const IndexExpr& other) const {
    if (!is_question_mark() || !other.is_question_mark()) return false;
    if (node_ == other.node_) return true;
    return !node_->source.empty() && node_->source == other.node_->source &&
           node_->predicate == other.node_->predicate;
}

bool IndexExpr::is_identical(const IndexExpr& other) const {
    if (kind() != other.kind()) {
        // A Dim/Symbol and an Affine value with the same expression are the same value.
        if (!(ie_detail::has_affine_expr(kind()) && ie_detail::has_affine_expr(other.kind()))) {
            return false;
        }
    }
    switch (kind()) {
        case IndexExprKind::Undefined:
            return false;
        case IndexExprKind::Literal:
            return node_->literal == other.node_->literal &&
                   node_->predicate == other.node_->predicate;
        case IndexExprKind::QuestionMark:
            return same_question_mark(other);
        case IndexExprKind::Affine:
        case IndexExprKind::Dim:
        case IndexExprKind::Symbol:
            return node_->scope == other.node_->scope && node_->affine == other.node_->affine;
        case IndexExprKind::NonAffine:
        case IndexExprKind::Predicate:
            return node_->scope->builder == other.node_->scope->builder &&
                   node_->value == other.node_->value;
    }
    return false;
}

Interval IndexExpr::range() const { return node_ ? node_->range : Interval::all(); }

Expr IndexExpr::affine_expr() const {
    return ie_detail::has_affine_expr(kind()) ? node_->affine : Expr();
}

std::optional<RtValue> IndexExpr::value() const {
    if (kind() == IndexExprKind::NonAffine || kind() == IndexExprKind::Predicate) {
        return node_->value;
    }
    return std::nullopt;
}

const Error* IndexExpr::error() const {
    if (!is_undefined() || !node_ || !node_->error) return nullptr;
    return &*node_->error;
}

bool IndexExpr::belongs_to(const IndexExprScope& scope) const {
    return node_ && node_->scope && node_->scope == Access::scope(scope);
}

// ---- Lists ------------------------------------------------------------------

bool IndexExpr::all_literal(const std::vector<IndexExpr>& list) {
    for (const IndexExpr& e : list) {
        if (!e.is_literal()) return false;
    }
    return true;
}

bool IndexExpr::all_non_negative_literal(const std::vector<IndexExpr>& list) {
    for (const IndexExpr& e : list) {
        if (!e.is_literal() || e.literal() < 0) return false;
    }
    return true;
}

std::optional<std::vector<int64_t>> IndexExpr::literals(const std::vector<IndexExpr>& list) {
    std::vector<int64_t> out;
    out.reserve(list.size());
    for (const IndexExpr& e : list) {
        if (!e.is_literal()) return std::nullopt;
        out.push_back(e.literal());
    }
    return out;
}

std::vector<int64_t> IndexExpr::shape(const std::vector<IndexExpr>& list) {
    std::vector<int64_t> out;
    out.reserve(list.size());
    for (const IndexExpr& e : list)
        out.push_back(e.is_literal() ? e.literal() : -1);
    return out;
}

// ---- Printing ---------------------------------------------------------------

namespace {

const char* error_kind_name(Error::Kind k) {
    switch (k) {
        case Error::Kind::DivisionByZero:
            return "division by zero";
        case Error::Kind::Overflow:
            return "overflow";
        case Error::Kind::Invalid:
            return "invalid";
        case Error::Kind::Parse:
            return "parse";
    }
    return "error";
}

}  // namespace

std::string IndexExpr::to_string() const {
    const Node* n = node_.get();
    switch (kind()) {
        case IndexExprKind::Undefined:
            if (!n || !n->error) return "undefined";
            return std::string("undefined: ") + error_kind_name(n->error->kind) + ": " +
                   n->error->message;
        case IndexExprKind::Literal:
            if (n->predicate) return n->literal ? "true" : "false";
            return std::to_string(n->literal);
        case IndexExprKind::QuestionMark: {
            std::string s = "?" + n->source;
            if (n->predicate) return s;
            if (n->range != Interval::all()) s += " in " + provix::to_string(n->range);
            return s;
        }
        case IndexExprKind::Affine:
        case IndexExprKind::Dim:
        case IndexExprKind::Symbol:
            return std::string(kind_name(kind())) + " " + n->scope->print(n->affine) + " in " +
                   provix::to_string(n->range);
        case IndexExprKind::NonAffine:
            return "nonaffine " + n->scope->builder->describe(n->value) + " in " +
                   provix::to_string(n->range);
        case IndexExprKind::Predicate:
            return "predicate " + n->scope->builder->describe(n->value);
    }
    return "?";
}

void IndexExpr::debug_print(std::ostream& os, const std::string& msg) const {
    os << msg << ": " << to_string() << "\n";
}

std::string to_string(const IndexExpr& e) { return e.to_string(); }

std::string to_string(const IndexExprList& list) {
    std::string s = "[";
    for (size_t i = 0; i < list.size(); ++i) {
        if (i) s += ", ";
        s += list[i].to_string();
    }
    return s + "]";
}

void debug_print(std::ostream& os, const std::string& msg, const IndexExprList& list) {
    os << msg << ": " << to_string(list) << "\n";
}

// ---- Shared helpers ---------------------------------------------------------

namespace ie_detail {

ScopeImpl* scope_of(const IndexExpr& e) {
    const Node* n = Access::node(e);
    return n ? n->scope.get() : nullptr;
}

bool has_affine_expr(IndexExprKind k) {
    return k == IndexExprKind::Affine || k == IndexExprKind::Dim || k == IndexExprKind::Symbol;
}

IndexExpr invalid(const std::string& message) {
    return IndexExpr::undefined(Error::invalid(message));
}

IndexExpr make_literal(int64_t v, bool predicate) {
    Node n;
    n.kind = IndexExprKind::Literal;
    n.literal = v;
    n.predicate = predicate;
    n.range = Interval::point(v);
    return Access::make(std::move(n));
}

IndexExpr make_question_mark(const Interval& range, bool predicate, bool may_fail) {
    Node n;
    n.kind = IndexExprKind::QuestionMark;
    n.predicate = predicate;
    n.may_fail = may_fail;
    n.range = predicate ? Interval{0, 1} : (range.is_empty() ? Interval::all() : range);
    return Access::make(std::move(n));
}

bool is_finite_point(const Interval& r) { return r.is_point(); }

IndexExpr make_affine(const std::shared_ptr<ScopeImpl>& scope, Expr e) {
    e = scope->simplify_affine(e);
    if (e.is_constant()) return make_literal(e.constant_value());
    Interval r = scope->range_of(e);
    if (is_finite_point(r)) return make_literal(r.lo());
    Node n;
    n.kind = IndexExprKind::Affine;
    if (e.is_variable()) {
        const ScopeVar& v = scope->vars[static_cast<size_t>(e.variable_id())];
        n.kind = v.is_dim ? IndexExprKind::Dim : IndexExprKind::Symbol;
    }
    n.affine = e;
    n.scope = scope;
    n.range = r.is_empty() ? Interval::all() : r;
    return Access::make(std::move(n));
}

IndexExpr make_runtime(const std::shared_ptr<ScopeImpl>& scope, RtValue v, const Interval& range,
                       bool predicate) {
    Node n;
    n.kind = predicate ? IndexExprKind::Predicate : IndexExprKind::NonAffine;
    n.predicate = predicate;
    n.scope = scope;
    n.value = v;
    n.range = predicate ? Interval{0, 1} : (range.is_empty() ? Interval::all() : range);
    return Access::make(std::move(n));
}

IndexExpr make_runtime_binary(const std::shared_ptr<ScopeImpl>& scope, RtOp op, const IndexExpr& a,
                              const IndexExpr& b, const Interval& range, bool predicate) {
    if (!scope || scope->is_analysis()) {
        // Comparisons, logic, min and max fail only where an operand does;
        // arithmetic may overflow or divide by zero.
        const bool may_fail = is_arithmetic(op) || !cannot_fail(a) || !cannot_fail(b);
        return make_question_mark(range, predicate, may_fail);
    }
    Result<RtValue> va = materialize(a, *scope->builder);
    if (!va) return IndexExpr::undefined(va.error());
    Result<RtValue> vb = materialize(b, *scope->builder);
    if (!vb) return IndexExpr::undefined(vb.error());
    return make_runtime(scope, scope->builder->binary(op, *va, *vb), range, predicate);
}

IndexExpr make_var(const std::shared_ptr<ScopeImpl>& scope, int64_t id) {
    const ScopeVar& v = scope->vars[static_cast<size_t>(id)];
    Node n;
    n.kind = v.is_dim ? IndexExprKind::Dim : IndexExprKind::Symbol;
    n.affine = scope->ctx->variable(id);
    n.scope = scope;
    n.range = v.bounds;
    return Access::make(std::move(n));
}

std::optional<IndexExpr> first_undefined(std::initializer_list<const IndexExpr*> values) {
    for (const IndexExpr* v : values) {
        if (v->is_undefined()) return *v;
    }
    return std::nullopt;
}

namespace {

std::string scope_label(const ScopeImpl* s) { return "#" + std::to_string(s->id); }

}  // namespace

Result<std::shared_ptr<ScopeImpl>> join_scopes(const char* op,
                                               std::initializer_list<const IndexExpr*> values) {
    std::shared_ptr<ScopeImpl> inner;
    bool has_question_mark = false;
    for (const IndexExpr* v : values) {
        if (v->is_question_mark()) has_question_mark = true;
        const Node* n = Access::node(*v);
        if (!n || !n->scope) continue;
        if (!inner || inner->encloses(n->scope.get())) {
            inner = n->scope;
        } else if (!n->scope->encloses(inner.get())) {
            return Error::invalid(std::string(op) + ": values of unrelated scopes " +
                                  scope_label(inner.get()) + " and " + scope_label(n->scope.get()) +
                                  " (" + v->to_string() + ")");
        }
    }
    if (inner && has_question_mark && !inner->is_analysis()) {
        return Error::invalid(std::string(op) +
                              ": a question mark (analysis value) used in code-generation scope " +
                              scope_label(inner.get()));
    }
    for (const IndexExpr* v : values) {
        const Node* n = Access::node(*v);
        if (n && has_affine_expr(n->kind) && n->scope != inner) {
            return Error::invalid(std::string(op) + ": " + v->to_string() + " of scope " +
                                  scope_label(n->scope.get()) + " used in scope " +
                                  scope_label(inner.get()) +
                                  " without conversion (convert it with as_symbol or as_dim)");
        }
    }
    return inner;
}

bool cannot_fail(const IndexExpr& e) {
    const Node* n = Access::node(e);
    if (!n) return false;
    if (n->kind == IndexExprKind::Literal) return true;
    if (n->kind == IndexExprKind::QuestionMark) return !n->may_fail;
    return has_affine_expr(n->kind) && cannot_fail(*n->scope, n->affine);
}

bool cannot_fail(const ScopeImpl& scope, Expr e) {
    if (!scope.any_variable_may_fail()) return true;  // the common case: no walk
    std::vector<bool> used(scope.vars.size(), false);
    collect_variables(e, used);
    for (size_t id = 0; id < used.size() && id < scope.vars.size(); ++id) {
        if (used[id] && scope.vars[id].may_fail) return false;
    }
    return true;
}

bool surely_less(const Interval& a, const Interval& b) {
    if (a.is_empty() || b.is_empty()) return false;
    return !a.hi_is_inf() && !b.lo_is_inf() && a.hi() < b.lo();
}

bool surely_less_equal(const Interval& a, const Interval& b) {
    if (a.is_empty() || b.is_empty()) return false;
    return !a.hi_is_inf() && !b.lo_is_inf() && a.hi() <= b.lo();
}

std::optional<Interval> affine_difference_range(const IndexExpr& a, const IndexExpr& b) {
    if (!a.is_affine() || !b.is_affine()) return std::nullopt;
    ScopeImpl* sa = scope_of(a);
    ScopeImpl* sb = scope_of(b);
    if (sa && sb && sa != sb) return std::nullopt;
    const std::shared_ptr<ScopeImpl>& s = sa ? Access::node(a)->scope : Access::node(b)->scope;
    if (!s) return std::nullopt;
    Context& ctx = *s->ctx;
    Expr ea = a.is_literal() ? ctx.constant(a.literal()) : a.affine_expr();
    Expr eb = b.is_literal() ? ctx.constant(b.literal()) : b.affine_expr();
    Expr d = s->simplify_affine(ea - eb);
    return s->range_of(d);
}

}  // namespace ie_detail
}  // namespace provix
