// The exported SMT-LIB obligations of every suite query, re-checked by a
// second solver (cvc5, run as a separate process): the verdict must be the
// suite's expected one, which the Z3 and isl oracles also give.

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <string>

#include "provix/solvers/smtlib.h"
#include "query_suite.h"
#include "solver_test_util.h"

namespace provix::solvers::testing {
namespace {

bool have_cvc5() { return std::system("cvc5 --version > /dev/null 2>&1") == 0; }

/// Runs cvc5 on `text`; returns its first output line ("sat", "unsat", ...).
std::string run_cvc5(const std::string& text, const std::string& name) {
    std::string path = std::string(PROVIX_BINARY_DIR) + "/cvc5_recheck_" + name + ".smt2";
    {
        std::ofstream out(path);
        out << text;
    }
    // The time limit is only a safeguard against a hang; the verdicts do
    // not depend on it.
    std::string cmd = "cvc5 --lang smt2 --tlimit=120000 " + path + " 2>&1";
    FILE* p = popen(cmd.c_str(), "r");
    if (!p) return "cannot run cvc5";
    std::string output;
    char buf[256];
    while (fgets(buf, sizeof buf, p))
        output += buf;
    pclose(p);
    std::remove(path.c_str());
    return output.substr(0, output.find('\n'));
}

/// The verdict cvc5 gives to all obligations of `q`.
std::string cvc5_verdict(const Query& q, const std::string& name) {
    auto obligations = to_smtlib(q);
    if (!obligations) return "export error: " + obligations.error().message;
    for (size_t i = 0; i < obligations->size(); ++i) {
        std::string r = run_cvc5((*obligations)[i].text, name + "_" + std::to_string(i));
        if (r == "sat") return "refuted";
        if (r != "unsat") return "cvc5 said '" + r + "' on " + (*obligations)[i].name;
    }
    return "proven";
}

TEST(Cvc5Recheck, ExportedSuiteObligationsGetTheSameVerdict) {
    if (!have_cvc5()) GTEST_SKIP() << "cvc5 is not installed (Debian package cvc5)";
    int checked = 0;
    for (const SuiteQuery& s : query_suite()) {
        Context ctx;
        // A Range entry is the claim of its exact range: the bounds hold and
        // are attained (or the result is unbounded on an infinite side).
        const std::string want = s.kind == SuiteKind::Range ? "proven" : verdict_name(s.expected);
        EXPECT_EQ(cvc5_verdict(query_of(ctx, s), s.name), want) << s.name;
        ++checked;
    }
    EXPECT_GE(checked, 50);
}

TEST(Cvc5Recheck, WrongRangeClaimsAreRefuted) {
    if (!have_cvc5()) GTEST_SKIP() << "cvc5 is not installed (Debian package cvc5)";
    Context ctx;
    IndexingMap m = map_of(ctx, "(d0) -> (d0 mod 4), domain: d0 in [0, 2]");
    EXPECT_EQ(cvc5_verdict(Query::range(m, 0, "0", "2"), "range_right"), "proven");
    EXPECT_EQ(cvc5_verdict(Query::range(m, 0, "0", "3"), "range_not_attained"), "refuted");
    EXPECT_EQ(cvc5_verdict(Query::range(m, 0, "1", "2"), "range_too_high"), "refuted");
    EXPECT_EQ(cvc5_verdict(Query::range(m, 0, "0", "inf"), "range_not_unbounded"), "refuted");
    EXPECT_EQ(cvc5_verdict(Query::range(m, 0, "", ""), "range_not_empty"), "refuted");
}

}  // namespace
}  // namespace provix::solvers::testing
