/// \file
/// Decisions in child processes (isolated_oracle.h).

#include "isolated_oracle.h"

#include <algorithm>
#include <cmath>
#include <mutex>
#include <string>
#include <string_view>
#include <utility>

#include "deadline.h"
#include "isolated_call.h"
#include "map_fields.h"
#include "oracle_base.h"
#include "provix/solvers/child_process.h"
#include "provix/solvers/field_text.h"

namespace provix::solvers::detail {

namespace {

// ---------------------------------------------------------------------------
// The answers as text (provix/solvers/field_text.h).

bool get_verdict(FieldReader& in, Verdict& v) {
    std::string s;
    if (!in.get(s)) return false;
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

void put_values(FieldWriter& out, const std::vector<NamedValue>& values) {
    out.put_count(values.size());
    for (const NamedValue& v : values) {
        out.put(v.name);
        out.put(v.value);
    }
}

bool get_values(FieldReader& in, std::vector<NamedValue>& values) {
    size_t n = 0;
    if (!in.get_count(n)) return false;
    for (size_t i = 0; i < n; ++i) {
        NamedValue v;
        if (!in.get(v.name) || !in.get(v.value)) return false;
        values.push_back(std::move(v));
    }
    return true;
}

void put_side(FieldWriter& out, const SideValues& side) {
    put_values(out, side.symbols);
    out.put_count(side.results.size());
    for (const std::string& r : side.results)
        out.put(r);
    out.put(side.note);
}

bool get_side(FieldReader& in, SideValues& side) {
    size_t n = 0;
    if (!get_values(in, side.symbols) || !in.get_count(n) || n > in.remaining()) return false;
    side.results.resize(n);
    for (std::string& r : side.results) {
        if (!in.get(r)) return false;
    }
    return in.get(side.note);
}

std::string encode(const Decision& d) {
    FieldWriter out;
    out.put(verdict_name(d.verdict));
    out.put(d.reason);
    out.put(d.backend);
    out.put_flag(d.counterexample.has_value());
    if (d.counterexample) {
        out.put(d.counterexample->kind);
        put_values(out, d.counterexample->variables);
        put_side(out, d.counterexample->first);
        put_side(out, d.counterexample->second);
        out.put_flag(d.counterexample->two_sided);
    }
    return out.text();
}

bool decode(std::string_view text, Decision& d) {
    FieldReader in(text);
    bool has = false;
    if (!get_verdict(in, d.verdict) || !in.get(d.reason) || !in.get(d.backend) ||
        !in.get_flag(has)) {
        return false;
    }
    if (has) {
        Counterexample c;
        if (!in.get(c.kind) || !get_values(in, c.variables) || !get_side(in, c.first) ||
            !get_side(in, c.second) || !in.get_flag(c.two_sided)) {
            return false;
        }
        d.counterexample = std::move(c);
    }
    return in.at_end();
}

std::string encode(const RangeDecision& r) {
    FieldWriter out;
    out.put(verdict_name(r.verdict));
    out.put(r.reason);
    out.put_flag(r.empty);
    out.put(r.lo);
    out.put(r.hi);
    out.put(r.backend);
    return out.text();
}

bool decode(std::string_view text, RangeDecision& r) {
    FieldReader in(text);
    return get_verdict(in, r.verdict) && in.get(r.reason) && in.get_flag(r.empty) && in.get(r.lo) &&
           in.get(r.hi) && in.get(r.backend) && in.at_end();
}

/// The time the child gets beyond the decision's own timeout, to answer
/// with the back end's own reason when it can (Z3, interrupted by its
/// watchdog, answers within milliseconds; isl checks no flag and is killed):
/// a second, or a tenth of the timeout when that is shorter, so that a short
/// timeout is kept to within 10%. None without a timeout.
double child_deadline_seconds(double timeout_seconds) {
    if (timeout_seconds <= 0) return 0;
    return timeout_seconds + std::min(1.0, 0.1 * timeout_seconds);
}

// ---------------------------------------------------------------------------
// The requests: which decision, then its maps (map_fields.h).

enum class Query : int64_t { Equivalent, EquivalentPointwise, ExactRange, IsEmpty, Implies };

/// One decision to make: its kind, its timeout and what it reads.
struct Request {
    Query query = Query::IsEmpty;
    double timeout_seconds = 0;  ///< the decision's (0: none)
    const IndexingMap* first = nullptr;
    const IndexingMap* second = nullptr;     ///< the equivalences
    int64_t result = 0;                      ///< exact_range
    const Constraint* constraint = nullptr;  ///< implies
};

std::string encode(const Request& r) {
    FieldWriter out;
    out.put_int(static_cast<int64_t>(r.query));
    // In whole microseconds, at least one when there is a timeout (0 is
    // none; a timeout is at most kMaxTimeoutSeconds).
    out.put_int(r.timeout_seconds > 0 ? std::max<int64_t>(1, std::llround(r.timeout_seconds * 1e6))
                                      : 0);
    put_map(out, *r.first);
    if (r.second) put_map(out, *r.second);
    if (r.query == Query::ExactRange) out.put_int(r.result);
    if (r.constraint) put_constraint(out, *r.constraint);
    return out.text();
}

/// The answer of `oracle` to the request `text` (its maps built in a
/// context of their own, decided within the request's timeout), encoded;
/// "" for a malformed request.
std::string serve(Oracle& oracle, const std::string& text) {
    FieldReader in(text);
    int64_t query = 0;
    int64_t timeout_us = 0;
    Context ctx;
    IndexingMap first, second;
    if (!in.get_int(query) || !in.get_int(timeout_us) || timeout_us < 0 ||
        !get_map(in, ctx, first)) {
        return "";
    }
    oracle.set_timeout(static_cast<double>(timeout_us) / 1e6);
    switch (static_cast<Query>(query)) {
        case Query::Equivalent:
        case Query::EquivalentPointwise:
            if (!get_map(in, ctx, second) || !in.at_end()) return "";
            return encode(static_cast<Query>(query) == Query::Equivalent
                              ? oracle.equivalent(first, second)
                              : oracle.equivalent_pointwise(first, second));
        case Query::ExactRange: {
            int64_t result = 0;
            if (!in.get_int(result) || !in.at_end() || result < 0 ||
                result >= first.num_results()) {
                return "";
            }
            return encode(oracle.exact_range(first, result));
        }
        case Query::IsEmpty:
            if (!in.at_end()) return "";
            return encode(oracle.is_empty(first));
        case Query::Implies: {
            Constraint c;
            if (!get_constraint(in, ctx, c) || !in.at_end()) return "";
            return encode(oracle.implies(first, c));
        }
    }
    return "";
}

class IsolatedOracle final : public Oracle {
public:
    IsolatedOracle(const Limits& limits, std::unique_ptr<Oracle> (*make)(const Limits&))
        : limits_(limits),
          make_(make),
          // Each request decided by a back end built for it (no solver state
          // lives from one decision to the next, as in a child of its own).
          worker_([limits, make](const std::string& request) {
              std::unique_ptr<Oracle> oracle = make(in_child(limits));
              return serve(*oracle, request);
          }) {}

    std::string name() const override { return in_process().name(); }
    bool supports(const IndexingMap& map) const override { return in_process().supports(map); }

    Decision equivalent(const IndexingMap& a, const IndexingMap& b) override {
        return run<Decision>(request(Query::Equivalent, a, &b));
    }
    Decision equivalent_pointwise(const IndexingMap& a, const IndexingMap& b) override {
        return run<Decision>(request(Query::EquivalentPointwise, a, &b));
    }
    RangeDecision exact_range(const IndexingMap& map, int64_t result) override {
        Request r = request(Query::ExactRange, map);
        r.result = result;
        return run<RangeDecision>(r);
    }
    Decision is_empty(const IndexingMap& map) override {
        return run<Decision>(request(Query::IsEmpty, map));
    }
    Decision implies(const IndexingMap& map, const Constraint& constraint) override {
        Request r = request(Query::Implies, map);
        r.constraint = &constraint;
        return run<Decision>(r);
    }
    void set_timeout(double seconds) override { limits_.timeout_seconds = seconds; }

private:
    /// A request of kind `query` on `first` (and `second`), with the
    /// current timeout.
    Request request(Query query, const IndexingMap& first,
                    const IndexingMap* second = nullptr) const {
        Request r;
        r.query = query;
        r.timeout_seconds = limits_.timeout_seconds;
        r.first = &first;
        r.second = second;
        return r;
    }

    /// The back end in this process, built on first use: the decisions are
    /// made in the child, which builds its own.
    Oracle& in_process() const {
        if (!in_process_) in_process_ = make_(in_child(limits_));
        return *in_process_;
    }

    /// `request` decided in the worker child (started by the first request,
    /// and again after a request that killed it); served in this process
    /// when no child can be made.
    template <class Answer>
    Answer run(const Request& request) {
        // One request at a time: the child answers them in turn.
        std::lock_guard<std::mutex> lock(mutex_);
        const std::string text = encode(request);
        ChildOutcome child = worker_.ask(text, child_deadline_seconds(limits_.timeout_seconds));
        if (child.ending == ChildOutcome::Ending::NotStarted) {
            child.ending = ChildOutcome::Ending::Answered;
            child.text = serve(in_process(), text);
        }
        Answer answer;
        switch (child.ending) {
            case ChildOutcome::Ending::NotStarted:  // served above
            case ChildOutcome::Ending::Answered:
                break;
            case ChildOutcome::Ending::TimedOut:
                return unknown_answer(answer, kTimeoutReason);
            case ChildOutcome::Ending::Died:
                return unknown_answer(answer, "the process deciding it " + child.describe());
        }
        if (!decode(child.text, answer)) {
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
    std::mutex mutex_;
    ChildWorker worker_;
};

}  // namespace

std::unique_ptr<Oracle> make_isolated_oracle(const Limits& limits,
                                             std::unique_ptr<Oracle> (*make)(const Limits&)) {
    return std::make_unique<IsolatedOracle>(limits, make);
}

}  // namespace provix::solvers::detail
