// The differential check of one case: the engine against the exact oracle.

#include "provix/fuzz/checker.h"

#include <cctype>
#include <exception>
#include <memory>
#include <utility>

#include "provix/decimal.h"
#include "provix/fuzz/enumeration.h"
#include "provix/parser.h"
#include "provix/simplify.h"

namespace provix::fuzz {

namespace {

using solvers::Decision;
using solvers::RangeDecision;
using solvers::Verdict;

/// Compares the int64 `a` with the exact decimal text `b` (`-inf`, `inf`
/// or an integer of any size): negative, zero or positive.
int compare_with_text(int64_t a, const std::string& b) {
    if (b == "-inf") return 1;
    if (b == "inf") return -1;
    std::optional<int64_t> v = solvers::parse_int64(b);
    if (v) return a < *v ? -1 : a > *v ? 1 : 0;
    // Outside int64: the sign decides.
    return (!b.empty() && b[0] == '-') ? 1 : -1;
}

/// A counterexample or reason, indented for the report.
std::string decision_detail(const Decision& d) {
    std::string s;
    if (!d.reason.empty()) s += d.reason + "\n";
    if (d.counterexample) s += solvers::to_string(*d.counterexample) + "\n";
    return s;
}

std::string both_maps(const std::string& input, const std::string& simplified) {
    return "input:\n" + input + "\nsimplified:\n" + simplified + "\n";
}

/// isl for the maps within its fragment, Z3 for the others (no Z3 retry
/// when isl runs out of budget: the campaign's answer stays cheap).
class IslThenZ3 final : public solvers::Oracle {
public:
    explicit IslThenZ3(const solvers::Limits& limits)
        : isl_(solvers::make_isl_oracle(limits)), z3_(solvers::make_z3_oracle(limits)) {}

