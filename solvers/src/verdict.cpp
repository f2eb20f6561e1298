// Printing of verdicts, counterexamples and ranges.

#include "provix/solvers/verdict.h"

namespace provix::solvers {

const char* verdict_name(Verdict v) {
    switch (v) {
        case Verdict::Proven:
            return "proven";
        case Verdict::Refuted:
            return "refuted";
        case Verdict::Unknown:
            return "unknown";
    }
    return "unknown";
}

namespace {

std::string side_text(const SideValues& s) {
    std::string out;
    if (!s.note.empty()) {
        out = s.note;
    } else {
        out = "(";
        for (size_t i = 0; i < s.results.size(); ++i)
            out += (i ? ", " : "") + s.results[i];
        out += ")";
    }
    if (!s.symbols.empty()) {
        out += " with ";
        for (size_t i = 0; i < s.symbols.size(); ++i) {
            out += (i ? ", " : "") + s.symbols[i].name + " = " + s.symbols[i].value;
        }
    }
    return out;
}

bool side_is_empty(const SideValues& s) {
    return s.note.empty() && s.results.empty() && s.symbols.empty();
}

}  // namespace

std::string to_string(const Counterexample& c) {
    std::string out = "ERROR: " + c.kind + "\nExample:";
    for (const NamedValue& v : c.variables)
        out += "\n  " + v.name + " = " + v.value;
    if (c.variables.empty()) out += "\n  (no variables)";
    bool two = c.two_sided || !side_is_empty(c.second);
    out += std::string("\n") + (two ? "first:  " : "value:  ") + side_text(c.first);
    if (two) out += "\nsecond: " + side_text(c.second);
    return out;
}

std::optional<Interval> RangeDecision::interval() const {
    if (verdict != Verdict::Proven) return std::nullopt;
    if (empty) return Interval::empty();
    auto l = parse_int64(lo);
    auto h = parse_int64(hi);
    if (!l || !h) return std::nullopt;
    return Interval{*l, *h};
}

std::string RangeDecision::to_string() const {
    if (verdict != Verdict::Proven) return "unknown (" + reason + ")";
    if (empty) return "no value";
    return "[" + lo + ", " + hi + "]";
}

}  // namespace provix::solvers
