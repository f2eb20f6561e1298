/// \file
/// CEmitterBuilder: records run-time operations and writes them as a C99
/// function with explicit floor division and checked arithmetic.

#include "provix/indexexpr/c_emitter.h"

#include <cctype>

namespace provix {

namespace {

/// The helpers, guarded so that several emitted sources can share a file.
/// Each returns the error code of the operation (0 on success).
const char* kHelpers = R"(#include <stdint.h>

#ifndef PROVIX_IE_HELPERS
#define PROVIX_IE_HELPERS
/* Floor semantics (division rounds toward -inf, mod has the sign of the
 * divisor); C's / and % truncate, so they are corrected here. Error codes:
 * 1 division by zero, 2 int64 overflow, 3 input outside its bounds. */
static inline int px_add(int64_t a, int64_t b, int64_t* r) {
    return __builtin_add_overflow(a, b, r) ? 2 : 0;
}
static inline int px_sub(int64_t a, int64_t b, int64_t* r) {
    return __builtin_sub_overflow(a, b, r) ? 2 : 0;
}
static inline int px_mul(int64_t a, int64_t b, int64_t* r) {
    return __builtin_mul_overflow(a, b, r) ? 2 : 0;
}
static inline int px_floordiv(int64_t a, int64_t b, int64_t* r) {
    if (b == 0) return 1;
    if (b == -1) return __builtin_sub_overflow((int64_t)0, a, r) ? 2 : 0;
    int64_t q = a / b, m = a % b;
    if (m != 0 && ((m < 0) != (b < 0))) q -= 1;
    *r = q;
    return 0;
}
static inline int px_ceildiv(int64_t a, int64_t b, int64_t* r) {
    if (b == 0) return 1;
    if (b == -1) return __builtin_sub_overflow((int64_t)0, a, r) ? 2 : 0;
    int64_t q = a / b, m = a % b;
    if (m != 0 && ((m < 0) == (b < 0))) q += 1;
    *r = q;
    return 0;
}
static inline int px_mod(int64_t a, int64_t b, int64_t* r) {
    if (b == 0) return 1;
    if (b == -1) { *r = 0; return 0; }
    int64_t m = a % b;
    if (m != 0 && ((m < 0) != (b < 0))) m += b;
    *r = m;
    return 0;
}
static inline int px_min(int64_t a, int64_t b, int64_t* r) { *r = a < b ? a : b; return 0; }
static inline int px_max(int64_t a, int64_t b, int64_t* r) { *r = a > b ? a : b; return 0; }
static inline int px_eq(int64_t a, int64_t b, int64_t* r) { *r = a == b; return 0; }
static inline int px_ne(int64_t a, int64_t b, int64_t* r) { *r = a != b; return 0; }
static inline int px_lt(int64_t a, int64_t b, int64_t* r) { *r = a < b; return 0; }
static inline int px_le(int64_t a, int64_t b, int64_t* r) { *r = a <= b; return 0; }
static inline int px_gt(int64_t a, int64_t b, int64_t* r) { *r = a > b; return 0; }
static inline int px_ge(int64_t a, int64_t b, int64_t* r) { *r = a >= b; return 0; }
static inline int px_and(int64_t a, int64_t b, int64_t* r) { *r = a != 0 && b != 0; return 0; }
static inline int px_or(int64_t a, int64_t b, int64_t* r) { *r = a != 0 || b != 0; return 0; }
#endif
)";

/// A C expression for an int64 constant.
std::string c_int(int64_t v) {
    if (v == kInt64Min) return "INT64_MIN";
    return "INT64_C(" + std::to_string(v) + ")";
}

/// `name` with `*/` broken up, for use inside a comment.
std::string comment_safe(const std::string& name) {
    std::string out;
    for (size_t i = 0; i < name.size(); ++i) {
        out += name[i];
        if (name[i] == '*' && i + 1 < name.size() && name[i + 1] == '/') out += ' ';
        if (name[i] == '\n') out.back() = ' ';
    }
    return out;
}

bool is_c_identifier(const std::string& s) {
    static const char* const kKeywords[] = {
        "auto",    "break",  "case",     "char",   "const",    "continue", "default",
        "do",      "double", "else",     "enum",   "extern",   "float",    "for",
        "goto",    "if",     "inline",   "int",    "long",     "register", "restrict",
        "return",  "short",  "signed",   "sizeof", "static",   "struct",   "switch",
        "typedef", "union",  "unsigned", "void",   "volatile", "while",    "main"};
    if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) return false;
    for (char c : s) {
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return false;
    }
    for (const char* k : kKeywords) {
        if (s == k) return false;
    }
    // Reserved for the helpers and the implementation.
    return s.rfind("px_", 0) != 0 && s.rfind("PROVIX_", 0) != 0 && s[0] != '_';
}

}  // namespace

