#pragma once
/// \file
/// Errors as values: every path fed by user input returns a `Result<T>`,
/// and no provix function throws an exception.
///
///     Result<int64_t> r = evaluate(e, {1, 2});
///     if (!r) std::cerr << r.error().message;
///
/// Misuse that no input can cause (asking a `Result` holding an error for
/// its value, an out-of-range index into a map) is a *precondition*
/// violation: each such precondition is written in the function's comment,
/// and breaking one stops the program with a message naming it
/// (`detail::precondition_failed`), in release builds too.

#include <cstdio>
#include <cstdlib>
#include <string>
#include <utility>
#include <variant>

namespace provix {

namespace detail {
/// Prints `provix: precondition violated: <function>: <message>` to standard
/// error and aborts. Called when a documented precondition does not hold.
[[noreturn]] inline void precondition_failed(const char* function, const std::string& message) {
    std::fprintf(stderr, "provix: precondition violated: %s: %s\n", function, message.c_str());
    std::fflush(stderr);
    std::abort();
}
}  // namespace detail

/// What went wrong. `kind` lets callers distinguish classes of failure
/// without matching message text.
struct Error {
    enum class Kind {
        DivisionByZero,  ///< a divisor evaluated to zero
        Overflow,        ///< a value left int64
        Invalid,         ///< bad argument (wrong arity, unknown variable, ...)
        Parse,           ///< malformed text; message is a full diagnostic
    };
    Kind kind = Kind::Invalid;
    std::string message;

    static Error division_by_zero(std::string m) { return {Kind::DivisionByZero, std::move(m)}; }
    static Error overflow(std::string m) { return {Kind::Overflow, std::move(m)}; }
    static Error invalid(std::string m) { return {Kind::Invalid, std::move(m)}; }
};

/// Either a value or an Error. `Result<int> r = 3; *r == 3`;
/// `Result<int> e = Error::invalid("no"); !e`.
template <class T>
class Result {
public:
    Result(T value) : v_(std::move(value)) {}
    Result(Error error) : v_(std::move(error)) {}

    bool ok() const { return v_.index() == 0; }
    explicit operator bool() const { return ok(); }

    /// The value. Precondition: `ok()` (an error stops the program with the
    /// error's message; test `ok()` or `operator bool` first).
    T& value() & {
        check_value();
        return *std::get_if<0>(&v_);
    }
    const T& value() const& {
        check_value();
        return *std::get_if<0>(&v_);
    }
    T&& value() && {
        check_value();
        return std::move(*std::get_if<0>(&v_));
    }
    T& operator*() & { return value(); }
    const T& operator*() const& { return value(); }
    T&& operator*() && { return std::move(*this).value(); }
    T* operator->() { return &value(); }
    const T* operator->() const { return &value(); }

    /// The value, or `fallback` when this holds an error.
    T value_or(T fallback) const& { return ok() ? *std::get_if<0>(&v_) : std::move(fallback); }

    /// The error. Precondition: `!ok()`.
    const Error& error() const {
        if (ok()) detail::precondition_failed("Result::error", "the Result holds a value");
        return *std::get_if<1>(&v_);
    }

private:
    void check_value() const {
        if (!ok()) {
            detail::precondition_failed(
                "Result::value", "the Result holds an error: " + std::get_if<1>(&v_)->message);
        }
    }

    std::variant<T, Error> v_;
};

}  // namespace provix
