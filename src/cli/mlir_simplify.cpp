// `provix simplify --syntax mlir` (see mlir_simplify.h).

#include "mlir_simplify.h"

#include <algorithm>
#include <iostream>

#include "commands.h"
#include "mlir_wrap.h"
#include "provix/mlir_syntax.h"
#include "provix/simplify.h"

namespace provix::cli {

namespace {

/// The ranges of the operands of definition `d`: what --bounds gives, all
/// of int64 for the others.
std::vector<Interval> operand_ranges(const MlirDefinition& d,
                                     const std::vector<VariableBound>& bounds) {
    std::vector<Interval> out(static_cast<size_t>(d.num_dims + d.num_symbols), Interval::all());
    if (d.map.state() != IndexingMap::State::Normal) return out;  // no names to match
    for (const VariableBound& b : bounds) {
        for (size_t id = 0; id < out.size(); ++id)
            if (d.map.variable(static_cast<int64_t>(id)).name == b.name)
                out[id] = out[id].intersect(b.bounds);
    }
    return out;
}

/// `#alias = ` or nothing.
std::string prefix(const MlirDefinition& d) { return d.alias.empty() ? "" : d.alias + " = "; }

/// Writes definition `d` as it was written, after the comment
/// `// provix: <why>`: its own text, which MLIR reads as it read the input
/// (provix's canonical form of it could compute otherwise at 64 bits).
void write_as_written(const MlirDefinition& d, const std::string& why, std::string& out) {
    out += "// provix: " + why + "\n" + d.text + "\n";
}

/// For a map no affine_set bounds whose results `simplified` changed, the
/// bounds --bounds gave it (`bounded` is `d.map` with them), as the comment
/// `// provix: equal to the input where d0 in [0, 15], s0 in [0, 3]
/// (--bounds)`: an affine_map has no domain to carry them, and the
/// simplified map may differ from the input outside them. Empty if none.
std::string bounds_comment(const MlirDefinition& d, const IndexingMap& bounded,
                           const IndexingMap& simplified) {
    if (d.domain_set >= 0 || bounded.is_known_empty() || bounded.is_undefined()) return "";
    const ResultExprs& before = bounded.results();
    const ResultExprs& after = simplified.results();
    if (std::equal(before.begin(), before.end(), after.begin(), after.end())) return "";
    std::string list;
    for (int64_t id = 0; id < d.num_dims + d.num_symbols; ++id) {
        const Interval b = bounded.variable(id).bounds;
        if (b == d.map.variable(id).bounds) continue;  // as parsed (a symbolic divisor's s0 >= 1)
        // The variable as the printer names it (`d<i>`, `s<i>`): a variable always prints.
        const auto name = to_mlir_affine_expr(bounded.context()->variable(id), d.num_dims);
        list += (list.empty() ? "" : ", ") + *name + " in " + to_string(b);
    }
    return list.empty() ? "" : "// provix: equal to the input where " + list + " (--bounds)\n";
}

}  // namespace

int simplify_mlir(const InputText& input, const MlirSimplifyOptions& options, std::string& out) {
    Context ctx;
    ParseOptions parse_options;
    parse_options.max_depth = options.max_depth;
    auto defs = parse_mlir_affine(ctx, input.text, input.name, parse_options);
    if (!defs) {
        report_diagnostic(defs.error().message);
        return kExitUsage;
    }
    std::vector<bool> used(options.bounds.size(), false);
    bool verify_failed = false;
    for (size_t i = 0; i < defs->size(); ++i) {
        const MlirDefinition& d = (*defs)[i];
        if (i > 0 && d.after_separator) out += "// -----\n";
        IndexingMap input_map = d.map;
        std::vector<bool> used_here;
        apply_bounds(input_map, options.bounds, used_here);
        for (size_t b = 0; b < used.size(); ++b)
            used[b] = used[b] || used_here[b];

        IndexingMap map = input_map;
        std::vector<std::string> fired;
        SimplifyOptions so;
        if (options.trace) so.trace = &fired;
        so.counters = options.counters;
        simplify(map, so);
        for (const std::string& name : fired)
            out += (is_lemma(name) ? "// lemma: " : "// rule: ") + name + "\n";

        if (d.kind == MlirDefinition::Kind::Set) {
            auto text = to_mlir_affine_set(map, d.num_dims, d.num_symbols);
            if (!text) {
                report_error("simplify", input.name + ": " + text.error().message);
                return kExitUsage;
            }
            // MLIR decides a set wherever its operands are, with comparisons
            // that are not exact modulo 2^64 (mlir_wrap.h). Checked even when
            // nothing simplified: provix's canonical form of the input is not
            // always MLIR's.
            if (set_may_decide_otherwise_in_mlir(map, operand_ranges(d, options.bounds))) {
                write_as_written(d,
                                 "kept as written: in provix's form the set could wrap at 64 "
                                 "bits (--bounds gives the operands' ranges)",
                                 out);
                continue;
            }
            out += prefix(d) + *text + "\n";
            continue;
        }
        if (map.is_known_empty()) {
            write_as_written(d, "the domain is empty; the map is kept as written", out);
            continue;
        }
        auto text = to_mlir_affine_map(map, d.num_dims);
        if (!text) {
            write_as_written(d, "kept as written: " + text.error().message, out);
            continue;
        }
        if (may_give_inexact_in_mlir(map)) {
            // MLIR computes maps at 64 bits, wrapping; equal over the
            // integers is not enough (mlir_wrap.h). Checked even when
            // nothing simplified: provix's canonical form of the input is not
            // always MLIR's (MLIR keeps `d0 * 4 + (d0 + 1)` apart under a
            // floordiv by 4 where provix combines it to `d0 * 5 + 1`).
            write_as_written(d,
                             "kept as written: in provix's form the map could wrap at 64 bits "
                             "under a division",
                             out);
            continue;
        }
        out += bounds_comment(d, input_map, map) + prefix(d) + *text + "\n";
#ifdef PROVIX_HAVE_SOLVERS
        if (options.verify) {
            VerifyOutcome v = verify_simplification(input_map, map, options.verify_timeout);
            out += v.comment;
            verify_failed = verify_failed || v.refuted || v.unknown;
        }
#endif
    }
    for (size_t b = 0; b < used.size(); ++b) {
        if (!used[b]) {
            report_error("simplify", "--bounds names '" + options.bounds[b].name +
                                         "', which no definition of " + input.name + " has");
            return kExitUsage;
        }
    }
    return verify_failed ? kExitCheckFailed : kExitSuccess;
}

}  // namespace provix::cli
