#include "progress.h"

#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <iostream>

namespace provix::cli {

namespace {

constexpr auto kRedrawInterval = std::chrono::milliseconds(200);

}  // namespace

std::string format_duration(double seconds) {
    if (!(seconds >= 0)) seconds = 0;
    long long s = std::llround(seconds);
    char buf[64];
    if (s < 60) {
        std::snprintf(buf, sizeof buf, "%lld s", s);
    } else if (s < 3600) {
        std::snprintf(buf, sizeof buf, "%lld min %02lld s", s / 60, s % 60);
    } else {
        std::snprintf(buf, sizeof buf, "%lld h %02lld min", s / 3600, (s % 3600) / 60);
    }
    return buf;
}

bool Progress::on_terminal() { return ::isatty(STDERR_FILENO) == 1; }

Progress::Progress(std::string label, std::string unit, int64_t total, bool enabled)
    : label_(std::move(label)),
      unit_(std::move(unit)),
      total_(total),
      enabled_(enabled),
      start_(std::chrono::steady_clock::now()),
      last_draw_(start_ - kRedrawInterval) {}

std::string Progress::line(int64_t done, double seconds) const {
    std::string out = label_ + ": " + std::to_string(done);
    if (total_ > 0) {
        out += "/" + std::to_string(total_) + " " + unit_;
        out += " (" + std::to_string(done * 100 / total_) + "%)";
    } else {
        out += " " + unit_;
    }
    if (seconds > 0 && done > 0) {
        char rate[48];
        std::snprintf(rate, sizeof rate, ", %.1f %s/s", double(done) / seconds, unit_.c_str());
        out += rate;
    }
    if (!note_.empty()) out += ", " + note_;
    out += ", " + format_duration(seconds) + " elapsed";
    if (total_ > 0 && done > 0 && done < total_) {
        out += ", ETA " + format_duration(seconds / double(done) * double(total_ - done));
    }
    return out;
}

void Progress::update(int64_t done, const std::string& note) {
    done_ = done;
    note_ = note;
    tick();
}

void Progress::tick() {
    if (!enabled_) return;
    auto now = std::chrono::steady_clock::now();
    if (now - last_draw_ < kRedrawInterval) return;
    last_draw_ = now;
    draw();
}

void Progress::draw() {
    double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    std::cerr << "\r\033[K" << line(done_, seconds) << std::flush;
    visible_ = true;
}

void Progress::clear() {
    if (!visible_) return;
    std::cerr << "\r\033[K" << std::flush;
    visible_ = false;
    // Draw again at the next update, not only after the interval.
    last_draw_ = std::chrono::steady_clock::now() - kRedrawInterval;
}

void Progress::finish() {
    clear();
    enabled_ = false;
}

ProgressClearingBuf::int_type ProgressClearingBuf::overflow(int_type c) {
    if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
    if (progress_) progress_->clear();
    if (traits_type::eq_int_type(target_->sputc(traits_type::to_char_type(c)), traits_type::eof()))
        return traits_type::eof();
    if (traits_type::to_char_type(c) == '\n') target_->pubsync();
    return c;
}

std::streamsize ProgressClearingBuf::xsputn(const char* s, std::streamsize n) {
    if (progress_) progress_->clear();
    std::streamsize written = target_->sputn(s, n);
    for (std::streamsize i = 0; i < written; ++i) {
        if (s[i] == '\n') {
            target_->pubsync();
            break;
        }
    }
    return written;
}

}  // namespace provix::cli
