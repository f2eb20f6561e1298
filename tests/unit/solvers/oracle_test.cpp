// The oracles on hand-picked cases: counterexample contents, int64 limits
// built through the API, resource limits, special maps, the SMT-LIB text.

#include "provix/solvers/oracle.h"

#include <gtest/gtest.h>

#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "provix/solvers/quasi_affine.h"
#include "provix/solvers/smtlib.h"
#include "solver_test_util.h"

namespace provix::solvers {
namespace {

using testing::expr_of;
using testing::growing_nest;
using testing::map_of;

/// Both exact back ends, to ask each the same question.
std::vector<std::unique_ptr<Oracle>> isl_and_z3() {
    std::vector<std::unique_ptr<Oracle>> out;
    out.push_back(make_isl_oracle());
    out.push_back(make_z3_oracle());
    return out;
}

IndexingMap one_dim(Context& ctx, Expr result, Interval bounds) {
    return *IndexingMap::get(*SymbolicMap::get(ctx, 1, 0, {result}), {{bounds, ""}}, {}, {});
}

// --- Counterexamples --------------------------------------------------------

TEST(IslEquivalence, CounterexampleGivesDimsAndBothValues) {
    Context ctx;
    auto a = map_of(ctx, "(d0) -> (d0 mod -3), domain: d0 in [-5, 5]");
    auto b = map_of(ctx, "(d0) -> (d0 mod 3), domain: d0 in [-5, 5]");
    Decision d = make_isl_oracle()->equivalent(a, b);
    ASSERT_EQ(d.verdict, Verdict::Refuted);
    EXPECT_EQ(d.backend, "isl");
    ASSERT_TRUE(d.counterexample);
    const Counterexample& c = *d.counterexample;
    EXPECT_EQ(c.kind, "value mismatch");
    ASSERT_EQ(c.variables.size(), 1u);
    EXPECT_EQ(c.variables[0].name, "d0");
    int64_t x = *parse_int64(c.variables[0].value);
    EXPECT_EQ(c.first.results, std::vector<std::string>{std::to_string(*floor_mod(x, -3))});
    EXPECT_EQ(c.second.results, std::vector<std::string>{std::to_string(*floor_mod(x, 3))});
}

TEST(Equivalence, ACounterexampleOfMapsWithoutResultsShowsBothSides) {
    // The second map has the point and no results: its side is `()`, not
    // left out (which read as a one-map counterexample).
    Context ctx;
    auto a = map_of(ctx, "(d0) -> (), domain: d0 in [0, 5]");
    auto b = map_of(ctx, "(d0) -> (), domain: d0 in [0, 6]");
    Limits isolated;
    isolated.timeout_seconds = 60;
    isolated.isolate = true;
    for (auto& oracle : {make_isl_oracle(), make_z3_oracle(), make_exact_oracle(isolated)}) {
        for (bool pointwise : {false, true}) {
            Decision d = pointwise ? oracle->equivalent_pointwise(a, b) : oracle->equivalent(a, b);
            ASSERT_EQ(d.verdict, Verdict::Refuted) << oracle->name();
            ASSERT_TRUE(d.counterexample) << oracle->name();
            EXPECT_TRUE(d.counterexample->two_sided);
            EXPECT_NE(to_string(*d.counterexample).find("first:  not in domain\nsecond: ()"),
                      std::string::npos)
                << oracle->name() << "\n"
                << to_string(*d.counterexample);
        }
    }
}

TEST(Z3Equivalence, ZeroDivisorOnOneSideIsACounterexample) {
    Context ctx;
    auto a = map_of(ctx, "(d0, d1) -> (d0 floordiv d1), domain: d0 in [-10, 10], d1 in [0, 2]");
    auto b = map_of(ctx,
                    "(d0, d1) -> (d0 floordiv max(d1, 1)), "
                    "domain: d0 in [-10, 10], d1 in [0, 2]");
    Decision d = make_z3_oracle()->equivalent(a, b);
    ASSERT_EQ(d.verdict, Verdict::Refuted);
    EXPECT_EQ(d.backend, "z3");
    ASSERT_TRUE(d.counterexample);
    EXPECT_EQ(d.counterexample->kind, "only one side divides by zero");
    EXPECT_EQ(d.counterexample->variables[1].value, "0");
    EXPECT_EQ(d.counterexample->first.note, "division by zero");
    ASSERT_EQ(d.counterexample->second.results.size(), 1u);
    EXPECT_EQ(d.counterexample->second.results[0], d.counterexample->variables[0].value);
}

TEST(IslEquivalence, RelationalCounterexampleNamesTheSymbol) {
    Context ctx;
    auto a = map_of(ctx, "(d0)[s0] -> (d0 + s0), domain: d0 in [0, 9], s0 in [0, 2]");
    auto b = map_of(ctx, "(d0)[s0] -> (d0 * 1 + s0 * 1), domain: d0 in [0, 9], s0 in [0, 3]");
    for (auto& oracle : isl_and_z3()) {
        Decision d = oracle->equivalent(a, b);
        ASSERT_EQ(d.verdict, Verdict::Refuted) << oracle->name();
        ASSERT_TRUE(d.counterexample);
        const Counterexample& c = *d.counterexample;
        EXPECT_EQ(c.kind, "result tuple only in the second map") << oracle->name();
        ASSERT_EQ(c.second.symbols.size(), 1u);
        EXPECT_EQ(c.second.symbols[0].name, "s0");
        EXPECT_EQ(c.second.symbols[0].value, "3") << oracle->name();
        int64_t d0 = *parse_int64(c.variables[0].value);
        EXPECT_EQ(c.second.results, std::vector<std::string>{std::to_string(d0 + 3)});
        EXPECT_TRUE(c.first.note.empty());  // the first map has other tuples at d0
    }
}

TEST(Counterexample, PrintsInAlive2Style) {
    Counterexample c;
    c.kind = "value mismatch";
    c.variables = {{"d0", "3"}, {"d1", "-1"}};
    c.first.results = {"3", "5"};
    c.second.results = {"3", "4"};
    c.second.symbols = {{"s0", "1"}};
    EXPECT_EQ(to_string(c),
              "ERROR: value mismatch\nExample:\n  d0 = 3\n  d1 = -1\n"
              "first:  (3, 5)\nsecond: (3, 4) with s0 = 1");
}

TEST(Z3Implies, ViolationReportsTheConstraintValue) {
    Context ctx;
    auto m = map_of(ctx, "(d0, d1) -> (d0), domain: d0 in [2, 3], d1 in [2, 3]");
    Constraint c{expr_of(ctx, m, "d0 * d1"), Interval{0, 8}};
    Decision d = make_exact_oracle()->implies(m, c);
    ASSERT_EQ(d.verdict, Verdict::Refuted);
    ASSERT_TRUE(d.counterexample);
    EXPECT_EQ(d.counterexample->variables[0].value, "3");
    EXPECT_EQ(d.counterexample->variables[1].value, "3");
    EXPECT_EQ(d.counterexample->first.results, std::vector<std::string>{"9"});
}

TEST(Z3Implies, ZeroDivisorInAConstraintExcludesThePoint) {
    Context ctx;
    // Points with d1 == 0 make the constraint undefined: not in the domain.
    auto m = map_of(ctx,
                    "(d0, d1) -> (d0), domain: d0 in [0, 5], d1 in [-1, 1], "
                    "d0 floordiv d1 in [-10, 10]");
    Constraint c{expr_of(ctx, m, "d1 * d1"), Interval{1, 1}};
    EXPECT_EQ(make_exact_oracle()->implies(m, c).verdict, Verdict::Proven);
}

// --- int64 limits through the API -------------------------------------------

TEST(Int64Limits, DivisorInt64MinFloorsExactly) {
    Context ctx;
    Expr d0 = ctx.variable(0);
    auto m = one_dim(ctx, floor_div(d0, kInt64Min), Interval{-10, 10});
    for (auto& oracle : isl_and_z3()) {
        RangeDecision r = oracle->exact_range(m, 0);
        ASSERT_EQ(r.verdict, Verdict::Proven) << oracle->name() << r.reason;
        EXPECT_EQ(r.to_string(), "[-1, 0]") << oracle->name();
    }
}

TEST(Int64Limits, ModByInt64MinTakesTheDivisorSign) {
    Context ctx;
    auto m = one_dim(ctx, mod(ctx.variable(0), kInt64Min), Interval{-10, 10});
    for (auto& oracle : isl_and_z3()) {
        RangeDecision r = oracle->exact_range(m, 0);
        ASSERT_EQ(r.verdict, Verdict::Proven) << oracle->name() << r.reason;
        // 1 mod -2^63 == 1 - 2^63.
        EXPECT_EQ(r.to_string(), "[-9223372036854775807, 0]") << oracle->name();
    }
}

TEST(Int64Limits, RangeBeyondInt64IsNotWrapped) {
    Context ctx;
    auto m = one_dim(ctx, ctx.variable(0) * kInt64Min, Interval{-1, 1});
    for (auto& oracle : isl_and_z3()) {
        RangeDecision r = oracle->exact_range(m, 0);
        ASSERT_EQ(r.verdict, Verdict::Proven) << oracle->name() << r.reason;
        EXPECT_EQ(r.lo, "-9223372036854775808") << oracle->name();
        EXPECT_EQ(r.hi, "9223372036854775808") << oracle->name();
        EXPECT_FALSE(r.interval().has_value());
    }
}

TEST(Int64Limits, InfiniteBoundsAreUnbounded) {
    Context ctx;
    auto m = map_of(ctx, "(d0) -> (d0 mod 5, d0 floordiv -3), domain: d0 in [-inf, inf]");
    for (auto& oracle : isl_and_z3()) {
        EXPECT_EQ(oracle->exact_range(m, 0).to_string(), "[0, 4]") << oracle->name();
        EXPECT_EQ(oracle->exact_range(m, 1).to_string(), "[-inf, inf]") << oracle->name();
    }
}

// --- Resource limits: unknown, never a pass ---------------------------------

TEST(Limits, IslBudgetExhaustedIsUnknownWithReason) {
    Context ctx;
    Limits tiny;
    tiny.isl_max_operations = 1;
    auto a = map_of(ctx,
                    "(d0, d1) -> (d0 + d1 floordiv 16, d1 mod 16), "
                    "domain: d0 in [0, 6], d1 in [0, 14]");
    auto b = map_of(ctx, "(d0, d1) -> (d0, d1), domain: d0 in [0, 6], d1 in [0, 14]");
    Decision d = make_isl_oracle(tiny)->equivalent(a, b);
    EXPECT_EQ(d.verdict, Verdict::Unknown);
    EXPECT_NE(d.reason.find("isl operation limit exceeded"), std::string::npos) << d.reason;
    // The exact oracle then asks Z3.
    Decision e = make_exact_oracle(tiny)->equivalent(a, b);
    EXPECT_EQ(e.verdict, Verdict::Proven);
    EXPECT_EQ(e.backend, "z3");
}

TEST(Limits, Z3ResourceLimitIsUnknownWithReason) {
    Context ctx;
    Limits tiny;
    tiny.z3_rlimit = 1;
    auto a = map_of(ctx, "(d0, d1) -> (d0 * d1), domain: d0 in [-50, 50], d1 in [-50, 50]");
    auto b = map_of(ctx,
                    "(d0, d1) -> ((d0 + 1) * d1 - d1), "
                    "domain: d0 in [-50, 50], d1 in [-50, 50]");
    Decision d = make_exact_oracle(tiny)->equivalent(a, b);
    EXPECT_EQ(d.verdict, Verdict::Unknown);
    EXPECT_NE(d.reason.find("rlimit"), std::string::npos) << d.reason;
}

/// Seconds since `start`.
double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

/// Runs `decide`, a range decision that starts its own budget of `budget`
/// seconds: it gives `expected`, or it runs out of that whole budget (on a
/// machine starved enough, any budget is too small). A deadline carried
/// over from an earlier decision, or a solver context left canceled by an
/// earlier one, would end it at once.
template <typename Decide>
void expect_range_in_own_budget(Decide decide, double budget, const std::string& expected) {
    auto start = std::chrono::steady_clock::now();
    RangeDecision r = decide();
    if (r.verdict == Verdict::Unknown && r.reason == "timeout") {
        EXPECT_GE(seconds_since(start), budget - 0.001) << "ran out before its own budget";
    } else {
        EXPECT_EQ(r.to_string(), expected);
    }
}

// Every query below that must run out takes seconds to minutes alone (the
// 64-deep nest for isl, the non-linear range for Z3: ~9 s), so it runs out
// of 0.1 s whatever the machine's load; a query that must finish gets a
// budget far above its time alone.
TEST(Limits, WallClockTimeoutIsUnknownWithReasonTimeout) {
    Context ctx;
    Limits quick;
    quick.timeout_seconds = 0.1;
    auto slow = map_of(ctx, growing_nest(64));
    // The same relation with the range variable reflected: only the
    // relational form (isl's piecewise functions) proves it.
    auto plus = map_of(ctx, growing_nest(64, " + s0"));
    auto minus = map_of(ctx, growing_nest(64, " + 1 - s0"));
    auto nonlinear = map_of(ctx,
                            "(d0, d1, d2) -> ((d0 * d1 + d2 * d2 * d1) floordiv (d2 * d2 + 1)), "
                            "domain: d0 in [-1000000, 1000000], d1 in [-1000000, 1000000], "
                            "d2 in [-1000000, 1000000]");
    RangeDecision r = make_isl_oracle(quick)->exact_range(slow, 0);
    EXPECT_EQ(r.verdict, Verdict::Unknown);
    EXPECT_EQ(r.reason, "timeout");
    Decision d = make_isl_oracle(quick)->equivalent(plus, minus);
    EXPECT_EQ(d.verdict, Verdict::Unknown);
    EXPECT_EQ(d.reason, "timeout");
    RangeDecision z = make_z3_oracle(quick)->exact_range(nonlinear, 0);
    EXPECT_EQ(z.verdict, Verdict::Unknown);
    EXPECT_EQ(z.reason, "timeout");
    // The exact oracle does not hand a timed-out query to Z3 for more time.
    Decision e = make_exact_oracle(quick)->equivalent(plus, minus);
    EXPECT_EQ(e.verdict, Verdict::Unknown);
    EXPECT_EQ(e.reason, "timeout");
    // The next decision gets its own time again (1 s, against ~10 ms alone
    // for the small map).
    Limits enough;
    enough.timeout_seconds = 1;
    auto small = map_of(ctx, growing_nest(4));
    auto isl = make_isl_oracle(enough);
    EXPECT_EQ(isl->exact_range(slow, 0).reason, "timeout");
    expect_range_in_own_budget([&] { return isl->exact_range(small, 0); }, 1, "[3, 514]");
    auto z3 = make_z3_oracle(enough);
    EXPECT_EQ(z3->exact_range(nonlinear, 0).reason, "timeout");
    expect_range_in_own_budget([&] { return z3->exact_range(small, 0); }, 1, "[3, 514]");
}

// A caller bounding several decisions together (the commands bound each
// map's) changes the timeout between them: every kind of oracle, the one
// deciding in a child process included, keeps to the new one.
TEST(Limits, SetTimeoutBoundsTheDecisionsThatFollow) {
    Context ctx;
    auto slow = map_of(ctx, growing_nest(64));
    auto small = map_of(ctx, growing_nest(4));
    Limits patient;
    patient.timeout_seconds = 600;
    Limits isolated = patient;
    isolated.isolate = true;
    std::vector<std::unique_ptr<Oracle>> oracles;
    oracles.push_back(make_isl_oracle(patient));
    oracles.push_back(make_exact_oracle(patient));
    oracles.push_back(make_exact_oracle(isolated));
    for (auto& oracle : oracles) {
        oracle->set_timeout(0.1);
        auto start = std::chrono::steady_clock::now();
        RangeDecision r = oracle->exact_range(slow, 0);
        // A hang detector, not a timing test: 600 s would be the old timeout.
        EXPECT_LT(seconds_since(start), 60.0);
        EXPECT_EQ(r.verdict, Verdict::Unknown);
        EXPECT_EQ(r.reason, "timeout");
        // A longer timeout again: the small map is decided (~10 ms alone).
        oracle->set_timeout(30);
        EXPECT_EQ(oracle->exact_range(small, 0).to_string(), "[3, 514]");
    }
}

/// `d0^3 + d1^3 + d2^3 = 42` over ±10^17: it has a solution (found in 2019
/// by a distributed search), far beyond any solver's reach.
const char* const kSumOfThreeCubes =
    "(d0, d1, d2) -> (d0), domain: d0 in [-100000000000000000, 100000000000000000], "
    "d1 in [-100000000000000000, 100000000000000000], "
    "d2 in [-100000000000000000, 100000000000000000], "
    "d0 * d0 * d0 + d1 * d1 * d1 + d2 * d2 * d2 in [42, 42]";

TEST(Limits, Z3QueryInterruptedByTheWatchdogIsUnknownTimeout) {
    // No resource limit and no per-call safeguard: only the watchdog can
    // end these decisions (without it they would run until ctest's
    // timeout). The bound on the time is a hang detector, not a timing test.
    Context ctx;
    Limits limits;
    limits.z3_rlimit = 0;  // unlimited
    limits.z3_timeout_ms = 0;
    limits.timeout_seconds = 1;
    auto cubes = map_of(ctx, kSumOfThreeCubes);
    auto oracle = make_z3_oracle(limits);
    for (int round = 0; round < 2; ++round) {
        auto start = std::chrono::steady_clock::now();
        Decision d = oracle->is_empty(cubes);
        EXPECT_LT(seconds_since(start), 30.0) << round;
        EXPECT_EQ(d.verdict, Verdict::Unknown) << round;
        EXPECT_EQ(d.reason, "timeout") << round;
        EXPECT_EQ(d.backend, "z3") << round;
    }
    // The interrupted decisions leave the oracle usable.
    auto small = map_of(ctx, "(d0) -> (d0 floordiv 4), domain: d0 in [0, 15]");
    expect_range_in_own_budget([&] { return oracle->exact_range(small, 0); }, 1, "[0, 3]");
}

TEST(Limits, Z3SafeguardInterruptedByTheWatchdogSaysSo) {
    Context ctx;
    Limits safeguard;
    safeguard.z3_rlimit = 0;
    safeguard.z3_timeout_ms = 200;
    auto cubes = map_of(ctx, kSumOfThreeCubes);
    auto start = std::chrono::steady_clock::now();
    Decision d = make_z3_oracle(safeguard)->is_empty(cubes);
    EXPECT_LT(seconds_since(start), 30.0);
    EXPECT_EQ(d.verdict, Verdict::Unknown);
    EXPECT_NE(d.reason.find("wall-clock safeguard of 200 ms reached (not reproducible)"),
              std::string::npos)
        << d.reason;
}

// --- Special maps and shapes ------------------------------------------------

TEST(SpecialMaps, UndefinedIsUnknown) {
    Context ctx;
    auto u = map_of(ctx, "UNDEFINED");
    auto oracle = make_exact_oracle();
    EXPECT_EQ(oracle->equivalent(u, u).verdict, Verdict::Unknown);
    EXPECT_EQ(oracle->is_empty(u).verdict, Verdict::Unknown);
    EXPECT_EQ(oracle->exact_range(u, 0).verdict, Verdict::Unknown);
}

TEST(SpecialMaps, DifferentResultCountsAreRefuted) {
    Context ctx;
    auto a = map_of(ctx, "(d0) -> (d0), domain: d0 in [0, 3]");
    auto b = map_of(ctx, "(d0) -> (d0, d0), domain: d0 in [0, 3]");
    Decision d = make_exact_oracle()->equivalent(a, b);
    EXPECT_EQ(d.verdict, Verdict::Refuted);
    EXPECT_EQ(d.reason, "the maps have 1 and 2 results");
}

TEST(SpecialMaps, RangeOfMissingResultIsUnknown) {
    Context ctx;
    auto m = map_of(ctx, "(d0) -> (d0), domain: d0 in [0, 3]");
    EXPECT_EQ(make_exact_oracle()->exact_range(m, 1).verdict, Verdict::Unknown);
}

TEST(Pointwise, PermutedSymbolsDifferPointwiseButNotAsRelations) {
    Context ctx;
    auto a = map_of(ctx,
                    "(d0)[s0, s1] -> (d0 + s0 * 2 + s1), "
                    "domain: d0 in [0, 3], s0 in [0, 1], s1 in [0, 1]");
    auto b = map_of(ctx,
                    "(d0)[s0, s1] -> (d0 + s1 * 2 + s0), "
                    "domain: d0 in [0, 3], s0 in [0, 1], s1 in [0, 1]");
    for (auto& oracle : isl_and_z3()) {
        EXPECT_EQ(oracle->equivalent_pointwise(a, b).verdict, Verdict::Refuted);
        EXPECT_EQ(oracle->equivalent(a, b).verdict, Verdict::Proven);
    }
}

// Runtime variables are inputs matched by name, point by point as for
// relations: the same map with its runtime variables declared in another
// order is the same map.
TEST(Pointwise, RuntimeVariablesAreMatchedByName) {
    Context ctx;
    auto a = map_of(ctx,
                    "(d0){rt0, rt1} -> (d0 + rt0), "
                    "domain: d0 in [0, 3], rt0 in [0, 5], rt1 in [0, 2]");
    auto b = map_of(ctx,
                    "(d0){rt1, rt0} -> (d0 + rt0), "
                    "domain: d0 in [0, 3], rt1 in [0, 2], rt0 in [0, 5]");
    auto c = map_of(ctx,
                    "(d0){rt1, rt0} -> (d0 + rt1), "
                    "domain: d0 in [0, 3], rt1 in [0, 2], rt0 in [0, 5]");
    for (auto& oracle : isl_and_z3()) {
        EXPECT_EQ(oracle->equivalent_pointwise(a, b).verdict, Verdict::Proven) << oracle->name();
        EXPECT_EQ(oracle->equivalent(a, b).verdict, Verdict::Proven) << oracle->name();
        Decision d = oracle->equivalent_pointwise(a, c);
        ASSERT_EQ(d.verdict, Verdict::Refuted) << oracle->name();
        ASSERT_TRUE(d.counterexample);
        // The example is a point of both maps where their values differ.
        const std::string text = to_string(*d.counterexample);
        EXPECT_NE(text.find("value mismatch"), std::string::npos) << text;
    }
}

TEST(Determinism, SameQueryGivesTheSameCounterexample) {
    Context ctx;
    auto a = map_of(ctx, "(d0, d1) -> (d0 floordiv d1), domain: d0 in [-10, 10], d1 in [1, 3]");
    auto b = map_of(ctx, "(d0, d1) -> (d0 ceildiv d1), domain: d0 in [-10, 10], d1 in [1, 3]");
    Decision x = make_z3_oracle()->equivalent(a, b);
    Decision y = make_z3_oracle()->equivalent(a, b);
    ASSERT_EQ(x.verdict, Verdict::Refuted);
    EXPECT_EQ(to_string(*x.counterexample), to_string(*y.counterexample));
}

// --- Runtime variables are inputs -------------------------------------------

TEST(RuntimeVariables, RescaledRuntimeVariableIsRefutedAtAnInputPoint) {
    Context ctx;
    auto a = map_of(ctx,
                    "(d0){rt0} -> (d0 + rt0), domain: d0 in [0, 1], rt0 in [0, 12], "
                    "rt0 mod 6 in [4, 4]");
    auto b = map_of(ctx, "(d0){rt0} -> (d0 + rt0 * 6 + 4), domain: d0 in [0, 1], rt0 in [0, 1]");
    for (auto& oracle : isl_and_z3()) {
        Decision d = oracle->equivalent(a, b);
        ASSERT_EQ(d.verdict, Verdict::Refuted) << oracle->name();
        ASSERT_TRUE(d.counterexample) << oracle->name();
        const Counterexample& c = *d.counterexample;
        // The point names both inputs; the runtime variable is one of them.
        ASSERT_EQ(c.variables.size(), 2u) << oracle->name();
        EXPECT_EQ(c.variables[0].name, "d0");
        EXPECT_EQ(c.variables[1].name, "rt0");
        int64_t d0 = *parse_int64(c.variables[0].value), rt0 = *parse_int64(c.variables[1].value);
        // The maps really differ there (rt0 is 4 or 10 in the first map's
        // domain, 0 or 1 in the second's).
        bool in_a = rt0 == 4 || rt0 == 10, in_b = rt0 == 0 || rt0 == 1;
        ASSERT_TRUE(in_a || in_b) << oracle->name();
        if (in_a) {
            EXPECT_EQ(c.first.results, std::vector<std::string>{std::to_string(d0 + rt0)});
        }
        if (in_b) {
            EXPECT_EQ(c.second.results, std::vector<std::string>{std::to_string(d0 + rt0 * 6 + 4)});
        }
        EXPECT_EQ(c.kind, "domain mismatch") << oracle->name();
    }
}

TEST(RuntimeVariables, DifferentInputsAreRefutedWithTheirNames) {
    Context ctx;
    auto a = map_of(ctx,
                    "(d0){rt0, rt1} -> (d0), domain: d0 in [0, 3], rt0 in [0, 7], "
                    "rt1 in [0, 2]");
    auto b = map_of(ctx, "(d0){x} -> (d0), domain: d0 in [0, 3], x in [0, 2]");
    for (auto& oracle : isl_and_z3()) {
        Decision d = oracle->equivalent(a, b);
        EXPECT_EQ(d.verdict, Verdict::Refuted) << oracle->name();
        EXPECT_EQ(d.reason,
                  "the maps have different runtime variables ({rt0, rt1} and {x}): different "
                  "inputs");
    }
}

TEST(RuntimeVariables, DroppedRuntimeVariableThatMattersIsACounterexample) {
    Context ctx;
    // rt0 restricts d0: dropping it changes the map at rt0 = 3.
    auto a =
        map_of(ctx, "(d0){rt0} -> (d0), domain: d0 in [0, 3], rt0 in [0, 3], d0 + rt0 in [0, 3]");
    auto b = map_of(ctx, "(d0) -> (d0), domain: d0 in [0, 3]");
    for (auto& oracle : isl_and_z3()) {
        Decision d = oracle->equivalent(b, a);
        ASSERT_EQ(d.verdict, Verdict::Refuted) << oracle->name();
        ASSERT_TRUE(d.counterexample);
        const auto& v = d.counterexample->variables;
        ASSERT_EQ(v.size(), 2u) << oracle->name();
        EXPECT_EQ(v[1].name, "rt0");
        EXPECT_GT(*parse_int64(v[0].value) + *parse_int64(v[1].value), 3) << oracle->name();
        EXPECT_EQ(d.counterexample->second.note, "not in domain") << oracle->name();
    }
}

TEST(RuntimeVariables, SmtLibKeepsThemFreeAndQuantifiesOnlyRangeVariables) {
    Context ctx;
    auto a = map_of(ctx,
                    "(d0)[s0]{rt0} -> (d0 + s0 + rt0), domain: d0 in [0, 1], s0 in [0, 1], "
                    "rt0 in [0, 12]");
    auto b = map_of(ctx, "(d0){rt0} -> (d0 + rt0), domain: d0 in [0, 1], rt0 in [0, 12]");
    auto obligations = to_smtlib(Query::equivalent(a, b));
    ASSERT_TRUE(obligations.ok());
    ASSERT_FALSE(obligations->empty());
    const std::string& text = (*obligations)[0].text;
    EXPECT_NE(text.find("(declare-const d0 Int)\n(declare-const r0 Int)\n(declare-const a0 Int)"),
              std::string::npos)
        << text;
    EXPECT_EQ(text.find("forall ((r0"), std::string::npos) << text;
}

// --- Definedness: isl and Z3 agree point by point -----------------------------

TEST(Definedness, IslSplitsSmallDivisorsAndDeclinesWideOnes) {
    Context ctx;
    auto isl = make_isl_oracle();
    EXPECT_TRUE(isl->supports(
        map_of(ctx, "(d0)[s0] -> (d0 floordiv s0), domain: d0 in [0, 9], s0 in [0, 1]")));
    EXPECT_TRUE(
        isl->supports(map_of(ctx,
                             "(d0, d1) -> (d0 * d1 + d0 mod (d1 - 2)), domain: d0 in [0, 9], "
                             "d1 in [-30, 30]")));
    EXPECT_FALSE(isl->supports(
        map_of(ctx, "(d0, d1) -> (d0 floordiv d1), domain: d0 in [0, 9], d1 in [0, 64]")));
    EXPECT_FALSE(
        isl->supports(map_of(ctx, "(d0, d1) -> (d0 * d1), domain: d0 in [0, 99], d1 in [0, 99]")));
}

TEST(Definedness, BothBackEndsFindTheZeroDivisorPoint) {
    Context ctx;
    auto a = map_of(ctx, "(d0)[s0] -> (d0 floordiv s0), domain: d0 in [0, 0], s0 in [0, 1]");
    auto b = map_of(ctx, "(d0)[s0] -> (0), domain: d0 in [0, 0], s0 in [0, 1]");
    for (auto& oracle : isl_and_z3()) {
        Decision d = oracle->equivalent(a, b);
        ASSERT_EQ(d.verdict, Verdict::Refuted) << oracle->name();
        EXPECT_EQ(d.backend, oracle->name());
        ASSERT_TRUE(d.counterexample);
        EXPECT_EQ(to_string(*d.counterexample),
                  "ERROR: only the first map divides by zero\n"
                  "Example:\n"
                  "  d0 = 0\n"
                  "first:  division by zero with s0 = 0\n"
                  "second: (0) with s0 = 0")
            << oracle->name();
        // Point by point: the same verdict and point.
        Decision p = oracle->equivalent_pointwise(a, b);
        ASSERT_EQ(p.verdict, Verdict::Refuted) << oracle->name();
        EXPECT_EQ(to_string(*p.counterexample),
                  "ERROR: only one side divides by zero\n"
                  "Example:\n"
                  "  d0 = 0\n"
                  "  s0 = 0\n"
                  "first:  division by zero\n"
                  "second: (0)")
            << oracle->name();
    }
}

TEST(Definedness, UndefinedPointsLeaveRangesAndDomains) {
    Context ctx;
    auto r = map_of(ctx, "(d0)[s0] -> (d0 floordiv s0), domain: d0 in [3, 7], s0 in [0, 2]");
    auto e = map_of(ctx,
                    "(d0)[s0] -> (d0), domain: d0 in [0, 5], s0 in [0, 0], "
                    "d0 mod s0 in [-100, 100]");
    for (auto& oracle : isl_and_z3()) {
        RangeDecision range = oracle->exact_range(r, 0);
        EXPECT_EQ(range.to_string(), "[1, 7]") << oracle->name();
        EXPECT_EQ(oracle->is_empty(e).verdict, Verdict::Proven) << oracle->name();
    }
}

TEST(Definedness, AnUndefinedConstraintIsViolatedWhereItDividesByZero) {
    Context ctx;
    auto m = map_of(ctx, "(d0, d1) -> (d0), domain: d0 in [0, 5], d1 in [0, 0]");
    Constraint c{expr_of(ctx, m, "d0 floordiv d1"), Interval{0, 5}};
    for (auto& oracle : isl_and_z3()) {
        Decision d = oracle->implies(m, c);
        ASSERT_EQ(d.verdict, Verdict::Refuted) << oracle->name();
        EXPECT_EQ(d.counterexample->first.note, "division by zero") << oracle->name();
    }
}

// --- Fragment and values ----------------------------------------------------

TEST(QuasiAffine, ConstantDivisorsAndScaledTermsOnly) {
    Context ctx;
    std::vector<std::string> names = {"d0", "d1"};
    auto e = [&](const char* text) { return *parse_expr(ctx, text, names); };
    EXPECT_TRUE(is_quasi_affine(e("d0 floordiv 4 + min(d1, 3) * 2 - d0 mod -7")));
    EXPECT_TRUE(is_quasi_affine(e("(d0 ceildiv 3) * 5")));
    EXPECT_FALSE(is_quasi_affine(e("d0 floordiv d1")));
    EXPECT_FALSE(is_quasi_affine(e("d0 * d1")));
    EXPECT_FALSE(is_quasi_affine(e("d0 mod (d1 + 1)")));
}

TEST(RangeDecision, IntervalOnlyInsideInt64) {
    RangeDecision r;
    r.verdict = Verdict::Proven;
    r.lo = "-3";
    r.hi = "9";
    EXPECT_EQ(r.interval(), (Interval{-3, 9}));
    r.hi = "9223372036854775808";
    EXPECT_FALSE(r.interval());
    r.hi = "inf";
    EXPECT_FALSE(r.interval());
    EXPECT_EQ(r.to_string(), "[-3, inf]");
    EXPECT_EQ(parse_int64("-9223372036854775808"), kInt64Min);
    EXPECT_EQ(parse_int64("9223372036854775808"), std::nullopt);
    EXPECT_EQ(parse_int64("12x"), std::nullopt);
}

// --- SMT-LIB text -----------------------------------------------------------

TEST(SmtLib, DefinesFloorDivisionAndAsksForACounterexample) {
    Context ctx;
    auto a = map_of(ctx, "(d0)[s0] -> (d0 floordiv -4 + s0), domain: d0 in [0, 9], s0 in [0, 1]");
    auto b = map_of(ctx,
                    "(d0)[s0] -> (d0 floordiv -4 + 1 - s0), "
                    "domain: d0 in [0, 9], s0 in [0, 1]");
    auto obligations = to_smtlib(Query::equivalent(a, b));
    ASSERT_TRUE(obligations.ok());
    ASSERT_EQ(obligations->size(), 2u);
    const std::string& text = (*obligations)[0].text;
    EXPECT_EQ((*obligations)[0].name, "first-not-in-second");
    EXPECT_NE(text.find("(set-logic ALL)"), std::string::npos);
    EXPECT_NE(text.find("(define-fun pvx_floor_div ((a Int) (b Int)) Int\n"
                        "  (ite (> b 0) (div a b) (div (- a) (- b))))"),
              std::string::npos);
    EXPECT_NE(text.find("(pvx_floor_div d0 (- 4))"), std::string::npos);
    EXPECT_NE(text.find("(forall ((qb0 Int))"), std::string::npos);
    EXPECT_NE(text.find("(declare-const d0 Int)\n(declare-const a0 Int)"), std::string::npos);
    EXPECT_EQ(text.substr(text.size() - 12), "(check-sat)\n");
}

TEST(SmtLib, UndefinedMapIsAnError) {
    Context ctx;
    EXPECT_FALSE(to_smtlib(Query::empty(map_of(ctx, "UNDEFINED"))).ok());
}

}  // namespace
}  // namespace provix::solvers
