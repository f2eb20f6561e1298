// The isl grid check of a rule (prover.h): where Z3 answers unknown, the
// rule is decided exactly by isl for every assignment of its divisor and
// factor constants in [-F, F].
//
// Constants are split by role. A constant that occurs in a divisor, in a
// gcd/lcm, as divisible's divisor, or multiplies a non-constant (`c0 * X`,
// `x * c2`) is a *factor* and is enumerated; once factors are fixed every
// side of the rule is quasi-affine in the remaining unknowns. The other
// constants (*offsets*) stay symbolic as isl parameters, together with the
// bounds lb(v) / ub(v); expression and sum variables are set dimensions. For
// each factor assignment that passes the constant part of the condition,
// the set of counterexamples
//
//     { vars : facts ∧ condition ∧ lhs != rhs }   (parameters: offsets, bounds)
//
// must be empty for every value of the parameters; isl decides that exactly.
// Whether each expression and sum variable is defined at the point is
// enumerated too (every combination), as the SMT obligation quantifies it:
// both sides must be defined for the same combinations, and a range or a
// divisibility fact speaks only of a defined variable.

#include <isl/aff.h>
#include <isl/ctx.h>
#include <isl/local_space.h>
#include <isl/options.h>
#include <isl/point.h>
#include <isl/set.h>
#include <isl/space.h>
#include <isl/val.h>

#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "prover_encoding.h"
#include "prover_eval.h"
#include "prover_internal.h"
#include "provix/rules/op_semantics.h"
#include "provix/solvers/prover.h"

namespace provix::solvers::prover {

namespace {

struct CtxFree {
    void operator()(isl_ctx* c) const { isl_ctx_free(c); }
};

/// isl's set where `a op b`, indexed by the outcomes of the comparison `op`
/// (rules::comparison_outcomes: kLess is `<`, kLess | kEqual is `<=`, ...);
/// null for no comparison.
using IslComparison = isl_set* (*)(isl_pw_aff*, isl_pw_aff*);
const IslComparison kIslComparisons[8] = {
    nullptr,           isl_pw_aff_lt_set, isl_pw_aff_eq_set, isl_pw_aff_le_set,
    isl_pw_aff_gt_set, isl_pw_aff_ne_set, isl_pw_aff_ge_set, nullptr};

/// Where a rule variable or bound lives in the isl space.
struct Slot {
    isl_dim_type type = isl_dim_set;
    unsigned pos = 0;
};

class GridChecker {
public:
    GridChecker(const Rule& rule, const ProverOptions& options)
        : r_(rule), opt_(options), factor_(rule.vars.size(), false) {}

    RuleProof run();

private:
    const Node& node(int n) const { return r_.nodes[static_cast<size_t>(n)]; }
    bool is_const_var(int n) const { return node(n).op == Op::ConstVar; }

    void const_vars_of(int n, std::vector<int>& out) const;
    bool has_bounds_or_vars(int n) const;
    bool evaluable(int n) const;
    bool classify(std::string* why);
    void mark_all(int n, bool* changed);

    // ---- isl construction for the current assignment ----------------------
    isl_pw_aff* constant(int64_t v) const;
    isl_pw_aff* slot_aff(const Slot& s) const;
    /// The node as a piecewise quasi-affine function; nullptr after an isl
    /// error; `*undefined` set when a divisor or a constant part is
    /// undefined at this assignment.
    isl_pw_aff* build(int n, bool* undefined);
    /// {point : the condition node is known true} / {... known false}.
    isl_set* truth(int n, bool want_true);
    isl_set* universe() const { return isl_set_universe(isl_space_copy(space_)); }
    isl_set* empty() const { return isl_set_empty(isl_space_copy(space_)); }

    /// Decides one assignment: 1 holds, 0 counterexample found (stored), -1 error.
    int check_instance();
    /// True if every expression and sum variable below node `n` is defined
    /// in the current assignment.
    bool variables_defined(int n) const;
    void enumerate(size_t depth);

