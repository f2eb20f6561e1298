/// \file
/// IndexExpr comparisons, logic, select, clamp and min/max, folded to literals whenever the
/// operands' ranges decide them.

#include <algorithm>

#include "ie_impl.h"

namespace provix {

namespace {

/// Decides `a op b` from ranges of a and b, if they allow it.
std::optional<bool> decide(RtOp op, const Interval& a, const Interval& b) {
    using ie_detail::surely_less;
    using ie_detail::surely_less_equal;
    switch (op) {
        case RtOp::Lt:
            if (surely_less(a, b)) return true;
            if (surely_less_equal(b, a)) return false;
            break;
        case RtOp::Le:
            if (surely_less_equal(a, b)) return true;
            if (surely_less(b, a)) return false;
            break;
        case RtOp::Gt:
            return decide(RtOp::Lt, b, a);
        case RtOp::Ge:
            return decide(RtOp::Le, b, a);
        case RtOp::Eq:
            if (ie_detail::is_finite_point(a) && a == b) return true;
            if (surely_less(a, b) || surely_less(b, a)) return false;
            break;
        case RtOp::Ne:
            if (auto eq = decide(RtOp::Eq, a, b)) return !*eq;
            break;
        default:
            break;
    }
    return std::nullopt;
}

IndexExpr compare(RtOp op, const IndexExpr& a, const IndexExpr& b) {
    if (auto u = ie_detail::first_undefined({&a, &b})) return *u;
    if (a.is_predicate() || b.is_predicate()) {
        return ie_detail::invalid(std::string(rt_op_spelling(op)) + ": a predicate compared (" +
                                  (a.is_predicate() ? a : b).to_string() + ")");
    }
    auto scope = ie_detail::join_scopes(rt_op_spelling(op), {&a, &b});
    if (!scope) return IndexExpr::undefined(scope.error());
    if (a.is_literal() && b.is_literal()) {
        return IndexExpr::boolean(*apply_rt_op(op, a.literal(), b.literal()) != 0);
    }
    if (a.is_identical(b) && ie_detail::cannot_fail(a)) {
        return IndexExpr::boolean(op == RtOp::Eq || op == RtOp::Le || op == RtOp::Ge);
    }
    // Ranges decide a comparison only where both operands are values: one
    // that may be a run-time error (a division by a value, say) keeps the
    // comparison at run time, where that error reaches the result.
    if (ie_detail::cannot_fail(a) && ie_detail::cannot_fail(b)) {
        if (auto d = decide(op, a.range(), b.range())) return IndexExpr::boolean(*d);
        if (auto diff = ie_detail::affine_difference_range(a, b)) {
            if (auto d = decide(op, *diff, Interval::point(0))) return IndexExpr::boolean(*d);
        }
    }
    return ie_detail::make_runtime_binary(*scope, op, a, b, Interval{0, 1}, true);
}

IndexExpr not_a_predicate(const char* op, const IndexExpr& e) {
    return ie_detail::invalid(std::string(op) + ": operand is not a predicate (" + e.to_string() +
                              ")");
}

/// `&` (is_and) or `|`.
IndexExpr logic(bool is_and, const IndexExpr& a, const IndexExpr& b) {
    const char* name = rt_op_spelling(is_and ? RtOp::And : RtOp::Or);
    if (auto u = ie_detail::first_undefined({&a, &b})) return *u;
    if (!a.is_predicate()) return not_a_predicate(name, a);
    if (!b.is_predicate()) return not_a_predicate(name, b);
    auto scope = ie_detail::join_scopes(name, {&a, &b});
    if (!scope) return IndexExpr::undefined(scope.error());
    // The absorbing literal (false for &, true for |) decides; the other is neutral.
    int64_t absorbing = is_and ? 0 : 1;
    if (a.is_literal()) return a.literal() == absorbing ? a : b;
    if (b.is_literal()) return b.literal() == absorbing ? b : a;
    if (a.is_identical(b)) return a;
    return ie_detail::make_runtime_binary(*scope, is_and ? RtOp::And : RtOp::Or, a, b,
                                          Interval{0, 1}, true);
}

/// True for Undefined values that stand for a run-time error (an overflowed
/// or divided-by-zero constant), which a run-time select may still avoid.
bool is_runtime_error(const IndexExpr& e) {
    const Error* err = e.error();
    return err && (err->kind == Error::Kind::Overflow || err->kind == Error::Kind::DivisionByZero);
}

/// `which` is RtOp::Min or RtOp::Max.
IndexExpr min_max(RtOp which, const IndexExpr& a, const IndexExpr& b) {
    const char* name = rt_op_spelling(which);
    if (auto u = ie_detail::first_undefined({&a, &b})) return *u;
    if (a.is_predicate() || b.is_predicate()) {
        return ie_detail::invalid(std::string(name) + ": a predicate operand (" +
                                  (a.is_predicate() ? a : b).to_string() + ")");
    }
    auto scope = ie_detail::join_scopes(name, {&a, &b});
    if (!scope) return IndexExpr::undefined(scope.error());
    bool is_min = which == RtOp::Min;
    if (a.is_literal() && b.is_literal()) {
        return is_min ? std::min(a.literal(), b.literal()) : std::max(a.literal(), b.literal());
    }
    if (a.is_identical(b)) return a;
    // a <= b decided: min is a, max is b (and symmetrically).
    std::optional<bool> a_le_b;
    if (ie_detail::surely_less_equal(a.range(), b.range())) a_le_b = true;
    if (!a_le_b && ie_detail::surely_less_equal(b.range(), a.range())) a_le_b = false;
    if (!a_le_b) {
        if (auto diff = ie_detail::affine_difference_range(a, b)) {
            if (ie_detail::surely_less_equal(*diff, Interval::point(0))) a_le_b = true;
            if (ie_detail::surely_less_equal(Interval::point(0), *diff)) a_le_b = false;
        }
    }
    Interval range = is_min ? provix::min(a.range(), b.range()) : provix::max(a.range(), b.range());
    if (a_le_b) {
        // The result is `kept` wherever both are values; the other operand
        // is dropped only if it cannot be a run-time error, else the
        // operation runs and its error reaches the result.
        const IndexExpr& kept = (*a_le_b == is_min) ? a : b;
        const IndexExpr& dropped = (*a_le_b == is_min) ? b : a;
        if (ie_detail::cannot_fail(dropped)) return kept;
        range = kept.range();
    }
    return ie_detail::make_runtime_binary(*scope, which, a, b, range, false);
}

IndexExpr min_max_list(RtOp which, const std::vector<IndexExpr>& values) {
    if (values.empty()) {
        return ie_detail::invalid(std::string(rt_op_spelling(which)) + " of an empty list");
    }
    IndexExpr r = values[0];
    for (size_t i = 1; i < values.size(); ++i)
        r = min_max(which, r, values[i]);
    return r;
}

}  // namespace

IndexExpr operator==(const IndexExpr& a, const IndexExpr& b) { return compare(RtOp::Eq, a, b); }
IndexExpr operator!=(const IndexExpr& a, const IndexExpr& b) { return compare(RtOp::Ne, a, b); }
IndexExpr operator<(const IndexExpr& a, const IndexExpr& b) { return compare(RtOp::Lt, a, b); }
IndexExpr operator<=(const IndexExpr& a, const IndexExpr& b) { return compare(RtOp::Le, a, b); }
IndexExpr operator>(const IndexExpr& a, const IndexExpr& b) { return compare(RtOp::Gt, a, b); }
IndexExpr operator>=(const IndexExpr& a, const IndexExpr& b) { return compare(RtOp::Ge, a, b); }

IndexExpr operator&(const IndexExpr& a, const IndexExpr& b) { return logic(true, a, b); }
IndexExpr operator|(const IndexExpr& a, const IndexExpr& b) { return logic(false, a, b); }

IndexExpr operator!(const IndexExpr& a) {
    if (a.is_undefined()) return a;
    if (!a.is_predicate()) return not_a_predicate("!", a);
    if (a.is_literal()) return IndexExpr::boolean(a.literal() == 0);
    ScopeImpl* s = ie_detail::scope_of(a);
    if (!s || s->is_analysis()) {
        return ie_detail::make_question_mark(Interval{0, 1}, true, !ie_detail::cannot_fail(a));
    }
    RtValue v = s->builder->logical_not(*a.value());
    return ie_detail::make_runtime(Access::node(a)->scope, v, {0, 1}, true);
}

IndexExpr IndexExpr::select(const IndexExpr& cond, const IndexExpr& if_true,
                            const IndexExpr& if_false) {
    if (cond.is_undefined()) return cond;
    if (!cond.is_predicate()) return not_a_predicate("select", cond);
    if (cond.is_literal()) return cond.literal() != 0 ? if_true : if_false;
    // A misuse (not a run-time error) in a branch is reported as is.
    for (const IndexExpr* branch : {&if_true, &if_false}) {
        if (branch->is_undefined() && !is_runtime_error(*branch)) return *branch;
    }
    if (if_true.is_identical(if_false)) return if_true;
    bool t_def = if_true.is_defined();
    bool f_def = if_false.is_defined();
    if (t_def && f_def && if_true.is_predicate() != if_false.is_predicate()) {
        return ie_detail::invalid("select: a predicate and an integer branch (" +
                                  if_true.to_string() + ", " + if_false.to_string() + ")");
    }
    bool predicate = (t_def && if_true.is_predicate()) || (f_def && if_false.is_predicate());
    if (predicate && if_true.is_literal() && if_false.is_literal()) {
        // select(c, true, false) is c; select(c, false, true) is !c.
        return if_true.literal() ? cond : !cond;
    }
    auto scope = ie_detail::join_scopes("select", {&cond, &if_true, &if_false});
    if (!scope) return IndexExpr::undefined(scope.error());
    Interval range = Interval::empty();
    if (t_def) range = range.hull(if_true.range());
    if (f_def) range = range.hull(if_false.range());
    const std::shared_ptr<ScopeImpl>& s = *scope;
    if (!s || s->is_analysis()) {
        // It fails where the condition or the branch it takes does.
        const bool may_fail = !ie_detail::cannot_fail(cond) || !ie_detail::cannot_fail(if_true) ||
                              !ie_detail::cannot_fail(if_false);
        return ie_detail::make_question_mark(range, predicate, may_fail);
    }
    Result<RtValue> vc = materialize(cond, *s->builder);
    if (!vc) return IndexExpr::undefined(vc.error());
    Result<RtValue> vt = materialize(if_true, *s->builder);
    if (!vt) return IndexExpr::undefined(vt.error());
    Result<RtValue> vf = materialize(if_false, *s->builder);
    if (!vf) return IndexExpr::undefined(vf.error());
    return ie_detail::make_runtime(s, s->builder->select(*vc, *vt, *vf), range, predicate);
}

IndexExpr IndexExpr::select_or_self(const IndexExpr& cond, const IndexExpr& value) const {
    return select(cond, value, *this);
}

IndexExpr IndexExpr::clamp(const IndexExpr& lo, const IndexExpr& hi) const {
    return select(*this < lo, lo, select(*this > hi, hi, *this));
}

IndexExpr IndexExpr::min(const IndexExpr& a, const IndexExpr& b) {
    return min_max(RtOp::Min, a, b);
}

IndexExpr IndexExpr::max(const IndexExpr& a, const IndexExpr& b) {
    return min_max(RtOp::Max, a, b);
}

IndexExpr IndexExpr::min(const std::vector<IndexExpr>& values) {
    return min_max_list(RtOp::Min, values);
}

IndexExpr IndexExpr::max(const std::vector<IndexExpr>& values) {
    return min_max_list(RtOp::Max, values);
}

}  // namespace provix
