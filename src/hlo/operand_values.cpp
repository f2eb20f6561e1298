// Compile-time values of integer HLO operands (constants, iotas, integer
// arithmetic, element moves), as index expressions.

#include "provix/hlo/operand_values.h"

#include <cctype>
#include <string>

#include "op_maps.h"
#include "provix/hlo/hlo_module.h"
#include "provix/hlo/hlo_parser.h"
#include "provix/hlo/op_indexing.h"
#include "provix/interval_eval.h"

namespace provix::hlo {

namespace {

/// Nesting of value look-ups (computations may call each other through
/// fusions; operand chains may be long): beyond it a value is not known.
constexpr int kMaxValueDepth = 64;
thread_local int g_value_depth = 0;

/// The values an integer element type holds, or nullopt for other types.
std::optional<Interval> integer_type_range(const std::string& type) {
    if (type == "pred") return Interval{0, 1};
    if (type.size() < 2 || (type[0] != 's' && type[0] != 'u')) return std::nullopt;
    int bits = 0;
    for (size_t i = 1; i < type.size(); ++i) {
        if (!std::isdigit(static_cast<unsigned char>(type[i]))) return std::nullopt;
        bits = bits * 10 + (type[i] - '0');
        if (bits > 64) return std::nullopt;
    }
    if (bits < 2) return std::nullopt;
    if (type[0] == 's') {
        if (bits == 64) return Interval{kInt64Min, kInt64Max};
        int64_t half = int64_t{1} << (bits - 1);
        return Interval{-half, half - 1};
    }
    // u64 values reach 2^64 - 1, beyond int64: no finite upper bound.
    if (bits == 64) return Interval::at_least(0);
    if (bits == 63) return Interval{0, kInt64Max};
    return Interval{0, (int64_t{1} << bits) - 1};
}

/// Parses an integer literal (`42`, `-3`, `true`, `false`).
std::optional<int64_t> parse_integer(std::string text) {
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back())))
        text.pop_back();
    size_t start = 0;
    while (start < text.size() && std::isspace(static_cast<unsigned char>(text[start])))
        ++start;
    text = text.substr(start);
    if (text == "true") return 1;
    if (text == "false") return 0;
    if (text.empty()) return std::nullopt;
    size_t i = text[0] == '-' ? 1 : 0;
    if (i == text.size()) return std::nullopt;
    int64_t v = 0;
    for (; i < text.size(); ++i) {
        if (!std::isdigit(static_cast<unsigned char>(text[i]))) return std::nullopt;
        int digit = text[i] - '0';
        if (v > (kInt64Max - digit) / 10) return std::nullopt;
        v = v * 10 + digit;
    }
    return text[0] == '-' ? -v : v;
}

/// The elements of a scalar or rank-1 literal (`42`, `{1, 2, 3}`).
std::optional<std::vector<int64_t>> parse_literal(const std::string& literal) {
    std::string text = literal;
    size_t open = text.find('{');
    if (open == std::string::npos) {
        auto v = parse_integer(text);
        if (!v) return std::nullopt;
        return std::vector<int64_t>{*v};
    }
    size_t close = text.rfind('}');
    if (close == std::string::npos || close < open) return std::nullopt;
    std::vector<int64_t> out;
    std::string body = text.substr(open + 1, close - open - 1);
    if (body.find('{') != std::string::npos) return std::nullopt;  // rank > 1
    size_t pos = 0;
    while (pos <= body.size()) {
        size_t comma = body.find(',', pos);
        if (comma == std::string::npos) comma = body.size();
        auto v = parse_integer(body.substr(pos, comma - pos));
        if (!v) return std::nullopt;
        out.push_back(*v);
        pos = comma + 1;
    }
    return out;
}

/// `e` if its range over `bounds` fits `type`, else nullopt.
std::optional<Expr> fitting(Expr e, const std::string& type, const std::vector<Interval>& bounds) {
    auto range = integer_type_range(type);
    if (!range) return std::nullopt;
    bool may_fail = false;
    Interval r = interval_of(e, bounds, &may_fail);
    if (may_fail || r.is_empty() || !range->contains(r)) return std::nullopt;
    return e;
}

bool is_element_move(const std::string& opcode) {
    return opcode == "broadcast" || opcode == "reshape" || opcode == "bitcast" ||
           opcode == "transpose" || opcode == "reverse" || opcode == "slice" || opcode == "copy";
}

}  // namespace

std::optional<Expr> ComputationValues::value(int64_t operand, const std::vector<Expr>& index,
                                             const std::vector<Interval>& bounds) const {
    const HloInstruction& in = comp_.instruction(instr_);
    if (operand < 0 || operand >= static_cast<int64_t>(in.operands.size())) return std::nullopt;
    return instruction_value(in.operands[static_cast<size_t>(operand)], index, bounds);
}

