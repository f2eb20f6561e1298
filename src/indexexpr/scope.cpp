/// \file
/// IndexExprScope: variables, run-time inputs, crossing scopes, printing.

#include <ostream>

#include "ie_impl.h"

namespace provix {

namespace ie_detail {

bool ScopeImpl::encloses(const ScopeImpl* inner) const {
    for (const ScopeImpl* s = inner; s; s = s->parent.get()) {
        if (s == this) return true;
    }
    return false;
}

int64_t ScopeImpl::add_var(bool is_dim, std::string name, Interval bounds,
                           std::optional<RtValue> value) {
    ScopeVar v;
    v.is_dim = is_dim;
    v.rank = is_dim ? num_dims++ : num_symbols++;
    v.name = std::move(name);
    v.bounds = bounds;
    v.value = value;
    vars.push_back(std::move(v));
    return static_cast<int64_t>(vars.size()) - 1;
}

std::string ScopeImpl::var_name(int64_t id) const {
    if (id < 0 || id >= static_cast<int64_t>(vars.size())) return "v" + std::to_string(id);
    const ScopeVar& v = vars[static_cast<size_t>(id)];
    return (v.is_dim ? "d" : "s") + std::to_string(v.rank);
}

std::vector<Interval> ScopeImpl::bounds() const {
    std::vector<Interval> out;
    out.reserve(vars.size());
    for (const ScopeVar& v : vars)
        out.push_back(v.bounds);
    return out;
}

std::string ScopeImpl::print(Expr e) const {
    return provix::to_string(e, [this](int64_t id) { return var_name(id); });
}

}  // namespace ie_detail

// ---- IndexExprScope ---------------------------------------------------------

IndexExprScope::IndexExprScope(std::shared_ptr<ie_detail::ScopeImpl> impl)
    : impl_(std::move(impl)) {}

IndexExprScope::IndexExprScope(Context& ctx, IndexExprBuilder& builder)
    : impl_(std::make_shared<ScopeImpl>()) {
    impl_->ctx = &ctx;
    impl_->builder = &builder;
    impl_->next_id = std::make_shared<int64_t>(1);
}

IndexExprScope::IndexExprScope(const IndexExprScope* parent)
    : impl_(std::make_shared<ScopeImpl>()) {
    const std::shared_ptr<ScopeImpl>& p = parent->impl_;
    impl_->ctx = p->ctx;
    impl_->builder = p->builder;
    impl_->parent = p;
    impl_->depth = p->depth + 1;
    impl_->next_id = p->next_id;
    impl_->id = (*p->next_id)++;
}

bool IndexExprScope::is_analysis() const { return impl_->is_analysis(); }
Context& IndexExprScope::context() const { return *impl_->ctx; }
IndexExprBuilder& IndexExprScope::builder() const { return *impl_->builder; }
int IndexExprScope::depth() const { return impl_->depth; }
int64_t IndexExprScope::id() const { return impl_->id; }
int64_t IndexExprScope::num_dims() const { return impl_->num_dims; }
int64_t IndexExprScope::num_symbols() const { return impl_->num_symbols; }

bool IndexExprScope::encloses(const IndexExprScope& other) const {
    return impl_->encloses(other.impl_.get());
}

std::vector<std::string> IndexExprScope::variable_names() const {
    std::vector<std::string> out;
    for (size_t i = 0; i < impl_->vars.size(); ++i) {
        out.push_back(impl_->var_name(static_cast<int64_t>(i)));
    }
    return out;
}

std::vector<Interval> IndexExprScope::variable_bounds() const { return impl_->bounds(); }

Result<RtValue> IndexExprScope::variable_value(int64_t id) const {
    if (impl_->is_analysis()) return Error::invalid("variable_value: an analysis scope");
    if (id < 0 || id >= static_cast<int64_t>(impl_->vars.size())) {
        return Error::invalid("variable_value: no variable " + std::to_string(id));
    }
    return impl_->lower(impl_->ctx->variable(id));
}

namespace {

IndexExpr make_input(const std::shared_ptr<ScopeImpl>& s, bool is_dim, const std::string& name,
                     const Interval& bounds) {
    if (bounds.is_empty()) {
        return ie_detail::invalid("input " + name + ": empty bounds " + to_string(bounds));
    }
    if (s->is_analysis()) return IndexExpr::question_mark(name, bounds);
    auto it = s->inputs.find(name);
    if (it != s->inputs.end()) return ie_detail::make_var(s, it->second);
    RtValue v = s->builder->input(name, bounds);
    int64_t id = s->add_var(is_dim, name, bounds, v);
    s->inputs.emplace(name, id);
    return ie_detail::make_var(s, id);
}

/// `v` checked against `bounds` at run time: an error value outside them.
RtValue checked_value(IndexExprBuilder& b, RtValue v, const Interval& bounds) {
    RtValue outside;
    if (!bounds.lo_is_inf()) outside = b.binary(RtOp::Lt, v, b.constant(bounds.lo()));
    if (!bounds.hi_is_inf()) {
        RtValue above = b.binary(RtOp::Gt, v, b.constant(bounds.hi()));
        outside = outside.valid() ? b.binary(RtOp::Or, outside, above) : above;
    }
    if (!outside.valid()) return v;
    return b.select(outside, b.error(Error::Kind::Invalid), v);
}

IndexExpr make_from_value(const std::shared_ptr<ScopeImpl>& s, bool is_dim, RtValue v,
                          const Interval& bounds, const std::string& name) {
    const char* what = is_dim ? "dim" : "symbol";
    if (s->is_analysis()) {
        return ie_detail::invalid(std::string(what) +
                                  ": run-time values need a code-generation "
                                  "scope (analysis mode has none)");
    }
    if (!v.valid()) return ie_detail::invalid(std::string(what) + ": invalid run-time value");
    if (bounds.is_empty()) {
        return ie_detail::invalid(std::string(what) + ": empty bounds " + to_string(bounds));
    }
    RtValue checked = checked_value(*s->builder, v, bounds);
    std::string label = name.empty() ? s->builder->describe(v) : name;
    const int64_t id = s->add_var(is_dim, label, bounds, checked);
    // The builder's value may be an error value (a division by zero before).
    s->vars[static_cast<size_t>(id)].may_fail = true;
    return ie_detail::make_var(s, id);
}

IndexExpr convert(const std::shared_ptr<ScopeImpl>& s, const IndexExpr& value, bool to_dim) {
    const char* what = to_dim ? "as_dim" : "as_symbol";
    if (value.is_undefined() || value.is_question_mark()) return value;
    if (value.is_predicate()) {
        return ie_detail::invalid(std::string(what) + ": a predicate cannot become a variable (" +
                                  value.to_string() + ")");
    }
    if (value.is_literal()) return value;
    const Node* n = Access::node(value);
    const std::shared_ptr<ScopeImpl>& from = n->scope;
    if (!from->encloses(s.get())) {
        return ie_detail::invalid(std::string(what) + ": " + value.to_string() + " of scope #" +
                                  std::to_string(from->id) + " is not visible in scope #" +
                                  std::to_string(s->id) +
                                  " (only values of this scope or enclosing ones convert)");
    }
    if (from == s && ((to_dim && value.is_dim()) || (!to_dim && value.is_symbol()))) return value;
    bool affine = ie_detail::has_affine_expr(n->kind);
    int64_t key = affine ? static_cast<int64_t>(n->affine.id()) : -1 - n->value.id;
    auto memo_key = std::make_pair(to_dim, std::make_pair(from->id, key));
    auto it = s->conversions.find(memo_key);
    if (it != s->conversions.end()) return ie_detail::make_var(s, it->second);

    std::string label = "#" + std::to_string(from->id) + " " +
                        (affine ? from->print(n->affine) : from->builder->describe(n->value));
    std::optional<RtValue> rt;
    if (!affine) rt = n->value;
    const bool may_fail = !ie_detail::cannot_fail(value);
    int64_t id = s->add_var(to_dim, label, value.range(), rt);
    ScopeVar& var = s->vars[static_cast<size_t>(id)];
    var.may_fail = may_fail;
    if (affine) {
        if (from == s) {
            var.self_origin = n->affine;
        } else {
            var.origin = value;
        }
    }
    s->conversions.emplace(memo_key, id);
    return ie_detail::make_var(s, id);
}

}  // namespace

IndexExpr IndexExprScope::input_dim(const std::string& name, const Interval& bounds) {
    return make_input(impl_, true, name, bounds);
}

IndexExpr IndexExprScope::input_symbol(const std::string& name, const Interval& bounds) {
    return make_input(impl_, false, name, bounds);
}

namespace {

IndexExpr shape_entry(const std::shared_ptr<ScopeImpl>& s, const TensorShape& shape, size_t i,
                      bool is_dim) {
    if (i >= shape.dims.size()) {
        return ie_detail::invalid("shape of " + shape.name + ": dimension " + std::to_string(i) +
                                  " of a rank-" + std::to_string(shape.dims.size()) + " shape");
    }
    int64_t d = shape.dims[i];
    if (d >= 0) return IndexExpr(d);
    if (d != -1) {
        return ie_detail::invalid("shape of " + shape.name + ": bad size " + std::to_string(d) +
                                  " (sizes are >= 0, or -1 for unknown)");
    }
    std::string name = "dim(" + shape.name + ", " + std::to_string(i) + ")";
    return make_input(s, is_dim, name, dim_size_bounds());
}

}  // namespace

IndexExpr IndexExprScope::shape_dim(const TensorShape& shape, size_t i) {
    return shape_entry(impl_, shape, i, true);
}

IndexExpr IndexExprScope::shape_symbol(const TensorShape& shape, size_t i) {
    return shape_entry(impl_, shape, i, false);
}

IndexExprList IndexExprScope::shape_dims(const TensorShape& shape) {
    IndexExprList out;
    for (size_t i = 0; i < shape.dims.size(); ++i)
        out.push_back(shape_dim(shape, i));
    return out;
}

IndexExpr IndexExprScope::array_symbol(const IntArray& array, size_t i) {
    if (i >= array.values.size()) {
        return ie_detail::invalid("array " + array.name + ": element " + std::to_string(i) +
                                  " of " + std::to_string(array.values.size()));
    }
    if (array.values[i]) return IndexExpr(*array.values[i]);
    return input_symbol(array.name + "[" + std::to_string(i) + "]");
}

IndexExprList IndexExprScope::array_symbols(const IntArray& array) {
    IndexExprList out;
    for (size_t i = 0; i < array.values.size(); ++i)
        out.push_back(array_symbol(array, i));
    return out;
}

IndexExpr IndexExprScope::dim(RtValue value, const Interval& bounds, const std::string& name) {
    return make_from_value(impl_, true, value, bounds, name);
}

IndexExpr IndexExprScope::symbol(RtValue value, const Interval& bounds, const std::string& name) {
    return make_from_value(impl_, false, value, bounds, name);
}

IndexExpr IndexExprScope::as_symbol(const IndexExpr& value) { return convert(impl_, value, false); }

IndexExpr IndexExprScope::as_dim(const IndexExpr& value) { return convert(impl_, value, true); }

std::string IndexExprScope::to_string() const {
    const ScopeImpl& s = *impl_;
    auto count = [](int64_t n, const char* word) {
        return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
    };
    std::string out = "scope #" + std::to_string(s.id) + " (" +
                      (s.is_analysis() ? "analysis" : "code generation");
    if (s.parent) out += ", in #" + std::to_string(s.parent->id);
    out += "): " + count(s.num_dims, "dim") + ", " + count(s.num_symbols, "symbol") + "\n";
    for (size_t i = 0; i < s.vars.size(); ++i) {
        const ScopeVar& v = s.vars[i];
        out += "  " + s.var_name(static_cast<int64_t>(i)) + " = " + v.name + " in " +
               provix::to_string(v.bounds);
        if (v.value) out += ": " + s.builder->describe(*v.value);
        out += "\n";
    }
    return out;
}

void IndexExprScope::debug_print(std::ostream& os, const std::string& msg) const {
    os << msg << ": " << to_string();
}

}  // namespace provix
