// A case's checks in a child process (provix/fuzz/isolated_check.h).

#include "provix/fuzz/isolated_check.h"

#include <csignal>
#include <cstdio>
#include <utility>
#include <vector>

#include "provix/solvers/child_process.h"
#include "provix/solvers/field_text.h"

namespace provix::fuzz {

namespace {

using solvers::ChildOutcome;
using solvers::FieldReader;
using solvers::FieldWriter;

void put_findings(FieldWriter& out, const std::vector<Finding>& findings) {
    out.put_count(findings.size());
    for (const Finding& f : findings) {
        out.put(f.kind);
        out.put(f.detail);
    }
}

bool get_findings(FieldReader& in, std::vector<Finding>& findings) {
    size_t n = 0;
    if (!in.get_count(n)) return false;
    findings.resize(n);
    for (Finding& f : findings) {
        if (!in.get(f.kind) || !in.get(f.detail)) return false;
    }
    return true;
}

void put_lines(FieldWriter& out, const std::vector<std::string>& lines) {
    out.put_count(lines.size());
    for (const std::string& l : lines)
        out.put(l);
}

bool get_lines(FieldReader& in, std::vector<std::string>& lines) {
    size_t n = 0;
    if (!in.get_count(n)) return false;
    lines.resize(n);
    for (std::string& l : lines) {
        if (!in.get(l)) return false;
    }
    return true;
}

/// An interval's ends, each a flag (infinite) and a value (0 when infinite).
void put_interval(FieldWriter& out, const Interval& i) {
    out.put_flag(i.lo_is_inf());
    out.put_int(i.lo_is_inf() ? 0 : i.lo());
    out.put_flag(i.hi_is_inf());
    out.put_int(i.hi_is_inf() ? 0 : i.hi());
}

bool get_interval(FieldReader& in, Interval& i) {
    bool lo_inf = false, hi_inf = false;
    int64_t lo = 0, hi = 0;
    if (!in.get_flag(lo_inf) || !in.get_int(lo) || !in.get_flag(hi_inf) || !in.get_int(hi)) {
        return false;
    }
    i = Interval::bounded_by(lo_inf ? std::nullopt : std::optional<int64_t>(lo),
                             hi_inf ? std::nullopt : std::optional<int64_t>(hi));
    return true;
}

/// The signals the campaign's crash handlers catch: the child dies of them
/// without printing the campaign's crash note (its parent reports the case).
void default_crash_signals() {
    for (int sig : {SIGSEGV, SIGABRT, SIGFPE, SIGILL, SIGBUS})
        std::signal(sig, SIG_DFL);
}

}  // namespace

std::string encode_report(const CaseReport& r) {
    FieldWriter out;
    out.put(r.input_text);
    out.put(r.simplified_text);
    put_findings(out, r.failures);
    put_findings(out, r.misses);
    put_lines(out, r.unknowns);
    put_lines(out, r.completeness_unknowns);
    out.put_count(r.ranges.size());
    for (const RangeSample& s : r.ranges) {
        put_interval(out, s.engine);
        put_interval(out, s.exact);
    }
    out.put_int(r.unbounded_ranges);
    out.put_flag(r.exact_empty);
    out.put_flag(r.engine_empty);
    out.put_flag(r.input_known_empty);
    out.put_flag(r.enumerated);
    return out.text();
}

std::optional<CaseReport> decode_report(std::string_view text) {
    FieldReader in(text);
    CaseReport r;
    size_t ranges = 0;
    if (!in.get(r.input_text) || !in.get(r.simplified_text) || !get_findings(in, r.failures) ||
        !get_findings(in, r.misses) || !get_lines(in, r.unknowns) ||
        !get_lines(in, r.completeness_unknowns) || !in.get_count(ranges)) {
        return std::nullopt;
    }
    r.ranges.resize(ranges);
    for (RangeSample& s : r.ranges) {
        if (!get_interval(in, s.engine) || !get_interval(in, s.exact)) return std::nullopt;
    }
    if (!in.get_int(r.unbounded_ranges) || !in.get_flag(r.exact_empty) ||
        !in.get_flag(r.engine_empty) || !in.get_flag(r.input_known_empty) ||
        !in.get_flag(r.enumerated) || !in.at_end()) {
        return std::nullopt;
    }
    return r;
}

namespace {

/// The report a child's outcome gives: the report it sent back, or one of
/// `input_text` that says how the child ended; nullopt when no child was
/// made (the caller checks in this process).
std::optional<CaseReport> report_of(const ChildOutcome& child, double seconds,
                                    const std::string& input_text) {
    if (child.ending == ChildOutcome::Ending::NotStarted) return std::nullopt;
    if (child.ending == ChildOutcome::Ending::Answered) {
        if (std::optional<CaseReport> answered = decode_report(child.text)) return answered;
    }
    // Nothing was decided: neither soundness nor completeness.
    std::string why;
    CaseReport r;
    r.input_text = input_text;
    if (child.ending == ChildOutcome::Ending::TimedOut) {
        char limit[32];
        std::snprintf(limit, sizeof limit, "%g", seconds);
        why = std::string("the case's checks did not end within ") + limit +
              " s (its process was killed)";
        r.unknowns.push_back(why);
    } else {
        why = "the process checking the case " + (child.ending == ChildOutcome::Ending::Died
                                                      ? child.describe()
                                                      : std::string("gave a malformed report"));
        r.failures.push_back({"crash", why + "\n"});
    }
    r.completeness_unknowns.push_back("not checked: " + why);
    return r;
}

}  // namespace

CaseReport check_in_child(double seconds, const std::string& input_text,
                          const std::function<CaseReport()>& check) {
    const ChildOutcome child = solvers::run_in_child(seconds, [&] {
        default_crash_signals();
        return encode_report(check());
    });
    std::optional<CaseReport> r = report_of(child, seconds, input_text);
    return r ? std::move(*r) : check();
}

CaseWorker::CaseWorker(double seconds, std::function<CaseReport(const std::string&)> check)
    : seconds_(seconds),
      check_(std::move(check)),
      worker_([this](const std::string& request) { return encode_report(check_(request)); },
              default_crash_signals) {}

CaseReport CaseWorker::check(const std::string& request, const std::string& input_text) {
    std::optional<CaseReport> r = report_of(worker_.ask(request, seconds_), seconds_, input_text);
    return r ? std::move(*r) : check_(request);
}

}  // namespace provix::fuzz
