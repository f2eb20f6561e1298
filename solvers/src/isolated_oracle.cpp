/// \file
/// Decisions in child processes (isolated_oracle.h).

#include "isolated_oracle.h"

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "isolated_call.h"
#include "oracle_base.h"

namespace provix::solvers::detail {

namespace {

// ---------------------------------------------------------------------------
// The answers as text: every field a length-prefixed string, `<n>:<bytes>`.

void put(std::string& out, std::string_view s) {
    out += std::to_string(s.size());
    out += ':';
    out += s;
}

/// Reads the next field into `s`; false on malformed text.
bool get(std::string_view& in, std::string& s) {
    const size_t colon = in.find(':');
    if (colon == std::string_view::npos || colon == 0 || colon > 18) return false;
    size_t n = 0;
    for (size_t i = 0; i < colon; ++i) {
        if (in[i] < '0' || in[i] > '9') return false;
        n = n * 10 + static_cast<size_t>(in[i] - '0');
    }
    if (in.size() - colon - 1 < n) return false;
    s.assign(in.substr(colon + 1, n));
    in.remove_prefix(colon + 1 + n);
    return true;
}

bool get_count(std::string_view& in, size_t& n) {
    std::string s;
    if (!get(in, s) || s.empty() || s.size() > 9) return false;
    n = 0;
    for (char c : s) {
        if (c < '0' || c > '9') return false;
        n = n * 10 + static_cast<size_t>(c - '0');
    }
    return true;
}

bool get_verdict(std::string_view& in, Verdict& v) {
    std::string s;
    if (!get(in, s)) return false;
    if (s == "proven") {
        v = Verdict::Proven;
    } else if (s == "refuted") {
        v = Verdict::Refuted;
    } else if (s == "unknown") {
        v = Verdict::Unknown;
    } else {
        return false;
    }
    return true;
}

void put_values(std::string& out, const std::vector<NamedValue>& values) {
    put(out, std::to_string(values.size()));
    for (const NamedValue& v : values) {
        put(out, v.name);
        put(out, v.value);
    }
}

bool get_values(std::string_view& in, std::vector<NamedValue>& values) {
    size_t n = 0;
    if (!get_count(in, n)) return false;
    for (size_t i = 0; i < n; ++i) {
        NamedValue v;
        if (!get(in, v.name) || !get(in, v.value)) return false;
        values.push_back(std::move(v));
    }
    return true;
}

void put_side(std::string& out, const SideValues& side) {
    put_values(out, side.symbols);
    put(out, std::to_string(side.results.size()));
    for (const std::string& r : side.results)
        put(out, r);
    put(out, side.note);
}

bool get_side(std::string_view& in, SideValues& side) {
    size_t n = 0;
    if (!get_values(in, side.symbols) || !get_count(in, n)) return false;
    side.results.resize(n);
    for (std::string& r : side.results) {
        if (!get(in, r)) return false;
    }
    return get(in, side.note);
}

std::string encode(const Decision& d) {
    std::string out;
    put(out, verdict_name(d.verdict));
    put(out, d.reason);
    put(out, d.backend);
    put(out, d.counterexample ? "1" : "0");
    if (d.counterexample) {
        put(out, d.counterexample->kind);
        put_values(out, d.counterexample->variables);
        put_side(out, d.counterexample->first);
        put_side(out, d.counterexample->second);
    }
    return out;
}

bool decode(std::string_view in, Decision& d) {
    std::string has;
    if (!get_verdict(in, d.verdict) || !get(in, d.reason) || !get(in, d.backend) || !get(in, has)) {
        return false;
    }
    if (has == "1") {
        Counterexample c;
        if (!get(in, c.kind) || !get_values(in, c.variables) || !get_side(in, c.first) ||
            !get_side(in, c.second)) {
            return false;
        }
        d.counterexample = std::move(c);
    }
    return in.empty();
}

std::string encode(const RangeDecision& r) {
    std::string out;
    put(out, verdict_name(r.verdict));
    put(out, r.reason);
    put(out, r.empty ? "1" : "0");
    put(out, r.lo);
    put(out, r.hi);
    put(out, r.backend);
    return out;
}

bool decode(std::string_view in, RangeDecision& r) {
    std::string empty;
    if (!get_verdict(in, r.verdict) || !get(in, r.reason) || !get(in, empty) || !get(in, r.lo) ||
        !get(in, r.hi) || !get(in, r.backend)) {
        return false;
    }
    r.empty = empty == "1";
    return in.empty();
}

/// The time the child gets beyond the decision's own timeout, to answer
/// with the back end's own reason when it can.
constexpr double kGraceSeconds = 1.0;

class IsolatedOracle final : public Oracle {
public:
    IsolatedOracle(const Limits& limits, std::unique_ptr<Oracle> (*make)(const Limits&))
        : limits_(limits), make_(make) {}

    std::string name() const override { return in_process().name(); }
    bool supports(const IndexingMap& map) const override { return in_process().supports(map); }

    Decision equivalent(const IndexingMap& a, const IndexingMap& b) override {
        return run<Decision>([&](Oracle& o) { return o.equivalent(a, b); });
    }
    Decision equivalent_pointwise(const IndexingMap& a, const IndexingMap& b) override {
        return run<Decision>([&](Oracle& o) { return o.equivalent_pointwise(a, b); });
    }
    RangeDecision exact_range(const IndexingMap& map, int64_t result) override {
        return run<RangeDecision>([&](Oracle& o) { return o.exact_range(map, result); });
    }
    Decision is_empty(const IndexingMap& map) override {
        return run<Decision>([&](Oracle& o) { return o.is_empty(map); });
    }
    Decision implies(const IndexingMap& map, const Constraint& constraint) override {
        return run<Decision>([&](Oracle& o) { return o.implies(map, constraint); });
    }

private:
    /// The back end in this process, built on first use: the decisions are
    /// made in children, which build their own.
    Oracle& in_process() const {
        if (!in_process_) in_process_ = make_(in_child(limits_));
        return *in_process_;
    }

    /// `decide` in a child process with a back end of its own; in this
    /// process when no child can be made.
    template <class Answer>
    Answer run(const std::function<Answer(Oracle&)>& decide) {
        std::string why;
        std::optional<std::string> text = run_isolated(
            limits_.timeout_seconds + kGraceSeconds,
            [&] {
                std::unique_ptr<Oracle> oracle = make_(in_child(limits_));
                return encode(decide(*oracle));
            },
            &why);
        Answer answer;
        if (!text) {
            if (why.empty()) return decide(in_process());  // no child process could be made
            return unknown_answer(answer, why);
        }
        if (!decode(*text, answer)) {
            return unknown_answer(answer, "the decision's process gave a malformed answer");
        }
        return answer;
    }

    static Decision unknown_answer(const Decision&, std::string reason) {
        return unknown(std::move(reason));
    }
    static RangeDecision unknown_answer(const RangeDecision&, std::string reason) {
        RangeDecision r;
        r.reason = std::move(reason);
        return r;
    }

    Limits limits_;
    std::unique_ptr<Oracle> (*make_)(const Limits&);
    /// For name() and supports(), and when no child can be made.
    mutable std::unique_ptr<Oracle> in_process_;
};

}  // namespace

std::unique_ptr<Oracle> make_isolated_oracle(const Limits& limits,
                                             std::unique_ptr<Oracle> (*make)(const Limits&)) {
    return std::make_unique<IsolatedOracle>(limits, make);
}

}  // namespace provix::solvers::detail