    const Rule& r_;
    const ProverOptions& opt_;
    std::vector<bool> factor_;
    std::vector<int> factors_;  // enumeration order (variable indices)
    std::vector<int> offsets_;
    std::vector<bool> lb_used_, ub_used_;
    std::vector<Slot> var_slot_, lb_slot_, ub_slot_;
    enum class CheckKind { Condition, NonZero };
    struct Check {
        int node;
        CheckKind kind;
        int depth;  // index in factors_ of the last factor it needs (-1: none)
    };
    void add_check(int n, CheckKind kind);
    bool passes(int depth) const;
    std::vector<Check> checks_;
    std::unique_ptr<isl_ctx, CtxFree> ctx_;
    isl_space* space_ = nullptr;
    isl_local_space* ls_ = nullptr;
    RulePoint point_;
    int64_t instances_ = 0;
    bool stop_ = false;
    std::string error_;
    std::optional<RuleCounterexample> counterexample_;
};

void GridChecker::const_vars_of(int n, std::vector<int>& out) const {
    const Node& nd = node(n);
    if (nd.op == Op::ConstVar) out.push_back(static_cast<int>(nd.value));
    for (int c : nd.children)
        const_vars_of(c, out);
}

bool GridChecker::has_bounds_or_vars(int n) const {
    const Node& nd = node(n);
    if (nd.op == Op::ExprVar || nd.op == Op::SumVar || nd.op == Op::Lb || nd.op == Op::Ub)
        return true;
    for (int c : nd.children)
        if (has_bounds_or_vars(c)) return true;
    return false;
}

/// A constant part whose value is known once the factors are fixed.
bool GridChecker::evaluable(int n) const {
    const Node& nd = node(n);
    if (nd.op == Op::ConstVar) return factor_[static_cast<size_t>(nd.value)];
    if (nd.op == Op::ExprVar || nd.op == Op::SumVar || nd.op == Op::Lb || nd.op == Op::Ub ||
        nd.op == Op::Divisible)
        return false;
    for (int c : nd.children)
        if (!evaluable(c)) return false;
    return true;
}

void GridChecker::mark_all(int n, bool* changed) {
    std::vector<int> vs;
    const_vars_of(n, vs);
    for (int v : vs) {
        if (!factor_[static_cast<size_t>(v)]) {
            factor_[static_cast<size_t>(v)] = true;
            *changed = true;
        }
    }
}

bool GridChecker::classify(std::string* why) {
    bool changed = true;
    while (changed) {
        changed = false;
        for (size_t i = 0; i < r_.nodes.size(); ++i) {
            const Node& nd = r_.nodes[i];
            switch (nd.op) {
                case Op::FloorDiv:
                case Op::CeilDiv:
                case Op::Mod:
                case Op::Divisible:
                    mark_all(nd.children[1], &changed);
                    break;
                case Op::Gcd:
                case Op::Lcm:
                    mark_all(static_cast<int>(i), &changed);
                    break;
                case Op::Mul: {
                    int a = nd.children[0], b = nd.children[1];
                    if (evaluable(a) || evaluable(b)) break;
                    // Fix the constant operand (the right one if both are).
                    if (!has_bounds_or_vars(b))
                        mark_all(b, &changed);
                    else if (!has_bounds_or_vars(a))
                        mark_all(a, &changed);
                    break;
                }
                default:
                    break;
            }
        }
    }
    for (size_t i = 0; i < r_.nodes.size(); ++i) {
        const Node& nd = r_.nodes[i];
        int n = static_cast<int>(i);
        if (rules::is_division(nd.op) && !evaluable(nd.children[1])) {
            *why = "non-constant divisor in '" + rules::to_string(r_, n) + "'";
            return false;
        }
        if (nd.op == Op::Residue) {
            // An unknown tied to its variable by a congruence, which the
            // grid does not model: such a rule needs an SMT or Coq proof.
            *why = "residue '" + rules::to_string(r_, n) + "' is not modelled";
            return false;
        }
        if (nd.op == Op::Mul && !evaluable(nd.children[0]) && !evaluable(nd.children[1])) {
            *why = "non-linear product '" + rules::to_string(r_, n) + "'";
            return false;
        }
    }
    return true;
}

isl_pw_aff* GridChecker::constant(int64_t v) const {
    return isl_pw_aff_from_aff(isl_aff_val_on_domain(
        isl_local_space_copy(ls_), isl_val_int_from_si(isl_space_get_ctx(space_), v)));
}

isl_pw_aff* GridChecker::slot_aff(const Slot& s) const {
    return isl_pw_aff_var_on_domain(isl_local_space_copy(ls_), s.type, s.pos);
}

isl_pw_aff* GridChecker::build(int n, bool* undefined) {
    if (evaluable(n)) {
        auto v = eval_value(r_, n, point_);
        if (!v) {
            *undefined = true;
            return constant(0);
        }
        return constant(*v);
    }
    const Node& nd = node(n);
    isl_ctx* ctx = isl_space_get_ctx(space_);
    switch (nd.op) {
        case Op::ConstVar:
        case Op::ExprVar:
        case Op::SumVar:
            return slot_aff(var_slot_[static_cast<size_t>(nd.value)]);
        case Op::Lb:
        case Op::Ub: {
            size_t v = static_cast<size_t>(node(nd.children[0]).value);
            return slot_aff(nd.op == Op::Lb ? lb_slot_[v] : ub_slot_[v]);
        }
        case Op::Add: {
            isl_pw_aff* a = build(nd.children[0], undefined);
            isl_pw_aff* b = build(nd.children[1], undefined);
            return isl_pw_aff_add(a, b);
        }
        case Op::Mul: {
            int k = evaluable(nd.children[0]) ? nd.children[0] : nd.children[1];
            int other = k == nd.children[0] ? nd.children[1] : nd.children[0];
            auto v = eval_value(r_, k, point_);
            isl_pw_aff* a = build(other, undefined);
            if (!v) {
                *undefined = true;
                return a;
            }
            return isl_pw_aff_scale_val(a, isl_val_int_from_si(ctx, *v));
        }
        case Op::FloorDiv:
        case Op::CeilDiv:
        case Op::Mod: {
            auto v = eval_value(r_, nd.children[1], point_);
            isl_pw_aff* a = build(nd.children[0], undefined);
            if (!v || *v == 0) {
                *undefined = true;
                return a;
            }
            int64_t d = *v;
            isl_pw_aff* num = isl_pw_aff_copy(a);
            if (d < 0) {
                num = isl_pw_aff_neg(num);
            }
            int64_t m = d < 0 ? -d : d;
            isl_pw_aff* q = isl_pw_aff_scale_down_val(num, isl_val_int_from_si(ctx, m));
            if (nd.op == Op::CeilDiv) {
                isl_pw_aff_free(a);
                return isl_pw_aff_ceil(q);
            }
            q = isl_pw_aff_floor(q);
            if (nd.op == Op::FloorDiv) {
                isl_pw_aff_free(a);
                return q;
            }
            // a mod d == a - d * floor(a / d)
            return isl_pw_aff_sub(a, isl_pw_aff_scale_val(q, isl_val_int_from_si(ctx, d)));
        }
        case Op::Min:
        case Op::Max: {
            isl_pw_aff* a = build(nd.children[0], undefined);
            isl_pw_aff* b = build(nd.children[1], undefined);
            return nd.op == Op::Min ? isl_pw_aff_min(a, b) : isl_pw_aff_max(a, b);
        }
        case Op::Abs: {
            isl_pw_aff* a = build(nd.children[0], undefined);
            isl_pw_aff* minus = isl_pw_aff_neg(isl_pw_aff_copy(a));
            return isl_pw_aff_max(a, minus);
        }
        default:
            break;
    }
    error_ = "cannot translate '" + rules::to_string(r_, n) + "' to isl";
    return nullptr;
}

isl_set* GridChecker::truth(int n, bool want_true) {
    const Node& nd = node(n);
    switch (nd.op) {
        case Op::And:
        case Op::Or: {
            isl_set* a = truth(nd.children[0], want_true);
            isl_set* b = truth(nd.children[1], want_true);
            bool meet = (nd.op == Op::And) == want_true;
            return meet ? isl_set_intersect(a, b) : isl_set_union(a, b);
        }
        case Op::Not:
            return truth(nd.children[0], !want_true);
        case Op::Defined: {
            // Known only true (when defined), never known false.
            size_t v = static_cast<size_t>(node(nd.children[0]).value);
            return want_true && point_.defined[v] ? universe() : empty();
        }
        case Op::Divisible: {
            if (!want_true) return empty();
            // The fact speaks of the points where the variable is defined.
            size_t var = static_cast<size_t>(node(nd.children[0]).value);
            if (!point_.defined[var]) {
                auto k = eval_value(r_, nd.children[1], point_);
                return k && *k != 0 ? universe() : empty();
            }
            auto k = eval_value(r_, nd.children[1], point_);
            if (!k || *k == 0) return empty();
            bool undefined = false;
            isl_pw_aff* v = build(nd.children[0], &undefined);
            if (!v) return nullptr;
            if (undefined) {
                isl_pw_aff_free(v);
                return empty();
            }
            isl_ctx* ctx = isl_space_get_ctx(space_);
            int64_t m = *k < 0 ? -*k : *k;
            isl_pw_aff* q = isl_pw_aff_floor(
                isl_pw_aff_scale_down_val(isl_pw_aff_copy(v), isl_val_int_from_si(ctx, m)));
            isl_pw_aff* mult = isl_pw_aff_scale_val(q, isl_val_int_from_si(ctx, m));
            return isl_pw_aff_eq_set(v, mult);
        }
        default:
            break;
    }
    bool undefined = false;
    isl_pw_aff* a = build(nd.children[0], &undefined);
    isl_pw_aff* b = build(nd.children[1], &undefined);
    if (!a || !b || undefined) {
        bool failed = !a || !b;
        isl_pw_aff_free(a);
        isl_pw_aff_free(b);
        return failed ? nullptr : empty();
    }
    Op op = want_true ? nd.op : rules::negated_comparison(nd.op);
    if (IslComparison compare = kIslComparisons[rules::comparison_outcomes(op)])
        return compare(a, b);
    isl_pw_aff_free(a);
    isl_pw_aff_free(b);
    return nullptr;
}

bool GridChecker::variables_defined(int n) const {
    const Node& nd = node(n);
    if ((nd.op == Op::ExprVar || nd.op == Op::SumVar) &&
        !point_.defined[static_cast<size_t>(nd.value)])
        return false;
    // A bound is an integer wherever its variable is undefined too (the
    // engine's range of an expression is over the points where it is
    // defined): lb(x) is defined at every point.
    if (nd.op == Op::Lb || nd.op == Op::Ub) return true;
    for (int c : nd.children)
        if (!variables_defined(c)) return false;
    return true;
}

int GridChecker::check_instance() {
    ++instances_;
    isl_ctx_reset_operations(ctx_.get());
    bool lhs_zero_divisor = false;
    isl_pw_aff* lhs = build(r_.lhs, &lhs_zero_divisor);
    bool rhs_undefined = false;
    isl_pw_aff* rhs = build(r_.rhs, &rhs_undefined);
    if (!lhs || !rhs) {
        isl_pw_aff_free(lhs);
        isl_pw_aff_free(rhs);
        return -1;
    }
    if (rhs_undefined) {  // a constant part cannot be computed: the engine does not fire
        isl_pw_aff_free(lhs);
        isl_pw_aff_free(rhs);
        return 1;
    }
    const bool lhs_defined = !lhs_zero_divisor && variables_defined(r_.lhs);
    const bool rhs_defined = variables_defined(r_.rhs);
    if (!lhs_defined && !rhs_defined) {  // undefined alike
        isl_pw_aff_free(lhs);
        isl_pw_aff_free(rhs);
        return 1;
    }
    isl_set* set = universe();
    for (size_t v = 0; v < r_.vars.size(); ++v) {
        if (!point_.defined[v]) continue;  // a range holds where v is defined
        if (lb_used_[v])
            set = isl_set_intersect(
                set, isl_pw_aff_le_set(slot_aff(lb_slot_[v]), slot_aff(var_slot_[v])));
        if (ub_used_[v])
            set = isl_set_intersect(
                set, isl_pw_aff_le_set(slot_aff(var_slot_[v]), slot_aff(ub_slot_[v])));
    }
    if (r_.condition >= 0) set = isl_set_intersect(set, truth(r_.condition, true));
    isl_set* mismatch = nullptr;
    if (!r_.is_constraint()) {
        // Defined on one side only: every point is a counterexample.
        mismatch = lhs_defined != rhs_defined ? universe() : isl_pw_aff_ne_set(lhs, rhs);
        if (lhs_defined != rhs_defined) {
            isl_pw_aff_free(lhs);
            isl_pw_aff_free(rhs);
        }
    } else {
        bool bad = false;
        isl_pw_aff* lo = build(r_.lhs_lo, &bad);
        isl_pw_aff* hi = build(r_.lhs_hi, &bad);
        isl_pw_aff* rlo = build(r_.rhs_lo, &bad);
        isl_pw_aff* rhi = build(r_.rhs_hi, &bad);
        if (!lo || !hi || !rlo || !rhi || bad) {
            for (isl_pw_aff* p : {lo, hi, rlo, rhi, lhs, rhs})
                isl_pw_aff_free(p);
            isl_set_free(set);
            return bad ? 1 : -1;
        }
        set = isl_set_intersect(set, isl_pw_aff_le_set(isl_pw_aff_copy(lo), isl_pw_aff_copy(hi)));
        isl_set* l_lo = isl_pw_aff_le_set(lo, isl_pw_aff_copy(lhs));
        isl_set* l_hi = isl_pw_aff_le_set(isl_pw_aff_copy(lhs), hi);
        isl_set* in_l = isl_set_intersect(l_lo, l_hi);
        isl_set* r_lo = isl_pw_aff_le_set(rlo, isl_pw_aff_copy(rhs));
        isl_set* r_hi = isl_pw_aff_le_set(isl_pw_aff_copy(rhs), rhi);
        isl_set* in_r = isl_set_intersect(r_lo, r_hi);
        isl_pw_aff_free(lhs);
        isl_pw_aff_free(rhs);
        // A constraint that is undefined at a point does not hold there.
        if (!lhs_defined) in_l = isl_set_intersect(in_l, empty());
        if (!rhs_defined) in_r = isl_set_intersect(in_r, empty());
        // Sequenced: isl takes ownership of its arguments.
        isl_set* only_l = isl_set_subtract(isl_set_copy(in_l), isl_set_copy(in_r));
        isl_set* only_r = isl_set_subtract(in_r, in_l);
        mismatch = isl_set_union(only_l, only_r);
    }
    set = isl_set_intersect(set, mismatch);
    if (!set) return -1;
    isl_bool is_empty = isl_set_is_empty(set);
    if (is_empty == isl_bool_error) {
        isl_set_free(set);
        return -1;
    }
    if (is_empty == isl_bool_true) {
        isl_set_free(set);
        return 1;
    }
    // A witness: parameters become set dimensions, then any point.
    unsigned nparam = static_cast<unsigned>(isl_set_dim(set, isl_dim_param));
    set = isl_set_move_dims(set, isl_dim_set, 0, isl_dim_param, 0, nparam);
    isl_point* pt = isl_set_sample_point(set);
    if (!pt) return -1;
    RulePoint p = point_;
    auto coordinate = [&](const Slot& s) -> std::optional<int64_t> {
        unsigned pos = s.type == isl_dim_param ? s.pos : nparam + s.pos;
        isl_val* v = isl_point_get_coordinate_val(pt, isl_dim_set, static_cast<int>(pos));
        std::optional<int64_t> out;
        if (v && isl_val_is_int(v) == isl_bool_true)
            out = static_cast<int64_t>(isl_val_get_num_si(v));
        isl_val_free(v);
        return out;
    };
    for (size_t v = 0; v < r_.vars.size(); ++v) {
        if (r_.vars[v].kind != VarKind::Const || !factor_[v]) p.value[v] = coordinate(var_slot_[v]);
        if (lb_used_[v]) p.lb[v] = coordinate(lb_slot_[v]);
        if (ub_used_[v]) p.ub[v] = coordinate(ub_slot_[v]);
    }
    isl_point_free(pt);
    counterexample_ = make_counterexample(r_, p, lb_used_, ub_used_);
    return 0;
}

void GridChecker::enumerate(size_t depth) {
    if (stop_) return;
    if (depth == factors_.size()) {
        int r = check_instance();
        if (r != 1) stop_ = true;
        if (r < 0 && error_.empty()) error_ = "isl error or operation limit";
        return;
    }
    size_t v = static_cast<size_t>(factors_[depth]);
    for (int64_t c = -opt_.factor_limit; c <= opt_.factor_limit && !stop_; ++c) {
        point_.value[v] = c;
        if (passes(static_cast<int>(depth))) enumerate(depth + 1);
    }
    point_.value[v] = std::nullopt;
}

void GridChecker::add_check(int n, CheckKind kind) {
    std::vector<int> vs;
    const_vars_of(n, vs);
    int depth = -1;
    for (int u : vs)
        for (size_t i = 0; i < factors_.size(); ++i)
            if (factors_[i] == u && static_cast<int>(i) > depth) depth = static_cast<int>(i);
    checks_.push_back({n, kind, depth});
}

bool GridChecker::passes(int depth) const {
    for (const Check& c : checks_) {
        if (c.depth != depth) continue;
        if (c.kind == CheckKind::Condition) {
            if (eval_truth(r_, c.node, point_) != Truth::True) return false;
        } else {
            auto v = eval_value(r_, c.node, point_);
            if (!v || *v == 0) return false;
        }
    }
    return true;
}

RuleProof GridChecker::run() {
    RuleProof out;
    out.backend = "isl grid";
    std::string why;
    if (!classify(&why)) {
        out.verdict = RuleVerdict::Unknown;
        out.detail = "not quasi-affine for isl: " + why;
        return out;
    }
    for (size_t v = 0; v < r_.vars.size(); ++v) {
        if (r_.vars[v].kind != VarKind::Const) continue;
        (factor_[v] ? factors_ : offsets_).push_back(static_cast<int>(v));
    }
    used_bounds(r_, lb_used_, ub_used_);

    // The space: parameters = offsets and bounds, set dims = variables.
    var_slot_.assign(r_.vars.size(), Slot{});
    lb_slot_.assign(r_.vars.size(), Slot{});
    ub_slot_.assign(r_.vars.size(), Slot{});
    std::vector<std::string> params, dims;
    for (int v : offsets_) {
        var_slot_[static_cast<size_t>(v)] = {isl_dim_param, static_cast<unsigned>(params.size())};
        params.push_back(r_.vars[static_cast<size_t>(v)].name);
    }
    for (size_t v = 0; v < r_.vars.size(); ++v) {
        const std::string& name = r_.vars[v].name;
        if (lb_used_[v]) {
            lb_slot_[v] = {isl_dim_param, static_cast<unsigned>(params.size())};
            params.push_back("lb_" + name);
        }
        if (ub_used_[v]) {
            ub_slot_[v] = {isl_dim_param, static_cast<unsigned>(params.size())};
            params.push_back("ub_" + name);
        }
    }
    for (size_t v = 0; v < r_.vars.size(); ++v) {
        if (r_.vars[v].kind == VarKind::Const) continue;
        var_slot_[v] = {isl_dim_set, static_cast<unsigned>(dims.size())};
        dims.push_back(r_.vars[v].name);
    }
    ctx_.reset(isl_ctx_alloc());
    isl_options_set_on_error(ctx_.get(), ISL_ON_ERROR_CONTINUE);
    isl_ctx_set_max_operations(ctx_.get(), opt_.isl_max_operations);
    space_ = isl_space_set_alloc(ctx_.get(), static_cast<unsigned>(params.size()),
                                 static_cast<unsigned>(dims.size()));
    for (size_t i = 0; i < params.size(); ++i)
        space_ = isl_space_set_dim_name(space_, isl_dim_param, static_cast<unsigned>(i),
                                        params[i].c_str());
    for (size_t i = 0; i < dims.size(); ++i)
        space_ =
            isl_space_set_dim_name(space_, isl_dim_set, static_cast<unsigned>(i), dims[i].c_str());
    ls_ = isl_local_space_from_space(isl_space_copy(space_));

    // Checks on constants alone, each made as soon as its factors are set:
    // the condition's constant conjuncts and non-zero partition scales (a
    // sum's term has a non-zero coefficient). A left-side divisor of zero
    // is no such check: the matcher binds it (`x floordiv 0` is a node like
    // any other), the left side is undefined there, and the right side must
    // be undefined too.
    std::vector<int> stack;
    if (r_.condition >= 0) stack.push_back(r_.condition);
    while (!stack.empty()) {
        int c = stack.back();
        stack.pop_back();
        if (node(c).op == Op::And) {
            stack.push_back(node(c).children[1]);
            stack.push_back(node(c).children[0]);
        } else if (evaluable(c)) {
            add_check(c, CheckKind::Condition);
        }
    }
    for (int p : partition_constants(r_)) {
        for (size_t i = 0; i < r_.nodes.size(); ++i) {
            const Node& nd = r_.nodes[i];
            if (nd.op == Op::ConstVar && nd.value == p && evaluable(static_cast<int>(i))) {
                add_check(static_cast<int>(i), CheckKind::NonZero);
                break;
            }
        }
    }
    point_ = RulePoint::sized(r_);

    // Every combination of defined / undefined expression and sum variables;
    // checks over literals alone (depth -1) are made once.
    std::vector<size_t> maybe_undefined;
    for (size_t v = 0; v < r_.vars.size(); ++v)
        if (r_.vars[v].kind != VarKind::Const) maybe_undefined.push_back(v);
    if (passes(-1)) {
        for (uint64_t mask = 0; mask < (uint64_t{1} << maybe_undefined.size()) && !stop_; ++mask) {
            for (size_t i = 0; i < maybe_undefined.size(); ++i)
                point_.defined[maybe_undefined[i]] = (mask >> i) & 1 ? 0 : 1;
            enumerate(0);
        }
    }
    isl_local_space_free(ls_);
    isl_space_free(space_);
    ctx_.reset();

    out.grid_instances = instances_;
    std::string grid;
    for (size_t i = 0; i < factors_.size(); ++i)
        grid += (i ? ", " : "") + r_.vars[static_cast<size_t>(factors_[i])].name;
    if (!factors_.empty())
        grid += " in [" + std::to_string(-opt_.factor_limit) + ", " +
                std::to_string(opt_.factor_limit) + "]";
    std::string symbolic;
    for (size_t i = 0; i < offsets_.size(); ++i)
        symbolic += (i ? ", " : "") + r_.vars[static_cast<size_t>(offsets_[i])].name;
    std::string statement = grid.empty() ? "no enumerated constants" : grid;
    if (!symbolic.empty()) statement += "; " + symbolic + " symbolic (all integers)";
    bool bounds = false;
    for (size_t v = 0; v < r_.vars.size(); ++v)
        bounds = bounds || lb_used_[v] || ub_used_[v];
    if (bounds) statement += "; bounds symbolic";
    statement += "; " + std::to_string(instances_) + " instance" + (instances_ == 1 ? "" : "s");
    if (counterexample_) {
        out.verdict = RuleVerdict::Refuted;
        out.counterexample = counterexample_;
        out.detail = statement;
    } else if (!error_.empty()) {
        out.verdict = RuleVerdict::Unknown;
        out.detail = "isl grid failed: " + error_;
    } else if (instances_ == 0) {
        // No assignment of the grid passed the condition: nothing was checked.
        out.verdict = RuleVerdict::Unknown;
        out.detail = "the grid has no instance (" + statement + ")";
    } else {
        out.verdict = RuleVerdict::CheckedGrid;
        out.detail = statement;
    }
    return out;
}

}  // namespace

RuleProof check_rule_on_grid(const Rule& rule, const ProverOptions& options) {
    if (rule.lhs < 0 || rule.rhs < 0) {
        RuleProof p;
        p.detail = "not a parsed rule (no left or right side)";
        return p;
    }
    return GridChecker(rule, options).run();
}

}  // namespace provix::solvers::prover

namespace provix::solvers {

RuleProof check_rule_on_grid(const rules::Rule& rule, const ProverOptions& options) {
    return prover::check_rule_on_grid(rule, options);
}

}  // namespace provix::solvers
