// MapSpec: building, taking apart and measuring indexing maps.

#include "provix/fuzz/map_spec.h"

#include "provix/symbolic_map.h"

namespace provix::fuzz {

namespace {

/// Number of significant bits of |v| (0 for 0).
int64_t bits(int64_t v) {
    uint64_t u = v < 0 ? 0 - static_cast<uint64_t>(v) : static_cast<uint64_t>(v);
    int64_t n = 0;
    while (u) {
        ++n;
        u >>= 1;
    }
    return n;
}

/// Nodes of `e` plus the bits of its constants, saturating.
int64_t expr_size(Expr e) {
    if (e.is_constant()) return 1 + bits(e.constant_value());
    if (e.is_variable()) return 2;
    int64_t n = 1;
    for (size_t i = 0; i < e.num_operands(); ++i) {
        n += expr_size(e.operand(i));
        if (n > (int64_t{1} << 40)) return n;
    }
    return n;
}

int64_t bounds_size(const Interval& b) {
    // An infinite side counts as small: shrinking towards [0, 0] from it is
    // still progress because finite bounds are tried as candidates.
    int64_t n = 2;
    if (!b.lo_is_inf()) n += bits(b.lo());
    if (!b.hi_is_inf()) n += bits(b.hi());
    return n;
}

uint64_t magnitude(int64_t v) {
    return v < 0 ? 0 - static_cast<uint64_t>(v) : static_cast<uint64_t>(v);
}

uint64_t sat_sum(uint64_t a, uint64_t b) { return a > UINT64_MAX - b ? UINT64_MAX : a + b; }

uint64_t expr_magnitude(Expr e) {
    if (e.is_constant()) return magnitude(e.constant_value());
    uint64_t n = 0;
    for (size_t i = 0; i < e.num_operands(); ++i)
        n = sat_sum(n, expr_magnitude(e.operand(i)));
    return n;
}

uint64_t bounds_magnitude(const Interval& b) {
    uint64_t n = 0;
    if (!b.lo_is_inf()) n = sat_sum(n, magnitude(b.lo()));
    if (!b.hi_is_inf()) n = sat_sum(n, magnitude(b.hi()));
    return n;
}

}  // namespace

IndexingVariable& MapSpec::variable(int64_t id) {
    size_t i = static_cast<size_t>(id);
    if (i < dims.size()) return dims[i];
    i -= dims.size();
    if (i < range_vars.size()) return range_vars[i];
    return rt_vars[i - range_vars.size()];
}

const IndexingVariable& MapSpec::variable(int64_t id) const {
    return const_cast<MapSpec*>(this)->variable(id);
}

Result<IndexingMap> build_map(Context& ctx, const MapSpec& spec) {
    SymbolicMap sm = *SymbolicMap::get(
        ctx, static_cast<int64_t>(spec.dims.size()),
        static_cast<int64_t>(spec.range_vars.size() + spec.rt_vars.size()), spec.results);
    return IndexingMap::get(sm, spec.dims, spec.range_vars, spec.rt_vars, spec.constraints);
}

MapSpec spec_of(const IndexingMap& map) {
    MapSpec s;
    s.dims = map.dims().to_vector();
    s.range_vars = map.range_vars().to_vector();
    s.rt_vars = map.rt_vars().to_vector();
    s.results = map.results().to_vector();
    s.constraints = map.constraints();
    return s;
}

int64_t spec_size(const MapSpec& spec) {
    int64_t n = 0;
    for (int64_t i = 0; i < spec.num_variables(); ++i)
        n += 4 + bounds_size(spec.variable(i).bounds);
    for (Expr r : spec.results)
        n += 2 + expr_size(r);
    for (const Constraint& c : spec.constraints)
        n += 3 + expr_size(c.expr) + bounds_size(c.range);
    return n;
}

uint64_t spec_magnitude(const MapSpec& spec) {
    uint64_t n = 0;
    for (int64_t i = 0; i < spec.num_variables(); ++i) {
        n = sat_sum(n, bounds_magnitude(spec.variable(i).bounds));
    }
    for (Expr r : spec.results)
        n = sat_sum(n, expr_magnitude(r));
    for (const Constraint& c : spec.constraints) {
        n = sat_sum(n, sat_sum(expr_magnitude(c.expr), bounds_magnitude(c.range)));
    }
    return n;
}

std::string spec_text(Context& ctx, const MapSpec& spec) {
    Result<IndexingMap> m = build_map(ctx, spec);
    if (!m) return "<invalid map: " + m.error().message + ">";
    return map_text(*m, spec);
}

std::string map_text(const IndexingMap& map, const MapSpec& spec) {
    std::string text = map.to_string();
    if (!spec.limit_literals) return text;
    // Bounds print as `[lo, hi]`; only an infinite end prints as `inf`.
    auto replace_all = [&](const std::string& from, const std::string& to) {
        for (size_t at = text.find(from); at != std::string::npos;
             at = text.find(from, at + to.size())) {
            text.replace(at, from.size(), to);
        }
    };
    replace_all("[-inf, ", "[-9223372036854775808, ");
    replace_all(", inf]", ", 9223372036854775807]");
    return text;
}

}  // namespace provix::fuzz
