#include "hlo_test_util.h"

#include <memory>

#include "provix/hlo/enumerated_equivalence.h"
#include "provix/hlo/hlo_parser.h"
#include "provix/parser.h"
#include "provix/simplify.h"
#include "support/parsed_map.h"

#ifdef PROVIX_HLO_TESTS_HAVE_SOLVERS
#include "provix/solvers/oracle.h"
#endif

namespace provix::hlo::testing {

namespace {

constexpr int64_t kTestEnumerationBudget = int64_t{1} << 22;

}  // namespace

HloModule parse_hlo(std::string_view text) {
    auto m = parse_hlo_module(text, "test.hlo");
    if (!m) {
        ADD_FAILURE() << "HLO parse error:\n" << m.error().message;
        return HloModule{};
    }
    return std::move(*m);
}

const HloInstruction& instruction(const HloModule& module, std::string_view name) {
    static const HloInstruction kMissing{};
    if (module.computations.empty()) {
        ADD_FAILURE() << "no computation";
        return kMissing;
    }
    const HloComputation& comp = module.entry_computation();
    if (name.empty()) return comp.root_instruction();
    int64_t i = comp.find(name);
    if (i < 0) {
        ADD_FAILURE() << "no instruction named " << name;
        return kMissing;
    }
    return comp.instruction(i);
}

IndexingMap parse_map(Context& ctx, std::string_view text) {
    return testing_support::parsed_map(ctx, text);
}

::testing::AssertionResult maps_equivalent(const IndexingMap& actual, const IndexingMap& expected) {
    if (actual == expected) return ::testing::AssertionSuccess();
    auto eq = equivalent_by_enumeration(actual, expected, kTestEnumerationBudget);
    if (eq == std::optional<bool>(true)) return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure()
           << (eq ? "maps are not equivalent" : "domain too large to decide by enumeration")
           << "\nactual:\n"
           << actual.to_string() << "\nexpected:\n"
           << expected.to_string();
}

#ifdef PROVIX_HLO_TESTS_HAVE_SOLVERS
namespace {

solvers::Decision decide(const IndexingMap& a, const IndexingMap& b) {
    static std::unique_ptr<solvers::Oracle> oracle = solvers::make_exact_oracle();
    return oracle->equivalent(a, b);
}

std::string describe(const solvers::Decision& d) {
    std::string s = std::string(solvers::verdict_name(d.verdict)) + " (" + d.backend + ")";
    if (!d.reason.empty()) s += ": " + d.reason;
    if (d.counterexample) s += "\n" + solvers::to_string(*d.counterexample);
    return s;
}

}  // namespace

bool have_oracle() { return true; }

::testing::AssertionResult oracle_equivalent(const IndexingMap& a, const IndexingMap& b) {
    solvers::Decision d = decide(a, b);
    if (d.verdict == solvers::Verdict::Proven) return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << "oracle: " << describe(d) << "\nfirst:\n"
                                         << a.to_string() << "\nsecond:\n"
                                         << b.to_string();
}

::testing::AssertionResult oracle_refutes_equivalence(const IndexingMap& a, const IndexingMap& b) {
    solvers::Decision d = decide(a, b);
    if (d.verdict == solvers::Verdict::Refuted) return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << "oracle: " << describe(d);
}
#else
bool have_oracle() { return false; }

::testing::AssertionResult oracle_equivalent(const IndexingMap&, const IndexingMap&) {
    return ::testing::AssertionSuccess();
}

::testing::AssertionResult oracle_refutes_equivalence(const IndexingMap&, const IndexingMap&) {
    return ::testing::AssertionSuccess();
}
#endif

::testing::AssertionResult map_set_equivalent(const IndexingMapSet& actual,
                                              const std::vector<std::string>& expected) {
    std::string all;
    for (const IndexingMap& m : actual)
        all += m.to_string() + "\n// -----\n";
    if (actual.size() != expected.size()) {
        return ::testing::AssertionFailure()
               << "expected " << expected.size() << " map(s), got " << actual.size() << ":\n"
               << all;
    }
    std::vector<bool> used(actual.size(), false);
    for (const std::string& text : expected) {
        if (actual.empty()) break;
        IndexingMap want = parse_map(*actual[0].context(), text);
        bool found = false;
        for (size_t i = 0; i < actual.size() && !found; ++i) {
            if (!used[i] && maps_equivalent(actual[i], want)) found = used[i] = true;
        }
        if (!found) {
            return ::testing::AssertionFailure() << "no map equivalent to\n"
                                                 << want.to_string() << "\namong\n"
                                                 << all;
        }
    }
    return ::testing::AssertionSuccess();
}

::testing::AssertionResult simplified_text_is(const IndexingMap& actual,
                                              std::string_view expected) {
    IndexingMap simplified = actual;
    simplify(simplified);
    IndexingMap want = parse_map(*actual.context(), expected);
    if (simplified.to_string() == want.to_string()) return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << "simplified map\n"
                                         << simplified.to_string() << "\nis not\n"
                                         << want.to_string();
}

::testing::AssertionResult map_set_is(const IndexingMapSet& actual,
                                      const std::vector<std::string>& expected, bool raw_text,
                                      bool simplified_text) {
    auto eq = map_set_equivalent(actual, expected);
    if (!eq) return eq;
    for (const std::string& text : expected) {
        IndexingMap want = parse_map(*actual[0].context(), text);
        bool matched = false;
        std::string got;
        for (const IndexingMap& m : actual) {
            if (matched || !maps_equivalent(m, want)) continue;
            bool ok = true;
            auto proof = oracle_equivalent(m, want);
            if (!proof) {
                ok = false;
                got += std::string(proof.message()) + "\n";
            }
            if (raw_text && m.to_string() != want.to_string()) {
                ok = false;
                got += "analysis output\n" + m.to_string() + "\nis not\n" + want.to_string() + "\n";
            }
            if (simplified_text) {
                auto t = simplified_text_is(m, text);
                if (!t) {
                    ok = false;
                    got += std::string(t.message()) + "\n";
                }
            }
            matched = ok;
        }
        if (!matched) return ::testing::AssertionFailure() << got;
    }
    return ::testing::AssertionSuccess();
}

}  // namespace provix::hlo::testing
