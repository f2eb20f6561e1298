#include "simplify_case.h"

namespace provix::peer {
namespace {

using testing_support::starts_with;
using testing_support::trim;

/// Appends `line` to `text` with a newline between lines.
void append(std::string& text, const std::string& line) {
    if (!text.empty()) text += "\n";
    text += line;
}

}  // namespace

std::vector<SimplifyCase> parse_simplify_cases(const std::string& file, const std::string& text,
                                               std::vector<std::string>& errors) {
    std::vector<SimplifyCase> cases;
    testing_support::CaseFileLines in(file, text, errors);
    bool open = false;
    // Where the comment lines of the current case go: nowhere, the XLA map,
    // the exact map, the unsound reason, the xfail reason.
    enum class Sink { Input, None, Xla, Exact, Unsound, Xfail } sink = Sink::None;
    auto close = [&] {
        if (!open) return;
        SimplifyCase& c = cases.back();
        if (trim(c.input).empty()) in.error("case '" + c.name + "' has no input map");
        if (c.expect == SimplifyCase::Expect::Map && trim(c.xla).empty())
            in.error("case '" + c.name + "' has no '// XLA:' expectation");
        if (!c.unsound.empty() && trim(c.exact).empty())
            in.error("case '" + c.name + "' is UNSOUND without an '// EXACT:' map");
        if (c.unsound.empty() && !c.exact.empty())
            in.error("case '" + c.name + "' has an EXACT map but no UNSOUND reason");
        open = false;
        sink = Sink::None;
    };
    while (in.next()) {
        const std::string& line = in.line();
        if (in.starts_case()) {
            close();
            SimplifyCase c = in.new_case<SimplifyCase>();
            if (c.name.empty()) in.error("a case without a name");
            cases.push_back(c);
            open = true;
            sink = Sink::Input;
            continue;
        }
        if (in.ends_case()) {
            close();
            continue;
        }
        if (!open) {
            if (!line.empty() && !in.is_comment()) in.error("a map outside a case");
            continue;
        }
        SimplifyCase& c = cases.back();
        if (!in.is_comment()) {
            if (sink != Sink::Input) {
                in.error("map text after the directives of case '" + c.name + "'");
                continue;
            }
            if (c.input.empty()) c.input_line = in.number();
            append(c.input, in.raw());
            continue;
        }
        const std::string body = in.body();
        if (starts_with(body, "XLA:")) {
            const std::string rest = trim(body.substr(4));
            if (!c.xla.empty() || c.expect != SimplifyCase::Expect::Map) {
                in.error("case '" + c.name + "' has two XLA expectations");
            }
            if (rest == "SAME") {
                c.expect = SimplifyCase::Expect::Same;
                sink = Sink::None;
            } else if (rest == "CHANGED") {
                c.expect = SimplifyCase::Expect::Changed;
                sink = Sink::None;
            } else if (rest.empty()) {
                sink = Sink::Xla;
            } else {
                c.xla = rest;
                sink = Sink::None;
            }
        } else if (starts_with(body, "EXACT:")) {
            sink = Sink::Exact;
        } else if (starts_with(body, "UNSOUND:")) {
            append(c.unsound, trim(body.substr(8)));
            sink = Sink::Unsound;
        } else if (starts_with(body, "XFAIL:")) {
            append(c.xfail, trim(body.substr(6)));
            sink = Sink::Xfail;
        } else if (starts_with(body, "NOTE:")) {
            sink = sink == Sink::Input ? Sink::Input : Sink::None;
        } else if (sink == Sink::Xla) {
            append(c.xla, body);
        } else if (sink == Sink::Exact) {
            append(c.exact, body);
        } else if (sink == Sink::Input) {
            // A comment inside the input map: not part of it.
        } else {
            in.error("unexpected comment line in case '" + c.name + "': " + line);
        }
    }
    close();
    return cases;
}

}  // namespace provix::peer
