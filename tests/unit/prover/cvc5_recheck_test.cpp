// The exported SMT-LIB obligation of every rule of rules/, re-checked by a
// second solver (cvc5, a separate process): it never contradicts Z3's answer
// on the same text, and it independently proves the rules within its reach.

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "prover_test_util.h"
#include "provix/solvers/prove_report.h"
#include "provix/solvers/prover.h"

namespace provix::solvers {
namespace {

bool have_cvc5() { return std::system("cvc5 --version > /dev/null 2>&1") == 0; }

std::string write_obligation(const rules::Rule& r) {
    namespace fs = std::filesystem;
    fs::path dir = fs::path(PROVIX_BINARY_DIR) / "prover_cvc5_recheck";
    fs::create_directories(dir);
    fs::path file = dir / (fs::path(r.file).stem().string() + "." + r.name + ".smt2");
    std::ofstream(file) << rule_obligation_smtlib(r);
    return file.string();
}

// cvc5's time limit only bounds the test's duration: a timeout answers
// "unknown", which agrees with anything.
constexpr unsigned kCvc5Milliseconds = 3000;

TEST(ProverCvc5, EveryRuleObligationAgreesWithZ3) {
    if (!have_cvc5()) GTEST_SKIP() << "cvc5 is not installed (Debian package cvc5)";
    ProverOptions z3_only;
    z3_only.grid_fallback = false;
    z3_only.cvc5.clear();
    int both_unsat = 0;
    for (const rules::Rule& r : testing::rules_in_source_tree()) {
        RuleProof p = prove_rule(r, z3_only);
        std::string cvc5 = run_cvc5(write_obligation(r), kCvc5Milliseconds);
        SCOPED_TRACE(r.name + ": z3 " + p.z3_answer + ", cvc5 " + cvc5);
        EXPECT_TRUE(cvc5 == "sat" || cvc5 == "unsat" || cvc5 == "unknown");
        // Every rule of rules/ holds: neither solver may find a model.
        EXPECT_NE(p.z3_answer, "sat");
        EXPECT_NE(cvc5, "sat");
        if (p.z3_answer == "unsat" && cvc5 == "unsat") ++both_unsat;
    }
    // cvc5 independently proves the rules of linear arithmetic (negative
    // divisors, min/max, constant constraints, ...).
    EXPECT_GE(both_unsat, 12);
}

TEST(ProverCvc5, WrongRuleIsSatisfiableForBothSolvers) {
    if (!have_cvc5()) GTEST_SKIP() << "cvc5 is not installed (Debian package cvc5)";
    auto r = testing::rule_of("half: x floordiv 2 => x if lb(x) >= 0");
    ProverOptions z3_only;
    z3_only.cvc5.clear();
    RuleProof p = prove_rule(r, z3_only);
    EXPECT_EQ(p.verdict, RuleVerdict::Refuted);
    EXPECT_EQ(p.z3_answer, "sat");
    EXPECT_EQ(run_cvc5(write_obligation(r), kCvc5Milliseconds), "sat");
}

TEST(ProverCvc5, ProvenRuleIsUnsatisfiableForBothSolvers) {
    if (!have_cvc5()) GTEST_SKIP() << "cvc5 is not installed (Debian package cvc5)";
    auto r = testing::rule_of("neg: x mod c0 => ((x * -1) mod (c0 * -1)) * -1 if c0 < 0");
    ProverOptions z3_only;
    z3_only.cvc5.clear();
    EXPECT_EQ(prove_rule(r, z3_only).z3_answer, "unsat");
    EXPECT_EQ(run_cvc5(write_obligation(r), kCvc5Milliseconds), "unsat");
}

}  // namespace
}  // namespace provix::solvers
