#pragma once
/// \file
/// Progress of a long command on a terminal: one line on standard error,
/// redrawn in place at most five times a second, with the rate, the elapsed
/// time and an estimate of the time left. Nothing is drawn when standard
/// error is not a terminal (logs and CI output stay clean).
///
///     Progress p("provix fuzz", "cases", 3000, Progress::on_terminal());
///     for (...) { ...; p.update(done, "0 failed"); }
///     p.finish();
///     // provix fuzz: 1200/3000 cases (40%), 35.2 cases/s, 0 failed, 34 s elapsed, ETA 51 s
///
/// Text written to a `ProgressClearingStream` first erases the line, so
/// output and progress never mix.

#include <chrono>
#include <cstdint>
#include <ostream>
#include <streambuf>
#include <string>

namespace provix::cli {

/// `51 s`, `3 min 20 s`, `1 h 05 min`: a duration for people.
std::string format_duration(double seconds);

class Progress {
public:
    /// True if standard error is a terminal.
    static bool on_terminal();

    /// A progress line `label: done/total unit ...`, drawn only if `enabled`.
    Progress(std::string label, std::string unit, int64_t total, bool enabled);
    ~Progress() { finish(); }
    Progress(const Progress&) = delete;
    Progress& operator=(const Progress&) = delete;

    /// Records `done` items (with an optional note such as `2 failed`) and
    /// redraws the line if enough time has passed since the last drawing.
    void update(int64_t done, const std::string& note = "");
    /// Redraws the line (the elapsed time moves on) if due.
    void tick();
    /// Erases the line if it is shown.
    void clear();
    /// Erases the line for good.
    void finish();
    /// True while the line is on the screen.
    bool visible() const { return visible_; }

    /// The text of the line for `done` items after `seconds`.
    std::string line(int64_t done, double seconds) const;

private:
    void draw();

    std::string label_, unit_, note_;
    int64_t total_;
    int64_t done_ = 0;
    bool enabled_;
    bool visible_ = false;
    std::chrono::steady_clock::time_point start_, last_draw_;
};

/// A stream buffer that forwards to `target`, erasing the progress line
/// before each write and flushing `target` after each complete line (so a
/// file being written shows every line as soon as it is done).
class ProgressClearingBuf : public std::streambuf {
public:
    ProgressClearingBuf(std::streambuf* target, Progress* progress)
        : target_(target), progress_(progress) {}

protected:
    int_type overflow(int_type c) override;
    std::streamsize xsputn(const char* s, std::streamsize n) override;
    int sync() override { return target_->pubsync(); }

private:
    std::streambuf* target_;
    Progress* progress_;
};

}  // namespace provix::cli
