// The Z3 back end: every expression over unbounded integers. The formulas
// are the obligations of obligations.cpp (also exported as SMT-LIB), built as
// Z3 terms: floor division spelled out on top of Z3's Euclidean `div`
// (⌊a / b⌋ = div(a, b) for b > 0 and div(-a, -b) for b < 0), zero divisors
// excluded by the definedness terms. Each solver call gets a fresh solver
// with the `rlimit` parameter, so answers are reproducible.
//
// Wall-clock limits (the decision's deadline, the per-call safeguard) never
// use Z3's own `timeout` parameter: in Z3 4.8 its timer pool can deadlock
// when a timer fires while a tactic's nested timer starts. Our watchdog
// thread calls `Z3_interrupt` instead, and since an interrupt may leave the
// context canceled, each decision gets a fresh context; once the watchdog
// has fired, every later call of that decision answers unknown.

#include <z3++.h>

#include <algorithm>
#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "isolated_call.h"
#include "isolated_oracle.h"
#include "obligations.h"
#include "oracle_base.h"
#include "provix/solvers/smtlib.h"
#include "watchdog.h"

namespace provix::solvers {
namespace {

using detail::EncodedMap;
using detail::ExprEncoder;
using detail::named;
using detail::Obligation;
using detail::Role;
using detail::unknown;
using detail::Watchdog;
using formula::Op;
using formula::Term;

/// The answer of one solver call.
struct Check {
    z3::check_result result = z3::unknown;
    std::string reason;
    std::optional<z3::model> model;
};

/// Signed 128-bit arithmetic for the range search (values are kept within
/// ±2^120, far from overflow).
using Wide = __int128;
constexpr int kWideBits = 120;

std::string wide_text(Wide v) {
    if (v == 0) return "0";
    bool negative = v < 0;
    unsigned __int128 u =
        negative ? -static_cast<unsigned __int128>(v) : static_cast<unsigned __int128>(v);
    std::string s;
    while (u) {
        s.insert(s.begin(), static_cast<char>('0' + static_cast<int>(u % 10)));
        u /= 10;
    }
    return negative ? "-" + s : s;
}

/// Parses decimal text with |value| < 2^kWideBits; nullopt otherwise.
std::optional<Wide> parse_wide(const std::string& text) {
    if (text.empty()) return std::nullopt;
    size_t i = text[0] == '-' ? 1 : 0;
    if (i == text.size() || text.size() - i > 36) return std::nullopt;
    Wide v = 0;
    for (; i < text.size(); ++i) {
        if (text[i] < '0' || text[i] > '9') return std::nullopt;
        v = v * 10 + (text[i] - '0');
    }
    if (v >= (Wide(1) << kWideBits)) return std::nullopt;
    return text[0] == '-' ? -v : v;
}

/// The most instances a bounded quantifier is expanded into.
constexpr int64_t kMaxInstances = 4096;
/// Quantifiers with at most this many instances are expanded before the
/// quantified form is tried.
constexpr int64_t kEagerInstances = 64;

class Z3Oracle final : public detail::OracleBase {
public:
    explicit Z3Oracle(const Limits& limits) : OracleBase(limits), limits_(limits) {}

    std::string name() const override { return "z3"; }
    bool supports(const IndexingMap& map) const override { return !map.is_undefined(); }

protected:
    Decision decide_pointwise(const IndexingMap& a, const IndexingMap& b) override {
        return run(Query::equivalent_pointwise(a, b));
    }
    Decision decide_relational(const IndexingMap& a, const IndexingMap& b) override {
        return run(Query::equivalent(a, b));
    }
    Decision decide_empty(const IndexingMap& m) override { return run(Query::empty(m)); }
    Decision decide_implies(const IndexingMap& m, const Constraint& c) override {
        return run(Query::implies(m, c));
    }

