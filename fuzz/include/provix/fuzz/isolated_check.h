#pragma once
/// \file
/// A case's checks in a child process (provix/solvers/child_process.h), so
/// that no case can stop a campaign: one whose checks outlast their limit
/// (isl's integer arithmetic checks no abort flag) is killed and unknown,
/// one that crashes is a `crash` failure, shrunk and written like any other.
///
///     CaseReport r = check_in_child(300, text, [&] { return checker.check_text(text); });
///     r.has_failure("crash")   // the process checking `text` died
///
///     CaseWorker worker(300, [&](const std::string& t) { return checker.check_text(t); });
///     worker.check(text, text);   // case after case in one child process

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "provix/fuzz/checker.h"
#include "provix/solvers/child_process.h"

namespace provix::fuzz {

/// `check()` run in a child process killed after `seconds`; the report it
/// returned, or, when it was killed, a report of `input_text` with one
/// unknown, or, when the child died (a signal, an early exit, a malformed
/// report), one `crash` failure naming how. In this process when no child
/// can be made. Call it from a process with a single thread (a fork copies
/// only the calling thread; the solvers' watchdogs are threads).
CaseReport check_in_child(double seconds, const std::string& input_text,
                          const std::function<CaseReport()>& check);

/// Cases checked one after another in a child process (ChildWorker): as
/// check_in_child, without a process per case. After a case that was killed
/// or crashed the next starts a new child.
class CaseWorker {
public:
    /// `check(request)` runs in the child, each within `seconds`.
    CaseWorker(double seconds, std::function<CaseReport(const std::string&)> check);
    /// The report of `check(request)` (`input_text` names the case in a
    /// report of one killed or crashed); in this process when no child can
    /// be made.
    CaseReport check(const std::string& request, const std::string& input_text);
    /// Child processes started so far.
    int64_t children_started() const { return worker_.children_started(); }

private:
    double seconds_;
    std::function<CaseReport(const std::string&)> check_;
    solvers::ChildWorker worker_;
};

/// A CaseReport as text, every field kept (provix/solvers/field_text.h).
std::string encode_report(const CaseReport& r);
/// The report `encode_report` wrote; nullopt on malformed text.
/// `decode_report(encode_report(r))` equals `r` field by field.
std::optional<CaseReport> decode_report(std::string_view text);

}  // namespace provix::fuzz
