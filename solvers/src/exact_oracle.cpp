// The combined oracle: isl decides the queries within its fragment exactly;
// Z3 takes the rest, and any query on which isl ran out of its operation
// budget. Both back ends share one wall-clock deadline per decision.

#include <memory>
#include <string>
#include <utility>

#include "isolated_call.h"
#include "isolated_oracle.h"
#include "oracle_base.h"
#include "provix/solvers/oracle.h"

namespace provix::solvers {
namespace {

class ExactOracle final : public Oracle {
public:
    explicit ExactOracle(const Limits& limits)
        : limits_(limits), isl_(make_isl_oracle(limits)), z3_(make_z3_oracle(limits)) {}

    std::string name() const override { return "exact"; }
    bool supports(const IndexingMap& map) const override { return z3_->supports(map); }

    Decision equivalent(const IndexingMap& a, const IndexingMap& b) override {
        return pick(isl_->supports(a) && isl_->supports(b),
                    [&](Oracle& o) { return o.equivalent(a, b); });
    }
    Decision equivalent_pointwise(const IndexingMap& a, const IndexingMap& b) override {
        return pick(isl_->supports(a) && isl_->supports(b),
                    [&](Oracle& o) { return o.equivalent_pointwise(a, b); });
    }
    RangeDecision exact_range(const IndexingMap& map, int64_t result) override {
        Shared shared(*this);
        if (isl_->supports(map)) {
            RangeDecision r = isl_->exact_range(map, result);
            if (r.verdict != Verdict::Unknown) return r;
            if (r.reason == detail::kTimeoutReason) return r;
            RangeDecision z = z3_->exact_range(map, result);
            if (z.verdict == Verdict::Unknown && z.reason != detail::kTimeoutReason) {
                z.reason = r.reason + "; " + z.reason;
            }
            return z;
        }
        return z3_->exact_range(map, result);
    }
    Decision is_empty(const IndexingMap& map) override {
        return pick(isl_->supports(map), [&](Oracle& o) { return o.is_empty(map); });
    }
    Decision implies(const IndexingMap& map, const Constraint& c) override {
        return pick(isl_->supports(map), [&](Oracle& o) { return o.implies(map, c); });
    }
    /// The back ends decide under the deadline Shared makes from it, never
    /// under their own.
    void set_timeout(double seconds) override { limits_.timeout_seconds = seconds; }

private:
    /// One deadline for both back ends during one decision.
    class Shared {
    public:
        explicit Shared(ExactOracle& o)
            : o_(o), deadline_(detail::Deadline::after(o.limits_.timeout_seconds)) {
            base(*o_.isl_).share_deadline(&deadline_);
            base(*o_.z3_).share_deadline(&deadline_);
        }
        ~Shared() {
            base(*o_.isl_).share_deadline(nullptr);
            base(*o_.z3_).share_deadline(nullptr);
        }
        Shared(const Shared&) = delete;
        Shared& operator=(const Shared&) = delete;

    private:
        static detail::OracleBase& base(Oracle& o) { return static_cast<detail::OracleBase&>(o); }
        ExactOracle& o_;
        detail::Deadline deadline_;
    };

    template <class F>
    Decision pick(bool use_isl, F&& decide) {
        Shared shared(*this);
        if (!use_isl) return decide(*z3_);
        Decision d = decide(*isl_);
        if (d.verdict != Verdict::Unknown || d.reason == detail::kTimeoutReason) return d;
        Decision z = decide(*z3_);
        if (z.verdict == Verdict::Unknown && z.reason != detail::kTimeoutReason) {
            z.reason = d.reason + "; " + z.reason;
        }
        return z;
    }

    Limits limits_;
    std::unique_ptr<Oracle> isl_;
    std::unique_ptr<Oracle> z3_;
};

}  // namespace

std::unique_ptr<Oracle> make_exact_oracle(const Limits& limits) {
    if (detail::isolates(limits)) return detail::make_isolated_oracle(limits, make_exact_oracle);
    return std::make_unique<ExactOracle>(limits);
}

}  // namespace provix::solvers
