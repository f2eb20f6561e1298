// Comparison of two maps by exhaustive evaluation (see enumeration.h).

#include "provix/fuzz/enumeration.h"

#include <algorithm>
#include <optional>
#include <set>
#include <utility>
#include <vector>

namespace provix::fuzz {

namespace {

/// Saturating product of non-negative counts.
int64_t sat_mul(int64_t a, int64_t b) {
    if (a == 0 || b == 0) return 0;
    return a > kInt64Max / b ? kInt64Max : a * b;
}

int64_t sat_add(int64_t a, int64_t b) { return a > kInt64Max - b ? kInt64Max : a + b; }

/// What a map does at one input point.
struct Meaning {
    std::set<std::vector<int64_t>> tuples;
    bool divides_by_zero = false;
    bool operator==(const Meaning& o) const {
        return tuples == o.tuples && divides_by_zero == o.divides_by_zero;
    }
};

std::string text(const Meaning& m) {
    if (m.tuples.empty() && !m.divides_by_zero) return "not in domain";
    std::string out;
    if (!m.tuples.empty()) {
        out = "{";
        size_t shown = 0;
        for (const auto& t : m.tuples) {
            if (shown++ == 6) {
                out += ", ...";
                break;
            }
            out += shown > 1 ? ", (" : "(";
            for (size_t i = 0; i < t.size(); ++i)
                out += (i ? ", " : "") + std::to_string(t[i]);
            out += ")";
        }
        out += "}";
    }
    if (m.divides_by_zero) out += out.empty() ? "divides by zero" : " and divides by zero";
    return out;
}

/// Thrown out of the enumeration when a value leaves int64.
struct Overflow {};

/// A runtime variable of the union of both maps' runtime variables.
struct RuntimeInput {
    std::string name;
    int64_t id_a = -1, id_b = -1;  ///< its id in each map (-1: absent)
    Interval values;               ///< the values enumerated
};

class Enumerator {
public:
    Enumerator(const IndexingMap& a, const IndexingMap& b, int64_t budget)
        : a_(a), b_(b), budget_(budget) {}

    EnumerationResult run() {
        EnumerationResult r;
        try {
            r = compare();
        } catch (const Overflow&) {
            r.outcome = EnumerationResult::Outcome::Skipped;
            r.detail = "a value leaves int64";
        }
        r.evaluations = evaluations_;
        return r;
    }

private:
    static EnumerationResult skipped(std::string why) {
        EnumerationResult r;
        r.detail = std::move(why);
        return r;
    }

    /// True if `p` (by id) is in `m`'s domain; a constraint dividing by
    /// zero does not hold.
    bool in_domain(const IndexingMap& m, const std::vector<int64_t>& p) {
        for (int64_t i = 0; i < m.num_variables(); ++i) {
            if (!m.variable(i).bounds.contains(p[static_cast<size_t>(i)])) return false;
        }
        for (const Constraint& c : m.constraints()) {
            Result<int64_t> v = evaluate(c.expr, p);
            if (!v) {
                if (v.error().kind == Error::Kind::DivisionByZero) return false;
                throw Overflow{};
            }
            if (!c.range.contains(*v)) return false;
        }
        return true;
    }

    /// The meaning of `m` at input values `dims` / `rts` (by the union's
    /// order; `rt_id` maps each union entry to m's id, -1 when absent).
    Meaning meaning(const IndexingMap& m, const std::vector<int64_t>& dims,
                    const std::vector<int64_t>& rts, bool first) {
        Meaning out;
        if (m.is_known_empty()) return out;
        std::vector<int64_t> p(static_cast<size_t>(m.num_variables()), 0);
        for (size_t i = 0; i < dims.size(); ++i)
            p[i] = dims[i];
        for (size_t j = 0; j < rts_.size(); ++j) {
            int64_t id = first ? rts_[j].id_a : rts_[j].id_b;
            if (id >= 0) p[static_cast<size_t>(id)] = rts[j];
        }
        const int64_t r0 = m.num_dims(), nr = m.num_range_vars();
        for (int64_t k = 0; k < nr; ++k)
            p[static_cast<size_t>(r0 + k)] = m.variable(r0 + k).bounds.lo();
        while (true) {
            ++evaluations_;
            if (in_domain(m, p)) {
                std::vector<int64_t> tuple;
                bool defined = true;
                for (Expr e : m.results()) {
                    Result<int64_t> v = evaluate(e, p);
                    if (!v) {
                        if (v.error().kind != Error::Kind::DivisionByZero) throw Overflow{};
                        defined = false;
                        break;
                    }
                    tuple.push_back(*v);
                }
                if (defined) {
                    out.tuples.insert(std::move(tuple));
                } else {
                    out.divides_by_zero = true;
                }
            }
            // Next assignment of the range variables.
            int64_t k = 0;
            for (; k < nr; ++k) {
                size_t at = static_cast<size_t>(r0 + k);
                if (p[at] < m.variable(r0 + k).bounds.hi()) {
                    ++p[at];
                    break;
                }
                p[at] = m.variable(r0 + k).bounds.lo();
            }
            if (k == nr) break;
        }
        return out;
    }

