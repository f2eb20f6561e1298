// Z3 on one proof obligation (see z3_solve.h).

#include "z3_solve.h"

#include <z3++.h>

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

}  // namespace

SmtAnswer z3_solve(const std::string& body, unsigned rlimit, unsigned timeout_ms,
                   const std::vector<std::string>& ints, const std::vector<std::string>& bools) {
    SmtAnswer out;
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
        if (timeout_ms) params.set("timeout", timeout_ms);  // a safeguard only
        s.set(params);
        for (unsigned i = 0; i < assertions.size(); ++i)
            s.add(assertions[static_cast<int>(i)]);
        z3::check_result r = s.check();
        if (r == z3::unsat) {
            out.result = SmtResult::Unsat;
            return out;
        }
        if (r == z3::unknown) {
            out.reason = reason_text(s.reason_unknown(), rlimit, timeout_ms);
            return out;
        }
        out.result = SmtResult::Sat;
        z3::model model = s.get_model();
        // Prefer a small model: bound every value, loosening.
        for (int64_t bound : {8, 64, 1024, 1 << 20}) {
            s.push();
            for (const std::string& name : ints) {
                z3::expr e = ctx.int_const(name.c_str());
                s.add(e <= ctx.int_val(bound) && e >= ctx.int_val(-bound));
            }
            bool found = s.check() == z3::sat;
            if (found) model = s.get_model();
            s.pop();
            if (found) break;
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
        out.reason = std::string("z3 error: ") + e.msg();
    }
    return out;
}

}  // namespace provix::solvers::prover
