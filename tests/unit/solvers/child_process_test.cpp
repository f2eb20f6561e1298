// Work in child processes killed by a deadline (the bound on isl), the
// fields their answers come back in, and the oracle that decides in them.

#include "provix/solvers/child_process.h"

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <iterator>
#include <memory>
#include <string>
#include <thread>

#include "program_run.h"
#include "provix/parser.h"
#include "provix/solvers/field_text.h"
#include "provix/solvers/oracle.h"

namespace provix::solvers {
namespace {

TEST(ChildProcess, TheChildsTextComesBack) {
    const std::string big(100000, 'x');  // more than a pipe holds at once
    ChildOutcome c = run_in_child(60, [&] { return "answer:" + big; });
    ASSERT_EQ(c.ending, ChildOutcome::Ending::Answered) << c.describe();
    EXPECT_EQ(c.text, "answer:" + big);
    EXPECT_EQ(c.signal, 0);
}

TEST(ChildProcess, AChildPastItsDeadlineIsKilled) {
    ChildOutcome c = run_in_child(0.2, [] {
        std::this_thread::sleep_for(std::chrono::hours(1));  // never returns in time
        return std::string("late");
    });
    EXPECT_EQ(c.ending, ChildOutcome::Ending::TimedOut);
    EXPECT_EQ(c.text, "");
    EXPECT_EQ(c.describe(), "killed at its deadline");
}

TEST(ChildProcess, AChildThatExitsEarlyGivesNoAnswer) {
    ChildOutcome c = run_in_child(60, [] {
        std::_Exit(3);
        return std::string("never");
    });
    EXPECT_EQ(c.ending, ChildOutcome::Ending::Died);
    EXPECT_EQ(c.signal, 0);
    EXPECT_EQ(c.describe(), "ended without an answer");
}

TEST(ChildProcess, AChildThatCrashesNamesItsSignal) {
    ChildOutcome c = run_in_child(60, [] {
        std::signal(SIGSEGV, SIG_DFL);  // not a handler a test framework installed
        std::raise(SIGSEGV);
        return std::string("never");
    });
    EXPECT_EQ(c.ending, ChildOutcome::Ending::Died);
    EXPECT_EQ(c.signal, SIGSEGV);
    EXPECT_EQ(c.describe().rfind("ended by signal " + std::to_string(SIGSEGV) + " (", 0), 0u)
        << c.describe();
}

TEST(ChildWorker, OneChildAnswersRequestAfterRequest) {
    int served = 0;  // the child's own count: it grows across requests in one child
    ChildWorker worker(
        [&](const std::string& request) { return request + ":" + std::to_string(++served); });
    for (int i = 1; i <= 50; ++i) {
        ChildOutcome c = worker.ask(std::to_string(i), 60);
        ASSERT_EQ(c.ending, ChildOutcome::Ending::Answered) << c.describe();
        EXPECT_EQ(c.text, std::to_string(i) + ":" + std::to_string(i));
    }
    EXPECT_EQ(worker.children_started(), 1);
    EXPECT_EQ(served, 0);                // nothing the child did came back into this process
    const std::string big(300000, 'y');  // more than a socket holds at once, both ways
    ChildOutcome c = worker.ask(big, 60);
    EXPECT_EQ(c.text, big + ":51");
}

TEST(ChildWorker, AProcessForkedWithAWorkerStartsItsOwnChild) {
    ChildWorker worker([](const std::string& request) {
        return request + " from " + std::to_string(::getppid());
    });
    const std::string me = std::to_string(::getpid());
    ASSERT_EQ(worker.ask("a", 60).text, "a from " + me);
    // A process forked now holds a copy of the worker (as a Python process
    // forked by multiprocessing would): its request goes to a child of its
    // own, and this process's child is left as it was.
    const pid_t forked = ::fork();
    ASSERT_GE(forked, 0);
    if (forked == 0) {
        const std::string self = std::to_string(::getpid());
        const bool own = worker.ask("b", 60).text == "b from " + self;
        std::_Exit(own && worker.children_started() == 2 ? 0 : 1);
    }
    int status = 0;
    ASSERT_EQ(::waitpid(forked, &status, 0), forked);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    EXPECT_EQ(worker.ask("c", 60).text, "c from " + me);
    EXPECT_EQ(worker.children_started(), 1);
}

TEST(ChildWorker, AHangOrACrashEndsOnlyItsChild) {
    bool started = false;
    ChildWorker worker(
        [&](const std::string& request) {
            if (request == "hang") std::this_thread::sleep_for(std::chrono::hours(1));
            if (request == "crash") std::raise(SIGSEGV);
            if (request == "exit") std::_Exit(4);
            return request + (started ? " (started)" : "");
        },
        [&] {
            std::signal(SIGSEGV, SIG_DFL);
            started = true;
        });
    EXPECT_EQ(worker.ask("a", 60).text, "a (started)");
    ChildOutcome hang = worker.ask("hang", 0.2);
    EXPECT_EQ(hang.ending, ChildOutcome::Ending::TimedOut);
    EXPECT_EQ(worker.ask("b", 60).text, "b (started)");
    ChildOutcome crash = worker.ask("crash", 60);
    EXPECT_EQ(crash.ending, ChildOutcome::Ending::Died);
    EXPECT_EQ(crash.signal, SIGSEGV);
    ChildOutcome exited = worker.ask("exit", 60);
    EXPECT_EQ(exited.ending, ChildOutcome::Ending::Died);
    EXPECT_EQ(exited.signal, 0);
    EXPECT_EQ(worker.ask("c", 60).text, "c (started)");
    EXPECT_EQ(worker.children_started(), 4);
    EXPECT_FALSE(started);
}

/// True while process `pid` runs (a zombie left to init has ended).
bool running(pid_t pid) {
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    std::string text((std::istreambuf_iterator<char>(stat)), std::istreambuf_iterator<char>());
    const size_t close = text.rfind(')');
    return close != std::string::npos && close + 2 < text.size() && text[close + 2] != 'Z' &&
           text[close + 2] != 'X';
}

/// True once `pid` has stopped running, waiting up to 10 s.
bool ends_soon(pid_t pid) {
    for (int i = 0; i < 1000 && running(pid); ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    return !running(pid);
}

/// Forks a process that runs `start` (which must write a pid to `fd`),
/// reads that pid, then kills the forked process with SIGKILL (no clean-up
/// of any kind) and returns the pid read.
pid_t pid_left_by_a_killed_parent(const std::function<void(int fd)>& start) {
    int fds[2];
    if (::pipe(fds) != 0) return -1;
    const pid_t parent = ::fork();
    if (parent == 0) {
        ::close(fds[0]);
        start(fds[1]);
        std::_Exit(0);
    }
    ::close(fds[1]);
    pid_t pid = -1;
    std::string text;
    char c;
    while (::read(fds[0], &c, 1) == 1 && c != '\n')
        text += c;
    ::close(fds[0]);
    if (!text.empty()) pid = static_cast<pid_t>(std::stol(text));
    ::kill(parent, SIGKILL);
    ::waitpid(parent, nullptr, 0);
    return pid;
}

TEST(ChildWorker, TheChildEndsWhenTheProcessThatMadeItIsKilled) {
    // `kill -9` of provix alone (or a supervisor's SIGTERM) must leave no
    // solver running on.
    const pid_t child = pid_left_by_a_killed_parent([](int fd) {
        ChildWorker worker([](const std::string& request) {
            // A child still at work (an idle one ends when its socket closes).
            if (request == "work") std::this_thread::sleep_for(std::chrono::hours(1));
            return std::to_string(::getpid()) + "\n";
        });
        const std::string pid = worker.ask("pid", 60).text;
        if (::write(fd, pid.data(), pid.size()) < 0) std::_Exit(1);
        worker.ask("work", 3600);  // killed while waiting
    });
    ASSERT_GT(child, 0);
    EXPECT_TRUE(ends_soon(child));
    if (running(child)) ::kill(child, SIGKILL);  // not left behind by a failure
}

TEST(RunProgram, OutputAndExitStatusComeBack) {
    const detail::ProgramOutcome p =
        detail::run_program({"sh", "-c", "echo out; echo err >&2; exit 3"}, "", 60);
    EXPECT_TRUE(p.started);
    EXPECT_FALSE(p.timed_out);
    EXPECT_EQ(p.exit_status, 3);
    EXPECT_EQ(p.signal, 0);
    EXPECT_EQ(p.output, "out\nerr\n");
    EXPECT_EQ(detail::run_program({"pwd"}, "/", 60).output, "/\n");
}

TEST(RunProgram, AProgramPastItsDeadlineIsKilled) {
    const auto start = std::chrono::steady_clock::now();
    const detail::ProgramOutcome p = detail::run_program({"sleep", "30"}, "", 0.3);
    EXPECT_TRUE(p.timed_out);
    EXPECT_EQ(p.signal, SIGKILL);
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(10));
}

TEST(RunProgram, AProgramThatCannotRunIsNotStarted) {
    EXPECT_FALSE(detail::run_program({"/no/such/program"}, "", 60).started);
    EXPECT_FALSE(detail::run_program({"true"}, "/no/such/folder", 60).started);
    EXPECT_FALSE(detail::run_program({}, "", 60).started);
}

TEST(RunProgram, TheProgramEndsWhenTheProcessRunningItIsKilled) {
    const pid_t program = pid_left_by_a_killed_parent([](int fd) {
        // The shell prints its pid, then becomes `sleep` (same pid).
        const std::string line = "echo $$ >&" + std::to_string(fd) + "; exec sleep 3600";
        detail::run_program({"sh", "-c", line}, "", 0);
    });
    ASSERT_GT(program, 0);
    EXPECT_TRUE(ends_soon(program));
    if (running(program)) ::kill(program, SIGKILL);  // not left behind by a failure
}

TEST(FieldText, EveryByteAndEveryFieldKindComesBack) {
    FieldWriter w;
    const std::string odd("a:1:\0\n", 6);
    w.put(odd);
    w.put("");
    w.put_count(123456789);
    w.put_flag(true);
    w.put_flag(false);
    w.put_int(INT64_MIN);
    w.put_int(INT64_MAX);
    FieldReader r(w.text());
    std::string s, empty = "stale";
    size_t n = 0;
    bool t = false, f = true;
    int64_t lo = 0, hi = 0;
    ASSERT_TRUE(r.get(s) && r.get(empty) && r.get_count(n) && r.get_flag(t) && r.get_flag(f) &&
                r.get_int(lo) && r.get_int(hi));
    EXPECT_TRUE(r.at_end());
    EXPECT_EQ(s, odd);
    EXPECT_EQ(empty, "");
    EXPECT_EQ(n, 123456789u);
    EXPECT_TRUE(t);
    EXPECT_FALSE(f);
    EXPECT_EQ(lo, INT64_MIN);
    EXPECT_EQ(hi, INT64_MAX);
}

TEST(FieldText, MalformedTextIsRefused) {
    for (const char* bad : {"", "x", "3:ab", ":a", "-1:a", "1a:b", "1234567890123456789:a"}) {
        FieldReader r(bad);
        std::string s;
        EXPECT_FALSE(r.get(s)) << bad;
    }
    FieldReader flag("1:2");
    bool b = false;
    EXPECT_FALSE(flag.get_flag(b));
    FieldReader count("10:1234567890");  // more than 9 digits
    size_t n = 0;
    EXPECT_FALSE(count.get_count(n));
    FieldReader big("19:9223372036854775808");
    int64_t v = 0;
    EXPECT_FALSE(big.get_int(v));
}

/// The exact oracle in this process and deciding in a child process, with
/// the same limits.
struct PlainAndIsolated {
    std::unique_ptr<Oracle> plain, child;
    PlainAndIsolated() {
        Limits limits;
        limits.timeout_seconds = 60;
        plain = make_exact_oracle(limits);
        limits.isolate = true;
        child = make_exact_oracle(limits);
    }
};

TEST(IsolatedOracle, AnIsolatedOracleAnswersAsTheOracleItWraps) {
    // Counterexamples and exact ranges cross the pipe intact.
    Context ctx;
    auto [plain, child] = PlainAndIsolated();
    auto map = [&](Expr r, Interval b) {
        return *IndexingMap::get(*SymbolicMap::get(ctx, 1, 0, {r}), {{b, "d0"}}, {}, {});
    };
    Expr d0 = ctx.variable(0);
    IndexingMap a = map(floor_div(d0, 4), {-5, 9}), b = map(floor_div(d0 + 1, 4), {-5, 9});
    Decision p = plain->equivalent(a, b), c = child->equivalent(a, b);
    EXPECT_EQ(p.verdict, Verdict::Refuted);
    EXPECT_EQ(c.verdict, p.verdict);
    ASSERT_TRUE(c.counterexample && p.counterexample);
    EXPECT_EQ(to_string(*c.counterexample), to_string(*p.counterexample));
    EXPECT_EQ(child->exact_range(a, 0).to_string(), plain->exact_range(a, 0).to_string());
    EXPECT_EQ(child->is_empty(a).verdict, Verdict::Refuted);
}

TEST(IsolatedOracle, DecisionsInOneChildAnswerAsInProcess) {
    // The maps reach the child node for node: raw trees, runtime variables,
    // infinite bounds and constraints decide as they do in this process,
    // one decision after another in the same child.
    Context ctx;
    auto [plain, child] = PlainAndIsolated();
    ParseOptions raw;
    raw.canonicalize = false;
    auto parse = [&](const char* text, const ParseOptions& o) {
        return *parse_indexing_map(ctx, text, o);
    };
    const IndexingMap maps[] = {
        parse("(d0)[s0]{rt0} -> ((d0 + s0 * 4) floordiv 4 - rt0, (d0 * 1) mod 1 + 0), domain: "
              "d0 in [0, 3], s0 in [0, 5], rt0 in [-2, 2], d0 + s0 in [1, inf]",
              raw),
        parse("(d0)[s0]{rt0} -> (s0 - rt0, 0), domain: d0 in [0, 3], s0 in [0, 5], "
              "rt0 in [-2, 2], d0 + s0 in [1, inf]",
              {}),
        parse("(d0, d1) -> (d0 mod 3, min(d0, d1 * -1)), domain: d0 in [-inf, inf], "
              "d1 in [-4, 4], d0 floordiv 2 in [0, 7]",
              {}),
        parse("(d0, d1) -> (d0 mod 3, min(d0, -d1)), domain: d0 in [0, 15], d1 in [-4, 3]", {}),
    };
    auto same = [](const Decision& x, const Decision& y) {
        return x.verdict == y.verdict && x.reason == y.reason &&
               x.counterexample.has_value() == y.counterexample.has_value() &&
               (!x.counterexample || to_string(*x.counterexample) == to_string(*y.counterexample));
    };
    for (const IndexingMap& a : maps) {
        EXPECT_TRUE(same(child->is_empty(a), plain->is_empty(a))) << a.to_string();
        for (int64_t r = 0; r < a.num_results(); ++r)
            EXPECT_EQ(child->exact_range(a, r).to_string(), plain->exact_range(a, r).to_string());
        const Constraint c{a.results()[0], Interval{0, 2}};
        EXPECT_TRUE(same(child->implies(a, c), plain->implies(a, c))) << a.to_string();
        for (const IndexingMap& b : maps) {
            EXPECT_TRUE(same(child->equivalent(a, b), plain->equivalent(a, b)))
                << a.to_string() << "\n"
                << b.to_string();
            EXPECT_TRUE(same(child->equivalent_pointwise(a, b), plain->equivalent_pointwise(a, b)));
        }
    }
    EXPECT_EQ(child->equivalent(maps[0], maps[1]).verdict, Verdict::Proven);
    EXPECT_EQ(child->equivalent(maps[2], maps[3]).verdict, Verdict::Refuted);
}

}  // namespace
}  // namespace provix::solvers
