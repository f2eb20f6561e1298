// The simplification peer suite: XLA's own simplification tests of indexing
// maps and symbolic expressions (tests/peer/xla_*.map, format in
// simplify_case.h). For every case, provix's simplification of the input must
// be equivalent to it (the exact oracle), idempotent, and cost no more than
// XLA's expected map (map_cost.h). XLA's expectation itself is checked: it
// must be equivalent to the input, unless the case documents it as unsound,
// and then the oracle must refute it and prove the case's exact map instead.
// A case marked XFAIL is one provix does not yet simplify as far as XLA: it
// must still be sound, and it must still cost more than XLA's map (a case
// that starts passing fails until its XFAIL line is removed).

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <memory>
#include <regex>
#include <sstream>

#include "map_cost.h"
#include "provix/parser.h"
#include "provix/simplify.h"
#include "provix/solvers/oracle.h"
#include "simplify_case.h"

namespace provix::peer {
namespace {

std::filesystem::path peer_dir() {
    return std::filesystem::path(PROVIX_SOURCE_DIR) / "tests" / "peer";
}

std::string read_file(const std::filesystem::path& p) {
    std::ifstream in(p);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

std::vector<std::string>& load_errors() {
    static std::vector<std::string> errors;
    return errors;
}

std::vector<SimplifyCase> load_cases() {
    std::vector<std::filesystem::path> files;
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator(peer_dir(), ec)) {
        const std::string name = entry.path().filename().string();
        if (name.rfind("xla_", 0) == 0 && entry.path().extension() == ".map")
            files.push_back(entry.path());
    }
    std::sort(files.begin(), files.end());
    std::vector<SimplifyCase> cases;
    for (const auto& f : files) {
        auto c = parse_simplify_cases(f.filename().string(), read_file(f), load_errors());
        cases.insert(cases.end(), c.begin(), c.end());
    }
    return cases;
}

const std::vector<SimplifyCase>& all_cases() {
    static const std::vector<SimplifyCase> cases = load_cases();
    return cases;
}

solvers::Oracle& oracle() {
    static std::unique_ptr<solvers::Oracle> o = solvers::make_exact_oracle();
    return *o;
}

/// Parses `text` (a case's map) or fails the test with the diagnostic.
bool parse_map(Context& ctx, const SimplifyCase& c, const std::string& text, bool canonical,
               IndexingMap& out) {
    ParseOptions options;
    options.canonicalize = canonical;
    auto m = parse_indexing_map(ctx, text, options);
    if (!m) {
        ADD_FAILURE() << testing_support::where(c) << ": bad map\n" << m.error().message;
        return false;
    }
    out = *m;
    return true;
}

std::string verdict_text(const solvers::Decision& d) {
    std::ostringstream os;
    os << (d.verdict == solvers::Verdict::Proven    ? "proven"
           : d.verdict == solvers::Verdict::Refuted ? "refuted"
                                                    : "unknown");
    if (!d.reason.empty()) os << " (" << d.reason << ")";
    return os.str();
}

class XlaSimplifyPeer : public ::testing::TestWithParam<SimplifyCase> {};

TEST_P(XlaSimplifyPeer, SoundAndAsSimpleAsXla) {
    const SimplifyCase& c = GetParam();
    Context ctx;
    IndexingMap input, canonical_input;
    // The input as written (not canonical): the whole pipeline is checked.
    if (!parse_map(ctx, c, c.input, /*canonical=*/false, input)) return;
    if (!parse_map(ctx, c, c.input, /*canonical=*/true, canonical_input)) return;

    IndexingMap result = input;
    simplify(result);
    const std::string shown = "input:\n" + c.input + "\nprovix:\n" + result.to_string();

    // Sound: the exact oracle proves provix's result equivalent to the input.
    const solvers::Decision sound = oracle().equivalent(input, result);
    ASSERT_EQ(sound.verdict, solvers::Verdict::Proven)
        << "provix's result is not proven equivalent: " << verdict_text(sound) << "\n"
        << shown;

    // Idempotent.
    IndexingMap again = result;
    EXPECT_FALSE(simplify(again)) << "a second simplification changed the map to\n"
                                  << again.to_string() << "\n"
                                  << shown;

    // The map provix is compared with: XLA's, or the exact one where XLA's is
    // unsound, or the input where XLA's test expects no map.
    IndexingMap reference = canonical_input;
    if (c.expect == SimplifyCase::Expect::Map) {
        IndexingMap xla;
        if (!parse_map(ctx, c, c.xla, /*canonical=*/true, xla)) return;
        const solvers::Decision d = oracle().equivalent(input, xla);
        if (c.unsound.empty()) {
            ASSERT_EQ(d.verdict, solvers::Verdict::Proven)
                << "XLA's expected map is not proven equivalent to the input (" << verdict_text(d)
                << "): a wrong port, or an unsound expectation to document";
            reference = xla;
        } else {
            // Refuted as a relation, or point by point over the same variables
            // (a wrong bound on a range variable no result uses changes no
            // relation, but it does change the map's domain).
            const solvers::Decision p = oracle().equivalent_pointwise(input, xla);
            ASSERT_TRUE(d.verdict == solvers::Verdict::Refuted ||
                        p.verdict == solvers::Verdict::Refuted)
                << "the case says XLA's expectation is unsound, but the oracle answers "
                << verdict_text(d) << " (pointwise: " << verdict_text(p) << ")";
            IndexingMap exact;
            if (!parse_map(ctx, c, c.exact, /*canonical=*/true, exact)) return;
            const solvers::Decision e = oracle().equivalent_pointwise(input, exact);
            ASSERT_EQ(e.verdict, solvers::Verdict::Proven)
                << "the case's EXACT map is not proven equivalent: " << verdict_text(e);
            reference = exact;
        }
    }
    const MapCost got = map_cost(result);
    const MapCost want = map_cost(reference);
    if (c.xfail.empty()) {
        EXPECT_LE(got, want) << "provix's result costs more than XLA's\nprovix " << got
                             << "\nXLA    " << want << "\n"
                             << shown << "\nXLA:\n"
                             << reference.to_string();
    } else {
        EXPECT_FALSE(got <= want)
            << "XPASS: provix now simplifies as far as XLA: remove the XFAIL lines (" << c.xfail
            << ")\nprovix " << got << "\nXLA    " << want << "\n"
            << shown;
    }
}

std::string case_name(const ::testing::TestParamInfo<SimplifyCase>& info) {
    std::string s = info.param.name;
    for (char& ch : s)
        if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
    return s;
}

INSTANTIATE_TEST_SUITE_P(Cases, XlaSimplifyPeer, ::testing::ValuesIn(all_cases()), case_name);

TEST(XlaSimplifyPeerSuite, DataFilesAreWellFormed) {
    EXPECT_TRUE(testing_support::no_errors(load_errors()));
    EXPECT_TRUE(testing_support::distinct_names(all_cases()));
}

// The READMEs state how many cases there are and how they stand; the
// statuses are enforced case by case above, so the counts of the data are
// the counts of the results.
TEST(XlaSimplifyPeerSuite, ReadmesStateTheCounts) {
    int64_t total = 0, xfail = 0, unsound = 0;
    for (const SimplifyCase& c : all_cases()) {
        ++total;
        if (!c.xfail.empty()) ++xfail;
        if (!c.unsound.empty()) ++unsound;
    }
    std::ostringstream want;
    want << total << " cases: " << total - xfail << " as simple as XLA's expectation or simpler ("
         << unsound << " of them where XLA's expectation is unsound), " << xfail
         << " expected failures";
    const std::string expected = want.str();
    for (const auto& readme :
         {peer_dir() / "README.md", std::filesystem::path(PROVIX_SOURCE_DIR) / "README.md"}) {
        std::string text = read_file(readme);
        // Line breaks in the Markdown source are spaces.
        text = std::regex_replace(text, std::regex("\\s+"), " ");
        EXPECT_NE(text.find(expected), std::string::npos) << readme << " must state: " << expected;
    }
}

}  // namespace
}  // namespace provix::peer
