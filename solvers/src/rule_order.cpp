// The reduction-order check of rules (see provix/solvers/rule_order.h).

#include "provix/solvers/rule_order.h"

#include <cstdint>
#include <functional>

#include "provix/rules/op_semantics.h"

namespace provix::solvers {

using rules::Node;
using rules::Op;
using rules::Rule;
using rules::VarKind;

std::string OrderMeasure::to_string() const {
    std::string s = "(";
    for (size_t i = 0; i < value.size(); ++i)
        s += (i ? ", " : "") + std::to_string(value[i]);
    return s + ")";
}

namespace {

// Sign sets: a bit per possible sign.
constexpr int kNeg = 1, kZero = 2, kPos = 4, kAny = 7;

int sign_of(int64_t v) { return v < 0 ? kNeg : v == 0 ? kZero : kPos; }

/// Combines every pair of signs of `a` and `b` with `f(sa, sb)` (a mask).
template <class F>
int combine(int a, int b, F f) {
    int out = 0;
    for (int sa : {kNeg, kZero, kPos})
        for (int sb : {kNeg, kZero, kPos})
            if ((a & sa) && (b & sb)) out |= f(sa, sb);
    return out;
}

/// Possible signs of c given `c op k` (any sign for an operator that is not
/// a comparison).
int signs_allowed(Op op, int64_t k) {
    const unsigned outcomes = rules::comparison_outcomes(op);
    auto possible = [&](int64_t lo, int64_t hi) {  // does [lo, hi] meet {c : c op k}?
        if (outcomes == 0) return true;
        return ((outcomes & rules::kLess) && lo < k) ||
               ((outcomes & rules::kEqual) && lo <= k && k <= hi) ||
               ((outcomes & rules::kGreater) && hi > k);
    };
    int out = 0;
    if (possible(INT64_MIN, -1)) out |= kNeg;
    if (possible(0, 0)) out |= kZero;
    if (possible(1, INT64_MAX)) out |= kPos;
    return out;
}

class OrderChecker {
public:
    explicit OrderChecker(const Rule& rule) : r_(rule), base_(rule.vars.size(), kAny) {}

    OrderCheck run();

private:
    struct VarUse {
        int64_t count = 0;
        int64_t depth = 0;  // summed number of enclosing divisions
    };
    const Node& node(int n) const { return r_.nodes[static_cast<size_t>(n)]; }
    bool is_const(int n) const { return rules::is_constant_subtree(r_, n); }

    void collect_facts(int n);
    void divisor_vars(int n, std::vector<bool>& out) const;
    int sign(int n) const;
    int64_t size(int n) const;
    int64_t mods(int n) const;
    /// Adds the measure of the subtree at `n` to `m`; `lhs` picks the
    /// pessimistic reading of unknown divisor signs. False if a divisor is
    /// zero in the current sign case.
    bool measure(int n, bool lhs, int depth, OrderMeasure& m, std::vector<VarUse>& uses) const;