    std::string name() const override { return "isl, Z3 outside isl's fragment"; }
    bool supports(const IndexingMap& m) const override { return z3_->supports(m); }
    Decision equivalent(const IndexingMap& a, const IndexingMap& b) override {
        return pick(a, &b).equivalent(a, b);
    }
    Decision equivalent_pointwise(const IndexingMap& a, const IndexingMap& b) override {
        return pick(a, &b).equivalent_pointwise(a, b);
    }
    RangeDecision exact_range(const IndexingMap& m, int64_t result) override {
        return pick(m, nullptr).exact_range(m, result);
    }
    Decision is_empty(const IndexingMap& m) override { return pick(m, nullptr).is_empty(m); }
    Decision implies(const IndexingMap& m, const Constraint& c) override {
        Decision d = pick(m, nullptr).implies(m, c);
        return d.verdict == Verdict::Unknown && d.backend == "isl" ? z3_->implies(m, c) : d;
    }
    void set_timeout(double seconds) override {
        isl_->set_timeout(seconds);
        z3_->set_timeout(seconds);
    }

private:
    solvers::Oracle& pick(const IndexingMap& a, const IndexingMap* b) {
        return isl_->supports(a) && (!b || isl_->supports(*b)) ? *isl_ : *z3_;
    }
    std::unique_ptr<solvers::Oracle> isl_;
    std::unique_ptr<solvers::Oracle> z3_;
};

/// Number of `inf` tokens in `text` outside `//` comments (bounds written
/// as infinite).
int64_t infinity_literals(const std::string& with_comments) {
    std::string text;
    for (size_t at = 0; at < with_comments.size();) {
        size_t comment = with_comments.find("//", at);
        size_t end = comment == std::string::npos ? with_comments.size() : comment;
        text += with_comments.substr(at, end - at) + " ";
        if (comment == std::string::npos) break;
        size_t eol = line_end(with_comments, comment);
        at = eol == std::string::npos ? with_comments.size() : eol;
    }
    int64_t n = 0;
    auto ident = [](char ch) { return std::isalnum(static_cast<unsigned char>(ch)) || ch == '_'; };
    for (size_t at = text.find("inf"); at != std::string::npos; at = text.find("inf", at + 3)) {
        bool left = at == 0 || !ident(text[at - 1]);
        bool right = at + 3 == text.size() || !ident(text[at + 3]);
        if (left && right) ++n;
    }
    return n;
}

/// Number of infinite ends among a map's variable bounds and constraint ranges.
int64_t infinite_bounds(const IndexingMap& m) {
    int64_t n = 0;
    auto count = [&](const Interval& i) { n += int64_t(i.lo_is_inf()) + int64_t(i.hi_is_inf()); };
    for (int64_t i = 0; i < m.num_variables(); ++i)
        count(m.variable(i).bounds);
    for (const Constraint& c : m.constraints())
        count(c.range);
    return n;
}

/// True if the decimal integer `text` (an exact range end) is an int64.
bool fits_int64(const std::string& text) { return parse_int64(text).has_value(); }

bool contains_kind(Expr e, bool (*pred)(ExprKind)) {
    if (pred(e.kind())) return true;
    for (size_t i = 0; i < e.num_operands(); ++i) {
        if (contains_kind(e.operand(i), pred)) return true;
    }
    return false;
}

}  // namespace

bool range_contains(const Interval& engine, const std::string& lo, const std::string& hi) {
    if (engine.is_empty()) return false;
    bool lo_ok = engine.lo_is_inf() || compare_with_text(engine.lo(), lo) <= 0;
    bool hi_ok = engine.hi_is_inf() || compare_with_text(engine.hi(), hi) >= 0;
    return lo_ok && hi_ok;
}

bool has_division(Expr e) {
    return contains_kind(e, [](ExprKind k) {
        return k == ExprKind::FloorDiv || k == ExprKind::CeilDiv || k == ExprKind::Mod;
    });
}

bool has_min_max(Expr e) {
    return contains_kind(e, [](ExprKind k) { return k == ExprKind::Min || k == ExprKind::Max; });
}

bool CaseReport::has_failure(const std::string& kind) const {
    for (const Finding& f : failures) {
        if (f.kind == kind) return true;
    }
    return false;
}

CaseChecker::CaseChecker(const solvers::Limits& limits, bool exact)
    : oracle_(exact ? solvers::make_exact_oracle(limits) : std::make_unique<IslThenZ3>(limits)),
      prober_(limits.isl_max_operations) {}

CaseChecker::~CaseChecker() = default;

CaseReport CaseChecker::check_text(const std::string& text, const CheckOptions& options) {
    Context ctx;
    ParseOptions raw;
    raw.canonicalize = false;
    Result<IndexingMap> input = parse_indexing_map(ctx, text, raw);
    if (!input) {
        CaseReport r;
        r.input_text = text;
        r.failures.push_back(
            {"roundtrip", "the printed map does not parse:\n" + input.error().message + "\n"});
        return r;
    }
    CaseReport r = check(*input, text, options);
    // What the text writes is what the map means: a finite bound (even
    // -9223372036854775808) is never read as infinite.
    if (input->state() == IndexingMap::State::Normal &&
        infinite_bounds(*input) > infinity_literals(text)) {
        r.failures.push_back({"literal",
                              "a bound written as a finite number was read as "
                              "infinite:\ntext:\n" +
                                  text + "\nread as:\n" + input->to_string() + "\n"});
    }
    // Printing round-trips: parse(print(m)) == m for the canonical map.
    Result<IndexingMap> canonical = parse_indexing_map(ctx, text);
    if (canonical && input->state() == IndexingMap::State::Normal &&
        canonical->state() == IndexingMap::State::Normal &&
        canonical->to_string() != r.input_text) {
        // Parsing canonically must not change the meaning (e.g. fold away a
        // sub-expression that divides by zero).
        Decision same = oracle_->equivalent_pointwise(*input, *canonical);
        if (same.verdict == Verdict::Refuted) {
            r.failures.push_back({"parse", "the map as written and as parsed canonically differ [" +
                                               same.backend + "]\n" + decision_detail(same) +
                                               "as written:\n" + r.input_text + "\ncanonical:\n" +
                                               canonical->to_string() + "\n"});
        } else if (same.verdict == Verdict::Unknown) {
            r.unknowns.push_back("canonical parse: " + same.reason);
        }
    }
    if (canonical) {
        std::string printed = canonical->to_string();
        Result<IndexingMap> again = parse_indexing_map(ctx, printed);
        if (!again) {
            r.failures.push_back({"roundtrip", "the canonical map's text does not parse:\n" +
                                                   printed + "\n" + again.error().message + "\n"});
        } else if (!(*again == *canonical) || again->to_string() != printed) {
            r.failures.push_back({"roundtrip", "parse(print(m)) != m for m =\n" + printed +
                                                   "\nreparsed:\n" + again->to_string() + "\n"});
        }
    } else {
        r.failures.push_back({"roundtrip", "the text parses as written but not canonically:\n" +
                                               canonical.error().message + "\n"});
    }
    return r;
}

CaseReport CaseChecker::check(const IndexingMap& input, const std::string& text,
                              const CheckOptions& options) {
    CaseReport r;
    r.input_text = input.to_string();
    r.input_known_empty = input.is_known_empty();
    IndexingMap simplified = input;
    try {
        simplify(simplified);
    } catch (const std::exception& e) {
        r.failures.push_back({"exception", std::string("simplify threw: ") + e.what() + "\n"});
        return r;
    }
    r.simplified_text = simplified.to_string();
    r.engine_empty = simplified.is_known_empty();

    // Idempotence and determinism (no solver needed).
    IndexingMap twice = simplified;
    simplify(twice);
    if (!(twice == simplified)) {
        r.failures.push_back({"not-idempotent", "simplified once:\n" + r.simplified_text +
                                                    "\nsimplified twice:\n" + twice.to_string() +
                                                    "\n"});
    }
    // The output's text reads back as the same map: a user simplifies or
    // evaluates what provix printed.
    {
        Context fresh;
        Result<IndexingMap> reread = parse_indexing_map(fresh, r.simplified_text);
        if (!reread) {
            r.failures.push_back({"roundtrip", "the simplified map's text does not parse:\n" +
                                                   r.simplified_text + "\n" +
                                                   reread.error().message + "\n"});
        } else if (reread->to_string() != r.simplified_text) {
            r.failures.push_back({"roundtrip",
                                  "the simplified map's text reads back as another "
                                  "expression:\n" +
                                      r.simplified_text + "\nread back:\n" + reread->to_string() +
                                      "\n"});
        }
    }
    if (!text.empty()) {
        Context fresh;
        ParseOptions raw;
        raw.canonicalize = false;
        Result<IndexingMap> again = parse_indexing_map(fresh, text, raw);
        if (again) {
            simplify(*again);
            if (again->to_string() != r.simplified_text) {
                r.failures.push_back({"nondeterministic", "first context:\n" + r.simplified_text +
                                                              "\nfresh context:\n" +
                                                              again->to_string() + "\n"});
            }
        }
    }

    CaseReport oracle_part = check_result(input, simplified, options);
    for (Finding& f : oracle_part.failures)
        r.failures.push_back(std::move(f));
    r.misses = std::move(oracle_part.misses);
    r.unknowns = std::move(oracle_part.unknowns);
    r.completeness_unknowns = std::move(oracle_part.completeness_unknowns);
    r.ranges = std::move(oracle_part.ranges);
    r.unbounded_ranges = oracle_part.unbounded_ranges;
    r.exact_empty = oracle_part.exact_empty;
    r.enumerated = oracle_part.enumerated;
    return r;
}

CaseReport CaseChecker::check_result(const IndexingMap& input, const IndexingMap& simplified,
                                     const CheckOptions& options) {
    CaseReport r;
    r.input_text = input.to_string();
    r.simplified_text = simplified.to_string();
    r.input_known_empty = input.is_known_empty();
    r.engine_empty = simplified.is_known_empty();
    if (input.is_undefined()) {
        r.unknowns.push_back("the input is UNDEFINED");
        return r;
    }
    check_emptiness(input, simplified, r);
    Verdict verdict = Verdict::Unknown;
    if (!r.engine_empty) {
        Decision eq = oracle_->equivalent(input, simplified);
        verdict = eq.verdict;
        if (eq.verdict == Verdict::Refuted) {
            r.failures.push_back({"unsound", "the simplified map is not equivalent to the input [" +
                                                 eq.backend + "]\n" + decision_detail(eq) +
                                                 both_maps(r.input_text, r.simplified_text)});
        } else if (eq.verdict == Verdict::Unknown) {
            r.unknowns.push_back("equivalence: " + eq.reason);
        }
    }
    check_enumeration(input, simplified, verdict, r);
    if (options.ranges && !r.engine_empty) check_ranges(simplified, r);
    if (options.completeness && !r.engine_empty && !r.exact_empty)
        check_completeness(simplified, r);
    return r;
}

void CaseChecker::check_emptiness(const IndexingMap& input, const IndexingMap& simplified,
                                  CaseReport& r) {
    Decision empty = oracle_->is_empty(input);
    r.exact_empty = empty.verdict == Verdict::Proven;
    if (r.engine_empty) {
        if (empty.verdict == Verdict::Refuted) {
            r.failures.push_back(
                {"false-empty",
                 "the engine made the map KNOWN EMPTY, but its domain has a point [" +
                     empty.backend + "]\n" + decision_detail(empty) + "input:\n" + r.input_text +
                     "\n"});
        } else if (empty.verdict == Verdict::Unknown) {
            r.unknowns.push_back("emptiness: " + empty.reason);
        }
        return;
    }
    if (empty.verdict == Verdict::Proven) {
        r.misses.push_back({"empty-missed", "isl proves the domain empty; the engine kept:\n" +
                                                simplified.to_string() + "\n"});
    } else if (empty.verdict == Verdict::Unknown) {
        r.completeness_unknowns.push_back("emptiness: " + empty.reason);
    }
}

void CaseChecker::check_enumeration(const IndexingMap& input, const IndexingMap& simplified,
                                    Verdict oracle_verdict, CaseReport& r) {
    EnumerationResult e = compare_by_enumeration(input, simplified);
    if (e.outcome == EnumerationResult::Outcome::Skipped) return;
    r.enumerated = true;
    bool differ = e.outcome == EnumerationResult::Outcome::Differ;
    if (differ) {
        r.failures.push_back(
            {"enumeration", "exhaustive evaluation: the simplified map differs from the input " +
                                e.detail + "\n" + both_maps(r.input_text, r.simplified_text)});
    }
    if ((differ && oracle_verdict == Verdict::Proven) ||
        (!differ && oracle_verdict == Verdict::Refuted)) {
        r.failures.push_back({"oracle", std::string("the oracle ") +
                                            (differ ? "proved" : "refuted") +
                                            " the equivalence that exhaustive evaluation " +
                                            (differ ? "refutes" : "confirms") + "\n" +
                                            both_maps(r.input_text, r.simplified_text)});
    }
}

void CaseChecker::check_ranges(const IndexingMap& simplified, CaseReport& r) {
    std::vector<Interval> engine = result_ranges(simplified);
    if (static_cast<int64_t>(engine.size()) != simplified.num_results()) {
        r.failures.push_back(
            {"range", "result_ranges gave " + std::to_string(engine.size()) + " ranges for " +
                          std::to_string(simplified.num_results()) + " results\n"});
        return;
    }
    for (int64_t i = 0; i < simplified.num_results(); ++i) {
        const Interval& e = engine[static_cast<size_t>(i)];
        RangeDecision x = oracle_->exact_range(simplified, i);
        if (x.verdict != Verdict::Proven) {
            r.unknowns.push_back("range of result " + std::to_string(i) + ": " + x.reason);
            continue;
        }
        if (x.empty) continue;  // the domain is empty: any range contains no value
        if (!range_contains(e, x.lo, x.hi)) {
            r.failures.push_back(
                {"range",
                 "result " + std::to_string(i) + " `" +
                     simplified.expr_to_string(simplified.results()[static_cast<size_t>(i)]) +
                     "`: the engine's range " + to_string(e) +
                     " does not contain the exact range [" + x.lo + ", " + x.hi + "] [" +
                     x.backend + "]\nsimplified:\n" + r.simplified_text + "\n"});
            continue;
        }
        std::optional<Interval> exact = x.interval();
        if (!exact || exact->is_empty()) continue;
        if (!e.is_bounded()) {
            ++r.unbounded_ranges;
        } else {
            r.ranges.push_back({e, *exact});
        }
    }
}

void CaseChecker::check_completeness(const IndexingMap& simplified, CaseReport& r) {
    for (int64_t i = 0; i < simplified.num_results(); ++i) {
        Expr e = simplified.results()[static_cast<size_t>(i)];
        if (e.is_constant()) continue;
        const std::string where =
            "result " + std::to_string(i) + " `" + simplified.expr_to_string(e) + "`";
        if (!has_division(e) && !has_min_max(e)) {
            // A div-free result: only a constant would be simpler.
            RangeDecision x = oracle_->exact_range(simplified, i);
            if (x.verdict != Verdict::Proven) {
                r.completeness_unknowns.push_back(where + ": " + x.reason);
            } else if (!x.empty && x.lo == x.hi && fits_int64(x.lo)) {
                // (A single value beyond int64, `9223372036854775807 + 1`,
                // is no miss: no int64 constant states it, and the
                // div-free expression stating it is as simple as it gets.)
                r.misses.push_back({"constant", where + " is the constant " + x.lo +
                                                    " on the domain\nsimplified:\n" +
                                                    r.simplified_text + "\n"});
            }
            continue;
        }
        solvers::AffineProbe p = prober_.probe(simplified, i);
        if (p.outcome == solvers::AffineProbe::Outcome::Unknown) {
            r.completeness_unknowns.push_back(where + ": " + p.reason);
            continue;
        }
        if (p.outcome == solvers::AffineProbe::Outcome::NotFound) continue;
        // Confirm the probe's expression with the oracle, point by point.
        IndexingMap replaced = simplified;
        std::vector<Expr> results = replaced.results().to_vector();
        results[static_cast<size_t>(i)] = p.expr;
        replaced.set_results(results);
        Decision d = oracle_->equivalent_pointwise(simplified, replaced);
        const std::string suggestion = simplified.expr_to_string(p.expr);
        if (d.verdict == Verdict::Refuted) {
            r.failures.push_back({"probe", where + ": the affine probe claimed `" + suggestion +
                                               "`, which the oracle refutes\n" +
                                               decision_detail(d) + "map:\n" + r.simplified_text +
                                               "\n"});
        } else if (d.verdict == Verdict::Unknown) {
            r.completeness_unknowns.push_back(where + ": confirming `" + suggestion +
                                              "`: " + d.reason);
        } else {
            std::string kind = p.expr.is_constant() ? "constant"
                               : has_division(e)    ? "div-affine"
                                                    : "minmax-affine";
            r.misses.push_back({kind, where + " equals `" + suggestion +
                                          "` on the domain\nsimplified:\n" + r.simplified_text +
                                          "\n"});
        }
    }
}

}  // namespace provix::fuzz
