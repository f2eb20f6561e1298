// cvc5 and coqc as provers (see external_provers.h).

#include "external_provers.h"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>

#include "coq_statement.h"
#include "program_run.h"
#include "provix/solvers/prove_report.h"
#include "provix/solvers/temp_dir.h"
#include "z3_solve.h"

namespace provix::solvers::prover {

namespace fs = std::filesystem;

namespace {

bool write_file(const fs::path& path, const std::string& text) {
    std::ofstream out(path);
    out << text;
    return static_cast<bool>(out);
}

bool contains_word(const std::string& text, const std::string& word) {
    for (size_t at = text.find(word); at != std::string::npos; at = text.find(word, at + 1)) {
        bool start = at == 0 || !(std::isalnum(static_cast<unsigned char>(text[at - 1])) ||
                                  text[at - 1] == '_');
        size_t end = at + word.size();
        bool stop = end >= text.size() ||
                    !(std::isalnum(static_cast<unsigned char>(text[end])) || text[end] == '_');
        if (start && stop) return true;
    }
    return false;
}

/// The text of `path`, or nullopt if it cannot be read.
std::optional<std::string> read_text(const fs::path& path) {
    std::ifstream in(path);
    if (!in) return std::nullopt;
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

/// The first command of a Coq text that would assume instead of prove, or
/// would turn a check of the kernel off or load code into it (`Unset
/// Positivity Checking`, `#[bypass_check(guard)]`, `Typing Flags`,
/// `Declare ML Module`), or nullptr. Such texts are refused outright (and
/// Print Assumptions catches any that slip through).
const char* assuming_word(const std::string& text) {
    for (const char* w : {"Admitted", "admit", "Axiom", "Axioms", "Parameter", "Parameters",
                          "Hypothesis", "Hypotheses", "Variable", "Variables", "Conjecture",
                          "Context", "Unset", "bypass_check", "Typing", "Declare", "Load"})
        if (contains_word(text, w)) return w;
    return nullptr;
}

/// The line Coq's `Print Assumptions` prints for a term that rests on no
/// axiom and on no check turned off.
constexpr const char* kNoAssumptions = "Closed under the global context";

/// True if `log` ends with kNoAssumptions (the output of the file's last
/// command, which is provix's own: no text of the script can come after it).
bool ends_without_assumptions(const std::string& log) {
    const size_t end = log.find_last_not_of(" \t\r\n");
    const std::string last = end == std::string::npos ? "" : log.substr(0, end + 1);
    const size_t n = std::char_traits<char>::length(kNoAssumptions);
    return last.size() >= n && last.compare(last.size() - n, n, kNoAssumptions) == 0;
}

}  // namespace

std::string cvc5_decide(const std::string& body, const ProverOptions& options) {
    if (options.cvc5.empty()) return "";
    TempDir dir;  // one run's folder
    if (!dir.ok()) return "error: cannot create a temporary folder";
    fs::path file = dir.path() / "obligation.smt2";
    if (!write_file(file, body + "(check-sat)\n")) return "error: cannot write the obligation";
    return run_cvc5(file.string(), options.cvc5_tlimit_ms, options.cvc5);
}

std::string coq_statement_file(const std::string& name, const std::string& smt_body) {
    auto statement = coq_statement(smt_body);
    std::string text = coq_prelude() + "\n(* The obligation of " + name +
                       ", generated from its SMT-LIB text. *)\nDefinition " + name +
                       "_statement : Prop :=\n  ";
    if (!statement)
        return text + "False. (* not translatable: " + statement.error().message + " *)\n";
    return text + *statement + ".\n";
}

CoqCheck coq_check(const std::string& name, const std::string& smt_body,
                   const ProverOptions& options) {
    CoqCheck out;
    if (options.coq_proofs_dir.empty()) {
        out.detail = "Coq not used";
        return out;
    }
    fs::path script = fs::path(options.coq_proofs_dir) / (name + ".v");
    std::optional<std::string> proof = read_text(script);
    if (!proof) {
        out.detail = "no Coq proof (" + script.string() + ")";
        return out;
    }
    auto statement = coq_statement(smt_body);
    if (!statement) {
        out.detail = "no Coq statement: " + statement.error().message;
        return out;
    }
    // The shared lemmas, if the folder has them, are checked with the script.
    fs::path library = fs::path(options.coq_proofs_dir) / kCoqSharedLemmas;
    std::optional<std::string> lemmas = read_text(library);
    if (const char* w = assuming_word(*proof)) {
        out.detail = script.string() + " uses '" + w + "'";
        return out;
    }
    if (const char* w = lemmas ? assuming_word(*lemmas) : nullptr) {
        out.detail = library.string() + " uses '" + w + "'";
        return out;
    }
    TempDir dir;  // one run's folder
    if (!dir.ok()) {
        out.detail = "cannot create a temporary folder";
        return out;
    }
    const std::string module = "provix_proof";  // the file's module in Coq
    fs::path file = dir.path() / (module + ".v");
    std::string text = coq_statement_file(name, smt_body);
    if (lemmas) text += "\n(* " + library.string() + " *)\n" + *lemmas;
    // The script's theorem must have the type of the statement generated
    // here (named with the file's module, which no Import inside the script
    // can shadow), and rest on nothing: provix's commands come last.
    text += "\n(* " + script.string() + " *)\n" + *proof +
            "\n\n(* provix: the theorem proves the statement, on no assumption. *)\n" +
            "Definition provix_statement_proof : " + module + "." + name + "_statement := " + name +
            ".\nPrint Assumptions provix_statement_proof.\n";
    if (!write_file(file, text)) {
        out.detail = "cannot write the Coq file";
        return out;
    }
    const detail::ProgramOutcome coqc = detail::run_program(
        {options.coqc, "-q", module + ".v"}, dir.path().string(), options.coq_timeout_s);
    const std::string& log = coqc.output;
    if (!coqc.started) {
        out.detail = "cannot run " + options.coqc;
        return out;
    }
    if (coqc.timed_out) {
        out.detail = "coqc did not finish " + script.string() + " within " +
                     std::to_string(options.coq_timeout_s) + " s";
        return out;
    }
    if (coqc.exit_status != 0) {
        out.detail = "coqc rejects " + script.string() + ": " + log.substr(0, 2000);
        return out;
    }
    if (!ends_without_assumptions(log)) {
        out.detail = script.string() + " rests on assumptions: " + log.substr(0, 2000);
        return out;
    }
    out.proven = true;
    return out;
}

bool has_coq_proof(const std::string& name, const ProverOptions& options) {
    std::error_code ec;
    return !options.coq_proofs_dir.empty() &&
           fs::is_regular_file(fs::path(options.coq_proofs_dir) / (name + ".v"), ec);
}

RuleProof prove_with_coq(const std::string& name, const std::string& smt_body,
                         const ProverOptions& options) {
    RuleProof p;
    CoqCheck coq = coq_check(name, smt_body, options);
    p.backend = "coq";
    p.verdict = coq.proven ? RuleVerdict::Proven : RuleVerdict::Unknown;
    p.detail = coq.detail;
    return p;
}

RuleProof prove_after_z3(const std::string& name, const std::string& smt_body,
                         const std::string& z3_answer, const ProverOptions& options) {
    RuleProof p;
    p.z3_answer = z3_answer;
    std::string cvc5 = cvc5_decide(smt_body, options);
    if (cvc5 == "unsat") {
        p.verdict = RuleVerdict::Proven;
        p.backend = "cvc5";
        return p;
    }
    if (cvc5 == "sat") {
        p.verdict = RuleVerdict::Refuted;
        p.backend = "cvc5";
        p.detail = "cvc5 finds a counterexample (z3: " + z3_answer + ")";
        return p;
    }
    CoqCheck coq = coq_check(name, smt_body, options);
    if (coq.proven) {
        p.verdict = RuleVerdict::Proven;
        p.backend = "coq";
        return p;
    }
    p.verdict = RuleVerdict::Unknown;
    p.detail = "z3: " + (z3_answer.empty() ? std::string("not asked") : z3_answer) +
               "; cvc5: " + (cvc5.empty() ? std::string("not asked") : cvc5) +
               "; coq: " + coq.detail;
    return p;
}

void check_not_vacuous(RuleProof& proof, const std::string& vacuity_body, const std::string& what,
                       const ProverOptions& options) {
    SmtAnswer z3 = z3_solve(vacuity_body, options.z3_rlimit, options.z3_timeout_ms, {}, {});
    std::string answer = z3.result == SmtResult::Sat     ? "sat"
                         : z3.result == SmtResult::Unsat ? "unsat"
                                                         : cvc5_decide(vacuity_body, options);
    if (answer == "sat") return;
    if (answer == "unsat") {
        proof.verdict = RuleVerdict::Vacuous;
        proof.detail = what;
        return;
    }
    proof.verdict = RuleVerdict::Unknown;
    proof.detail = "proven, but whether it can apply is undecided (z3: " + z3.reason +
                   "; cvc5: " + answer + ")";
}

}  // namespace provix::solvers::prover