    RangeDecision decide_range(const IndexingMap& m, int64_t result) override {
        Session session(*this);
        RangeDecision out;
        out.backend = "z3";
        try {
            std::vector<std::string> vs = detail::names("v", m.num_variables());
            std::vector<Term> vars = detail::vars_of(vs);
            EncodedMap enc = detail::encode_map(m, vars);
            ExprEncoder ee(vars);
            Expr r = m.results()[static_cast<size_t>(result)];
            z3::expr base = build(formula::land({enc.domain, ee.defined(r)}));
            z3::expr value = build(ee.value(r));
            Check first = check(base);
            if (first.result == z3::unknown) {
                out.reason = first.reason;
                return out;
            }
            out.verdict = Verdict::Proven;
            if (first.result == z3::unsat) {
                out.empty = true;
                return out;
            }
            std::string start = numeral(first.model->eval(value, true));
            // With an unbounded variable, ask the optimizer first whether
            // the result is unbounded (one call instead of ~66 galloping).
            bool open = false;
            for (int64_t i = 0; i < m.num_variables(); ++i) {
                open = open || !m.variable(i).bounds.is_bounded();
            }
            auto lo = extreme(base, value, start, -1, open, &out.reason);
            auto hi = lo ? extreme(base, value, start, +1, open, &out.reason) : std::nullopt;
            if (!lo || !hi) {
                out.verdict = Verdict::Unknown;
                return out;
            }
            out.lo = *lo;
            out.hi = *hi;
        } catch (const z3::exception& e) {
            out.verdict = Verdict::Unknown;
            out.reason = error_reason(e);
        }
        return out;
    }

private:
    using Clock = Watchdog::Clock;

    /// A fresh Z3 context for the decision in progress (an interrupt may
    /// leave a context canceled), dropped with every Z3 object of the
    /// decision at its end.
    class Session {
    public:
        explicit Session(Z3Oracle& o) : o_(o) {
            o_.ctx_ = std::make_unique<z3::context>();
            o_.spent_.reset();
        }
        ~Session() { o_.ctx_.reset(); }
        Session(const Session&) = delete;
        Session& operator=(const Session&) = delete;

    private:
        Z3Oracle& o_;
    };

    z3::context& ctx() { return *ctx_; }

    /// Builds the Z3 term of a formula (memoized on the shared sub-terms).
    z3::expr build(const Term& t) {
        std::unordered_map<const formula::Node*, z3::expr> memo;
        return build(t, memo);
    }

    z3::expr build(const Term& t, std::unordered_map<const formula::Node*, z3::expr>& memo) {
        auto it = memo.find(t.get());
        if (it != memo.end()) return it->second;
        z3::expr e = build_node(t, memo);
        memo.emplace(t.get(), e);
        return e;
    }

    z3::expr build_node(const Term& t, std::unordered_map<const formula::Node*, z3::expr>& memo) {
        auto arg = [&](size_t i) { return build(t->args[i], memo); };
        switch (t->op) {
            case Op::Num:
                return ctx().int_val(t->text.c_str());
            case Op::Var:
                return ctx().int_const(t->text.c_str());
            case Op::Add:
                return arg(0) + arg(1);
            case Op::Mul:
                return arg(0) * arg(1);
            case Op::Neg:
                return -arg(0);
            case Op::FloorDiv:
                return floor_div(arg(0), t->args[1], memo);
            case Op::FloorMod: {
                z3::expr a = arg(0), b = arg(1);
                return a - b * floor_div(a, t->args[1], memo);
            }
            case Op::Ite:
                return z3::ite(arg(0), arg(1), arg(2));
            case Op::True:
                return ctx().bool_val(true);
            case Op::False:
                return ctx().bool_val(false);
            case Op::Not:
                return !arg(0);
            case Op::And:
            case Op::Or: {
                z3::expr_vector v(ctx());
                for (size_t i = 0; i < t->args.size(); ++i)
                    v.push_back(arg(i));
                return t->op == Op::And ? z3::mk_and(v) : z3::mk_or(v);
            }
            case Op::Eq:
                return arg(0) == arg(1);
            case Op::Le:
                return arg(0) <= arg(1);
            case Op::Lt:
                return arg(0) < arg(1);
            case Op::Forall:
            case Op::Exists: {
                z3::expr_vector bound(ctx());
                for (const std::string& n : t->bound)
                    bound.push_back(ctx().int_const(n.c_str()));
                z3::expr body = arg(0);
                return t->op == Op::Forall ? z3::forall(bound, body) : z3::exists(bound, body);
            }
        }
        return ctx().bool_val(false);
    }

