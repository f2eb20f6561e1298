// Reports of `provix prove` (see provix/solvers/prove_report.h).

#include "provix/solvers/prove_report.h"

#include <chrono>
#include <cstdio>
#include <map>
#include <sstream>

#include "program_run.h"
#include "provix/solvers/lemma_prover.h"
#include "provix/xml_text.h"

namespace provix::solvers {

bool RuleResult::passed() const {
    bool verdict_ok = proof.verdict == RuleVerdict::Proven ||
                      (proof.verdict == RuleVerdict::CheckedGrid && grid_allowed);
    return verdict_ok && order.ok && !cvc5_disagrees;
}

RuleResult prove_and_check(const rules::Lemma& lemma, const ProverOptions& options) {
    auto start = std::chrono::steady_clock::now();
    RuleResult r;
    r.lemma = true;
    r.name = lemma.name;
    r.file = lemma.file;
    r.line = lemma.line;
    r.text = lemma.text;
    r.proof = prove_lemma(lemma, options);
    r.order.ok = true;
    r.order.message = "a lemma: no rewriting to order";
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return r;
}

RuleResult prove_and_check(const rules::Rule& rule, const ProverOptions& options) {
    auto start = std::chrono::steady_clock::now();
    RuleResult r;
    r.name = rule.name;
    r.file = rule.file;
    r.line = rule.line;
    r.text = rule.text;
    r.proof = prove_rule(rule, options);
    r.grid_allowed = options.allow_grid;
    r.order = check_reduction_order(rule);
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return r;
}

void record_cvc5(RuleResult& r, const std::string& answer) {
    r.cvc5 = answer;
    bool passed =
        r.proof.verdict == RuleVerdict::Proven || r.proof.verdict == RuleVerdict::CheckedGrid;
    if (answer == "sat") r.cvc5_disagrees = passed || r.proof.z3_answer == "unsat";
    if (answer == "unsat")
        r.cvc5_disagrees = r.proof.z3_answer == "sat" || r.proof.verdict == RuleVerdict::Refuted;
}

namespace {

std::string verdict_text(const RuleResult& r) {
    std::string s = rule_verdict_name(r.proof.verdict);
    std::string how = r.proof.backend;
    bool grid = r.proof.backend == "isl grid";
    if (grid &&
        (r.proof.verdict == RuleVerdict::CheckedGrid || r.proof.verdict == RuleVerdict::Refuted))
        how += ": " + r.proof.detail;
    if (!r.proof.z3_answer.empty() && r.proof.backend != "z3")
        how += (how.empty() ? "" : "; ") + std::string("z3: ") + r.proof.z3_answer;
    if (!r.cvc5.empty()) how += (how.empty() ? "" : "; ") + std::string("cvc5: ") + r.cvc5;
    return how.empty() ? s : s + " [" + how + "]";
}

std::string failure_text(const RuleResult& r) {
    std::string out;
    if (r.proof.verdict == RuleVerdict::Refuted) {
        if (r.proof.counterexample)
            out += to_string(*r.proof.counterexample) + "\n";
        else
            out += "ERROR: refuted (" + r.proof.detail + ")\n";
    } else if (r.proof.verdict == RuleVerdict::Unknown) {
        out += "ERROR: could not be proven or checked: " + r.proof.detail + "\n";
    } else if (r.proof.verdict == RuleVerdict::Vacuous) {
        out += "ERROR: vacuous: " + r.proof.detail + "\n";
    }
    if (!r.order.ok) out += "ERROR: not terminating: " + r.order.message + "\n";
    if (r.cvc5_disagrees)
        out += "ERROR: cvc5 answers '" + r.cvc5 + "' on the obligation, contradicting " +
               (r.proof.z3_answer.empty() ? "the verdict" : "z3's '" + r.proof.z3_answer + "'") +
               "\n";
    return out;
}

}  // namespace

std::string format_rule_result(const RuleResult& r) {
    std::string head = r.file + ":" + std::to_string(r.line) + ": " + r.name + ": ";
    if (r.passed()) return head + verdict_text(r) + "\n";
    std::string out = "----------------------------------------\n";
    out += head + verdict_text(r) + "\n  " + r.text + "\n";
    out += failure_text(r);
    return out;
}

void ProveCounts::add(const RuleResult& r) {
    ++total;
    switch (r.proof.verdict) {
        case RuleVerdict::Proven:
            ++proven;
            break;
        case RuleVerdict::CheckedGrid:
            ++grid;
            break;
        case RuleVerdict::Refuted:
            ++refuted;
            break;
        case RuleVerdict::Unknown:
            ++unknown;
            break;
        case RuleVerdict::Vacuous:
            ++vacuous;
            break;
    }
    looping += r.order.ok ? 0 : 1;
    cvc5_contradictions += r.cvc5_disagrees ? 1 : 0;
    passed += r.passed() ? 1 : 0;
}

std::string summary_line(const std::vector<RuleResult>& results) {
    ProveCounts rules, lemmas;
    int confirmed = 0, contradicted = 0, not_rechecked = 0;
    bool asked_cvc5 = false;
    for (const RuleResult& r : results) {
        (r.lemma ? lemmas : rules).add(r);
        if (r.cvc5.empty()) continue;
        asked_cvc5 = true;
        if (r.cvc5_disagrees)
            ++contradicted;
        else if (r.cvc5 == "unsat" || r.cvc5 == "sat")
            ++confirmed;
        else
            ++not_rechecked;
    }
    auto n = [](int64_t v) { return std::to_string(v); };
    std::string s = n(rules.total) + " rule" + (rules.total == 1 ? "" : "s") + ": " +
                    n(rules.proven) + " proven, " + n(rules.grid) + " checked (grid), " +
                    n(rules.refuted) + " refuted, " + n(rules.unknown) + " unknown, " +
                    n(rules.vacuous) + " vacuous, " + n(rules.looping) + " non-terminating";
    if (lemmas.total)
        s += "; " + n(lemmas.total) + " lemma" + (lemmas.total == 1 ? "" : "s") + ": " +
             n(lemmas.proven) + " proven, " + n(lemmas.refuted) + " refuted, " + n(lemmas.unknown) +
             " unknown, " + n(lemmas.vacuous) + " vacuous";
    if (asked_cvc5)
        s += "; cvc5: " + n(confirmed) + " confirmed, " + n(contradicted) + " contradicted, " +
             n(not_rechecked) + " not re-checked";
    return s;
}

std::string junit_report(const std::vector<RuleResult>& results, double total_seconds) {
    std::map<std::string, std::vector<const RuleResult*>> by_file;
    std::vector<std::string> order;
    for (const RuleResult& r : results) {
        if (!by_file.count(r.file)) order.push_back(r.file);
        by_file[r.file].push_back(&r);
    }
    size_t failures = 0;
    for (const RuleResult& r : results)
        failures += r.passed() ? 0 : 1;
    std::ostringstream os;
    os << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
       << "<testsuites name=\"provix prove\" tests=\"" << results.size() << "\" failures=\""
       << failures << "\" time=\"" << xml_seconds(total_seconds) << "\">\n";
    for (const std::string& file : order) {
        const auto& list = by_file[file];
        size_t f = 0;
        double t = 0;
        for (const RuleResult* r : list) {
            f += r->passed() ? 0 : 1;
            t += r->seconds;
        }
        os << "  <testsuite name=\"" << xml_text(file) << "\" tests=\"" << list.size()
           << "\" failures=\"" << f << "\" time=\"" << xml_seconds(t) << "\">\n";
        for (const RuleResult* r : list) {
            os << "    <testcase classname=\"" << xml_text(file) << "\" name=\""
               << xml_text(r->name) << "\" time=\"" << xml_seconds(r->seconds) << "\">\n";
            if (!r->passed()) {
                std::string kind = r->proof.verdict == RuleVerdict::Refuted   ? "refuted"
                                   : r->proof.verdict == RuleVerdict::Unknown ? "unknown"
                                   : r->proof.verdict == RuleVerdict::Vacuous ? "vacuous"
                                   : !r->order.ok                             ? "non-terminating"
                                                                              : "cvc5 disagrees";
                os << "      <failure message=\"" << xml_text(kind) << "\" type=\""
                   << xml_text(kind) << "\">" << xml_text(failure_text(*r)) << "</failure>\n";
            }
            os << "      <system-out>"
               << xml_text(verdict_text(*r) + "\n" + r->text + "\n" + "order: " + r->order.message)
               << "</system-out>\n"
               << "    </testcase>\n";
        }
        os << "  </testsuite>\n";
    }
    os << "</testsuites>\n";
    return os.str();
}

std::string run_cvc5(const std::string& path, unsigned time_limit_ms, const std::string& binary) {
    // cvc5 stops itself at --tlimit; the deadline only catches one that
    // does not (a few seconds later).
    const detail::ProgramOutcome run = detail::run_program(
        {binary, "--lang=smt2", "--tlimit=" + std::to_string(time_limit_ms), path}, "",
        time_limit_ms / 1000.0 + 5);
    if (!run.started) return "error: cannot run " + binary;
    if (run.timed_out) return "unknown";
    const std::string& out = run.output;
    std::string first = out.substr(0, out.find('\n'));
    if (first == "sat" || first == "unsat" || first == "unknown") return first;
    if (out.find("interrupted by timeout") != std::string::npos ||
        out.find("timeout") != std::string::npos)
        return "unknown";
    if (run.exit_status != 0 && first.empty()) {
        return "error: " + binary +
               (run.signal ? " ended by signal " + std::to_string(run.signal)
                           : " exited with status " + std::to_string(run.exit_status));
    }
    return "error: " + first;
}

}  // namespace provix::solvers