    const Rule& r_;
    std::vector<int> base_;  // signs allowed by the condition and the matcher
    std::vector<int> sign_;  // signs of the current case
};

void OrderChecker::collect_facts(int n) {
    const Node& nd = node(n);
    if (nd.op == Op::And) {
        for (int c : nd.children)
            collect_facts(c);
        return;
    }
    if (nd.children.size() != 2) return;
    const Node& a = node(nd.children[0]);
    const Node& b = node(nd.children[1]);
    if (a.op == Op::ConstVar && b.op == Op::Literal)
        base_[static_cast<size_t>(a.value)] &= signs_allowed(nd.op, b.value);
    else if (a.op == Op::Literal && b.op == Op::ConstVar)
        base_[static_cast<size_t>(b.value)] &=
            signs_allowed(rules::swapped_comparison(nd.op), a.value);
}

void OrderChecker::divisor_vars(int n, std::vector<bool>& out) const {
    const Node& nd = node(n);
    if (rules::is_division(nd.op)) {
        std::vector<int> stack{nd.children[1]};
        while (!stack.empty()) {
            const Node& d = node(stack.back());
            stack.pop_back();
            if (d.op == Op::ConstVar) out[static_cast<size_t>(d.value)] = true;
            for (int c : d.children)
                stack.push_back(c);
        }
    }
    for (int c : nd.children)
        divisor_vars(c, out);
}

int OrderChecker::sign(int n) const {
    const Node& nd = node(n);
    auto arg = [&](size_t i) { return sign(nd.children[i]); };
    switch (nd.op) {
        case Op::Literal:
            return sign_of(nd.value);
        case Op::ConstVar:
            return sign_[static_cast<size_t>(nd.value)];
        case Op::Add:
            return combine(arg(0), arg(1), [](int a, int b) {
                if (a == kZero) return b;
                if (b == kZero) return a;
                return a == b ? a : kAny;
            });
        case Op::Mul:
            return combine(arg(0), arg(1), [](int a, int b) {
                if (a == kZero || b == kZero) return kZero;
                return a == b ? kPos : kNeg;
            });
        case Op::FloorDiv:
            return combine(arg(0), arg(1), [](int a, int b) {
                if (b == kZero) return 0;  // undefined: no value
                if (a == kZero) return kZero;
                return a == b ? (kZero | kPos) : kNeg;
            });
        case Op::CeilDiv:
            return combine(arg(0), arg(1), [](int a, int b) {
                if (b == kZero) return 0;
                if (a == kZero) return kZero;
                return a == b ? kPos : (kNeg | kZero);
            });
        case Op::Mod:
            return combine(arg(0), arg(1), [](int, int b) {
                if (b == kZero) return 0;
                return b | kZero;
            });
        case Op::Min:
            return combine(arg(0), arg(1), [](int a, int b) { return a < b ? a : b; });
        case Op::Max:
            return combine(arg(0), arg(1), [](int a, int b) { return a > b ? a : b; });
        case Op::Abs:
            return arg(0) == kZero ? kZero : (arg(0) & kZero) | kPos;
        case Op::Gcd:
            return combine(arg(0), arg(1),
                           [](int a, int b) { return a == kZero && b == kZero ? kZero : kPos; });
        case Op::Lcm:
            return combine(arg(0), arg(1),
                           [](int a, int b) { return a == kZero || b == kZero ? kZero : kPos; });
        default:
            return kAny;
    }
}

int64_t OrderChecker::size(int n) const {
    if (is_const(n)) return 1;
    const Node& nd = node(n);
    if (nd.op == Op::SumVar) return 0;
    if (nd.op == Op::ExprVar) return 1;
    int64_t s = 1;
    for (int c : nd.children)
        s += size(c);
    return s;
}

int64_t OrderChecker::mods(int n) const {
    if (is_const(n)) return 0;
    const Node& nd = node(n);
    int64_t m = nd.op == Op::Mod ? 1 : 0;
    for (int c : nd.children)
        m += mods(c);
    return m;
}

bool OrderChecker::measure(int n, bool lhs, int depth, OrderMeasure& m,
                           std::vector<VarUse>& uses) const {
    auto& v = m.value;
    if (is_const(n)) {
        v[6] += 1;
        return true;
    }
    const Node& nd = node(n);
    switch (nd.op) {
        case Op::ExprVar:
        case Op::SumVar: {
            VarUse& u = uses[static_cast<size_t>(nd.value)];
            u.count += 1;
            u.depth += depth;
            if (nd.op == Op::ExprVar) {
                v[6] += 1;
                v[7] += 1;
            }
            return true;
        }
        case Op::FloorDiv:
        case Op::CeilDiv:
        case Op::Mod: {
            v[6] += 1;
            v[1] += 1;
            int divisor = nd.children[1];
            if (is_const(divisor)) {
                int s = sign(divisor) & ~kZero;
                if (s == 0) return false;  // a zero divisor: this case never fires
                bool negative = lhs ? s == kNeg : s != kPos;
                if (negative) v[0] += 1;
            }
            v[2] += mods(nd.children[0]);
            v[3] += size(nd.children[0]);
            return measure(nd.children[0], lhs, depth + 1, m, uses) &&
                   measure(divisor, lhs, depth, m, uses);
        }
        case Op::Mul:
            v[6] += 1;
            if (!is_const(nd.children[0]) && !is_const(nd.children[1])) v[4] += 1;
            break;
        case Op::Min:
        case Op::Max:
            v[6] += 1;
            v[5] += 1;
            break;
        default:
            v[6] += 1;
            break;
    }
    for (int c : nd.children)
        if (!measure(c, lhs, depth, m, uses)) return false;
    return true;
}

OrderCheck OrderChecker::run() {
    OrderCheck out;
    if (r_.condition >= 0) collect_facts(r_.condition);
    // The matcher never binds a zero partition scale, and left divisors
    // of an existing expression are never zero.
    std::vector<bool> split(r_.vars.size(), false);
    divisor_vars(r_.lhs, split);
    divisor_vars(r_.rhs, split);
    for (size_t i = 0; i < r_.nodes.size(); ++i) {
        const Node& nd = r_.nodes[i];
        if (rules::is_division(nd.op)) {
            const Node& d = node(nd.children[1]);
            if (d.op == Op::ConstVar) {
                bool on_left = false;
                std::vector<int> stack{r_.lhs};
                while (!stack.empty() && !on_left) {
                    int k = stack.back();
                    stack.pop_back();
                    on_left = k == static_cast<int>(i);
                    for (int c : node(k).children)
                        stack.push_back(c);
                }
                if (on_left) base_[static_cast<size_t>(d.value)] &= ~kZero;
            }
        }
    }
    // Sign cases: every split variable takes one sign.
    std::vector<int> vars;
    for (size_t v = 0; v < split.size(); ++v)
        if (split[v]) vars.push_back(static_cast<int>(v));
    sign_ = base_;
    std::vector<std::string> failures;
    std::vector<VarUse> lhs_uses, rhs_uses;
    bool any_case = false;
    std::function<void(size_t)> each_case = [&](size_t i) {
        if (i < vars.size()) {
            size_t v = static_cast<size_t>(vars[i]);
            for (int s : {kNeg, kZero, kPos}) {
                if (!(base_[v] & s)) continue;
                sign_[v] = s;
                each_case(i + 1);
            }
            sign_[v] = base_[v];
            return;
        }
        OrderMeasure l, r;
        std::vector<VarUse> lu(r_.vars.size()), ru(r_.vars.size());
        if (!measure(r_.lhs, true, 0, l, lu) || !measure(r_.rhs, false, 0, r, ru)) return;
        any_case = true;
        lhs_uses = lu;
        rhs_uses = ru;
        out.cases.push_back({l, r});
        if (!(r.value < l.value)) {
            std::string where;
            for (int u : vars) {
                int b = base_[static_cast<size_t>(u)];
                if (b == kNeg || b == kZero || b == kPos) continue;  // not a case split
                int s = sign_[static_cast<size_t>(u)];
                where += (where.empty() ? " when " : ", ") + r_.vars[static_cast<size_t>(u)].name +
                         (s == kNeg    ? " < 0"
                          : s == kZero ? " == 0"
                                       : " > 0");
            }
            failures.push_back("left side " + l.to_string() + " is not greater than right side " +
                               r.to_string() + where);
        }
    };
    each_case(0);
    for (size_t v = 0; v < r_.vars.size() && any_case; ++v) {
        if (r_.vars[v].kind == VarKind::Const) continue;
        const std::string& name = r_.vars[v].name;
        if (rhs_uses[v].count > lhs_uses[v].count)
            failures.push_back("variable '" + name + "' occurs " +
                               std::to_string(rhs_uses[v].count) + " times on the right but " +
                               std::to_string(lhs_uses[v].count) + " on the left");
        else if (rhs_uses[v].depth > lhs_uses[v].depth)
            failures.push_back("variable '" + name + "' sits deeper inside dividends on the right");
    }
    if (!any_case) {
        out.ok = true;
        out.message = "no sign case of the constants lets the rule fire";
        return out;
    }
    out.ok = failures.empty();
    if (out.ok) {
        out.message = out.cases[0].first.to_string() + " > " + out.cases[0].second.to_string();
        if (out.cases.size() > 1)
            out.message += " (and " + std::to_string(out.cases.size() - 1) + " more sign cases)";
    } else {
        for (size_t i = 0; i < failures.size(); ++i)
            out.message += (i ? "; " : "") + failures[i];
    }
    return out;
}

}  // namespace

OrderCheck check_reduction_order(const Rule& rule) {
    if (rule.lhs < 0 || rule.rhs < 0) {
        OrderCheck out;
        out.message = "not a parsed rule (no left or right side)";
        return out;
    }
    return OrderChecker(rule).run();
}

}  // namespace provix::solvers