    /// ⌊a / b⌋ with floor semantics; linear when b is a numeral.
    z3::expr floor_div(const z3::expr& a, const Term& divisor,
                       std::unordered_map<const formula::Node*, z3::expr>& memo) {
        z3::expr b = build(divisor, memo);
        std::string text;
        if (formula::is_num(divisor, &text)) {
            return text[0] == '-' ? (-a) / (-b) : a / b;
        }
        return z3::ite(b > 0, a / b, (-a) / (-b));
    }

    /// When a solver call starting now must end: the safeguard, cut to the
    /// decision's deadline; nullopt when neither is set.
    std::optional<Clock::time_point> call_end() const {
        std::optional<Clock::time_point> end;
        if (limits_.z3_timeout_ms) {
            end = Clock::now() + std::chrono::milliseconds(limits_.z3_timeout_ms);
        }
        if (deadline().is_set() && (!end || deadline().when() < *end)) end = deadline().when();
        return end;
    }

    /// Why the watchdog stopped the decision: its deadline, or the per-call
    /// safeguard.
    std::string stop_reason() const {
        return deadline().passed()
                   ? std::string(detail::kTimeoutReason)
                   : "z3: wall-clock safeguard of " + std::to_string(limits_.z3_timeout_ms) +
                         " ms reached (not reproducible)";
    }

    /// Runs `call` (a Z3 check) with the watchdog armed to interrupt the
    /// context at `call_end()`. Unknown without calling once the decision
    /// is spent (its deadline passed, or the watchdog fired earlier), and
    /// unknown when the watchdog fired during the call, whatever the call
    /// returned; `spent_` then holds the reason.
    template <typename Call>
    z3::check_result watched(Call call) {
        if (spent_) return z3::unknown;
        if (deadline().passed()) {
            spent_ = detail::kTimeoutReason;
            return z3::unknown;
        }
        std::optional<Clock::time_point> end = call_end();
        if (!end) return call();
        z3::check_result r = z3::unknown;
        {
            Z3_context c = ctx();
            Watchdog::Armed armed(watchdog_, *end, [c] { Z3_interrupt(c); });
            r = call();
        }
        if (watchdog_.fired()) {
            spent_ = stop_reason();
            return z3::unknown;
        }
        return r;
    }

    /// The reason of an Unknown caused by a Z3 exception: the watchdog's
    /// reason when it interrupted the decision (an interrupted context may
    /// throw "canceled"), the exception's message otherwise.
    std::string error_reason(const z3::exception& e) {
        if (!spent_ && watchdog_.fired()) spent_ = stop_reason();
        return spent_ ? *spent_ : std::string("z3 error: ") + e.msg();
    }

    Check check(const z3::expr& f) {
        Check out;
        z3::solver s(ctx());
        z3::params p(ctx());
        p.set("rlimit", limits_.z3_rlimit);
        s.set(p);
        s.add(f);
        out.result = watched([&] { return s.check(); });
        if (out.result == z3::sat) out.model = s.get_model();
        if (out.result == z3::unknown) {
            out.reason = spent_ ? *spent_
                                : "z3: " + s.reason_unknown() + " (rlimit " +
                                      std::to_string(limits_.z3_rlimit) + ")";
        }
        return out;
    }

    static std::string numeral(const z3::expr& e) { return Z3_get_numeral_string(e.ctx(), e); }

    std::string model_value(const z3::model& m, const std::string& var) {
        return numeral(m.eval(ctx().int_const(var.c_str()), true));
    }

    std::vector<std::string> model_values(const z3::model& m, const std::vector<std::string>& vs) {
        std::vector<std::string> out;
        for (const std::string& v : vs)
            out.push_back(model_value(m, v));
        return out;
    }

    bool holds(const z3::model& m, const Term& t) { return m.eval(build(t), true).is_true(); }

    /// The ids of `map`'s range variables.
    static std::vector<int64_t> range_ids(const IndexingMap& map) {
        std::vector<int64_t> ids;
        for (int64_t i = 0; i < map.num_range_vars(); ++i)
            ids.push_back(map.num_dims() + i);
        return ids;
    }

    /// The ids of `map`'s inputs: dims, then runtime variables.
    static std::vector<int64_t> input_ids(const IndexingMap& map) {
        std::vector<int64_t> ids;
        for (int64_t i = 0; i < map.num_variables(); ++i) {
            if (map.variable_kind(i) != VariableKind::Range) ids.push_back(i);
        }
        return ids;
    }

