// The `provix` command: a table of subcommands, each in its own file.
//
//     provix simplify maps.map
//     provix --help
//     provix simplify --help

#include <csignal>
#include <exception>
#include <iostream>
#include <new>
#include <string>
#include <vector>

#include "commands.h"
#include "provix/parser.h"
#include "provix/version.h"

namespace provix::cli {
namespace {

/// One subcommand: its name, a one-line summary for `provix --help`, and
/// its entry point.
struct Command {
    const char* name;
    const char* summary;
    int (*run)(const std::vector<std::string>& args);
};

// The dispatch table, in the order `provix --help` lists it. One line per
// command; solver-backed commands go under PROVIX_HAVE_SOLVERS, HLO commands
// under PROVIX_HAVE_HLO.
const Command kCommands[] = {
    {"simplify", "print each map simplified by the rule engine", run_simplify},
    {"report", "merge the shard reports of a fuzz or prove campaign", run_report},
#ifdef PROVIX_HAVE_SOLVERS
    {"equiv", "decide whether two maps are equivalent on their domain", run_equiv},
    {"bounds", "exact ranges of each result", run_bounds},
    {"empty", "decide whether a map's domain is empty", run_empty},
    {"prove", "prove every rewrite rule", run_prove},
    {"fuzz", "differential campaign: engine against the exact oracle", run_fuzz},
#endif
#ifdef PROVIX_HAVE_HLO
    {"analyze", "indexing maps of an HLO module", run_analyze},
#endif
};

void print_usage(std::ostream& os) {
    os << "usage: provix <command> [options] [FILE|-]\n\n"
          "Trusted simplification of integer index expressions.\n\ncommands:\n";
    for (const Command& c : kCommands) {
        std::string name = c.name;
        os << "  " << name << std::string(name.size() < 10 ? 10 - name.size() : 1, ' ') << c.summary
           << "\n";
    }
    os << "\nRun 'provix <command> --help' for a command's options and defaults.\n"
          "Options take their value as '--opt VALUE' or '--opt=VALUE'.\n\n"
          "exit status:\n"
          "  0  success\n"
          "  1  a check failed (refuted rule or map, fuzz failure, undecided answer)\n"
          "  2  usage error or bad input (diagnostics on standard error)\n"
          "  3  internal error (a bug in provix: please report it)\n";
}

const Command* find_command(const std::string& name) {
    for (const Command& c : kCommands) {
        if (name == c.name) return &c;
    }
    return nullptr;
}

int dispatch(const std::vector<std::string>& argv) {
    if (argv.empty()) {
        print_usage(std::cerr);
        return kExitUsage;
    }
    const std::string& first = argv[0];
    if (first == "--help" || first == "-h" || first == "help") {
        if (first == "help" && argv.size() > 1) {
            const Command* c = find_command(argv[1]);
            if (c) return c->run({"--help"});
            std::cerr << "provix: error: unknown command '" << printable_text(argv[1]) << "'\n";
            return kExitUsage;
        }
        print_usage(std::cout);
        return kExitSuccess;
    }
    if (first == "--version") {
        if (argv.size() > 1) {
            std::cerr << "provix: error: --version takes no argument, got '"
                      << printable_text(argv[1]) << "'\n";
            return kExitUsage;
        }
        std::cout << "provix " << provix::version() << "\n";
        return kExitSuccess;
    }
    const Command* c = find_command(first);
    if (!c) {
        std::cerr << "provix: error: unknown command '" << printable_text(first) << "'\n\n";
        print_usage(std::cerr);
        return kExitUsage;
    }
    return c->run(std::vector<std::string>(argv.begin() + 1, argv.end()));
}

}  // namespace
}  // namespace provix::cli

int main(int argc, char** argv) {
    // A write past the file-size limit (`ulimit -f`) then fails with EFBIG,
    // which the writers report (`cannot write 'out.map': File too large`,
    // the old file kept), instead of killing the process mid-write.
    std::signal(SIGXFSZ, SIG_IGN);
    std::vector<std::string> args(argv + 1, argv + argc);
    try {
        return provix::cli::dispatch(args);
    } catch (const std::bad_alloc&) {
        // An input larger than the memory the process may have (its limit,
        // or the machine's) is too large an input, not a bug.
        std::cerr << "provix: error: out of memory: the input needs more memory than this "
                     "process may use\n";
        return provix::cli::kExitUsage;
    } catch (const std::exception& e) {
        std::cerr << "provix: internal error: " << e.what() << "\n";
    } catch (...) {
        std::cerr << "provix: internal error: unknown exception\n";
    }
    return provix::cli::kExitInternal;
}
