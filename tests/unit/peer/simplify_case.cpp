#include "simplify_case.h"

#include <sstream>

namespace provix::peer {
namespace {

bool starts_with(const std::string& s, const std::string& prefix) {
    return s.compare(0, prefix.size(), prefix) == 0;
}

std::string trim(const std::string& s) {
    const size_t b = s.find_first_not_of(" \t\r");
    if (b == std::string::npos) return "";
    const size_t e = s.find_last_not_of(" \t\r");
    return s.substr(b, e - b + 1);
}

/// Appends `line` to `text` with a newline between lines.
void append(std::string& text, const std::string& line) {
    if (!text.empty()) text += "\n";
    text += line;
}

}  // namespace

std::vector<SimplifyCase> parse_simplify_cases(const std::string& file, const std::string& text,
                                               std::vector<std::string>& errors) {
    std::vector<SimplifyCase> cases;
    std::istringstream in(text);
    std::string raw;
    int line_no = 0;
    bool open = false;
    // Where the comment lines of the current case go: nowhere, the XLA map,
    // the exact map, the unsound reason, the xfail reason.
    enum class Sink { Input, None, Xla, Exact, Unsound, Xfail } sink = Sink::None;
    auto error = [&](const std::string& msg) {
        errors.push_back(file + ":" + std::to_string(line_no) + ": " + msg);
    };
    auto close = [&] {
        if (!open) return;
        SimplifyCase& c = cases.back();
        if (trim(c.input).empty()) error("case '" + c.name + "' has no input map");
        if (c.expect == SimplifyCase::Expect::Map && trim(c.xla).empty())
            error("case '" + c.name + "' has no '// XLA:' expectation");
        if (!c.unsound.empty() && trim(c.exact).empty())
            error("case '" + c.name + "' is UNSOUND without an '// EXACT:' map");
        if (c.unsound.empty() && !c.exact.empty())
            error("case '" + c.name + "' has an EXACT map but no UNSOUND reason");
        open = false;
        sink = Sink::None;
    };
    while (std::getline(in, raw)) {
        ++line_no;
        const std::string line = trim(raw);
        if (starts_with(line, "// =====")) {
            close();
            SimplifyCase c;
            c.file = file;
            c.name = trim(line.substr(8));
            c.line = line_no;
            if (c.name.empty()) error("a case without a name");
            cases.push_back(c);
            open = true;
            sink = Sink::Input;
            continue;
        }
        if (line == "// -----") {
            close();
            continue;
        }
        if (!open) {
            if (!line.empty() && !starts_with(line, "//")) error("a map outside a case");
            continue;
        }
        SimplifyCase& c = cases.back();
        if (!starts_with(line, "//")) {
            if (sink != Sink::Input) {
                error("map text after the directives of case '" + c.name + "'");
                continue;
            }
            if (c.input.empty()) c.input_line = line_no;
            append(c.input, raw);
            continue;
        }
        const std::string body = trim(line.substr(2));
        if (starts_with(body, "XLA:")) {
            const std::string rest = trim(body.substr(4));
            if (!c.xla.empty() || c.expect != SimplifyCase::Expect::Map) {
                error("case '" + c.name + "' has two XLA expectations");
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
            error("unexpected comment line in case '" + c.name + "': " + line);
        }
    }
    close();
    return cases;
}

}  // namespace provix::peer