std::optional<Expr> ComputationValues::instruction_value(int64_t idx,
                                                         const std::vector<Expr>& index,
                                                         const std::vector<Interval>& bounds,
                                                         int depth) const {
    if (depth > kMaxValueDepth || g_value_depth > kMaxValueDepth) return std::nullopt;
    detail::NestingGuard guard(g_value_depth);
    const HloInstruction& in = comp_.instruction(idx);
    const HloShape& shape = in.shape;
    if (shape.is_tuple || !integer_type_range(shape.element_type) ||
        static_cast<int64_t>(index.size()) != shape.rank()) {
        return std::nullopt;
    }
    const std::string& op = in.opcode;
    auto operand = [&](size_t k, const std::vector<Expr>& at) -> std::optional<Expr> {
        if (k >= in.operands.size()) return std::nullopt;
        return instruction_value(in.operands[k], at, bounds, depth + 1);
    };
    auto same_index_operand = [&](size_t k) -> std::optional<Expr> {
        if (k >= in.operand_shapes.size()) return std::nullopt;
        const HloShape& s = in.operand_shapes[k];
        if (s.is_tuple) return std::nullopt;
        if (s.rank() == 0) return operand(k, {});
        if (s.dims != shape.dims) return std::nullopt;
        return operand(k, index);
    };
    if (op == "constant") {
        auto elements = parse_literal(in.literal);
        // A literal of another element count than its shape's is no value
        // (an elided literal, `{...}`, does not parse).
        auto count = shape.num_elements();
        if (!elements || !count || static_cast<int64_t>(elements->size()) != *count) {
            return std::nullopt;
        }
        int64_t position = 0;
        if (shape.rank() == 1) {
            if (!index[0].is_constant()) return std::nullopt;
            position = index[0].constant_value();
        } else if (shape.rank() != 0) {
            return std::nullopt;
        }
        if (position < 0 || position >= static_cast<int64_t>(elements->size())) {
            return std::nullopt;
        }
        return fitting(ctx_.constant((*elements)[static_cast<size_t>(position)]),
                       shape.element_type, bounds);
    }
    if (op == "iota") {
        int64_t dim = in.iota_dimension                             ? *in.iota_dimension
                      : in.dimensions && in.dimensions->size() == 1 ? (*in.dimensions)[0]
                                                                    : -1;
        if (dim < 0 || dim >= shape.rank()) return std::nullopt;
        return fitting(index[static_cast<size_t>(dim)], shape.element_type, bounds);
    }
    if (op == "parameter") {
        if (!parameters_) return std::nullopt;
        auto v = parameters_->value(in.parameter_number, index, bounds);
        if (!v) return std::nullopt;
        return fitting(*v, shape.element_type, bounds);
    }
    if (op == "fusion") {
        const HloComputation* callee = module_.find_computation(in.calls);
        if (!callee || callee->root_instruction().shape.is_tuple) return std::nullopt;
        ComputationValues operands(ctx_, module_, comp_, idx, parameters_);
        ComputationValues inner(ctx_, module_, *callee, callee->root, &operands);
        return inner.instruction_value(callee->root, index, bounds, depth + 1);
    }
    if (is_element_move(op) || op == "convert") {
        if (in.operand_shapes.size() != 1 || in.operand_shapes[0].is_tuple) return std::nullopt;
        std::vector<Expr> at = index;
        if (op != "copy" && op != "convert") {
            auto sets = output_to_input_indexing(ctx_, module_, in, 0);
            if (!sets || sets->size() != 1 || (*sets)[0].size() != 1) return std::nullopt;
            const IndexingMap& m = (*sets)[0].front();
            if (m.state() != IndexingMap::State::Normal || m.num_symbols() != 0 ||
                !m.constraints().empty() || m.num_dims() != shape.rank()) {
                return std::nullopt;
            }
            at.clear();
            for (Expr r : m.results())
                at.push_back(substitute(r, index));
        }
        auto v = operand(0, at);
        if (!v) return std::nullopt;
        return fitting(*v, shape.element_type, bounds);
    }
    if (op == "negate") {
        auto a = same_index_operand(0);
        if (!a) return std::nullopt;
        return fitting(-*a, shape.element_type, bounds);
    }
    if (op == "add" || op == "subtract" || op == "multiply" || op == "maximum" || op == "minimum" ||
        op == "divide" || op == "remainder") {
        auto a = same_index_operand(0);
        auto b = a ? same_index_operand(1) : std::nullopt;
        if (!a || !b) return std::nullopt;
        std::optional<Expr> r;
        if (op == "add") r = *a + *b;
        if (op == "subtract") r = *a - *b;
        if (op == "multiply") r = *a * *b;
        if (op == "maximum") r = max(*a, *b);
        if (op == "minimum") r = min(*a, *b);
        if (op == "divide" || op == "remainder") {
            // HLO divides truncating toward zero: equal to floor division for
            // a non-negative numerator and a positive divisor.
            bool may_fail = false;
            Interval num = interval_of(*a, bounds, &may_fail);
            if (may_fail || num.is_empty() || num.lo_is_inf() || num.lo() < 0 ||
                !b->is_constant() || b->constant_value() <= 0) {
                return std::nullopt;
            }
            r = op == "divide" ? floor_div(*a, *b) : mod(*a, *b);
        }
        return fitting(*r, shape.element_type, bounds);
    }
    if (op == "clamp") {
        auto lo = same_index_operand(0);
        auto x = lo ? same_index_operand(1) : std::nullopt;
        auto hi = x ? same_index_operand(2) : std::nullopt;
        if (!lo || !x || !hi) return std::nullopt;
        return fitting(min(max(*x, *lo), *hi), shape.element_type, bounds);
    }
    return std::nullopt;
}

}  // namespace provix::hlo
