// Z3 on one proof obligation (see z3_solve.h).

#include "z3_solve.h"

#include <z3++.h>

#include <chrono>

#include "watchdog.h"

namespace provix::solvers::prover {

namespace {

/// Z3's reason for unknown in the words of the report.
std::string reason_text(const std::string& reason, unsigned rlimit, unsigned timeout_ms) {
    // The strategy reports an exhausted rlimit as "canceled".
    if (reason == "canceled" || reason.find("resource limit") != std::string::npos)
        return "rlimit " + std::to_string(rlimit) + " exhausted";
    if (reason == "timeout")
        return "timeout " + std::to_string(timeout_ms) +
               " ms, a wall-clock safeguard: not reproducible";
    return reason;
}

/// Z3's check of `s`, interrupted by `dog` (`Z3_interrupt`, not Z3's own
/// `timeout` parameter, whose timers can deadlock in Z3 4.8) when it runs
/// past `timeout_ms` (0: no limit). Unknown whenever the watchdog fired.
z3::check_result watched_check(z3::context& ctx, z3::solver& s, detail::Watchdog& dog,
                               unsigned timeout_ms) {
    if (timeout_ms == 0) return s.check();
    z3::check_result r = z3::unknown;
    {
        Z3_context c = ctx;
        detail::Watchdog::Armed armed(
            dog, detail::Watchdog::Clock::now() + std::chrono::milliseconds(timeout_ms),
            [c] { Z3_interrupt(c); });
        r = s.check();
    }
    return dog.fired() ? z3::unknown : r;
}

}  // namespace

SmtAnswer z3_solve(const std::string& body, unsigned rlimit, unsigned timeout_ms,
                   const std::vector<std::string>& ints, const std::vector<std::string>& bools) {
    SmtAnswer out;
    detail::Watchdog dog;  // outlives the context it interrupts
    try {
        z3::context ctx;
        z3::expr_vector assertions = ctx.parse_string(body.c_str());
        // A fixed strategy: Z3's default solver for non-linear integer
        // problems races tactics against wall-clock timeouts, so its answer
        // would depend on the machine's load. Preprocessing, then the SMT
        // core (with its non-linear solver), bounded by rlimit alone.
        z3::tactic strategy = z3::tactic(ctx, "simplify") & z3::tactic(ctx, "propagate-values") &
                              z3::tactic(ctx, "solve-eqs") & z3::tactic(ctx, "smt");
        z3::solver s = strategy.mk_solver();
        z3::params params(ctx);
        params.set("rlimit", rlimit);
        s.set(params);
        for (unsigned i = 0; i < assertions.size(); ++i)
            s.add(assertions[static_cast<int>(i)]);
        // The wall-clock limit is a safeguard only.
        z3::check_result r = watched_check(ctx, s, dog, timeout_ms);
        if (r == z3::unsat) {
            out.result = SmtResult::Unsat;
            return out;
        }
        if (r == z3::unknown) {
            out.reason =
                reason_text(dog.fired() ? "timeout" : s.reason_unknown(), rlimit, timeout_ms);
            return out;
        }
        out.result = SmtResult::Sat;
        z3::model model = s.get_model();
        // Prefer a small model: bound every value, loosening. Once the
        // watchdog has fired, the context is spent: the model found so far
        // stands.
        for (int64_t bound : {8, 64, 1024, 1 << 20}) {
            s.push();
            for (const std::string& name : ints) {
                z3::expr e = ctx.int_const(name.c_str());
                s.add(e <= ctx.int_val(bound) && e >= ctx.int_val(-bound));
            }
            bool found = watched_check(ctx, s, dog, timeout_ms) == z3::sat;
            if (found) model = s.get_model();
            s.pop();
            if (found || dog.fired()) break;
        }
        for (const std::string& name : ints) {
            z3::expr v = model.eval(ctx.int_const(name.c_str()), true);
            int64_t value = 0;
            out.ints[name] = v.is_numeral_i64(value) ? std::optional<int64_t>(value) : std::nullopt;
        }
        for (const std::string& name : bools)
            out.bools[name] = model.eval(ctx.bool_const(name.c_str()), true).is_true();
    } catch (const z3::exception& e) {
        out = SmtAnswer{};
        // An interrupted context may throw "canceled".
        out.reason = dog.fired() ? reason_text("timeout", rlimit, timeout_ms)
                                 : std::string("z3 error: ") + e.msg();
    }
    return out;
}

}  // namespace provix::solvers::prover
