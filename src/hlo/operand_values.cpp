// Compile-time values of integer HLO operands (constants, iotas, integer
// arithmetic, element moves), as index expressions.

#include "provix/hlo/operand_values.h"

#include <algorithm>
#include <cctype>
#include <string>

#include "integer_literal.h"
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

/// Points a constant's look-up enumerates at most (the values of the
/// variables its index reads).
constexpr int64_t kMaxLiteralPoints = 4096;

/// The element of a constant (its elements `elements`, row-major over
/// `dims`) at `index`, expressions over variables with `bounds`, found by
/// reading the element at every point of the box of the variables the index
/// uses: their common value when all are equal; `a + step * v` when only
/// variable v takes more than one value and the elements step evenly with
/// it. Otherwise (an index outside the literal somewhere in the box, an
/// unbounded variable, more than kMaxLiteralPoints points) nullopt. Through
/// a reshape, the index of `{5, 7, 9, 11}` read as s32[2, 2] at (d0, 1) is
/// (d0 * 2 + 1): `d0 * 4 + 7`.
std::optional<Expr> constant_element(Context& ctx, const std::vector<int64_t>& elements,
                                     const std::vector<int64_t>& dims,
                                     const std::vector<Expr>& index,
                                     const std::vector<Interval>& bounds) {
    std::vector<bool> used;
    for (Expr e : index)
        collect_variables(e, used);
    if (used.size() > bounds.size()) return std::nullopt;
    // The box: each used variable over its bounds, the others at 0 (unread).
    std::vector<Interval> box(bounds.size(), Interval::point(0));
    int64_t points = 1;
    std::vector<size_t> varying;
    for (size_t v = 0; v < used.size(); ++v) {
        if (!used[v]) continue;
        const Interval& b = bounds[v];
        if (b.is_empty() || b.lo_is_inf() || b.hi_is_inf()) return std::nullopt;
        int64_t extent = 0;
        if (__builtin_sub_overflow(b.hi(), b.lo(), &extent) || extent >= kMaxLiteralPoints ||
            extent + 1 > kMaxLiteralPoints / points) {
            return std::nullopt;
        }
        points *= extent + 1;
        if (extent > 0) varying.push_back(v);
        box[v] = b;
    }
    // The elements at the box's points, in its order (the last variable
    // fastest): with one varying variable, in the order of its values.
    std::vector<int64_t> read;
    std::vector<int64_t> values;
    for (const Interval& b : box)
        values.push_back(b.lo());
    for (bool more = true; more;) {
        size_t flat = 0;
        for (size_t k = 0; k < dims.size(); ++k) {
            Result<int64_t> position = evaluate(index[k], values);
            if (!position || *position < 0 || *position >= dims[k]) return std::nullopt;
            flat = flat * static_cast<size_t>(dims[k]) + static_cast<size_t>(*position);
        }
        read.push_back(elements[flat]);
        more = false;
        for (size_t v = box.size(); v-- > 0;) {
            if (values[v] < box[v].hi()) {
                ++values[v];
                more = true;
                break;
            }
            values[v] = box[v].lo();
        }
    }
    const int64_t first = read.front();
    if (std::all_of(read.begin(), read.end(), [&](int64_t e) { return e == first; })) {
        return ctx.constant(first);
    }
    if (varying.size() != 1) return std::nullopt;
    // read[j] is the element at v = lo + j: if read[j] == first + step * j
    // for every j, the element is (first - step * lo) + step * v wherever v
    // lies in its bounds.
    int64_t step = 0;
    if (__builtin_sub_overflow(read[1], read[0], &step)) return std::nullopt;
    for (size_t j = 2; j < read.size(); ++j) {
        int64_t difference = 0;
        if (__builtin_sub_overflow(read[j], read[j - 1], &difference) || difference != step) {
            return std::nullopt;
        }
    }
    const size_t v = varying.front();
    int64_t scaled = 0;
    int64_t offset = 0;
    if (__builtin_mul_overflow(step, box[v].lo(), &scaled) ||
        __builtin_sub_overflow(first, scaled, &offset)) {
        return std::nullopt;
    }
    return ctx.variable(static_cast<int64_t>(v)) * step + offset;
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
        // An elided literal (`{...}`) or one of another shape is no value.
        auto elements = detail::parse_integer_literal(in.literal, shape.dims);
        if (!elements) return std::nullopt;
        auto v = constant_element(ctx_, *elements, shape.dims, index, bounds);
        if (!v) return std::nullopt;
        return fitting(*v, shape.element_type, bounds);
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
