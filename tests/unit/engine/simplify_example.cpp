// Reader of the simplifier's examples (format in simplify_example.h).

#include "simplify_example.h"

#include <cctype>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

namespace provix::testing_support {
namespace {

using Kind = ExampleCheck::Kind;

/// The directives, by their word before the colon, and whether they take
/// names (split at spaces) or one text.
struct Directive {
    const char* word;
    Kind kind;
    bool names;
};
constexpr Directive kDirectives[] = {
    {"FIRES", Kind::Fires, true},           {"FIRES-ONE-OF", Kind::FiresOneOf, true},
    {"NOT-FIRES", Kind::NotFires, true},    {"EXPECT", Kind::Expect, false},
    {"NOT-EXPECT", Kind::NotExpect, false}, {"RESULTS", Kind::Results, false},
    {"CONTAINS", Kind::Contains, false},    {"LACKS", Kind::Lacks, false},
};

/// The word of `body` before a colon when it looks like a directive (capital
/// letters and `-`), else "".
std::string directive_word(const std::string& body) {
    const size_t colon = body.find(':');
    if (colon == std::string::npos || colon == 0) return "";
    for (size_t i = 0; i < colon; ++i)
        if (!std::isupper(static_cast<unsigned char>(body[i])) && body[i] != '-') return "";
    return body.substr(0, colon);
}

bool valid_name(const std::string& name) {
    if (name.empty()) return false;
    for (char ch : name)
        if (!std::isalnum(static_cast<unsigned char>(ch)) && ch != '_') return false;
    return true;
}

std::filesystem::path examples_dir() {
    return std::filesystem::path(PROVIX_SOURCE_DIR) / "tests" / "unit" / "engine" / "examples";
}

}  // namespace

std::vector<SimplifyExample> parse_simplify_examples(const std::string& file,
                                                     const std::string& text,
                                                     std::vector<std::string>& errors) {
    std::vector<SimplifyExample> examples;
    CaseFileLines in(file, text, errors);
    bool open = false;
    auto close = [&] {
        if (!open) return;
        const SimplifyExample& e = examples.back();
        if (e.input.empty()) in.error("case '" + e.name + "' has no input map");
        if (e.checks.empty()) in.error("case '" + e.name + "' checks nothing");
        open = false;
    };
    while (in.next()) {
        if (in.starts_case()) {
            close();
            SimplifyExample e = in.new_case<SimplifyExample>();
            if (!valid_name(e.name)) in.error("a case needs a name of letters, digits and '_'");
            for (const SimplifyExample& other : examples)
                if (other.name == e.name) in.error("two cases are named '" + e.name + "'");
            examples.push_back(e);
            open = true;
            continue;
        }
        if (in.ends_case()) {
            close();
            continue;
        }
        if (!open) {
            if (!in.line().empty() && !in.is_comment()) in.error("a map outside a case");
            continue;
        }
        SimplifyExample& e = examples.back();
        if (!in.is_comment()) {
            if (!e.checks.empty()) in.error("map text after the checks of case '" + e.name + "'");
            if (!in.line().empty()) e.input += (e.input.empty() ? "" : " ") + in.line();
            continue;
        }
        const std::string body = in.body();
        const std::string word = directive_word(body);
        if (word.empty() || word == "NOTE") continue;
        const Directive* d = nullptr;
        for (const Directive& candidate : kDirectives)
            if (word == candidate.word) d = &candidate;
        if (!d) {
            in.error("unknown directive '" + word + "' in case '" + e.name + "'");
            continue;
        }
        if (e.input.empty()) in.error("a check before the map of case '" + e.name + "'");
        ExampleCheck check;
        check.kind = d->kind;
        const std::string rest = trim(body.substr(word.size() + 1));
        check.args = d->names ? words(rest) : std::vector<std::string>{rest};
        check.line = in.number();
        check.source = file + ":" + std::to_string(in.number()) + ": " + body;
        if (rest.empty()) in.error(word + " needs an argument");
        e.checks.push_back(check);
    }
    close();
    return examples;
}

std::vector<std::string>& example_errors() {
    static std::vector<std::string> errors;
    return errors;
}

std::vector<std::string>& example_files_read() {
    static std::vector<std::string> files;
    return files;
}

const std::vector<SimplifyExample>& examples_in(const std::string& file_name) {
    static std::map<std::string, std::vector<SimplifyExample>> read;
    auto it = read.find(file_name);
    if (it != read.end()) return it->second;
    const std::filesystem::path path = examples_dir() / file_name;
    example_files_read().push_back(file_name);
    const std::string shown = "tests/unit/engine/examples/" + file_name;
    std::ifstream in(path);
    std::stringstream text;
    if (in)
        text << in.rdbuf();
    else
        example_errors().push_back(shown + ": cannot be read");
    auto examples = parse_simplify_examples(shown, text.str(), example_errors());
    if (examples.empty()) example_errors().push_back(shown + ": no case");
    return read.emplace(file_name, std::move(examples)).first->second;
}

}  // namespace provix::testing_support
