#pragma once
/// \file
/// Errors as values: every path fed by user input returns a `Result<T>`.
///
///     Result<int64_t> r = evaluate(e, {1, 2});
///     if (!r) std::cerr << r.error().message;

#include <string>
#include <utility>
#include <variant>

namespace provix {

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

    T& value() & { return std::get<0>(v_); }
    const T& value() const& { return std::get<0>(v_); }
    T&& value() && { return std::get<0>(std::move(v_)); }
    T& operator*() & { return value(); }
    const T& operator*() const& { return value(); }
    T* operator->() { return &value(); }
    const T* operator->() const { return &value(); }

    const Error& error() const { return std::get<1>(v_); }

private:
    std::variant<T, Error> v_;
};

}  // namespace provix