RtValue CEmitterBuilder::push(Op op) {
    for (int64_t o : op.operands) {
        if (o < 0 || o >= static_cast<int64_t>(ops_.size())) {
            Op bad;
            bad.kind = OpKind::Error;
            bad.param = error_code(Error::Kind::Invalid);
            ops_.push_back(bad);
            return RtValue{static_cast<int64_t>(ops_.size()) - 1};
        }
    }
    ops_.push_back(std::move(op));
    return RtValue{static_cast<int64_t>(ops_.size()) - 1};
}

RtValue CEmitterBuilder::push_shared(Op op) {
    auto key = std::make_tuple(static_cast<int>(op.kind), static_cast<int>(op.binary), op.param,
                               op.operands);
    auto it = shared_.find(key);
    if (it != shared_.end()) return it->second;
    RtValue v = push(std::move(op));
    shared_.emplace(std::move(key), v);
    return v;
}

RtValue CEmitterBuilder::input(const std::string& name, const Interval& bounds) {
    auto key = std::make_pair(name, to_string(bounds));
    auto it = input_cache_.find(key);
    if (it != input_cache_.end()) return it->second;
    auto p = params_.find(name);
    if (p == params_.end()) {
        p = params_.emplace(name, static_cast<int64_t>(input_names_.size())).first;
        input_names_.push_back(name);
    }
    Op op;
    op.kind = OpKind::Input;
    op.param = p->second;
    op.bounds = bounds;
    RtValue v = push(op);
    input_cache_.emplace(key, v);
    return v;
}

RtValue CEmitterBuilder::constant(int64_t value) {
    auto it = constant_cache_.find(value);
    if (it != constant_cache_.end()) return it->second;
    Op op;
    op.kind = OpKind::Constant;
    op.param = value;
    RtValue v = push(op);
    constant_cache_.emplace(value, v);
    return v;
}

RtValue CEmitterBuilder::binary(RtOp rt, RtValue a, RtValue b) {
    Op op;
    op.kind = OpKind::Binary;
    op.binary = rt;
    op.operands = {a.id, b.id};
    return push_shared(op);
}

RtValue CEmitterBuilder::logical_not(RtValue a) {
    Op op;
    op.kind = OpKind::Not;
    op.operands = {a.id};
    return push_shared(op);
}

RtValue CEmitterBuilder::select(RtValue cond, RtValue if_true, RtValue if_false) {
    Op op;
    op.kind = OpKind::Select;
    op.operands = {cond.id, if_true.id, if_false.id};
    return push_shared(op);
}

RtValue CEmitterBuilder::error(Error::Kind kind) {
    Op op;
    op.kind = OpKind::Error;
    op.param = error_code(kind);
    return push_shared(op);
}

std::string CEmitterBuilder::describe(RtValue v) const { return "v" + std::to_string(v.id); }

