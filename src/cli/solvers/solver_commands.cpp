// `provix equiv`, `provix bounds`, `provix empty`: exact answers from the
// oracle of provix_solvers (isl on quasi-affine maps, Z3 otherwise).

#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "args.h"
#include "commands.h"
#include "io.h"
#include "provix/parser.h"
#include "provix/solvers/oracle.h"
#include "solver_options.h"

namespace provix::cli {

namespace {

constexpr const char* kEquivHelp =
    R"(usage: provix equiv A B [--pointwise] [--timeout SECONDS] [--isl-max-operations N]
                         [--z3-rlimit N]

Decides, for each i, whether the i-th map of A and the i-th map of B are
equivalent: the same relation from inputs (dimensions and runtime variables)
to results, range variables projected out, on the same input domain and
undefined (dividing by zero) at the same input points. Runtime variables are
matched by name (one only a map has must be one it does not depend on), or
by position when their names differ. Maps are separated by '// -----'. Prints
one verdict line per pair; a refuted pair is followed by a counterexample (the
input values and both maps' values there).

options:
  --pointwise               compare point by point over the same variables
  --timeout SECONDS         wall-clock time per pair (default 60); a pair that
                            runs out is 'unknown (timeout)'
  --isl-max-operations N    isl's operation budget per decision
  --z3-rlimit N             Z3's resource limit per solver call
  -h, --help                print this help

exit status: 0 every pair proven equivalent, 1 a pair refuted or unknown,
             2 usage error or bad input
)";

constexpr const char* kBoundsHelp =
    R"(usage: provix bounds [FILE|-] [--timeout SECONDS] [--isl-max-operations N]
                     [--z3-rlimit N]

Prints, for each map, the exact range of each result over the map's domain,
one '[lo, hi]' per line ('-inf'/'inf' when unbounded, exact even beyond
int64; 'empty' when the domain is empty); maps separated by '// -----'.
A range not decided within --timeout SECONDS (wall clock, default 60) is
'unknown (timeout)'.

exit status: 0 every range decided, 1 some range unknown, 2 usage or input error
)";

constexpr const char* kEmptyHelp =
    R"(usage: provix empty [FILE|-] [--timeout SECONDS] [--isl-max-operations N]
                    [--z3-rlimit N]

Prints, for each map, 'empty' if its domain has no integer point, or
'non-empty: ' and a witness point; maps separated by '// -----'. A map not
decided within --timeout SECONDS (wall clock, default 60) is
'unknown (timeout)'.

exit status: 0 every map decided, 1 some map unknown, 2 usage or input error
)";

/// Parses the maps of `path`, printing diagnostics on failure.
bool read_maps(Context& ctx, const std::string& command, const std::string& path,
               std::vector<ParsedMap>& out) {
    auto input = read_input(path);
    if (!input) {
        report_error(command, input.error().message);
        return false;
    }
    auto maps = parse_indexing_maps(ctx, input->text, input->name);
    if (!maps) {
        report_diagnostic(maps.error().message);
        return false;
    }
    out = std::move(*maps);
    return true;
}

/// Parses arguments common to the three commands; nullopt after printing
/// help or an error (with `*exit` set).
std::optional<Args> parse_solver_args(const std::vector<std::string>& args,
                                      const std::string& command, const char* help,
                                      size_t max_positional, std::vector<std::string> flags,
                                      int* exit) {
    ArgSpec spec;
    spec.flags = std::move(flags);
    spec.valued = solver_option_names();
    spec.max_positional = max_positional;
    auto parsed = parse_args(args, spec);
    if (!parsed) {
        report_error(command, parsed.error().message);
        std::cerr << "run 'provix " << command << " --help' for usage\n";
        *exit = kExitUsage;
        return std::nullopt;
    }
    if (parsed->help) {
        std::cout << help;
        *exit = kExitSuccess;
        return std::nullopt;
    }
    return *parsed;
}

/// Indents every line of `text` by `prefix`.
std::string indent(const std::string& text, const std::string& prefix) {
    std::string out = prefix;
    for (char c : text) {
        out += c;
        if (c == '\n') out += prefix;
    }
    return out + "\n";
}

