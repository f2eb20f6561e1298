/// \file
/// The reference semantics of run-time operations, shared by the builders.

#include "provix/indexexpr/builder.h"

#include <algorithm>
#include <string>

#include "provix/semantics.h"

namespace provix {

namespace {

struct RtOpText {
    const char* name;
    const char* spelling;
};

#define PROVIX_RT_OP_TEXT(Name, name, spelling) RtOpText{name, spelling},
constexpr RtOpText kRtOpText[] = {PROVIX_RT_OPS(PROVIX_RT_OP_TEXT)};
#undef PROVIX_RT_OP_TEXT

}  // namespace

const char* rt_op_name(RtOp op) { return kRtOpText[static_cast<size_t>(op)].name; }

const char* rt_op_spelling(RtOp op) { return kRtOpText[static_cast<size_t>(op)].spelling; }

std::optional<RtOp> rt_op_named(std::string_view name) {
    for (size_t k = 0; k < sizeof(kRtOpText) / sizeof(kRtOpText[0]); ++k)
        if (name == kRtOpText[k].name) return static_cast<RtOp>(k);
    return std::nullopt;
}

namespace {

Result<int64_t> checked(std::optional<int64_t> r, RtOp op, int64_t a, int64_t b) {
    if (r) return *r;
    std::string what =
        std::string(rt_op_name(op)) + "(" + std::to_string(a) + ", " + std::to_string(b) + ")";
    bool division = op == RtOp::FloorDiv || op == RtOp::CeilDiv || op == RtOp::Mod;
    if (division && b == 0) return Error::division_by_zero("division by zero in " + what);
    return Error::overflow("int64 overflow in " + what);
}

}  // namespace

Result<int64_t> apply_rt_op(RtOp op, int64_t a, int64_t b) {
    switch (op) {
        case RtOp::Add:
            return checked(checked_add(a, b), op, a, b);
        case RtOp::Sub:
            return checked(checked_sub(a, b), op, a, b);
        case RtOp::Mul:
            return checked(checked_mul(a, b), op, a, b);
        case RtOp::FloorDiv:
            return checked(floor_div(a, b), op, a, b);
        case RtOp::CeilDiv:
            return checked(ceil_div(a, b), op, a, b);
        case RtOp::Mod:
            return checked(floor_mod(a, b), op, a, b);
        case RtOp::Min:
            return std::min(a, b);
        case RtOp::Max:
            return std::max(a, b);
        case RtOp::Eq:
            return int64_t{a == b};
        case RtOp::Ne:
            return int64_t{a != b};
        case RtOp::Lt:
            return int64_t{a < b};
        case RtOp::Le:
            return int64_t{a <= b};
        case RtOp::Gt:
            return int64_t{a > b};
        case RtOp::Ge:
            return int64_t{a >= b};
        case RtOp::And:
            return int64_t{a != 0 && b != 0};
        case RtOp::Or:
            return int64_t{a != 0 || b != 0};
    }
    return Error::invalid("unknown run-time operation");
}

int error_code(Error::Kind kind) {
    switch (kind) {
        case Error::Kind::DivisionByZero:
            return 1;
        case Error::Kind::Overflow:
            return 2;
        case Error::Kind::Invalid:
        case Error::Kind::Parse:
            return 3;
    }
    return 3;
}

}  // namespace provix