Result<std::string> CEmitterBuilder::emit_function(const std::string& name,
                                                   const IndexExprList& results) {
    if (!is_c_identifier(name)) {
        return Error::invalid("emit_function: '" + name + "' is not a C identifier");
    }
    std::vector<RtValue> outs;
    for (size_t i = 0; i < results.size(); ++i) {
        Result<RtValue> v = materialize(results[i], *this);
        if (!v) {
            Error e = v.error();
            e.message = "emit_function: result " + std::to_string(i) + ": " + e.message;
            return e;
        }
        outs.push_back(*v);
    }
    // Only the operations the results need, in creation (topological) order.
    std::vector<bool> needed(ops_.size(), false);
    std::vector<int64_t> stack;
    for (RtValue v : outs)
        stack.push_back(v.id);
    while (!stack.empty()) {
        int64_t id = stack.back();
        stack.pop_back();
        if (needed[static_cast<size_t>(id)]) continue;
        needed[static_cast<size_t>(id)] = true;
        for (int64_t o : ops_[static_cast<size_t>(id)].operands)
            stack.push_back(o);
    }

    std::string s = kHelpers;
    s += "\n/* " + name + ": generated by provix (IndexExpr C emitter).\n";
    for (size_t i = 0; i < input_names_.size(); ++i) {
        s += " * in[" + std::to_string(i) + "]: " + comment_safe(input_names_[i]) + "\n";
    }
    s += " * out[0.." + std::to_string(results.size()) +
         "): the results; err[i] (if err is not "
         "NULL): 0, or the error code of out[i].\n * Returns the first non-zero error code, or "
         "0. */\n";
    s += "int " + name + "(const int64_t* in, int64_t* out, int* err) {\n";
    s += "    (void)in; (void)out; (void)err;\n";
    for (size_t id = 0; id < ops_.size(); ++id) {
        if (!needed[id]) continue;
        const Op& op = ops_[id];
        std::string v = "v" + std::to_string(id), e = "e" + std::to_string(id);
        auto ov = [&](size_t i) { return "v" + std::to_string(op.operands[i]); };
        auto oe = [&](size_t i) { return "e" + std::to_string(op.operands[i]); };
        switch (op.kind) {
            case OpKind::Input: {
                s += "    int64_t " + v + " = in[" + std::to_string(op.param) + "];";
                std::string check;
                if (!op.bounds.lo_is_inf()) check = v + " < " + c_int(op.bounds.lo());
                if (!op.bounds.hi_is_inf()) {
                    check += (check.empty() ? "" : " || ") + v + " > " + c_int(op.bounds.hi());
                }
                s +=
                    " int " + e + " = " + (check.empty() ? "0" : "(" + check + ") ? 3 : 0") + ";\n";
                break;
            }
            case OpKind::Constant:
                s += "    int64_t " + v + " = " + c_int(op.param) + "; int " + e + " = 0;\n";
                break;
            case OpKind::Binary:
                s += "    int64_t " + v + " = 0; int " + e + " = " + oe(0) + " ? " + oe(0) + " : " +
                     oe(1) + " ? " + oe(1) + " : px_" + rt_op_name(op.binary) + "(" + ov(0) + ", " +
                     ov(1) + ", &" + v + ");\n";
                break;
            case OpKind::Not:
                s += "    int64_t " + v + " = 0; int " + e + " = " + oe(0) + " ? " + oe(0) +
                     " : (" + v + " = (" + ov(0) + " == 0), 0);\n";
                break;
            case OpKind::Select:
                s += "    int64_t " + v + " = 0; int " + e + " = " + oe(0) + " ? " + oe(0) +
                     " : (" + ov(0) + " != 0 ? (" + v + " = " + ov(1) + ", " + oe(1) + ") : (" + v +
                     " = " + ov(2) + ", " + oe(2) + "));\n";
                break;
            case OpKind::Error:
                s += "    int64_t " + v + " = 0; int " + e + " = " + std::to_string(op.param) +
                     ";\n";
                break;
        }
    }
    s += "    int rc = 0;\n";
    for (size_t i = 0; i < outs.size(); ++i) {
        std::string idx = std::to_string(i), id = std::to_string(outs[i].id);
        s += "    out[" + idx + "] = v" + id + "; if (err) err[" + idx + "] = e" + id +
             "; if (!rc) rc = e" + id + ";\n";
    }
    s += "    return rc;\n}\n";
    return s;
}

}  // namespace provix
