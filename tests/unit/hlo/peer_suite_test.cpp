// The peer suite: XLA's own indexing-analysis test cases (HLO and expected
// maps, as data in tests/peer/xla_analysis_*.hlo, format in peer_case.h),
// each compared with provix's maps by exact equivalence (the exact oracle of
// provix_solvers). Runtime variables are matched explicitly: both maps'
// runtime variables become dimensions, provix's in every order, so a map
// matches when some renumbering of its runtime variables makes the two the
// same relation (callers bind runtime variables by position, so the
// numbering is part of the map; the permutation only forgives the order).
// A documented disagreement passes when provix's map is the stated one and
// XLA's stated map is refuted as equivalent to it.

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>

#include "peer_case.h"
#include "provix/hlo/computation_indexing.h"
#include "provix/hlo/hlo_parser.h"
#include "provix/hlo/op_indexing.h"
#include "provix/hlo/operand_values.h"
#include "provix/parser.h"
#include "provix/simplify.h"

#ifdef PROVIX_HLO_TESTS_HAVE_SOLVERS
#include "provix/solvers/oracle.h"
#endif

namespace provix::hlo::testing {
namespace {

std::vector<std::string>& load_errors() {
    static std::vector<std::string> errors;
    return errors;
}

std::vector<PeerCase> load_cases() {
    std::vector<PeerCase> cases;
    std::vector<std::string> files;
    const std::filesystem::path dir = std::filesystem::path(PROVIX_SOURCE_DIR) / "tests" / "peer";
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
        std::string name = entry.path().filename().string();
        if (name.rfind("xla_analysis_", 0) == 0 && entry.path().extension() == ".hlo") {
            files.push_back(entry.path().string());
        }
    }
    std::sort(files.begin(), files.end());
    for (const std::string& f : files) {
        std::ifstream in(f);
        std::stringstream text;
        text << in.rdbuf();
        auto c = parse_peer_cases(std::filesystem::path(f).filename().string(), text.str(),
                                  load_errors());
        cases.insert(cases.end(), c.begin(), c.end());
    }
    return cases;
}

const std::vector<PeerCase>& all_cases() {
    static const std::vector<PeerCase> cases = load_cases();
    return cases;
}

TEST(XlaPeerSuite, DataFilesAreWellFormedAndComplete) {
    EXPECT_TRUE(provix::testing_support::no_errors(load_errors()));
    // The README reports this count; a case dropped by accident fails here.
    EXPECT_EQ(all_cases().size(), 74u);
}

#ifdef PROVIX_HLO_TESTS_HAVE_SOLVERS

solvers::Oracle& oracle() {
    static std::unique_ptr<solvers::Oracle> o = solvers::make_exact_oracle();
    return *o;
}

/// `m` with runtime variable i turned into dimension `num_dims + perm[i]`.
IndexingMap rt_to_dims(const IndexingMap& m, const std::vector<int64_t>& perm) {
    if (m.state() != IndexingMap::State::Normal || m.num_rt_vars() == 0) return m;
    Context& ctx = *m.context();
    const int64_t d = m.num_dims(), r = m.num_range_vars(), t = m.num_rt_vars();
    std::vector<Expr> replacement;
    for (int64_t i = 0; i < d; ++i)
        replacement.push_back(ctx.variable(i));
    for (int64_t j = 0; j < r; ++j)
        replacement.push_back(ctx.variable(d + t + j));
    for (int64_t i = 0; i < t; ++i)
        replacement.push_back(ctx.variable(d + perm[static_cast<size_t>(i)]));
    std::vector<IndexingVariable> dims, ranges;
    for (const IndexingVariable& v : m.dims())
        dims.push_back({v.bounds, ""});
    dims.resize(static_cast<size_t>(d + t));
    for (int64_t i = 0; i < t; ++i)
        dims[static_cast<size_t>(d + perm[static_cast<size_t>(i)])] = {
            m.rt_vars()[static_cast<size_t>(i)].bounds, ""};
    for (const IndexingVariable& v : m.range_vars())
        ranges.push_back({v.bounds, ""});
    std::vector<Expr> results;
    for (Expr e : m.results())
        results.push_back(substitute(e, replacement));
    std::vector<Constraint> constraints;
    for (const Constraint& c : m.constraints())
        constraints.push_back({substitute(c.expr, replacement), c.range});
    auto out =
        IndexingMap::get(*SymbolicMap::get(ctx, d + t, r, results), dims, ranges, {}, constraints);
    return out ? *out : IndexingMap::undefined(ctx);
}

enum class Match { Yes, No, Unknown };

/// Whether `actual` and `expected` are the same relation for some order of
/// `actual`'s runtime variables; `detail` gets the oracle's last answer.
Match same_map(const IndexingMap& actual, const IndexingMap& expected, std::string& detail) {
    if (actual.is_known_empty() || expected.is_known_empty()) {
        return actual.is_known_empty() == expected.is_known_empty() ? Match::Yes : Match::No;
    }
    if (actual.num_rt_vars() != expected.num_rt_vars() ||
        actual.num_dims() != expected.num_dims() ||
        actual.num_results() != expected.num_results()) {
        detail = "different numbers of dimensions, runtime variables or results";
        return Match::No;
    }
    std::vector<int64_t> perm(static_cast<size_t>(actual.num_rt_vars()));
    for (size_t i = 0; i < perm.size(); ++i)
        perm[i] = static_cast<int64_t>(i);
    const std::vector<int64_t> identity = perm;
    const IndexingMap b = rt_to_dims(expected, identity);
    bool unknown = false;
    do {
        solvers::Decision dec = oracle().equivalent(rt_to_dims(actual, perm), b);
        if (dec.verdict == solvers::Verdict::Proven) return Match::Yes;
        if (dec.verdict == solvers::Verdict::Unknown) unknown = true;
        detail = std::string(solvers::verdict_name(dec.verdict)) + " (" + dec.backend + ") " +
                 dec.reason +
                 (dec.counterexample ? "\n" + solvers::to_string(*dec.counterexample) : "");
    } while (std::next_permutation(perm.begin(), perm.end()));
    return unknown ? Match::Unknown : Match::No;
}

std::string set_text(const IndexingMapSet& set) {
    if (set.is_unknown()) return "UNKNOWN\n";
    std::string s;
    for (const IndexingMap& m : set)
        s += m.to_string() + "\n// OR\n";
    return s;
}

/// Checks one operand's actual set against its expectation.
::testing::AssertionResult check_operand(Context& ctx, const IndexingMapSet& actual,
                                         const PeerOperand& want) {
    auto fail = [&](const std::string& why) {
        return ::testing::AssertionFailure()
               << "operand " << want.operand << ": " << why << "\nprovix:\n"
               << set_text(actual);
    };
    if (want.unknown)
        return actual.is_unknown() ? ::testing::AssertionSuccess() : fail("expected UNKNOWN");
    if (actual.is_unknown()) return fail("provix says UNKNOWN");
    if (want.known_empty) {
        if (actual.empty()) return fail("expected KNOWN EMPTY, provix has no map");
        for (IndexingMap m : actual) {
            simplify(m);
            if (m.is_known_empty()) continue;
            solvers::Decision d = oracle().is_empty(m);
            if (d.verdict != solvers::Verdict::Proven) return fail("expected KNOWN EMPTY");
        }
        return ::testing::AssertionSuccess();
    }
    std::vector<IndexingMap> expected;
    for (const std::string& text : want.maps) {
        auto m = parse_indexing_map(ctx, text);
        if (!m) return fail("bad expected map:\n" + m.error().message);
        expected.push_back(*m);
    }
    if (expected.size() != actual.size()) {
        return fail(std::to_string(expected.size()) + " maps expected, provix has " +
                    std::to_string(actual.size()));
    }
    // Each expected map must match a distinct actual map (the sets are small).
    std::vector<bool> used(actual.size(), false);
    for (const IndexingMap& e : expected) {
        bool found = false;
        std::string detail;
        for (size_t i = 0; i < actual.size() && !found; ++i) {
            if (used[i]) continue;
            Match m = same_map(actual[i], e, detail);
            if (m == Match::Unknown) return fail("the oracle cannot decide: " + detail);
            if (m == Match::Yes) used[i] = found = true;
        }
        if (!found) return fail("no provix map is equivalent to\n" + e.to_string() + "\n" + detail);
    }
    if (!want.xla_map.empty()) {
        auto xla = parse_indexing_map(ctx, want.xla_map);
        if (!xla) return fail("bad XLA map:\n" + xla.error().message);
        for (const IndexingMap& a : actual) {
            std::string detail;
            Match m = same_map(a, *xla, detail);
            if (m != Match::No) {
                return fail("the documented disagreement is not one: XLA's map is " +
                            std::string(m == Match::Yes ? "equivalent" : "undecided"));
            }
        }
    }
    return ::testing::AssertionSuccess();
}

class XlaPeer : public ::testing::TestWithParam<PeerCase> {};

TEST_P(XlaPeer, MapsMatchXlaOrDocumentedDisagreement) {
    const PeerCase& c = GetParam();
    SCOPED_TRACE(provix::testing_support::where(c));
    auto module = parse_hlo_module(c.hlo, c.file);
    ASSERT_TRUE(module) << module.error().message;
    Context ctx;
    const HloComputation& entry = module->entry_computation();
    const HloInstruction& root = entry.root_instruction();
    ComputationValues values(ctx, *module, entry, entry.root, nullptr);
    for (const PeerRun& run : c.runs) {
        SCOPED_TRACE("RUN at line " + std::to_string(run.line));
        std::vector<IndexingMapSet> sets;
        if (run.kind == PeerRun::Kind::OutputToInput) {
            auto r = output_to_input_indexing(ctx, *module, root, run.output, &values);
            ASSERT_TRUE(r) << r.error().message;
            sets = *r;
        } else if (run.kind == PeerRun::Kind::InputToOutput) {
            auto r = input_to_output_indexing(ctx, *module, root, run.operand, run.output, &values);
            ASSERT_TRUE(r) << r.error().message;
            sets = {*r};
        } else {
            auto r = computation_output_to_input(ctx, *module, entry, run.output);
            ASSERT_TRUE(r) << r.error().message;
            sets = *r;
        }
        if (run.no_operands) {
            EXPECT_TRUE(sets.empty()) << sets.size() << " operands";
        }
        for (const PeerOperand& want : run.operands) {
            ASSERT_LT(static_cast<size_t>(want.operand), sets.size());
            EXPECT_TRUE(check_operand(ctx, sets[static_cast<size_t>(want.operand)], want));
        }
    }
}

std::string case_name(const ::testing::TestParamInfo<PeerCase>& info) {
    std::string stem = info.param.file.substr(0, info.param.file.find('.'));
    std::string name = stem + "_" + info.param.name;
    for (char& ch : name) {
        if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
    }
    return name;
}

INSTANTIATE_TEST_SUITE_P(Cases, XlaPeer, ::testing::ValuesIn(all_cases()), case_name);

#else

TEST(XlaPeerSuite, NeedsTheSolvers) {
    GTEST_SKIP() << "the peer suite compares maps with the exact oracle (provix_solvers)";
}

#endif

}  // namespace
}  // namespace provix::hlo::testing