    /// Number of assignments of `m`'s range variables (kInt64Max: unbounded).
    static int64_t range_box(const IndexingMap& m) {
        if (m.is_known_empty()) return 0;
        int64_t n = 1;
        for (int64_t k = 0; k < m.num_range_vars(); ++k) {
            const Interval& b = m.variable(m.num_dims() + k).bounds;
            if (!b.is_bounded()) return kInt64Max;
            n = sat_mul(n, b.size());
        }
        return n;
    }

    /// The values of runtime variable `id` of `m` at which `m` has a domain
    /// point (their hull; m's bounds when there is none).
    std::optional<Interval> taken_values(const IndexingMap& m, int64_t id) {
        const Interval bounds = m.variable(id).bounds;
        int64_t box = 1;
        for (int64_t i = 0; i < m.num_variables(); ++i) {
            const Interval& b = m.variable(i).bounds;
            if (!b.is_bounded()) return std::nullopt;
            box = sat_mul(box, b.size());
        }
        if (box > budget_ - evaluations_) return std::nullopt;
        std::vector<int64_t> p;
        for (int64_t i = 0; i < m.num_variables(); ++i)
            p.push_back(m.variable(i).bounds.lo());
        Interval seen = Interval::empty();
        while (true) {
            ++evaluations_;
            if (in_domain(m, p)) {
                int64_t v = p[static_cast<size_t>(id)];
                seen = seen.is_empty() ? Interval::point(v) : seen.hull(Interval::point(v));
            }
            size_t i = 0;
            for (; i < p.size(); ++i) {
                if (p[i] < m.variable(static_cast<int64_t>(i)).bounds.hi()) {
                    ++p[i];
                    break;
                }
                p[i] = m.variable(static_cast<int64_t>(i)).bounds.lo();
            }
            if (i == p.size()) break;
        }
        return seen.is_empty() ? bounds : seen;
    }

    /// Matches the runtime variables (see the file comment of enumeration.h).
    std::optional<std::string> align_runtime() {
        auto names_within = [](const IndexingMap& x, const IndexingMap& y) {
            for (const IndexingVariable& v : x.rt_vars()) {
                bool found = false;
                for (const IndexingVariable& w : y.rt_vars())
                    found = found || w.name == v.name;
                if (!found) return false;
            }
            return true;
        };
        auto id_of = [](const IndexingMap& m, const std::string& name) -> int64_t {
            for (int64_t i = 0; i < m.num_rt_vars(); ++i) {
                if (m.rt_vars()[static_cast<size_t>(i)].name == name) {
                    return m.num_dims() + m.num_range_vars() + i;
                }
            }
            return -1;
        };
        bool by_name = names_within(a_, b_) || names_within(b_, a_);
        if (!by_name) {
            if (a_.num_rt_vars() != b_.num_rt_vars()) return "different runtime variables";
            for (int64_t i = 0; i < a_.num_rt_vars(); ++i) {
                RuntimeInput r;
                r.name = a_.rt_vars()[static_cast<size_t>(i)].name;
                r.id_a = a_.num_dims() + a_.num_range_vars() + i;
                r.id_b = b_.num_dims() + b_.num_range_vars() + i;
                rts_.push_back(r);
            }
        } else {
            const IndexingMap& big = names_within(b_, a_) ? a_ : b_;
            for (const IndexingVariable& v : big.rt_vars()) {
                RuntimeInput r;
                r.name = v.name;
                r.id_a = id_of(a_, v.name);
                r.id_b = id_of(b_, v.name);
                rts_.push_back(r);
            }
        }
        for (RuntimeInput& r : rts_) {
            if (r.id_a >= 0 && r.id_b >= 0) {
                r.values = a_.variable(r.id_a).bounds.hull(b_.variable(r.id_b).bounds);
            } else {
                const IndexingMap& m = r.id_a >= 0 ? a_ : b_;
                std::optional<Interval> v = taken_values(m, r.id_a >= 0 ? r.id_a : r.id_b);
                if (!v) return std::string("too many points");
                r.values = *v;
            }
            if (!r.values.is_bounded()) return std::string("an unbounded runtime variable");
        }
        return std::nullopt;
    }

