// The canonical text form of indexing maps (docs/syntax.md):
//
//     (d0, d1)[s0]{rt0} -> (d0 + d1 floordiv 8 - rt0 * 64, s0),
//     domain:
//     d0 in [0, 3],
//     d1 in [-4, 4],
//     s0 in [0, 1],
//     rt0 in [0, 100],
//     d0 mod 4 in [0, 0]
//
// `[...]` and `{...}` are left out when empty; a map without variables (and
// so without constraints) is just `() -> (...)`. Deterministic: constraints
// are kept sorted by `compare`, expressions print through provix::to_string.

#include <string>

#include "provix/indexing_map.h"

namespace provix {

namespace {

std::string interval_text(const Interval& i) { return to_string(i); }

void append_names(std::string& out, const IndexingVariables& vars, char open, char close,
                  bool always) {
    if (vars.empty() && !always) return;
    out += open;
    for (size_t i = 0; i < vars.size(); ++i) {
        if (i) out += ", ";
        out += vars[i].name;
    }
    out += close;
}

}  // namespace

std::string IndexingMap::expr_to_string(Expr e) const {
    return provix::to_string(e, [this](int64_t id) {
        if (id >= 0 && id < num_variables()) return variable(id).name;
        return "v" + std::to_string(id);  // not a variable of this map
    });
}

std::string IndexingMap::to_string() const {
    if (state_ == State::KnownEmpty) return "KNOWN EMPTY";
    if (state_ == State::Undefined) return "UNDEFINED";
    std::string out;
    append_names(out, dims(), '(', ')', true);
    append_names(out, range_vars(), '[', ']', false);
    append_names(out, rt_vars(), '{', '}', false);
    out += " -> (";
    for (size_t i = 0; i < results().size(); ++i) {
        if (i) out += ", ";
        out += expr_to_string(results()[i]);
    }
    out += ")";
    if (num_variables() == 0 && constraints().empty()) return out;
    out += ",\ndomain:";
    const char* sep = "\n";
    for (int64_t id = 0; id < num_variables(); ++id) {
        const IndexingVariable& v = variable(id);
        out += sep;
        out += v.name + " in " + interval_text(v.bounds);
        sep = ",\n";
    }
    for (const Constraint& c : constraints()) {
        out += sep;
        out += expr_to_string(c.expr) + " in " + interval_text(c.range);
        sep = ",\n";
    }
    return out;
}

}  // namespace provix