    static std::vector<NamedValue> named_ids(const IndexingMap& map,
                                             const std::vector<int64_t>& ids,
                                             const std::vector<std::string>& values) {
        std::vector<NamedValue> out;
        for (size_t i = 0; i < ids.size() && i < values.size(); ++i)
            out.push_back({map.variable(ids[i]).name, values[i]});
        return out;
    }

    /// A map's side from a model in which its variables (in id order) are
    /// `vs`; the variables `listed` are shown with the side.
    SideValues side_in_model(const IndexingMap& map, const std::vector<std::string>& vs,
                             const z3::model& m, const std::vector<int64_t>& listed) {
        SideValues s;
        EncodedMap enc = detail::encode_map(map, detail::vars_of(vs));
        std::vector<std::string> values = model_values(m, vs);
        std::vector<std::string> shown;
        for (int64_t id : listed)
            shown.push_back(values[static_cast<size_t>(id)]);
        s.symbols = named_ids(map, listed, shown);
        if (!holds(m, enc.domain)) {
            s.note = "not in domain";
        } else if (!holds(m, enc.defined)) {
            s.note = "division by zero";
        } else {
            for (const Term& r : enc.results)
                s.results.push_back(numeral(m.eval(build(r), true)));
        }
        return s;
    }

    /// Some point of `map`'s domain at the input values `inputs` (dims,
    /// then runtime variables) and the results there, found by a solver
    /// call; a point where every result is defined is preferred.
    SideValues side_at_inputs(const IndexingMap& map, const std::vector<std::string>& inputs) {
        std::vector<std::string> syms = detail::names("w", map.num_range_vars());
        std::vector<Term> vars;
        size_t next_input = 0, next_range = 0;
        for (int64_t i = 0; i < map.num_variables(); ++i) {
            if (map.variable_kind(i) == VariableKind::Range) {
                vars.push_back(formula::var(syms[next_range++]));
            } else {
                vars.push_back(formula::num_text(inputs.at(next_input++)));
            }
        }
        EncodedMap enc = detail::encode_map(map, vars);
        SideValues s;
        Check c = check(build(formula::land({enc.domain, enc.defined})));
        if (c.result == z3::unsat) c = check(build(enc.domain));
        if (c.result == z3::unknown) {
            s.note = "unknown (" + c.reason + ")";
            return s;
        }
        if (c.result == z3::unsat) {
            s.note = "not in domain";
            return s;
        }
        s.symbols = named_ids(map, range_ids(map), model_values(*c.model, syms));
        if (!holds(*c.model, enc.defined)) {
            s.note = "division by zero";
            return s;
        }
        for (const Term& r : enc.results) {
            s.results.push_back(numeral(c.model->eval(build(r), true)));
        }
        return s;
    }

