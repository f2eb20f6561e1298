// The combined oracle: isl decides quasi-affine queries exactly; Z3 takes
// the rest, and any query on which isl ran out of its operation budget.

#include <memory>
#include <string>
#include <utility>

#include "provix/solvers/oracle.h"
#include "provix/solvers/quasi_affine.h"

namespace provix::solvers {
namespace {

class ExactOracle final : public Oracle {
public:
    explicit ExactOracle(const Limits& limits)
        : isl_(make_isl_oracle(limits)), z3_(make_z3_oracle(limits)) {}

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
        if (isl_->supports(map)) {
            RangeDecision r = isl_->exact_range(map, result);
            if (r.verdict != Verdict::Unknown) return r;
            RangeDecision z = z3_->exact_range(map, result);
            if (z.verdict == Verdict::Unknown) z.reason = r.reason + "; " + z.reason;
            return z;
        }
        return z3_->exact_range(map, result);
    }
    Decision is_empty(const IndexingMap& map) override {
        return pick(isl_->supports(map), [&](Oracle& o) { return o.is_empty(map); });
    }
    Decision implies(const IndexingMap& map, const Constraint& c) override {
        bool isl_ok = isl_->supports(map) && c.expr && is_quasi_affine(c.expr);
        return pick(isl_ok, [&](Oracle& o) { return o.implies(map, c); });
    }

private:
    template <class F>
    Decision pick(bool use_isl, F&& decide) {
        if (!use_isl) return decide(*z3_);
        Decision d = decide(*isl_);
        if (d.verdict != Verdict::Unknown) return d;
        Decision z = decide(*z3_);
        if (z.verdict == Verdict::Unknown) z.reason = d.reason + "; " + z.reason;
        return z;
    }

    std::unique_ptr<Oracle> isl_;
    std::unique_ptr<Oracle> z3_;
};

}  // namespace

std::unique_ptr<Oracle> make_exact_oracle(const Limits& limits) {
    return std::make_unique<ExactOracle>(limits);
}

}  // namespace provix::solvers
