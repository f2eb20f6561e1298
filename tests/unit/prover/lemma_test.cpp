// Lemma proofs: the statements the domain passes, the analyses and the
// folding kernel rely on, proven over all integers; and Coq statements
// generated from the very SMT-LIB text the SMT solvers decide, with proof
// scripts checked by coqc.

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "prover_test_util.h"
#include "provix/solvers/lemma_prover.h"

namespace provix::solvers {
namespace {

rules::Lemma lemma_of(const std::string& text) {
    auto l = rules::parse_lemmas(text, "test.lemmas");
    EXPECT_TRUE(l.ok()) << (l.ok() ? "" : l.error().message);
    if (!l.ok() || l->empty()) return rules::Lemma{};
    return (*l)[0];
}

ProverOptions z3_only() {
    ProverOptions o;
    o.cvc5.clear();
    return o;
}

bool have(const char* tool) {
    return std::system((std::string(tool) + " --version > /dev/null 2>&1").c_str()) == 0;
}

TEST(Lemma, ProvesABoundTighteningStep) {
    auto l = lemma_of("tighten: a > 0 && lo <= a * v + r && r <= rh => (lo - rh) ceildiv a <= v");
    RuleProof p = prove_lemma(l, z3_only());
    EXPECT_EQ(p.verdict, RuleVerdict::Proven) << p.detail;
    EXPECT_EQ(p.backend, "z3");
}

TEST(Lemma, RefutesAnOffByOneWithACounterexample) {
    // floor + 1 is the ceiling only when a does not divide lo - rh: with
    // a = 1, lo = rh = r = v = 0 it claims v >= 1.
    auto l =
        lemma_of("tighten: a > 0 && lo <= a * v + r && r <= rh => (lo - rh) floordiv a + 1 <= v");
    RuleProof p = prove_lemma(l, z3_only());
    ASSERT_EQ(p.verdict, RuleVerdict::Refuted) << p.detail;
    ASSERT_TRUE(p.counterexample.has_value());
    auto v = testing::values_of(*p.counterexample);
    // The counterexample satisfies the hypotheses and violates the conclusion.
    EXPECT_GT(v["a"], 0);
    EXPECT_LE(v["lo"], v["a"] * v["v"] + v["r"]);
    EXPECT_LE(v["r"], v["rh"]);
    int64_t d = v["lo"] - v["rh"], q = d / v["a"] - ((d % v["a"] != 0 && d < 0) ? 1 : 0);
    EXPECT_GT(q + 1, v["v"]);
}

TEST(Lemma, AComparisonWithAZeroDivisorIsFalse) {
    // Without b != 0 the statement would speak of x floordiv 0.
    auto l = lemma_of("div: x == b * (x floordiv b) + x mod b");
    EXPECT_EQ(prove_lemma(l, z3_only()).verdict, RuleVerdict::Refuted);
    auto guarded = lemma_of("div: b != 0 => x == b * (x floordiv b) + x mod b");
    EXPECT_EQ(prove_lemma(guarded, z3_only()).verdict, RuleVerdict::Proven);
}

TEST(Lemma, AnUnsatisfiableHypothesisIsVacuous) {
    auto l = lemma_of("never: m > 0 && m < 0 => x mod m == 0");
    EXPECT_EQ(prove_lemma(l, z3_only()).verdict, RuleVerdict::Vacuous);
}

TEST(Lemma, Z3UnknownIsNeverAPass) {
    ProverOptions o = z3_only();
    o.z3_rlimit = 1;
    auto l = lemma_of("residue: m > 0 && x mod m == r && lo <= x => lo + (r - lo) mod m <= x");
    RuleProof p = prove_lemma(l, o);
    EXPECT_EQ(p.verdict, RuleVerdict::Unknown);
    EXPECT_NE(p.detail.find("z3: unknown"), std::string::npos) << p.detail;
}

TEST(Lemma, Cvc5ProvesWhatZ3CannotDecide) {
    if (!have("cvc5")) GTEST_SKIP() << "cvc5 is not installed (Debian package cvc5)";
    ProverOptions o;
    o.z3_rlimit = 1;  // Z3 gives up at once
    auto l = lemma_of("residue: m > 0 && x mod m == r && lo <= x => lo + (r - lo) mod m <= x");
    RuleProof p = prove_lemma(l, o);
    EXPECT_EQ(p.verdict, RuleVerdict::Proven) << p.detail;
    EXPECT_EQ(p.backend, "cvc5");
}

TEST(CoqStatement, IsTranslatedFromTheSmtObligation) {
    auto l = lemma_of("gap: m > 0 && x mod m == r => x == m * (x floordiv m) + r");
    std::string file = lemma_coq_statement(l);
    EXPECT_NE(file.find("Definition gap_statement : Prop :=\n  forall (v_m : Z) (v_x : Z) "
                        "(v_r : Z),\n"),
              std::string::npos)
        << file;
    EXPECT_NE(file.find("(floor_mod v_x v_m)"), std::string::npos) << file;
    // Definedness guards of the SMT text are there too.
    EXPECT_NE(file.find("(~ (v_m = 0))"), std::string::npos) << file;
}

const char* const kMulpos = "mulpos: a > 0 && b > 0 => a * b > 0";
const char* const kNoCoqc = "coqc is not installed (Debian package coq)";

/// The lemma `text` (named mulpos) proven by Z3 and, where Z3 needs a proof
/// script, Coq: `script` is written as `mulpos.v` and, unless empty,
/// `shared` as the shared lemmas, in a folder of their own named after the
/// running test and `folder` (tests run in parallel).
RuleProof prove_with_coq(const std::string& text, const std::string& script,
                         const std::string& shared = "", const std::string& folder = "") {
    namespace fs = std::filesystem;
    const std::string test = ::testing::UnitTest::GetInstance()->current_test_info()->name();
    fs::path dir = fs::path(PROVIX_BINARY_DIR) / ("coq_proofs_" + test + folder);
    fs::remove_all(dir);
    fs::create_directories(dir);
    std::ofstream(dir / "mulpos.v") << script;
    if (!shared.empty()) std::ofstream(dir / "shared-lemmas.v") << shared;
    ProverOptions o = z3_only();
    o.coq_proofs_dir = dir.string();
    return prove_lemma(lemma_of(text), o);
}

/// Coq proved it.
void expect_coq_proof(const RuleProof& p) {
    EXPECT_EQ(p.verdict, RuleVerdict::Proven) << p.detail;
    EXPECT_EQ(p.backend, "coq");
}

/// Coq did not prove it, and the detail says `why`.
void expect_no_coq_proof(const RuleProof& p, const std::string& why) {
    EXPECT_EQ(p.verdict, RuleVerdict::Unknown);
    EXPECT_NE(p.detail.find(why), std::string::npos) << p.detail;
}

const char* const kMulposByNia =
    "Theorem mulpos : mulpos_statement.\n"
    "Proof. unfold mulpos_statement. intros. nia. Qed.\n";

TEST(CoqProof, ACorrectProofProvesTheLemma) {
    if (!have("coqc")) GTEST_SKIP() << kNoCoqc;
    expect_coq_proof(prove_with_coq(kMulpos, kMulposByNia));
}

TEST(CoqProof, AProofThatNoLongerFitsItsStatementFails) {
    if (!have("coqc")) GTEST_SKIP() << kNoCoqc;
    // The lemma changed (> 1 instead of > 0) and the proof is now wrong.
    expect_no_coq_proof(prove_with_coq("mulpos: a > 0 && b > 0 => a * b > 1", kMulposByNia),
                        "coqc rejects");
}

TEST(CoqProof, AdmittedIsRefused) {
    if (!have("coqc")) GTEST_SKIP() << kNoCoqc;
    expect_no_coq_proof(prove_with_coq(kMulpos,
                                       "Theorem mulpos : mulpos_statement.\n"
                                       "Proof. Admitted.\n"),
                        "uses 'Admitted'");
}

const char* const kUsesSharedLemma =
    "Theorem mulpos : mulpos_statement.\n"
    "Proof. intros a b _ [Ha Hb]. exact (product_of_positives a b Ha Hb). Qed.\n";

TEST(CoqProof, AScriptMayUseTheSharedLemmas) {
    if (!have("coqc")) GTEST_SKIP() << kNoCoqc;
    const std::string lemma =
        "Lemma product_of_positives : forall a b, a > 0 -> b > 0 -> a * b > 0.\n"
        "Proof. intros. nia. Qed.\n";
    expect_coq_proof(prove_with_coq(kMulpos, kUsesSharedLemma, lemma));
    // Without the shared lemmas the same script does not check.
    expect_no_coq_proof(prove_with_coq(kMulpos, kUsesSharedLemma, "", "_alone"), "coqc rejects");
}

TEST(CoqProof, AdmittedInTheSharedLemmasIsRefused) {
    if (!have("coqc")) GTEST_SKIP() << kNoCoqc;
    const std::string lemma =
        "Lemma product_of_positives : forall a b, a > 0 -> b > 0 -> a * b > 0.\n"
        "Proof. Admitted.\n";
    expect_no_coq_proof(prove_with_coq(kMulpos, kUsesSharedLemma, lemma),
                        "shared-lemmas.v uses 'Admitted'");
}

}  // namespace
}  // namespace provix::solvers