/// The shared start of the one-file commands (`bounds`, `empty`): options,
/// limits, the maps of the file (or stdin) and an exact oracle. Null with
/// `*exit` set when the command must stop (help, usage error, bad input).
std::unique_ptr<solvers::Oracle> start_one_file_command(const std::vector<std::string>& args,
                                                        const char* command, const char* help,
                                                        Context& ctx, std::vector<ParsedMap>& maps,
                                                        int* exit) {
    auto parsed = parse_solver_args(args, command, help, 1, {}, exit);
    if (!parsed) return nullptr;
    *exit = kExitUsage;
    auto limits = solver_limits(*parsed, command);
    if (!limits) return nullptr;
    if (!read_maps(ctx, command, parsed->positional.empty() ? "-" : parsed->positional[0], maps))
        return nullptr;
    return solvers::make_exact_oracle(*limits);
}

}  // namespace

int run_equiv(const std::vector<std::string>& args) {
    int exit = 0;
    auto parsed = parse_solver_args(args, "equiv", kEquivHelp, 2, {"--pointwise"}, &exit);
    if (!parsed) return exit;
    if (parsed->positional.size() != 2) {
        report_error("equiv", "expected two files (A B)");
        return kExitUsage;
    }
    auto limits = solver_limits(*parsed, "equiv");
    if (!limits) return kExitUsage;
    Context ctx;
    std::vector<ParsedMap> a, b;
    if (!read_maps(ctx, "equiv", parsed->positional[0], a) ||
        !read_maps(ctx, "equiv", parsed->positional[1], b)) {
        return kExitUsage;
    }
    if (a.size() != b.size()) {
        report_error("equiv", "'" + parsed->positional[0] + "' has " + std::to_string(a.size()) +
                                  " maps but '" + parsed->positional[1] + "' has " +
                                  std::to_string(b.size()));
        return kExitUsage;
    }
    auto oracle = solvers::make_exact_oracle(*limits);
    bool pointwise = parsed->has("--pointwise");
    bool all_proven = true;
    std::string out;
    for (size_t i = 0; i < a.size(); ++i) {
        solvers::Decision d = pointwise ? oracle->equivalent_pointwise(a[i].map, b[i].map)
                                        : oracle->equivalent(a[i].map, b[i].map);
        out += "map " + std::to_string(i + 1) + ": " + describe_equivalence(d) + "\n";
        if (d.counterexample) out += indent(to_string(*d.counterexample), "  ");
        all_proven = all_proven && d.verdict == solvers::Verdict::Proven;
    }
    std::cout << out;
    return all_proven ? kExitSuccess : kExitCheckFailed;
}

int run_bounds(const std::vector<std::string>& args) {
    int exit = 0;
    Context ctx;
    std::vector<ParsedMap> maps;
    auto oracle = start_one_file_command(args, "bounds", kBoundsHelp, ctx, maps, &exit);
    if (!oracle) return exit;
    bool all_decided = true;
    std::string out;
    for (size_t i = 0; i < maps.size(); ++i) {
        if (i > 0) out += "// -----\n";
        const IndexingMap& m = maps[i].map;
        if (m.is_known_empty()) {
            out += "empty\n";
            continue;
        }
        for (int64_t r = 0; r < m.num_results(); ++r) {
            solvers::RangeDecision range = oracle->exact_range(m, r);
            out += range.to_string() + "\n";
            all_decided = all_decided && range.verdict == solvers::Verdict::Proven;
        }
    }
    std::cout << out;
    return all_decided ? kExitSuccess : kExitCheckFailed;
}

int run_empty(const std::vector<std::string>& args) {
    int exit = 0;
    Context ctx;
    std::vector<ParsedMap> maps;
    auto oracle = start_one_file_command(args, "empty", kEmptyHelp, ctx, maps, &exit);
    if (!oracle) return exit;
    bool all_decided = true;
    std::string out;
    for (size_t i = 0; i < maps.size(); ++i) {
        if (i > 0) out += "// -----\n";
        solvers::Decision d = oracle->is_empty(maps[i].map);
        switch (d.verdict) {
            case solvers::Verdict::Proven:
                out += "empty\n";
                break;
            case solvers::Verdict::Refuted: {
                out += "non-empty:";
                if (d.counterexample) {
                    const auto& vars = d.counterexample->variables;
                    for (size_t j = 0; j < vars.size(); ++j) {
                        out += (j ? ", " : " ") + vars[j].name + " = " + vars[j].value;
                    }
                }
                out += "\n";
                break;
            }
            case solvers::Verdict::Unknown:
                out += "unknown (" + d.reason + ")\n";
                all_decided = false;
                break;
        }
    }
    std::cout << out;
    return all_decided ? kExitSuccess : kExitCheckFailed;
}

}  // namespace provix::cli