    Counterexample counterexample(const Query& q, const Obligation& o, const z3::model& m) {
        Counterexample c;
        const IndexingMap& a = q.first;
        const IndexingMap& b = q.second;
        switch (o.role) {
            case Role::Trivial:
            case Role::NotAttained:
            case Role::Bounded:
                c.kind = o.name;
                break;
            case Role::OutsideRange: {
                std::vector<std::string> vs = detail::names("v", a.num_variables());
                c.kind = o.name;
                c.variables = named(a, 0, model_values(m, vs));
                c.first = side_in_model(a, vs, m, {});
                break;
            }
            case Role::Pointwise: {
                std::vector<std::string> vs = detail::names("v", a.num_variables());
                c.variables = named(a, 0, model_values(m, vs));
                c.first = side_in_model(a, vs, m, {});
                c.second = side_in_model(b, vs, m, {});
                bool in_a = c.first.note != "not in domain",
                     in_b = c.second.note != "not in domain";
                c.kind = in_a != in_b ? "domain mismatch"
                         : (c.first.note.empty() && c.second.note.empty())
                             ? "value mismatch"
                             : "only one side divides by zero";
                break;
            }
            case Role::FirstNotInSecond:
            case Role::FirstUndefined: {
                std::vector<std::string> inputs = model_values(m, detail::relational_inputs(a));
                c.variables = named_ids(a, input_ids(a), inputs);
                c.first = side_in_model(a, detail::relational_vars(a, "a"), m, range_ids(a));
                c.second = side_at_inputs(b, inputs);
                c.kind = o.role == Role::FirstUndefined ? "only the first map divides by zero"
                         : c.second.note.empty()        ? "result tuple only in the first map"
                                                        : "domain mismatch";
                break;
            }
            case Role::SecondNotInFirst:
            case Role::SecondUndefined: {
                std::vector<std::string> inputs = model_values(m, detail::relational_inputs(a));
                c.variables = named_ids(a, input_ids(a), inputs);
                c.first = side_at_inputs(a, inputs);
                c.second = side_in_model(b, detail::relational_vars(b, "b"), m, range_ids(b));
                c.kind = o.role == Role::SecondUndefined ? "only the second map divides by zero"
                         : c.first.note.empty()          ? "result tuple only in the second map"
                                                         : "domain mismatch";
                break;
            }
            case Role::FirstNonEmpty:
            case Role::SecondNonEmpty: {
                const IndexingMap& x = o.role == Role::FirstNonEmpty ? a : b;
                std::vector<std::string> vs = detail::names("v", x.num_variables());
                c.kind = "the domain is not empty";
                c.variables = named(x, 0, model_values(m, vs));
                c.first = side_in_model(x, vs, m, {});
                break;
            }
            case Role::Violation: {
                std::vector<std::string> vs = detail::names("v", a.num_variables());
                c.kind = "constraint violated";
                c.variables = named(a, 0, model_values(m, vs));
                ExprEncoder ee(detail::vars_of(vs));
                if (!holds(m, ee.defined(q.constraint.expr))) {
                    c.first.note = "division by zero";
                } else {
                    c.first.results.push_back(
                        numeral(m.eval(build(ee.value(q.constraint.expr)), true)));
                }
                break;
            }
        }
        return c;
    }

    /// Decides a query: every obligation unsat means proven.
    Decision run(const Query& q) {
        Session session(*this);
        try {
            auto obligations = detail::build_obligations(q);
            if (!obligations) return unknown(obligations.error().message, "z3");
            for (const Obligation& o : *obligations) {
                // Quantifiers over symbols with few values are instantiated
                // first (exact, see expand_quantifiers): quantifier-free
                // problems are far easier for Z3, most of all non-linear ones.
                std::optional<Term> small;
                if (!o.quantified_bounds.empty()) {
                    small = detail::expand_quantifiers(o, kEagerInstances);
                }
                Check c = check(build(small ? *small : o.formula));
                if (c.result == z3::unknown && small) c = check(build(o.formula));
                if (c.result == z3::unknown && !small && !o.quantified_bounds.empty()) {
                    // Quantifiers over bounded symbols: retry with the finite
                    // instantiation (exact, see expand_quantifiers).
                    if (auto expanded = detail::expand_quantifiers(o, kMaxInstances)) {
                        Check e = check(build(*expanded));
                        if (e.result != z3::unknown) c = std::move(e);
                    }
                }
                if (c.result == z3::unknown) return unknown(c.reason + " on " + o.name, "z3");
                if (c.result == z3::sat) {
                    Decision d;
                    d.verdict = Verdict::Refuted;
                    d.backend = "z3";
                    d.counterexample = counterexample(q, o, *c.model);
                    return d;
                }
            }
            return detail::proven("z3");
        } catch (const z3::exception& e) {
            return unknown(error_reason(e), "z3");
        }
    }

