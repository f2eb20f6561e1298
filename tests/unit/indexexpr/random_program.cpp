/// \file
/// Test support: random IndexExpr programs and their reference semantics.

#include "indexexpr/random_program.h"

#include <gtest/gtest.h>
#include <rapidcheck.h>

#include <algorithm>

#include "provix/indexexpr/builder.h"

namespace provix::test {

namespace {

/// The comparisons a Select may use, in RtOp order.
constexpr RtOp kComparisons[] = {RtOp::Eq, RtOp::Ne, RtOp::Lt, RtOp::Le, RtOp::Gt, RtOp::Ge};

const char* cmp_name(RtOp c) {
    static constexpr const char* kSymbols[] = {"==", "!=", "<", "<=", ">", ">="};
    return kSymbols[static_cast<int>(c) - static_cast<int>(RtOp::Eq)];
}

std::string operand(const Operand& o) {
    return o.literal ? std::to_string(o.value) : "%" + std::to_string(o.ref);
}

Operand gen_operand(size_t num_values) {
    Operand o;
    o.literal = *rc::gen::inRange(0, 3) == 0;
    if (o.literal) {
        o.value = *rc::gen::inRange<int64_t>(-6, 7);
    } else {
        o.ref = *rc::gen::inRange<size_t>(0, num_values);
    }
    return o;
}

Interval gen_bounds() {
    int64_t lo = *rc::gen::inRange<int64_t>(-20, 21);
    int64_t width = *rc::gen::inRange<int64_t>(0, 41);
    Interval b{lo, lo + width};
    switch (*rc::gen::inRange(0, 6)) {
        case 0:
            b = Interval::at_most(lo + width);
            break;
        case 1:
            b = Interval::at_least(lo);
            break;
        case 2:
            b = Interval::all();
            break;
        default:
            break;
    }
    return b;
}

/// `a c b` for a comparison `c`: a bool for the reference evaluation, an
/// IndexExpr for the program built through IndexExpr.
template <typename T>
auto compare(RtOp c, const T& a, const T& b) -> decltype(a == b) {
    switch (c) {
        case RtOp::Eq:
            return a == b;
        case RtOp::Ne:
            return a != b;
        case RtOp::Lt:
            return a < b;
        case RtOp::Le:
            return a <= b;
        case RtOp::Gt:
            return a > b;
        case RtOp::Ge:
            return a >= b;
        default:
            break;
    }
    return decltype(a == b)();
}

/// `op(a, b)` through IndexExpr for an arithmetic operation.
IndexExpr arithmetic(RtOp op, const IndexExpr& a, const IndexExpr& b) {
    switch (op) {
        case RtOp::Add:
            return a + b;
        case RtOp::Sub:
            return a - b;
        case RtOp::Mul:
            return a * b;
        case RtOp::FloorDiv:
            return a.floor_div(b);
        case RtOp::CeilDiv:
            return a.ceil_div(b);
        case RtOp::Mod:
            return a % b;
        case RtOp::Min:
            return IndexExpr::min(a, b);
        case RtOp::Max:
            return IndexExpr::max(a, b);
        default:
            break;
    }
    return IndexExpr();
}

RtOp rt(ProgOp op) {
    switch (op) {
        case ProgOp::Add:
            return RtOp::Add;
        case ProgOp::Sub:
            return RtOp::Sub;
        case ProgOp::Mul:
            return RtOp::Mul;
        case ProgOp::FloorDiv:
            return RtOp::FloorDiv;
        case ProgOp::CeilDiv:
            return RtOp::CeilDiv;
        case ProgOp::Mod:
            return RtOp::Mod;
        case ProgOp::Min:
            return RtOp::Min;
        case ProgOp::Max:
            return RtOp::Max;
        default:
            return RtOp::Add;
    }
}

const char* op_name(ProgOp op) {
    if (op == ProgOp::Select) return "select";
    if (op == ProgOp::Clamp) return "clamp";
    return rt_op_name(rt(op));
}

}  // namespace

std::string to_string(const Program& p) {
    std::string s;
    for (size_t i = 0; i < p.input_bounds.size(); ++i) {
        s += "%" + std::to_string(i) + " = input in " + provix::to_string(p.input_bounds[i]) + "\n";
    }
    size_t id = p.input_bounds.size();
    for (const Instr& in : p.instrs) {
        s += "%" + std::to_string(id++) + " = " + op_name(in.op) + "(";
        if (in.op == ProgOp::Select) {
            s += operand(in.a) + " " + cmp_name(in.cmp) + " " + operand(in.b) + ", " +
                 operand(in.c) + ", " + operand(in.d);
        } else if (in.op == ProgOp::Clamp) {
            s += operand(in.a) + ", " + operand(in.b) + ", " + operand(in.c);
        } else {
            s += operand(in.a) + ", " + operand(in.b);
        }
        s += ")\n";
    }
    return s;
}

Program gen_program() {
    Program p;
    size_t num_inputs = *rc::gen::inRange<size_t>(1, 4);
    for (size_t i = 0; i < num_inputs; ++i)
        p.input_bounds.push_back(gen_bounds());
    size_t num_instrs = *rc::gen::inRange<size_t>(1, 9);
    for (size_t i = 0; i < num_instrs; ++i) {
        size_t values = num_inputs + i;
        Instr in;
        in.op = static_cast<ProgOp>(*rc::gen::inRange(0, 10));
        in.cmp = kComparisons[*rc::gen::inRange(0, 6)];
        in.a = gen_operand(values);
        in.b = gen_operand(values);
        in.c = gen_operand(values);
        in.d = gen_operand(values);
        p.instrs.push_back(in);
    }
    return p;
}

std::vector<int64_t> gen_inputs(const Program& p) {
    std::vector<int64_t> v;
    for (const Interval& b : p.input_bounds) {
        int64_t lo =
            b.lo_is_inf() ? (b.hi_is_inf() ? -50 : std::min<int64_t>(-50, b.hi())) : b.lo();
        int64_t hi = b.hi_is_inf() ? std::max<int64_t>(50, lo) : b.hi();
        v.push_back(*rc::gen::inRange<int64_t>(lo, hi + 1));
    }
    return v;
}

namespace {

/// One instruction of the reference evaluation (values[i] for operand %i).
Result<int64_t> reference_step(const Instr& in, const std::vector<Result<int64_t>>& vals) {
    auto get = [&](const Operand& o) -> Result<int64_t> {
        if (o.literal) return o.value;
        return vals[o.ref];
    };
    Result<int64_t> a = get(in.a);
    if (!a.ok()) return a;
    Result<int64_t> b = get(in.b);
    if (!b.ok()) return b;
    switch (in.op) {
        case ProgOp::Select:
            return compare(in.cmp, *a, *b) ? get(in.c) : get(in.d);
        case ProgOp::Clamp: {
            if (*a < *b) return b;
            Result<int64_t> c = get(in.c);
            if (!c.ok()) return c;
            return *a > *c ? c : a;
        }
        default:
            return apply_rt_op(rt(in.op), *a, *b);
    }
}

}  // namespace

std::vector<Result<int64_t>> reference(const Program& p, const std::vector<int64_t>& inputs) {
    std::vector<Result<int64_t>> vals;
    for (int64_t v : inputs)
        vals.emplace_back(v);  // in place (a moved temporary trips a false -Wmaybe-uninitialized)
    for (const Instr& in : p.instrs)
        vals.push_back(reference_step(in, vals));
    return std::vector<Result<int64_t>>(vals.begin() + static_cast<long>(inputs.size()),
                                        vals.end());
}

IndexExprList build(const Program& p, const IndexExprList& inputs) {
    IndexExprList vals = inputs;
    auto get = [&](const Operand& o) { return o.literal ? IndexExpr(o.value) : vals[o.ref]; };
    for (const Instr& in : p.instrs) {
        IndexExpr a = get(in.a), b = get(in.b), c = get(in.c), d = get(in.d);
        IndexExpr r;
        if (in.op == ProgOp::Select) {
            r = IndexExpr::select(compare(in.cmp, a, b), c, d);
        } else if (in.op == ProgOp::Clamp) {
            r = a.clamp(b, c);
        } else {
            r = arithmetic(rt(in.op), a, b);
        }
        vals.push_back(r);
    }
    return IndexExprList(vals.begin() + static_cast<long>(inputs.size()), vals.end());
}

bool small_values(const std::vector<Result<int64_t>>& ref) {
    for (const Result<int64_t>& r : ref) {
        if (r && (*r > (int64_t{1} << 31) || *r < -(int64_t{1} << 31))) return false;
    }
    return true;
}

}  // namespace provix::test
