// The solver-backed commands through the `provix` binary, for the exit codes
// the golden runner does not cover (1: refuted or unknown). Skipped when the
// binary has not been built (it is built by the default target).

#include <gtest/gtest.h>
#include <sys/wait.h>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <string>

#include "solver_test_util.h"

namespace {

using provix::solvers::testing::growing_nest;

const std::string kProvix = std::string(PROVIX_BINARY_DIR) + "/provix";

bool have_provix() { return std::ifstream(kProvix).good(); }

std::string write_temp(const std::string& name, const std::string& text) {
    std::string path = std::string(PROVIX_BINARY_DIR) + "/solver_commands_test_" + name;
    std::ofstream(path) << text;
    return path;
}

/// Runs `provix args` and returns {exit status, standard output}.
std::pair<int, std::string> run(const std::string& args) {
    FILE* p = popen((kProvix + " " + args + " 2>/dev/null").c_str(), "r");
    std::string out;
    char buf[256];
    while (p && fgets(buf, sizeof buf, p))
        out += buf;
    int status = p ? pclose(p) : -1;
    return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, out};
}

const char* const kModNegative = "(d0) -> (d0 mod -3),\ndomain:\nd0 in [-5, 5]\n";
const char* const kModPositive = "(d0) -> (d0 mod 3),\ndomain:\nd0 in [-5, 5]\n";

TEST(EquivCommand, RefutedPairExitsOneWithACounterexample) {
    if (!have_provix()) GTEST_SKIP() << "provix binary not built";
    std::string a = write_temp("a.map", std::string(kModNegative) + "// -----\n" + kModNegative);
    std::string b = write_temp("b.map", std::string(kModNegative) + "// -----\n" + kModPositive);
    auto [status, out] = run("equiv " + a + " " + b);
    EXPECT_EQ(status, 1);
    EXPECT_EQ(out.substr(0, out.find('\n')), "map 1: proven equivalent [isl]");
    EXPECT_NE(out.find("map 2: refuted [isl]\n  ERROR: value mismatch\n  Example:\n    d0 = "),
              std::string::npos)
        << out;
    EXPECT_NE(out.find("  first:  ("), std::string::npos) << out;
    EXPECT_NE(out.find("  second: ("), std::string::npos) << out;
}

TEST(EquivCommand, PointwiseOptionComparesPointByPoint) {
    if (!have_provix()) GTEST_SKIP() << "provix binary not built";
    // A rescaled range variable: the same relation, different points.
    std::string a = write_temp("rescaled_a.map",
                               "(d0)[s0] -> (d0 + s0),\ndomain:\nd0 in [0, 9],\ns0 in [0, 12],\n"
                               "s0 mod 4 in [0, 0]\n");
    std::string b = write_temp(
        "rescaled_b.map", "(d0)[s0] -> (d0 + s0 * 4),\ndomain:\nd0 in [0, 9],\ns0 in [0, 3]\n");
    EXPECT_EQ(run("equiv " + a + " " + b),
              (std::pair<int, std::string>{0, "map 1: proven equivalent [isl]\n"}));
    auto [status, out] = run("equiv --pointwise " + a + " " + b);
    EXPECT_EQ(status, 1);
    EXPECT_EQ(out.substr(0, 35), "map 1: refuted [isl]\n  ERROR: domai");
}

TEST(EquivCommand, DifferentMapCountsAreAnInputError) {
    if (!have_provix()) GTEST_SKIP() << "provix binary not built";
    std::string a = write_temp("one.map", kModNegative);
    std::string b = write_temp("two.map", std::string(kModNegative) + "// -----\n" + kModNegative);
    EXPECT_EQ(run("equiv " + a + " " + b).first, 2);
}

TEST(EquivCommand, UnknownExitsOne) {
    if (!have_provix()) GTEST_SKIP() << "provix binary not built";
    std::string a = write_temp("p.map",
                               "(d0, d1) -> (d0 * d1),\ndomain:\nd0 in [-50, 50],\n"
                               "d1 in [-50, 50]\n");
    std::string b = write_temp("q.map",
                               "(d0, d1) -> ((d0 + 1) * d1 - d1),\ndomain:\n"
                               "d0 in [-50, 50],\nd1 in [-50, 50]\n");
    auto [status, out] = run("equiv --z3-rlimit 1 " + a + " " + b);
    EXPECT_EQ(status, 1);
    EXPECT_EQ(out.substr(0, 20), "map 1: unknown (z3: ");
}

// --- Wall-clock timeouts: a query that runs out is `unknown (timeout)`,
//     exit 1, never a hang (ctest's own timeout would catch one).

/// Runs `provix args` whose one decision gets `budget` seconds and should
/// give {0, `expected`}; on a machine starved enough that the budget is too
/// small it may instead run out, printing a line that starts with `unknown`
/// (the back end that ran out named after it, or none when the decision's
/// child process was stopped before it answered), but only after the whole
/// budget (a command that ignored the value, or cut the decision short,
/// would fail).
void expect_answer_in_budget(const std::string& args, double budget, const std::string& expected,
                             const std::string& unknown) {
    auto start = std::chrono::steady_clock::now();
    auto [status, out] = run(args);
    double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (status == 1 && out.rfind(unknown, 0) == 0) {
        EXPECT_GE(seconds, budget) << "ran out before its budget: " << args;
    } else {
        EXPECT_EQ(status, 0) << args;
        EXPECT_EQ(out, expected) << args;
    }
}

