// Temporary folders: removed with their object, on SIGINT/SIGTERM/SIGHUP,
// and, when their process was killed outright, by a later process.

#include "provix/solvers/temp_dir.h"

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "temp_dir_janitor.h"

namespace fs = std::filesystem;
using provix::solvers::TempDir;
using provix::solvers::detail::orphan_pid;
using provix::solvers::detail::remove_orphaned_temp_dirs;

namespace {

void touch(const fs::path& file) { std::ofstream(file) << "x\n"; }

/// Points TMPDIR at a fresh folder for the test's lifetime.
class ScratchTmp {
public:
    ScratchTmp() {
        const char* old = std::getenv("TMPDIR");
        if (old) old_ = old;
        had_ = old != nullptr;
        std::string tmpl = (fs::temp_directory_path() / "provix-test-XXXXXX").string();
        EXPECT_NE(::mkdtemp(tmpl.data()), nullptr);
        dir_ = tmpl;
        ::setenv("TMPDIR", dir_.c_str(), 1);
    }
    ~ScratchTmp() {
        if (had_) {
            ::setenv("TMPDIR", old_.c_str(), 1);
        } else {
            ::unsetenv("TMPDIR");
        }
        std::error_code ec;
        fs::remove_all(dir_, ec);
    }
    const fs::path& dir() const { return dir_; }

private:
    fs::path dir_;
    std::string old_;
    bool had_ = false;
};

/// The id of a process that has ended (and been reaped).
pid_t gone_pid() {
    const pid_t pid = ::fork();
    if (pid == 0) ::_exit(0);
    int status = 0;
    ::waitpid(pid, &status, 0);
    return pid;
}

}  // namespace

TEST(TempDir, IsPrivateNamedByItsProcessAndRemovedWithItsFiles) {
    ScratchTmp tmp;
    fs::path path;
    {
        TempDir dir;
        ASSERT_TRUE(dir.ok());
        path = dir.path();
        EXPECT_EQ(path.parent_path(), tmp.dir());
        EXPECT_EQ(orphan_pid(path.filename().string()), ::getpid());
        EXPECT_EQ(fs::status(path).permissions() & fs::perms::all, fs::perms::owner_all);
        touch(path / "obligation.smt2");
        touch(path / ".aux");
    }
    EXPECT_FALSE(fs::exists(path));
}

TEST(TempDir, OrphanPidReadsOnlyTheFolderNameItMakes) {
    EXPECT_EQ(orphan_pid("provix-17-abcdef"), 17);
    EXPECT_EQ(orphan_pid("provix-4194304-a8Bx1Q"), 4194304);
    EXPECT_EQ(orphan_pid("provix-17-abcde"), 0);    // not mkdtemp's six
    EXPECT_EQ(orphan_pid("provix-17-abcdefg"), 0);  // nor seven
    EXPECT_EQ(orphan_pid("provix--abcdef"), 0);
    EXPECT_EQ(orphan_pid("provix-prove-123"), 0);
    EXPECT_EQ(orphan_pid("provix-test-abcdef"), 0);
    EXPECT_EQ(orphan_pid("other-17-abcdef"), 0);
    EXPECT_EQ(orphan_pid("provix-99999999999-abcdef"), 0);  // no pid has 11 digits
    EXPECT_EQ(orphan_pid("provix-2147483647-abcdef"), 2147483647);
    EXPECT_EQ(orphan_pid("provix-2147483648-abcdef"), 0);  // beyond pid_t
}

TEST(TempDir, OrphansOfGoneProcessesUnchangedForLongAreRemoved) {
    ScratchTmp tmp;
    const std::string gone = std::to_string(gone_pid());
    const std::string live = std::to_string(::getppid());  // the test runner
    const auto old = fs::file_time_type::clock::now() - std::chrono::hours(2);
    auto make = [&](const std::string& name, bool aged) {
        fs::path p = tmp.dir() / name;
        fs::create_directory(p);
        touch(p / "provix_proof.v");
        if (aged) fs::last_write_time(p, old);
        return p;
    };
    const fs::path orphan = make("provix-" + gone + "-abcdef", true);
    const fs::path recent = make("provix-" + gone + "-ghijkl", false);  // may be in use
    const fs::path alive = make("provix-" + live + "-mnopqr", true);
    const fs::path other = make("provix-other-abcdef", true);
    EXPECT_EQ(remove_orphaned_temp_dirs(std::chrono::hours(1)), 1);
    EXPECT_FALSE(fs::exists(orphan));
    EXPECT_TRUE(fs::exists(recent));
    EXPECT_TRUE(fs::exists(alive));
    EXPECT_TRUE(fs::exists(other));
}

// A process interrupted while it holds TempDirs removes them and still ends
// by the signal (its parent sees the signal, not an exit).
TEST(TempDir, RemovedOnSignalsAndTheProcessEndsByTheSignal) {
    for (int sig : {SIGINT, SIGTERM, SIGHUP}) {
        ScratchTmp tmp;
        int pipe_fds[2];
        ASSERT_EQ(::pipe(pipe_fds), 0);
        const pid_t pid = ::fork();
        ASSERT_GE(pid, 0);
        if (pid == 0) {
            ::close(pipe_fds[0]);
            provix::solvers::remove_temp_dirs_on_signal();
            // As many as `prove --jobs 256` may hold at once, and more.
            std::vector<std::unique_ptr<TempDir>> many;
            for (int i = 0; i < 300; ++i)
                many.push_back(std::make_unique<TempDir>());
            TempDir first, second;
            for (const TempDir* d : {&first, &second}) {
                for (int i = 0; i < 300; ++i)  // more than one read of the folder
                    touch(d->path() / ("file" + std::to_string(i) + ".vo"));
            }
            const std::string ready = first.path().string() + "\n" + second.path().string() + "\n";
            if (::write(pipe_fds[1], ready.data(), ready.size()) < 0) ::_exit(3);
            for (;;)
                ::pause();
        }
        ::close(pipe_fds[1]);
        std::string paths;
        char buffer[512];
        for (ssize_t n; (n = ::read(pipe_fds[0], buffer, sizeof buffer)) > 0;) {
            paths.append(buffer, static_cast<size_t>(n));
            if (std::count(paths.begin(), paths.end(), '\n') == 2) break;
        }
        ::close(pipe_fds[0]);
        ASSERT_EQ(std::count(paths.begin(), paths.end(), '\n'), 2) << paths;
        const fs::path first = paths.substr(0, paths.find('\n'));
        const fs::path second =
            paths.substr(paths.find('\n') + 1, paths.size() - 2 - paths.find('\n'));
        EXPECT_TRUE(fs::exists(first));
        EXPECT_TRUE(fs::exists(second));
        ASSERT_EQ(::kill(pid, sig), 0);
        int status = 0;
        ASSERT_EQ(::waitpid(pid, &status, 0), pid);
        EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == sig) << sig << " " << status;
        EXPECT_FALSE(fs::exists(first)) << sig;
        EXPECT_FALSE(fs::exists(second)) << sig;
        EXPECT_TRUE(fs::is_empty(tmp.dir())) << sig;
    }
}
