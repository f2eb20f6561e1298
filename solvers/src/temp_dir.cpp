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
#include <iterator>
#include <limits>
#include <mutex>
#include <string>
#include <system_error>

#include "temp_dir_janitor.h"

namespace provix::solvers {

namespace fs = std::filesystem;

namespace {

/// How every TempDir's folder name begins: `provix-<pid>-XXXXXX`.
constexpr char kNamePrefix[] = "provix-";
constexpr size_t kNamePrefixLength = sizeof kNamePrefix - 1;

// ---------------------------------------------------------------------------
// The folders of the moment, readable from a signal handler: fixed slots,
// each with a sequence number read as a lock: odd while the slot is free or
// its path being written, even while it holds a live folder's path. The
// handler copies a path and keeps the copy only if the number was even and
// did not change meanwhile. A folder made while every slot is taken (more
// than `prove --jobs` allows at once), or whose path is longer than a slot
// holds, is still removed with its object and by the janitor, only not on
// a signal.

/// The longest path a slot holds, its NUL included.
constexpr size_t kSlotPath = 1024;

struct Slot {
    std::atomic<int> taken{0};
    std::atomic<uint64_t> sequence{1};
    std::atomic<char> path[kSlotPath];
};

constexpr int kSlots = 512;
Slot g_slots[kSlots];

static_assert(std::atomic<uint64_t>::is_always_lock_free && std::atomic<char>::is_always_lock_free,
              "the handler reads the slots");

int claim_slot(const std::string& path) {
    if (path.size() >= kSlotPath) return -1;
    for (int i = 0; i < kSlots; ++i) {
        Slot& slot = g_slots[i];
        int expected = 0;
        if (!slot.taken.compare_exchange_strong(expected, 1)) continue;
        for (size_t k = 0; k <= path.size(); ++k)  // the terminating NUL too
            slot.path[k].store(path.c_str()[k], std::memory_order_relaxed);
        slot.sequence.fetch_add(1, std::memory_order_release);  // even: live
        return i;
    }
    return -1;
}

void release_slot(int i) {
    if (i < 0) return;
    g_slots[i].sequence.fetch_add(1, std::memory_order_release);  // odd: not live
    g_slots[i].taken.store(0);
}

/// Copies the live path of `slot` into `out`; false when it holds none or
/// changed while being read.
bool copy_live_path(const Slot& slot, char (&out)[kSlotPath]) {
    const uint64_t before = slot.sequence.load(std::memory_order_acquire);
    if (before % 2 != 0) return false;
    for (size_t k = 0; k < std::size(out); ++k) {
        out[k] = slot.path[k].load(std::memory_order_relaxed);
        if (out[k] == '\0') break;
    }
    out[std::size(out) - 1] = '\0';
    std::atomic_thread_fence(std::memory_order_acquire);
    return slot.sequence.load(std::memory_order_relaxed) == before;
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
    // Only a TempDir's own folder.
    const char* name = std::strrchr(dir, '/');
    if (!name || std::strncmp(name + 1, kNamePrefix, kNamePrefixLength) != 0) return;
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
    for (const Slot& slot : g_slots) {
        char path[kSlotPath];
        if (copy_live_path(slot, path)) remove_flat_folder(path);
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
        (base / (kNamePrefix + std::to_string(static_cast<long long>(::getpid())) + "-XXXXXX"))
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
    if (name.compare(0, kNamePrefixLength, kNamePrefix) != 0) return 0;
    size_t at = kNamePrefixLength;
    long long pid = 0;
    const size_t digits_start = at;
    while (at < name.size() && name[at] >= '0' && name[at] <= '9' && at - digits_start < 10)
        pid = pid * 10 + (name[at++] - '0');
    // mkdtemp's six characters follow the dash; a pid is a positive pid_t.
    if (at == digits_start || at >= name.size() || name[at] != '-' || name.size() != at + 7 ||
        pid > std::numeric_limits<int32_t>::max()) {
        return 0;
    }
    return pid;
}

}  // namespace detail

}  // namespace provix::solvers