TEST(Timeout, BoundsRunningOutIsUnknownTimeout) {
    if (!have_provix()) GTEST_SKIP() << "provix binary not built";
    std::string a = write_temp("grow64.map", growing_nest(64));
    EXPECT_EQ(run("bounds --timeout 0.2 " + a),
              (std::pair<int, std::string>{1, "unknown (timeout)\n"}));
}

TEST(Timeout, Z3RunningOutIsUnknownTimeout) {
    if (!have_provix()) GTEST_SKIP() << "provix binary not built";
    // Non-linear divisors: Z3's range search, no isl.
    std::string a = write_temp("nonlinear.map",
                               "(d0, d1, d2) -> ((d0 * d1 + d2 * d2 * d1) floordiv (d2 * d2 + 1)),"
                               "\ndomain:\nd0 in [-1000000, 1000000],\nd1 in [-1000000, 1000000],"
                               "\nd2 in [-1000000, 1000000]\n");
    EXPECT_EQ(run("bounds --timeout 0.2 " + a),
              (std::pair<int, std::string>{1, "unknown (timeout)\n"}));
}

TEST(Timeout, EquivAndVerifyRunningOutAreUnknownTimeout) {
    if (!have_provix()) GTEST_SKIP() << "provix binary not built";
    // The range variable reflected: the relational form decides it.
    std::string a = write_temp("grow64_plus.map", growing_nest(64, " + s0"));
    std::string b = write_temp("grow64_minus.map", growing_nest(64, " + 1 - s0"));
    // isl runs out in the decision's child process and says so ([isl]); on a
    // slow machine (the sanitizer builds) the parent may stop the child
    // first, when the timeout and its margin pass before the child answers,
    // and no back end is named. Either way, no verdict.
    auto [equiv_status, equiv_out] = run("equiv --timeout 0.2 " + a + " " + b);
    EXPECT_EQ(equiv_status, 1);
    EXPECT_TRUE(equiv_out == "map 1: unknown (timeout) [isl]\n" ||
                equiv_out == "map 1: unknown (timeout)\n")
        << equiv_out;
    // (The engine's result differs pointwise: the relational form again.)
    auto [status, out] = run("simplify --verify --timeout 0.2 " + a);
    EXPECT_EQ(status, 1);
    EXPECT_NE(out.find("// verify: unknown (timeout)"), std::string::npos) << out;
}

TEST(Timeout, EnoughTimeGivesTheAnswer) {
    if (!have_provix()) GTEST_SKIP() << "provix binary not built";
    std::string a = write_temp("grow8.map", growing_nest(8));
    expect_answer_in_budget("bounds --timeout 60 " + a, 60, "[22, 2585]\n", "unknown (timeout)\n");
}

TEST(Timeout, BadValuesAreUsageErrors) {
    if (!have_provix()) GTEST_SKIP() << "provix binary not built";
    std::string a = write_temp("t.map", kModNegative);
    for (const char* bad : {"0", "-1", "abc", "1e99", "nan", ""}) {
        EXPECT_EQ(run(std::string("bounds --timeout '") + bad + "' " + a).first, 2) << bad;
        EXPECT_EQ(run(std::string("empty --timeout '") + bad + "' " + a).first, 2) << bad;
        EXPECT_EQ(run(std::string("simplify --verify --timeout '") + bad + "' " + a).first, 2)
            << bad;
    }
    // A fraction of a second is a valid value.
    expect_answer_in_budget("equiv --timeout 0.5 " + a + " " + a, 0.5,
                            "map 1: proven equivalent [isl]\n", "map 1: unknown (timeout)");
}

TEST(BoundsCommand, UnknownRangeExitsOne) {
    if (!have_provix()) GTEST_SKIP() << "provix binary not built";
    std::string a = write_temp("r.map", kModNegative);
    auto [status, out] = run("bounds --isl-max-operations 1 --z3-rlimit 1 " + a);
    EXPECT_EQ(status, 1);
    EXPECT_EQ(out.substr(0, 9), "unknown (");
}

TEST(SimplifyVerify, PrintsTheVerdictAfterEachMap) {
    if (!have_provix()) GTEST_SKIP() << "provix binary not built";
    std::string a = write_temp("s.map",
                               "(d0) -> ((d0 + 1) - 1),\ndomain:\nd0 in [0, 9]\n"
                               "// -----\nKNOWN EMPTY\n");
    auto [status, out] = run("simplify --verify " + a);
    EXPECT_EQ(status, 0);
    EXPECT_EQ(out,
              "(d0) -> (d0),\ndomain:\nd0 in [0, 9]\n// verify: proven equivalent [isl]\n"
              "// -----\nKNOWN EMPTY\n// verify: proven equivalent\n");
}

}  // namespace
