// SymbolicMap: dims and symbols over one id space, results as uniqued
// expressions. All rebuilding goes through `substitute`, so results of
// replace/compose/compress are canonical.

#include "provix/symbolic_map.h"

#include <ostream>
#include <string>
#include <utility>

#include "expr_dag.h"
#include "provix/semantics.h"

namespace provix {

namespace {

// An error if `e` is null, from another context, or uses a variable id at
// or above `num_vars`.
Result<bool> check_expr(Context& ctx, Expr e, int64_t num_vars, const char* what) {
    std::string problem = detail::map_expr_problem(&ctx, e, num_vars);
    if (!problem.empty()) return Error::invalid(std::string(what) + ": " + problem);
    return true;
}

// used[id] is true for every variable id some result uses.
/// Every expression of `exprs` with variable i replaced by `repl[i]`.
std::vector<Expr> substituted(const ResultExprs& exprs, const std::vector<Expr>& repl) {
    std::vector<Expr> out;
    out.reserve(exprs.size());
    for (Expr e : exprs)
        out.push_back(substitute(e, repl));
    return out;
}

std::vector<bool> used_ids(const ResultExprs& results) {
    std::vector<bool> used;
    for (Expr r : results)
        detail::collect_variables_dag(r, used);
    return used;
}

}  // namespace

SymbolicMap SymbolicMap::create(Context& ctx, int64_t num_dims, int64_t num_symbols,
                                std::vector<Expr> results) {
    SymbolicMap m;
    m.ctx_ = &ctx;
    m.num_dims_ = num_dims;
    m.num_symbols_ = num_symbols;
    m.results_.assign(results.begin(), results.end());
    return m;
}

Result<SymbolicMap> SymbolicMap::get(Context& ctx, int64_t num_dims, int64_t num_symbols,
                                     std::vector<Expr> results) {
    if (num_dims < 0 || num_symbols < 0) {
        return Error::invalid("SymbolicMap::get: negative variable count");
    }
    if (num_dims > kInt64Max - num_symbols) {
        return Error::invalid("SymbolicMap::get: more variables than int64 counts");
    }
    for (Expr r : results) {
        Result<bool> ok = check_expr(ctx, r, num_dims + num_symbols, "SymbolicMap::get");
        if (!ok) return ok.error();
    }
    return create(ctx, num_dims, num_symbols, std::move(results));
}

SymbolicMap SymbolicMap::identity(Context& ctx, int64_t num_dims) {
    if (num_dims < 0) detail::precondition_failed("SymbolicMap::identity", "negative dim count");
    std::vector<Expr> results;
    results.reserve(static_cast<size_t>(num_dims));
    for (int64_t i = 0; i < num_dims; ++i)
        results.push_back(ctx.variable(i));
    return create(ctx, num_dims, 0, std::move(results));
}

Expr SymbolicMap::result(int64_t i) const {
    if (i < 0 || i >= num_results()) {
        detail::precondition_failed("SymbolicMap::result", "no result " + std::to_string(i));
    }
    return results_[static_cast<size_t>(i)];
}

void SymbolicMap::set_result(int64_t i, Expr e) {
    if (i < 0 || i >= num_results()) {
        detail::precondition_failed("SymbolicMap::set_result", "no result " + std::to_string(i));
    }
    // map_expr_problem's conditions, tested here first so that the usual
    // valid expression makes no string; map_expr_problem words the failure.
    const int64_t num_vars = num_dims_ + num_symbols_;
    if (!e || &e.context() != ctx_ || detail::num_variables_used_dag(e) > num_vars) {
        detail::precondition_failed("SymbolicMap::set_result",
                                    detail::map_expr_problem(ctx_, e, num_vars));
    }
    results_[static_cast<size_t>(i)] = e;
}

Expr SymbolicMap::dim(int64_t i) const {
    if (i < 0 || i >= num_dims_) {
        detail::precondition_failed("SymbolicMap::dim", "no dimension " + std::to_string(i));
    }
    return ctx_->variable(i);
}

Expr SymbolicMap::symbol(int64_t i) const {
    if (i < 0 || i >= num_symbols_) {
        detail::precondition_failed("SymbolicMap::symbol", "no symbol " + std::to_string(i));
    }
    return ctx_->variable(num_dims_ + i);
}

Result<SymbolicMap> SymbolicMap::replace_dims_and_symbols(const std::vector<Expr>& new_dims,
                                                          const std::vector<Expr>& new_symbols,
                                                          int64_t num_new_dims,
                                                          int64_t num_new_symbols) const {
    const char* what = "SymbolicMap::replace_dims_and_symbols";
    if (static_cast<int64_t>(new_dims.size()) != num_dims_ ||
        static_cast<int64_t>(new_symbols.size()) != num_symbols_) {
        return Error::invalid(std::string(what) + ": expected " + std::to_string(num_dims_) +
                              " dim and " + std::to_string(num_symbols_) +
                              " symbol replacements, got " + std::to_string(new_dims.size()) +
                              " and " + std::to_string(new_symbols.size()));
    }
    if (num_new_dims < 0 || num_new_symbols < 0) {
        return Error::invalid(std::string(what) + ": negative variable count");
    }
    if (!ctx_) {  // a default-constructed map: no results to rewrite
        SymbolicMap m;
        m.num_dims_ = num_new_dims;
        m.num_symbols_ = num_new_symbols;
        return m;
    }
    std::vector<Expr> replacements = new_dims;
    replacements.insert(replacements.end(), new_symbols.begin(), new_symbols.end());
    for (Expr r : replacements) {
        Result<bool> ok = check_expr(*ctx_, r, num_new_dims + num_new_symbols, what);
        if (!ok) return ok.error();
    }
    return create(*ctx_, num_new_dims, num_new_symbols, substituted(results_, replacements));
}

Result<SymbolicMap> SymbolicMap::compose(const SymbolicMap& other) const {
    if (num_dims_ != other.num_results()) {
        return Error::invalid("SymbolicMap::compose: this map has " + std::to_string(num_dims_) +
                              " dims but the other map has " + std::to_string(other.num_results()) +
                              " results");
    }
    if (ctx_ != other.ctx_) return Error::invalid("SymbolicMap::compose: two contexts");
    if (!ctx_) return *this;  // two default-constructed maps
    const int64_t od = other.num_dims();
    const int64_t new_symbols = num_symbols_ + other.num_symbols();
    // other's symbols move behind this map's symbols.
    std::vector<Expr> other_repl;
    other_repl.reserve(static_cast<size_t>(od + other.num_symbols()));
    for (int64_t i = 0; i < od; ++i)
        other_repl.push_back(ctx_->variable(i));
    for (int64_t j = 0; j < other.num_symbols(); ++j) {
        other_repl.push_back(ctx_->variable(od + num_symbols_ + j));
    }
    std::vector<Expr> repl = substituted(other.results(), other_repl);
    for (int64_t j = 0; j < num_symbols_; ++j)
        repl.push_back(ctx_->variable(od + j));
    return create(*ctx_, od, new_symbols, substituted(results_, repl));
}

SymbolicMap SymbolicMap::compress_ids(int64_t first, int64_t count,
                                      std::vector<int64_t>* kept) const {
    const int64_t total = num_dims_ + num_symbols_;
    std::vector<bool> used = used_ids(results_);
    used.resize(static_cast<size_t>(total), false);
    std::vector<Expr> repl;
    std::vector<int64_t> kept_ids;
    int64_t next = 0;
    for (int64_t id = 0; id < total; ++id) {
        if (id < first || id >= first + count) {
            repl.push_back(ctx_->variable(next++));
        } else if (used[static_cast<size_t>(id)]) {
            kept_ids.push_back(id - first);
            repl.push_back(ctx_->variable(next++));
        } else {
            repl.push_back(ctx_->constant(0));  // never occurs in a result
        }
    }
    if (kept) *kept = kept_ids;
    const int64_t dropped = count - static_cast<int64_t>(kept_ids.size());
    if (dropped == 0) return *this;
    const bool dims = first == 0;
    return create(*ctx_, num_dims_ - (dims ? dropped : 0), num_symbols_ - (dims ? 0 : dropped),
                  substituted(results_, repl));
}

SymbolicMap SymbolicMap::compress_dims(std::vector<int64_t>* kept) const {
    return compress_ids(0, num_dims_, kept);
}

SymbolicMap SymbolicMap::compress_symbols(std::vector<int64_t>* kept) const {
    return compress_ids(num_dims_, num_symbols_, kept);
}

bool SymbolicMap::is_dim_used(int64_t i) const {
    if (i < 0 || i >= num_dims_) return false;
    for (Expr r : results_) {
        if (detail::uses_variable_dag(r, i)) return true;
    }
    return false;
}

bool SymbolicMap::is_symbol_used(int64_t i) const {
    if (i < 0 || i >= num_symbols_) return false;
    for (Expr r : results_) {
        if (detail::uses_variable_dag(r, num_dims_ + i)) return true;
    }
    return false;
}

Result<std::vector<int64_t>> SymbolicMap::evaluate(const std::vector<int64_t>& dims,
                                                   const std::vector<int64_t>& symbols) const {
    if (static_cast<int64_t>(dims.size()) != num_dims_ ||
        static_cast<int64_t>(symbols.size()) != num_symbols_) {
        return Error::invalid("SymbolicMap::evaluate: expected " + std::to_string(num_dims_) +
                              " dims and " + std::to_string(num_symbols_) + " symbols, got " +
                              std::to_string(dims.size()) + " and " +
                              std::to_string(symbols.size()));
    }
    std::vector<int64_t> values = dims;
    values.insert(values.end(), symbols.begin(), symbols.end());
    std::vector<int64_t> out;
    out.reserve(results_.size());
    for (Expr r : results_) {
        Result<int64_t> v = provix::evaluate(r, values);
        if (!v) return v.error();
        out.push_back(*v);
    }
    return out;
}

bool SymbolicMap::operator==(const SymbolicMap& o) const {
    return ctx_ == o.ctx_ && num_dims_ == o.num_dims_ && num_symbols_ == o.num_symbols_ &&
           results_ == o.results_;
}

std::string SymbolicMap::to_string() const {
    const int64_t nd = num_dims_;
    VariableNamer namer = [nd](int64_t id) {
        return id < nd ? "d" + std::to_string(id) : "s" + std::to_string(id - nd);
    };
    std::string out = "(";
    for (int64_t i = 0; i < num_dims_; ++i) {
        if (i) out += ", ";
        out += namer(i);
    }
    out += ")";
    if (num_symbols_ > 0) {
        out += "[";
        for (int64_t j = 0; j < num_symbols_; ++j) {
            if (j) out += ", ";
            out += namer(nd + j);
        }
        out += "]";
    }
    out += " -> (";
    for (size_t i = 0; i < results_.size(); ++i) {
        if (i) out += ", ";
        out += provix::to_string(results_[i], namer);
    }
    out += ")";
    return out;
}

std::ostream& operator<<(std::ostream& os, const SymbolicMap& m) { return os << m.to_string(); }

}  // namespace provix
