/// \file
/// Temporary folders removed on destruction, on a signal, or by a later
/// process once orphaned (provix/solvers/temp_dir.h).

#include "provix/solvers/temp_dir.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdint>
#include <cstring>
#include <mutex>
#include <string>
#include <system_error>

#include "temp_dir_janitor.h"

namespace provix::solvers {

namespace fs = std::filesystem;

namespace {

// ---------------------------------------------------------------------------
// The folders of the moment, readable from a signal handler: fixed slots, a
// lock-free state each. A folder made while every slot is taken is still
// removed with its object (and by the janitor), only not on a signal.

enum SlotState : int { kFree = 0, kFilling = 1, kLive = 2 };

struct Slot {
    std::atomic<int> state{kFree};
    char path[4096] = {};
};

constexpr int kSlots = 128;
Slot g_slots[kSlots];

static_assert(std::atomic<int>::is_always_lock_free, "the handler reads the slots");

int claim_slot(const std::string& path) {
    if (path.size() >= sizeof(Slot::path)) return -1;
    for (int i = 0; i < kSlots; ++i) {
        int expected = kFree;
        if (g_slots[i].state.compare_exchange_strong(expected, kFilling)) {
            std::memcpy(g_slots[i].path, path.c_str(), path.size() + 1);
            g_slots[i].state.store(kLive);
            return i;
        }
    }
    return -1;
}

void release_slot(int i) {
    if (i >= 0) g_slots[i].state.store(kFree);
}

/// One entry of the Linux `getdents64` system call's answer.
struct LinuxDirent64 {
    uint64_t d_ino;
    int64_t d_off;
    unsigned short d_reclen;
    unsigned char d_type;
    char d_name[1];
};

/// Removes the entries of folder `dir` (files, and empty folders) and then
/// the folder, with async-signal-safe calls only (open, getdents64,
/// unlinkat, close, rmdir). Passes until the folder goes or a pass removes
/// nothing: entries are removed while the folder is read.
void remove_flat_folder(const char* dir) {
    // Only a TempDir's own folder (its name starts with "provix-").
    const char* name = std::strrchr(dir, '/');
    if (!name || std::strncmp(name + 1, "provix-", 7) != 0) return;
    for (int pass = 0; pass < 64; ++pass) {
        const int fd = ::open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW);
        if (fd < 0) break;
        bool removed = false;
        alignas(8) char buffer[4096];
        for (;;) {
            const long n = ::syscall(SYS_getdents64, fd, buffer, sizeof buffer);
            if (n <= 0) break;
            for (long at = 0; at < n;) {
                const auto* entry = reinterpret_cast<const LinuxDirent64*>(buffer + at);
                const char* file = entry->d_name;
                const bool dots =
                    file[0] == '.' && (file[1] == '\0' || (file[1] == '.' && file[2] == '\0'));
                if (!dots &&
                    (::unlinkat(fd, file, 0) == 0 || ::unlinkat(fd, file, AT_REMOVEDIR) == 0)) {
                    removed = true;
                }
                at += entry->d_reclen;
            }
        }
        ::close(fd);
        if (::rmdir(dir) == 0 || !removed) break;
    }
}

extern "C" void remove_temp_dirs_and_end(int sig) {
    const int saved = errno;
    for (Slot& slot : g_slots) {
        if (slot.state.load() == kLive) remove_flat_folder(slot.path);
    }
    // The signal's own ending (exit status, core dump rules) follows.
    struct sigaction plain = {};
    plain.sa_handler = SIG_DFL;
    ::sigemptyset(&plain.sa_mask);
    ::sigaction(sig, &plain, nullptr);
    ::raise(sig);
    errno = saved;
}

std::once_flag g_janitor_once;

}  // namespace

TempDir::TempDir() {
    std::call_once(g_janitor_once, [] { detail::remove_orphaned_temp_dirs(); });
    std::error_code ec;
    const fs::path base = fs::temp_directory_path(ec);
    if (ec) return;
    std::string tmpl =
        (base / ("provix-" + std::to_string(static_cast<long long>(::getpid())) + "-XXXXXX"))
            .string();
    if (!::mkdtemp(tmpl.data())) return;
    path_ = tmpl;
    slot_ = claim_slot(tmpl);
}

TempDir::~TempDir() {
    if (path_.empty()) return;
    std::error_code ec;
    fs::remove_all(path_, ec);
    release_slot(slot_);
}

void remove_temp_dirs_on_signal() {
    for (int sig : {SIGINT, SIGTERM, SIGHUP}) {
        struct sigaction old = {};
        if (::sigaction(sig, nullptr, &old) != 0 || old.sa_handler != SIG_DFL) continue;
        struct sigaction act = {};
        act.sa_handler = remove_temp_dirs_and_end;
        ::sigemptyset(&act.sa_mask);
        ::sigaction(sig, &act, nullptr);
    }
}

namespace detail {

int remove_orphaned_temp_dirs(std::chrono::seconds unchanged_for) {
    std::error_code ec;
    const fs::path base = fs::temp_directory_path(ec);
    if (ec) return 0;
    fs::directory_iterator it(base, ec);
    if (ec) return 0;
    const auto now = std::chrono::system_clock::now();
    int removed = 0;
    for (; it != fs::directory_iterator(); it.increment(ec)) {
        if (ec) break;
        const std::string name = it->path().filename().string();
        const long long pid = orphan_pid(name);
        if (pid <= 0 || pid == static_cast<long long>(::getpid())) continue;
        struct stat st = {};
        if (::lstat(it->path().c_str(), &st) != 0 || !S_ISDIR(st.st_mode) ||
            st.st_uid != ::geteuid()) {
            continue;
        }
        const auto changed = std::chrono::system_clock::from_time_t(st.st_mtime);
        if (now - changed < unchanged_for) continue;
        // The process that made it is gone (a live one, or one of another
        // user, answers 0 or EPERM).
        if (::kill(static_cast<pid_t>(pid), 0) == 0 || errno != ESRCH) continue;
        std::error_code rm;
        fs::remove_all(it->path(), rm);
        if (!rm) ++removed;
    }
    return removed;
}

long long orphan_pid(const std::string& name) {
    const std::string prefix = "provix-";
    if (name.compare(0, prefix.size(), prefix) != 0) return 0;
    size_t at = prefix.size();
    long long pid = 0;
    const size_t digits_start = at;
    while (at < name.size() && name[at] >= '0' && name[at] <= '9' && at - digits_start < 10)
        pid = pid * 10 + (name[at++] - '0');
    // mkdtemp's six characters follow the dash.
    if (at == digits_start || at >= name.size() || name[at] != '-' || name.size() != at + 7)
        return 0;
    return pid;
}

}  // namespace detail

}  // namespace provix::solvers
