#include "io.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <vector>

#include "provix/parser.h"

namespace provix::cli {

namespace {

std::string system_reason(int error) { return std::strerror(error); }

/// Reads all of `fd` into `out`; false with errno set on a read error.
bool read_all(int fd, std::string& out) {
    char buffer[65536];
    for (;;) {
        ssize_t n = ::read(fd, buffer, sizeof buffer);
        if (n == 0) return true;
        if (n < 0) {
            if (errno == EINTR) continue;
            return false;
        }
        out.append(buffer, static_cast<size_t>(n));
    }
}

/// Writes all of `text` to `fd`; false with errno set on failure.
bool write_all(int fd, const std::string& text) {
    size_t done = 0;
    while (done < text.size()) {
        ssize_t n = ::write(fd, text.data() + done, text.size() - done);
        if (n < 0) {
            if (errno == EINTR) continue;
            return false;
        }
        done += static_cast<size_t>(n);
    }
    return true;
}

/// The folder of `path` ("." for a bare file name) and its last component.
void split_path(const std::string& path, std::string& dir, std::string& base) {
    size_t slash = path.find_last_of('/');
    if (slash == std::string::npos) {
        dir = ".";
        base = path;
    } else {
        dir = slash == 0 ? "/" : path.substr(0, slash);
        base = path.substr(slash + 1);
    }
}

/// Writes `text` over the existing non-regular file `path` (a device, a pipe).
Result<size_t> write_in_place(const std::string& path, const std::string& text) {
    int fd = ::open(path.c_str(), O_WRONLY | O_TRUNC | O_CLOEXEC);
    if (fd < 0)
        return Error::invalid("cannot open '" + path + "' for writing: " + system_reason(errno));
    bool ok = write_all(fd, text);
    int error = errno;
    if (::close(fd) != 0 && ok) {
        ok = false;
        error = errno;
    }
    if (!ok) return Error::invalid("cannot write '" + path + "': " + system_reason(error));
    return text.size();
}

}  // namespace

bool is_standard_stream(const std::string& path) { return path.empty() || path == "-"; }

Result<InputText> read_input(const std::string& path) {
    InputText input;
    const bool standard = is_standard_stream(path);
    input.name = standard ? "<stdin>" : path;
    const std::string described = standard ? "standard input" : "'" + path + "'";
    int fd = standard ? STDIN_FILENO : ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return Error::invalid("cannot open '" + path + "': " + system_reason(errno));
    struct stat st;
    if (::fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
        if (!standard) ::close(fd);
        return Error::invalid("cannot read " + described + ": it is a directory");
    }
    bool ok = read_all(fd, input.text);
    int error = errno;
    if (!standard) ::close(fd);
    if (!ok) return Error::invalid("cannot read " + described + ": " + system_reason(error));
    return input;
}

Result<size_t> write_output(const std::string& path, const std::string& text) {
    if (is_standard_stream(path)) {
        std::cout << text;
        std::cout.flush();
        if (!std::cout) return Error::invalid("cannot write standard output");
        return text.size();
    }
    // Write through a symbolic link to the file it names.
    std::string target = path;
    struct stat st;
    bool exists = ::stat(path.c_str(), &st) == 0;
    if (exists) {
        if (char* resolved = ::realpath(path.c_str(), nullptr)) {
            target = resolved;
            std::free(resolved);
        }
    }
    if (exists && S_ISDIR(st.st_mode))
        return Error::invalid("cannot write '" + path + "': it is a directory");
    if (exists && !S_ISREG(st.st_mode)) return write_in_place(path, text);

    std::string dir, base;
    split_path(target, dir, base);
    std::string temp = (dir == "/" ? "" : dir) + "/." + base + ".tmp.XXXXXX";
    std::vector<char> name(temp.begin(), temp.end());
    name.push_back('\0');
    int fd = ::mkstemp(name.data());
    if (fd < 0)
        return Error::invalid("cannot open '" + path + "' for writing: " + system_reason(errno));
    temp = name.data();
    mode_t mode;
    if (exists) {
        mode = st.st_mode & 07777;
    } else {
        mode_t mask = ::umask(0);
        ::umask(mask);
        mode = 0666 & ~mask;
    }
    bool ok = ::fchmod(fd, mode) == 0 && write_all(fd, text) && ::fsync(fd) == 0;
    int error = errno;
    if (::close(fd) != 0 && ok) {
        ok = false;
        error = errno;
    }
    if (ok && ::rename(temp.c_str(), target.c_str()) != 0) {
        ok = false;
        error = errno;
    }
    if (!ok) {
        ::unlink(temp.c_str());
        return Error::invalid("cannot write '" + path + "': " + system_reason(error));
    }
    return text.size();
}

bool writable_or_report(const std::string& command, const std::string& path) {
    if (is_standard_stream(path)) return true;
    std::string why;
    struct stat st;
    if (::stat(path.c_str(), &st) == 0) {
        if (S_ISDIR(st.st_mode)) {
            why = "it is a directory";
        } else if (::access(path.c_str(), W_OK) != 0) {
            why = system_reason(errno);
        }
    } else {
        std::string dir, base;
        split_path(path, dir, base);
        if (::access(dir.c_str(), W_OK) != 0) why = system_reason(errno);
    }
    if (!why.empty()) report_error(command, "cannot write '" + path + "': " + why);
    return why.empty();
}

bool write_or_report(const std::string& command, const std::string& path, const std::string& text) {
    auto written = write_output(path, text);
    if (!written) report_error(command, written.error().message);
    return written.ok();
}

bool standard_output_ok(const std::string& command) {
    if (std::cout) return true;
    report_error(command, "cannot write standard output");
    return false;
}

void report_error(const std::string& command, const std::string& message) {
    // A message may quote input (a file name, a report's key): its bytes
    // that do not print are escaped, never sent to the terminal.
    std::cerr << "provix " << command << ": error: " << printable_text(message) << "\n";
}

void report_diagnostic(const std::string& diagnostic) {
    std::cerr << diagnostic;
    if (diagnostic.empty() || diagnostic.back() != '\n') std::cerr << '\n';
}

}  // namespace provix::cli
