// Compile-time values of integer HLO operands (constants, iotas, integer
// arithmetic, element moves), as index expressions.

#include "provix/hlo/operand_values.h"

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

/// Elements a constant's look-up reads at most (the part of the literal its
/// index ranges over).
constexpr int64_t kMaxLiteralElements = 4096;

/// The element of a constant (its elements `elements`, row-major over
/// `dims`) at `index`, an expression over variables with `bounds`: the
/// element when the index is one position; the common value when every
/// position the index ranges over holds the same; `a + step * index[k]`
/// when only dimension k varies and the elements along it are an arithmetic
/// progression. Otherwise (or past kMaxLiteralElements) nullopt.
///
///     {5, 7, 9, 11} at (d0), d0 in [1, 3]   ==  d0 * 2 + 5
std::optional<Expr> constant_element(Context& ctx, const std::vector<int64_t>& elements,
                                     const std::vector<int64_t>& dims,
                                     const std::vector<Expr>& index,
                                     const std::vector<Interval>& bounds) {
    // The positions the index ranges over: a box inside the literal.
    std::vector<Interval> box;
    int64_t points = 1;
    std::optional<size_t> varying;
    size_t varying_count = 0;
    for (size_t k = 0; k < dims.size(); ++k) {
        bool may_fail = false;
        const Interval r = interval_of(index[k], bounds, &may_fail);
        if (may_fail || r.is_empty() || r.lo_is_inf() || r.hi_is_inf() || r.lo() < 0 ||
            r.hi() >= dims[k]) {
            return std::nullopt;
        }
        const int64_t extent = r.hi() - r.lo() + 1;
        if (extent > kMaxLiteralElements / points) return std::nullopt;
        points *= extent;
        if (extent > 1) {
            varying = k;
            ++varying_count;
        }
        box.push_back(r);
    }
    auto element_at = [&](const std::vector<int64_t>& position) {
        size_t flat = 0;
        for (size_t k = 0; k < dims.size(); ++k)
            flat = flat * static_cast<size_t>(dims[k]) + static_cast<size_t>(position[k]);
        return elements[flat];
    };
    std::vector<int64_t> position;
    for (const Interval& r : box)
        position.push_back(r.lo());
    const int64_t first = element_at(position);
    if (varying_count == 0) return ctx.constant(first);
    // Every position holds `first`?
    bool all_equal = true;
    std::vector<int64_t> p = position;
    for (bool more = true; more && all_equal;) {
        all_equal = element_at(p) == first;
        more = false;
        for (size_t k = dims.size(); k-- > 0;) {
            if (p[k] < box[k].hi()) {
                ++p[k];
                more = true;
                break;
            }
            p[k] = box[k].lo();
        }
    }
    if (all_equal) return ctx.constant(first);
    if (varying_count != 1) return std::nullopt;
    // One varying dimension k: element(lo + j) == first + step * j for every
    // j, so the value is (first - step * lo) + step * index[k] wherever the
    // index lies in the box (its values do: `box` is their interval).
    const size_t k = *varying;
    const int64_t lo = box[k].lo();
    p = position;
    p[k] = lo + 1;
    int64_t step = 0;
    if (__builtin_sub_overflow(element_at(p), first, &step)) return std::nullopt;
    for (int64_t j = 2; lo + j <= box[k].hi(); ++j) {
        int64_t previous = element_at(p);
        p[k] = lo + j;
        int64_t difference = 0;
        if (__builtin_sub_overflow(element_at(p), previous, &difference) || difference != step) {
            return std::nullopt;
        }
    }
    int64_t scaled = 0;
    int64_t offset = 0;
    if (__builtin_mul_overflow(step, lo, &scaled) ||
        __builtin_sub_overflow(first, scaled, &offset)) {
        return std::nullopt;
    }
    return index[k] * step + offset;
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