    EnumerationResult compare() {
        // KNOWN EMPTY maps have no variables: take the other's inputs.
        const IndexingMap& shape = a_.is_known_empty() ? b_ : a_;
        if (a_.is_known_empty() && b_.is_known_empty()) {
            EnumerationResult r;
            r.outcome = EnumerationResult::Outcome::Same;
            return r;
        }
        if (!a_.is_known_empty() && !b_.is_known_empty() &&
            (a_.num_dims() != b_.num_dims() || a_.num_results() != b_.num_results())) {
            return skipped("different shapes");
        }
        if (!a_.is_known_empty() && !b_.is_known_empty()) {
            if (auto why = align_runtime()) {
                if (*why == "different runtime variables") {
                    EnumerationResult r;
                    r.outcome = EnumerationResult::Outcome::Differ;
                    r.detail = "the maps have different runtime variables";
                    return r;
                }
                return skipped(*why);
            }
        } else {
            for (int64_t i = 0; i < shape.num_rt_vars(); ++i) {
                RuntimeInput r;
                int64_t id = shape.num_dims() + shape.num_range_vars() + i;
                (a_.is_known_empty() ? r.id_b : r.id_a) = id;
                r.values = shape.variable(id).bounds;
                if (!r.values.is_bounded()) return skipped("an unbounded runtime variable");
                rts_.push_back(r);
            }
        }
        std::vector<Interval> dims;
        for (int64_t i = 0; i < shape.num_dims(); ++i) {
            Interval d = shape.variable(i).bounds;
            if (!a_.is_known_empty() && !b_.is_known_empty()) d = d.hull(b_.variable(i).bounds);
            if (!d.is_bounded()) return skipped("an unbounded dimension");
            dims.push_back(d);
        }
        int64_t inputs = 1;
        for (const Interval& d : dims)
            inputs = sat_mul(inputs, d.size());
        for (const RuntimeInput& r : rts_)
            inputs = sat_mul(inputs, r.values.size());
        int64_t cost = sat_mul(inputs, sat_add(range_box(a_), range_box(b_)));
        if (cost > budget_ - evaluations_) return skipped("too many points");

        std::vector<int64_t> d_values, rt_values;
        for (const Interval& d : dims)
            d_values.push_back(d.lo());
        for (const RuntimeInput& r : rts_)
            rt_values.push_back(r.values.lo());
        while (true) {
            Meaning ma = meaning(a_, d_values, rt_values, true);
            Meaning mb = meaning(b_, d_values, rt_values, false);
            if (!(ma == mb)) {
                EnumerationResult r;
                r.outcome = EnumerationResult::Outcome::Differ;
                r.detail = "at";
                for (size_t i = 0; i < d_values.size(); ++i) {
                    r.detail += (i ? ", " : " ") + shape.variable(int64_t(i)).name + " = " +
                                std::to_string(d_values[i]);
                }
                for (size_t j = 0; j < rts_.size(); ++j) {
                    r.detail += (d_values.empty() && j == 0 ? " " : ", ") + rts_[j].name + " = " +
                                std::to_string(rt_values[j]);
                }
                if (d_values.empty() && rts_.empty()) r.detail += " the only input point";
                r.detail += ":\n  first:  " + text(ma) + "\n  second: " + text(mb);
                return r;
            }
            // Next input point.
            size_t i = 0;
            for (; i < d_values.size() + rt_values.size(); ++i) {
                bool is_dim = i < d_values.size();
                int64_t& v = is_dim ? d_values[i] : rt_values[i - d_values.size()];
                const Interval& b = is_dim ? dims[i] : rts_[i - d_values.size()].values;
                if (v < b.hi()) {
                    ++v;
                    break;
                }
                v = b.lo();
            }
            if (i == d_values.size() + rt_values.size()) break;
        }
        EnumerationResult r;
        r.outcome = EnumerationResult::Outcome::Same;
        return r;
    }

    const IndexingMap& a_;
    const IndexingMap& b_;
    int64_t budget_;
    int64_t evaluations_ = 0;
    std::vector<RuntimeInput> rts_;
};

}  // namespace

EnumerationResult compare_by_enumeration(const IndexingMap& a, const IndexingMap& b,
                                         int64_t max_evaluations) {
    if (a.is_undefined() || b.is_undefined()) {
        EnumerationResult r;
        r.detail = "an UNDEFINED map";
        return r;
    }
    return Enumerator(a, b, max_evaluations).run();
}

}  // namespace provix::fuzz
