// `provix equiv`, `provix bounds`, `provix empty`: exact answers from the
// oracle of provix_solvers (isl on quasi-affine maps, Z3 otherwise).

#include <chrono>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "args.h"
#include "budgeted_oracle.h"
#include "commands.h"
#include "io.h"
#include "json_records.h"
#include "json_writer.h"
#include "progress_oracle.h"
#include "provix/parser.h"
#include "provix/solvers/oracle.h"
#include "solver_options.h"

namespace provix::cli {

namespace {

const CommandHelp kEquivHelp = {
    "provix equiv A B [options]",
    "Decides, for each i, whether the i-th map of A and the i-th map of B are\n"
    "equivalent: the same relation from inputs (dimensions and runtime variables)\n"
    "to results, range variables projected out, on the same input domain and\n"
    "undefined (dividing by zero) at the same input points. Runtime variables are\n"
    "matched by name (one only a map has must be one it does not depend on), or\n"
    "by position when their names differ. With --pointwise, the maps must agree\n"
    "at every point of the same variables (runtime variables matched as above).\n"
    "Maps are separated by '// -----'.\n"
    "Prints one verdict line per pair; a refuted pair is followed by a\n"
    "counterexample (the input values and both maps' values there).\n",
    "every pair proven equivalent",
    "a pair refuted or unknown",
};

const CommandHelp kBoundsHelp = {
    "provix bounds [FILE|-] [options]",
    "Prints, for each map, the exact range of each result over the map's domain,\n"
    "one '[lo, hi]' per line ('-inf'/'inf' when unbounded; exact even beyond\n"
    "int64); points where the result divides by zero are not part of its range.\n"
    "A map whose domain is empty prints one 'empty' line, whatever its number of\n"
    "results (as KNOWN EMPTY does); a result that divides by zero at every point\n"
    "of a non-empty domain prints 'undefined (...)'; an UNDEFINED map prints\n"
    "'undefined'. Maps are separated by '// -----'. --timeout bounds each map's\n"
    "decisions together: a range not decided within what is left of it is\n"
    "'unknown (timeout)'.\n",
    "every range decided",
    "some range unknown",
};

const CommandHelp kEmptyHelp = {
    "provix empty [FILE|-] [options]",
    "Prints, for each map, 'empty' if its domain has no integer point, or\n"
    "'non-empty: ' and a witness point; an UNDEFINED map prints 'undefined'.\n"
    "Maps are separated by '// -----'. The domain is the variables' bounds and\n"
    "the constraints (a constraint that divides by zero at a point excludes it);\n"
    "results do not matter. A map not decided within --timeout is\n"
    "'unknown (timeout)'.\n",
    "every map decided",
    "some map unknown",
};

/// The options of the three commands.
ArgSpec solver_command_spec(size_t max_positional, bool pointwise) {
    ArgSpec spec;
    spec.options = {output_option(), format_option()};
    if (pointwise) {
        spec.options.push_back({"--pointwise", "",
                                "compare point by point over the same variables (range and\n"
                                "runtime variables too) instead of as relations",
                                ""});
    }
    // Each pair of equiv is one decision; bounds asks several per map.
    const std::string per = pointwise ? "pair" : "map, all its decisions together";
    for (OptionSpec& o : solver_options(command_limits(), per))
        spec.options.push_back(std::move(o));
    spec.options.push_back(max_depth_option());
    spec.max_positional = max_positional;
    return spec;
}

/// What every one of the three commands reads from its options.
struct SolverCommand {
    Args args;
    solvers::Limits limits;
    bool json = false;
    ParseOptions parse;
};

/// Parses and checks the options; nullopt with `*exit` set when the command
/// must stop (help, usage error).
std::optional<SolverCommand> start(const std::vector<std::string>& argv, const char* command,
                                   const ArgSpec& spec, const CommandHelp& help, int* exit) {
    auto started = start_map_command(argv, command, spec, help, exit);
    if (!started) return std::nullopt;
    *exit = kExitUsage;
    SolverCommand c;
    auto limits = solver_limits(started->args, command, command_limits());
    if (!limits) return std::nullopt;
    c.args = std::move(started->args);
    c.limits = *limits;
    c.json = started->io.json();
    c.parse.max_depth = started->io.max_depth;
    *exit = kExitSuccess;
    return c;
}

/// Parses the maps of `path`, printing diagnostics on failure.
bool read_maps(Context& ctx, const std::string& command, const std::string& path,
               const ParseOptions& options, std::vector<ParsedMap>& out, std::string* name) {
    auto input = read_input(path);
    if (!input) {
        report_error(command, input.error().message);
        return false;
    }
    auto maps = parse_indexing_maps(ctx, input->text, input->name, options);
    if (!maps) {
        report_diagnostic(maps.error().message);
        return false;
    }
    out = std::move(*maps);
    *name = input->name;
    return true;
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

const char* state_name(const IndexingMap& m) {
    if (m.is_undefined()) return "undefined";
    if (m.is_known_empty()) return "known_empty";
    return "normal";
}

double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

/// Starts the JSON record of map `i` of a one-file command.
void begin_map_record(JsonWriter& w, size_t i, const std::string& file, const ParsedMap& m) {
    w.begin_object()
        .field("type", "map")
        .field("index", i + 1)
        .field("file", file)
        .field("line", m.location.line)
        .field("state", state_name(m.map));
}

/// The last JSON line of a command: `{"type":"summary",...}`.
std::string summary_record(size_t maps, bool all_decided, const char* decided_key, double seconds) {
    JsonWriter w;
    w.begin_object()
        .field("type", "summary")
        .field("maps", maps)
        .field(decided_key, all_decided)
        .field("seconds", seconds)
        .end_object();
    return w.take() + "\n";
}

/// Writes `out` to `-o` (or standard output); the exit status.
int finish(const std::string& command, const Args& args, const std::string& out, bool success) {
    if (!write_or_report(command, args.value("-o"), out)) return kExitUsage;
    return success ? kExitSuccess : kExitCheckFailed;
}

}  // namespace

int run_equiv(const std::vector<std::string>& argv) {
    int exit = 0;
    auto c = start(argv, "equiv", solver_command_spec(2, true), kEquivHelp, &exit);
    if (!c) return exit;
    if (c->args.positional.size() != 2) {
        report_error("equiv", "expected two files (A B)");
        return kExitUsage;
    }
    if (c->args.positional[0] == "-" && c->args.positional[1] == "-") {
        report_error("equiv", "standard input ('-') can be only one of the two files");
        return kExitUsage;
    }
    Context ctx;
    std::vector<ParsedMap> a, b;
    std::string name_a, name_b;
    if (!read_maps(ctx, "equiv", c->args.positional[0], c->parse, a, &name_a) ||
        !read_maps(ctx, "equiv", c->args.positional[1], c->parse, b, &name_b)) {
        return kExitUsage;
    }
    if (a.size() != b.size()) {
        auto maps = [](size_t n) { return std::to_string(n) + (n == 1 ? " map" : " maps"); };
        report_error("equiv", "'" + name_a + "' has " + maps(a.size()) + " but '" + name_b +
                                  "' has " + maps(b.size()));
        return kExitUsage;
    }
    Progress progress("provix equiv", "decisions", 0, Progress::on_terminal());
    auto oracle = std::make_unique<ProgressOracle>(solvers::make_exact_oracle(c->limits), progress);
    const bool pointwise = c->args.has("--pointwise");
    const auto start_time = std::chrono::steady_clock::now();
    bool all_proven = true;
    std::string out;
    for (size_t i = 0; i < a.size(); ++i) {
        const auto t = std::chrono::steady_clock::now();
        solvers::Decision d = pointwise ? oracle->equivalent_pointwise(a[i].map, b[i].map)
                                        : oracle->equivalent(a[i].map, b[i].map);
        all_proven = all_proven && d.verdict == solvers::Verdict::Proven;
        if (c->json) {
            JsonWriter w;
            w.begin_object()
                .field("type", "pair")
                .field("index", i + 1)
                .field("file_a", name_a)
                .field("line_a", a[i].location.line)
                .field("file_b", name_b)
                .field("line_b", b[i].location.line)
                .field("mode", pointwise ? "pointwise" : "relational");
            write_decision_members(w, d);
            w.field("seconds", seconds_since(t)).end_object();
            out += w.take() + "\n";
            continue;
        }
        out += "map " + std::to_string(i + 1) + ": " + describe_equivalence(d) + "\n";
        if (d.counterexample) out += indent(to_string(*d.counterexample), "  ");
    }
    if (c->json) {
        JsonWriter w;
        w.begin_object()
            .field("type", "summary")
            .field("pairs", a.size())
            .field("all_proven", all_proven)
            .field("seconds", seconds_since(start_time))
            .end_object();
        out += w.take() + "\n";
    }
    progress.finish();
    return finish("equiv", c->args, out, all_proven);
}

namespace {

/// The output of a one-file command for map `i` of file `name`: a JSON
/// record or text lines appended to `out`; true if the map was decided.
using MapAnswer = bool (*)(const SolverCommand& c, solvers::Oracle& oracle, size_t i,
                           const std::string& name, const ParsedMap& parsed, std::string& out);

/// A command that answers each map of one file (`-` by default) on its own:
/// the answers separated by `// -----` lines, or JSON records and a summary.
int run_per_map(const std::vector<std::string>& argv, const char* command, const CommandHelp& help,
                MapAnswer answer) {
    int exit = 0;
    auto c = start(argv, command, solver_command_spec(1, false), help, &exit);
    if (!c) return exit;
    Context ctx;
    std::vector<ParsedMap> maps;
    std::string name;
    const std::string path = c->args.positional.empty() ? "-" : c->args.positional[0];
    if (!read_maps(ctx, command, path, c->parse, maps, &name)) return kExitUsage;
    Progress progress(std::string("provix ") + command, "decisions", 0, Progress::on_terminal());
    // --timeout bounds each map's decisions together (a range per result).
    auto budgeted = std::make_unique<BudgetedOracle>(solvers::make_exact_oracle(c->limits),
                                                     c->limits.timeout_seconds);
    BudgetedOracle& budget = *budgeted;
    auto oracle = std::make_unique<ProgressOracle>(std::move(budgeted), progress);
    const auto start_time = std::chrono::steady_clock::now();
    bool all_decided = true;
    std::string out;
    for (size_t i = 0; i < maps.size(); ++i) {
        if (!c->json && i > 0) out += "// -----\n";
        budget.start();
        all_decided = answer(*c, *oracle, i, name, maps[i], out) && all_decided;
    }
    if (c->json)
        out += summary_record(maps.size(), all_decided, "all_decided", seconds_since(start_time));
    progress.finish();
    return finish(command, c->args, out, all_decided);
}

/// One result's answer for `bounds`: its range, status and text line.
struct ResultAnswer {
    solvers::RangeDecision range;
    const char* status = "range";
    std::string text;
};

/// The answer for result `r` of `m`. When the result takes no value, asks
/// (once, kept in `emptiness`) whether the domain is empty, which tells
/// "empty" from "undefined everywhere".
ResultAnswer result_answer(solvers::Oracle& oracle, const IndexingMap& m, int64_t r,
                           std::optional<solvers::Decision>& emptiness) {
    ResultAnswer a{oracle.exact_range(m, r), "range", ""};
    a.text = a.range.to_string();
    if (a.range.verdict != solvers::Verdict::Proven) {
        a.status = "unknown";
    } else if (a.range.empty) {
        if (!emptiness) emptiness = oracle.is_empty(m);
        if (emptiness->verdict == solvers::Verdict::Proven) {
            a.status = "empty";
            a.text = "empty";
        } else if (emptiness->verdict == solvers::Verdict::Refuted) {
            a.status = "undefined";
            a.text = "undefined (divides by zero at every point of the domain)";
        } else {
            a.status = "unknown";
            a.range.verdict = solvers::Verdict::Unknown;
            a.range.reason = "no value; emptiness of the domain unknown: " + emptiness->reason;
            a.text = "unknown (" + a.range.reason + ")";
        }
    }
    return a;
}

/// `bounds`: the exact range of each result. A domain found empty is said
/// once for the map in text (as for a KNOWN EMPTY map, so a map and its
/// simplified form print alike; also for a map with no result), and per
/// result in JSON; no result after it is asked (none takes a value).
bool bounds_answer(const SolverCommand& c, solvers::Oracle& oracle, size_t i,
                   const std::string& name, const ParsedMap& parsed, std::string& out) {
    bool decided = true;
    const IndexingMap& m = parsed.map;
    const auto t = std::chrono::steady_clock::now();
    JsonWriter w;
    if (c.json) {
        begin_map_record(w, i, name, parsed);
        w.key("results").begin_array();
    }
    if (m.is_undefined() || m.is_known_empty()) {
        if (!c.json) out += m.is_undefined() ? "undefined\n" : "empty\n";
    } else {
        std::optional<solvers::Decision> emptiness;
        if (m.num_results() == 0 && !c.json) emptiness = oracle.is_empty(m);
        auto verdict = [&](solvers::Verdict v) { return emptiness && emptiness->verdict == v; };
        std::vector<ResultAnswer> answers;
        for (int64_t r = 0; r < m.num_results() && !verdict(solvers::Verdict::Proven); ++r)
            answers.push_back(result_answer(oracle, m, r, emptiness));
        if (verdict(solvers::Verdict::Proven)) {
            if (!c.json) out += "empty\n";
            for (int64_t r = 0; c.json && r < m.num_results(); ++r)
                write_range(w, answers.back().range, "empty");  // the answer that found it
        } else {
            if (m.num_results() == 0 && !c.json && !verdict(solvers::Verdict::Refuted)) {
                out += "unknown (emptiness of the domain: " + emptiness->reason + ")\n";
                decided = false;
            }
            for (const ResultAnswer& a : answers) {
                decided = decided && std::string(a.status) != "unknown";
                if (c.json) {
                    write_range(w, a.range, a.status);
                } else {
                    out += a.text + "\n";
                }
            }
        }
    }
    if (c.json) {
        w.end_array().field("seconds", seconds_since(t)).end_object();
        out += w.take() + "\n";
    }
    return decided;
}

/// `empty`: whether the map's domain is empty, with a witness point if not.
bool empty_answer(const SolverCommand& c, solvers::Oracle& oracle, size_t i,
                  const std::string& name, const ParsedMap& parsed, std::string& out) {
    const IndexingMap& m = parsed.map;
    const auto t = std::chrono::steady_clock::now();
    bool decided = true;
    std::string verdict, line;
    solvers::Decision d;
    if (m.is_undefined()) {
        verdict = "undefined";
        line = "undefined";
        d.reason = "the map is UNDEFINED";
    } else {
        d = oracle.is_empty(m);
        switch (d.verdict) {
            case solvers::Verdict::Proven:
                verdict = line = "empty";
                break;
            case solvers::Verdict::Refuted:
                verdict = "non_empty";
                line = "non-empty:";
                if (d.counterexample) {
                    const auto& vars = d.counterexample->variables;
                    for (size_t j = 0; j < vars.size(); ++j)
                        line += (j ? ", " : " ") + vars[j].name + " = " + vars[j].value;
                }
                break;
            case solvers::Verdict::Unknown:
                verdict = "unknown";
                line = "unknown (" + d.reason + ")";
                decided = false;
                break;
        }
    }
    if (c.json) {
        JsonWriter w;
        begin_map_record(w, i, name, parsed);
        w.field("verdict", verdict)
            .field("backend", d.backend)
            .field("reason", d.reason)
            .key("witness");
        if (d.verdict == solvers::Verdict::Refuted && d.counterexample) {
            write_named_values(w, d.counterexample->variables);
        } else {
            w.null();
        }
        w.field("seconds", seconds_since(t)).end_object();
        out += w.take() + "\n";
    } else {
        out += line + "\n";
    }
    return decided;
}

}  // namespace

int run_bounds(const std::vector<std::string>& argv) {
    return run_per_map(argv, "bounds", kBoundsHelp, bounds_answer);
}

int run_empty(const std::vector<std::string>& argv) {
    return run_per_map(argv, "empty", kEmptyHelp, empty_answer);
}

}  // namespace provix::cli