    /// The exact minimum (direction -1) or maximum (+1) of `value` under
    /// `base`, starting from an attained value: galloping, then bisection.
    std::optional<std::string> extreme(const z3::expr& base, const z3::expr& value,
                                       const std::string& start, int direction,
                                       bool optimizer_first, std::string* reason) {
        if (optimizer_first && optimizer_says_unbounded(base, value, direction)) {
            return std::string(direction < 0 ? "-inf" : "inf");
        }
        auto best = parse_wide(start);
        if (!best) return unbounded_or_huge(base, value, direction, reason);
        // Is there a point with value beyond x (<= x for min, >= x for max)?
        auto beyond = [&](Wide x) -> std::optional<std::optional<Wide>> {
            z3::expr bound = ctx().int_val(wide_text(x).c_str());
            Check c = check(base && (direction < 0 ? value <= bound : value >= bound));
            if (c.result == z3::unknown) {
                *reason = c.reason;
                return std::nullopt;
            }
            if (c.result == z3::unsat) return std::optional<Wide>();
            auto v = parse_wide(numeral(c.model->eval(value, true)));
            if (!v)
                return std::optional<Wide>(direction < 0 ? -(Wide(1) << kWideBits)
                                                         : (Wide(1) << kWideBits));
            return std::optional<Wide>(*v);
        };
        const Wide limit = Wide(1) << kWideBits;
        Wide delta = 1;
        Wide known;  // every value is on this side of `known` (inclusive)
        bool asked_optimizer = optimizer_first;
        while (true) {
            Wide x = *best + direction * delta;
            auto r = beyond(x);
            if (!r) return std::nullopt;
            if (!*r) {
                known = x - direction;
                break;
            }
            best = **r;
            // Far outside int64: ask the optimizer once whether the
            // objective is unbounded (saves ~60 galloping calls).
            const Wide far = Wide(1) << 66;
            if (!asked_optimizer && (*best <= -far || *best >= far || delta >= far)) {
                asked_optimizer = true;
                if (optimizer_says_unbounded(base, value, direction)) {
                    return std::string(direction < 0 ? "-inf" : "inf");
                }
            }
            if (*best <= -limit || *best >= limit || delta >= (Wide(1) << (kWideBits - 2))) {
                return unbounded_or_huge(base, value, direction, reason);
            }
            delta *= 2;
        }
        // Bisection between `known` (a bound) and `best` (attained).
        while (known != *best) {
            Wide lo = known < *best ? known : *best;
            Wide hi = known < *best ? *best : known;
            Wide mid = lo + (hi - lo) / 2;  // floor of the midpoint
            Wide probe = direction < 0 ? mid : mid + 1;
            auto r = beyond(probe);
            if (!r) return std::nullopt;
            if (*r) {
                best = **r;
            } else {
                known = probe - direction;
            }
        }
        return wide_text(*best);
    }

    /// Called when a value leaves ±2^120: unbounded if Z3's optimizer says
    /// so, unknown otherwise (a finite optimum is not trusted here).
    std::optional<std::string> unbounded_or_huge(const z3::expr& base, const z3::expr& value,
                                                 int direction, std::string* reason) {
        if (optimizer_says_unbounded(base, value, direction)) {
            return std::string(direction < 0 ? "-inf" : "inf");
        }
        *reason = "z3: the range is unbounded or beyond 2^120 and the optimizer did not decide it";
        return std::nullopt;
    }

    /// True if Z3's optimizer finds `value` unbounded (below for direction
    /// -1, above for +1) under `base`.
    bool optimizer_says_unbounded(const z3::expr& base, const z3::expr& value, int direction) {
        z3::optimize opt(ctx());
        z3::params p(ctx());
        p.set("rlimit", limits_.z3_rlimit);
        opt.set(p);
        opt.add(base);
        z3::optimize::handle h = direction < 0 ? opt.minimize(value) : opt.maximize(value);
        if (watched([&] { return opt.check(); }) != z3::sat) return false;
        std::string bound = (direction < 0 ? opt.lower(h) : opt.upper(h)).to_string();
        if (bound.find("oo") == std::string::npos || bound.find("epsilon") != std::string::npos) {
            return false;
        }
        // A sanity check of the claim with a plain query: values beyond
        // ±2^100 exist.
        z3::expr far = ctx().int_val(wide_text(Wide(1) << 100).c_str());
        Check c = check(base && (direction < 0 ? value <= -far : value >= far));
        return c.result == z3::sat;
    }

    Limits limits_;
    std::unique_ptr<z3::context> ctx_;  // the decision's (see Session)
    /// Why the decision in progress stopped early (see `watched`).
    std::optional<std::string> spent_;
    Watchdog watchdog_;
};

}  // namespace

std::unique_ptr<Oracle> make_z3_oracle(const Limits& limits) {
    if (detail::isolates(limits)) return detail::make_isolated_oracle(limits, make_z3_oracle);
    return std::make_unique<Z3Oracle>(limits);
}

}  // namespace provix::solvers
