// Indexing maps through a computation: composition along every path between
// the root and the parameters, with de-duplication.

#include "provix/hlo/computation_indexing.h"

#include <algorithm>
#include <map>
#include <utility>

#include "op_maps.h"
#include "provix/hlo/enumerated_equivalence.h"
#include "provix/hlo/hlo_parser.h"
#include "provix/interval_eval.h"
#include "provix/simplify.h"

namespace provix::hlo {

namespace {

/// Budget for the enumeration check of `add_distinct` (kept small: it runs
/// for every new map of a fusion).
constexpr int64_t kDedupEnumerationBudget = int64_t{1} << 16;

/// Maps keyed by (instruction index, output index).
using MapTable = std::map<std::pair<int64_t, int64_t>, IndexingMapSet>;

/// True if `m` is `(d0, ..., dn-1) -> (d0, ..., dn-1)` with no symbol and no
/// constraint.
bool is_plain_identity(const IndexingMap& m) {
    if (m.state() != IndexingMap::State::Normal || m.num_symbols() != 0 ||
        !m.constraints().empty() || m.num_results() != m.num_dims()) {
        return false;
    }
    for (int64_t i = 0; i < m.num_results(); ++i) {
        Expr r = m.results()[static_cast<size_t>(i)];
        if (!r.is_variable() || r.variable_id() != i) return false;
    }
    return true;
}

/// `m` with every variable named `d<i>`, `s<i>`, `rt<i>`.
Result<IndexingMap> with_default_names(const IndexingMap& m) {
    if (m.state() != IndexingMap::State::Normal) return m;
    auto unnamed = [](const IndexingVariables& vars) {
        std::vector<IndexingVariable> out;
        for (const IndexingVariable& v : vars)
            out.push_back({v.bounds, ""});
        return out;
    };
    return IndexingMap::get(m.symbolic_map(), unnamed(m.dims()), unnamed(m.range_vars()),
                            unnamed(m.rt_vars()), m.constraints());
}

/// The instructions the root depends on, in an order where operands come
/// first (instruction order: the reader requires operands to be defined
/// before use).
std::vector<int64_t> reachable_in_order(const HloComputation& comp) {
    std::vector<bool> reached(comp.instructions.size(), false);
    std::vector<int64_t> stack{comp.root};
    reached[static_cast<size_t>(comp.root)] = true;
    while (!stack.empty()) {
        int64_t i = stack.back();
        stack.pop_back();
        for (int64_t op : comp.instruction(i).operands) {
            if (!reached[static_cast<size_t>(op)]) {
                reached[static_cast<size_t>(op)] = true;
                stack.push_back(op);
            }
        }
    }
    std::vector<int64_t> order;
    for (size_t i = 0; i < reached.size(); ++i) {
        if (reached[i]) order.push_back(static_cast<int64_t>(i));
    }
    return order;
}

Result<bool> check_root_output(const HloModule& module, const HloComputation& comp,
                               int64_t output_id) {
    const HloInstruction& root = comp.root_instruction();
    int64_t n = num_outputs(root);
    if (output_id < 0 || output_id >= n) {
        return module.error_at(root.opcode_location,
                               "the root '" + root.name + "' has " + std::to_string(n) +
                                   " output(s); there is no output " + std::to_string(output_id));
    }
    if (output_shape(root, output_id).is_tuple) {
        return module.error_at(root.opcode_location, "nested tuple outputs are not supported");
    }
    return true;
}

/// The output index of operand `j` that `instr` reads: the element for
/// get-tuple-element, else 0 (tuple-shaped operands are only read by
/// get-tuple-element).
Result<int64_t> operand_output(const HloModule& module, const HloInstruction& instr, size_t j) {
    if (instr.opcode == "get-tuple-element") return instr.tuple_index.value_or(0);
    if (instr.operand_shapes[j].is_tuple && is_supported_opcode(instr.opcode)) {
        return module.error_at(instr.opcode_location,
                               instr.opcode +
                                   ": tuple-shaped operands are only supported through "
                                   "get-tuple-element");
    }
    return 0;
}

/// Adds every composition of a map of `from` with a map of `with` to `to`;
/// if either is UNKNOWN, so is `to`.
Result<bool> add_compositions(const IndexingMapSet& from, const IndexingMapSet& with,
                              const HloInstruction& through, IndexingMapSet& to) {
    if (from.is_unknown() || with.is_unknown()) {
        to.absorb_unknown(from);
        to.absorb_unknown(with);
        return true;
    }
    for (const IndexingMap& first : from) {
        for (const IndexingMap& second : with) {
            auto c = compose_and_simplify(first, second);
            if (!c) return c.error();
            if (!*c) {
                to.mark_unknown(UnknownOp{through.opcode, through.name, through.opcode_location,
                                          UnknownOp::Reason::TooLarge});
                return true;
            }
            add_distinct(to, std::move(**c));
        }
    }
    return true;
}

/// The nodes of `m`'s results and constraints counted as trees, saturating.
size_t tree_size(const IndexingMap& m) {
    size_t total = 0;
    auto add = [&](Expr e) {
        const size_t n = e.tree_size();
        total = total > SIZE_MAX - n ? SIZE_MAX : total + n;
    };
    for (Expr r : m.results())
        add(r);
    for (const Constraint& c : m.constraints())
        add(c.expr);
    return total;
}

/// True if `set` is worth propagating: it has maps or is UNKNOWN.
bool reached(const IndexingMapSet& set) { return !set.empty() || set.is_unknown(); }

/// Checks instruction `idx` of `comp` (operands, shapes, attributes) as the
/// output-to-input maps of each of its outputs check it, for an instruction
/// whose maps no path asks for: every instruction the root depends on is
/// part of the module, and bad input is an error wherever it is.
Result<bool> check_instruction(Context& ctx, const HloModule& module, const HloComputation& comp,
                               int64_t idx, const OperandValues* parameter_values) {
    const HloInstruction& instr = comp.instruction(idx);
    if (instr.opcode == "parameter") return true;
    if (instr.opcode == "iota" || instr.opcode == "constant") {
        auto g = generator_indexing(ctx, module, instr);
        if (!g) return g.error();
        return true;
    }
    ComputationValues values(ctx, module, comp, idx, parameter_values);
    for (int64_t k = 0; k < num_outputs(instr); ++k) {
        auto sets = output_to_input_indexing(ctx, module, instr, k, &values);
        if (!sets) return sets.error();
    }
    return true;
}

}  // namespace

Result<std::optional<IndexingMap>> compose_and_simplify(const IndexingMap& first,
                                                        const IndexingMap& second) {
    Context* ctx = first.context();
    if (first.is_known_empty() || second.is_known_empty()) {
        if (first.is_undefined() || second.is_undefined()) {
            return std::optional<IndexingMap>(IndexingMap::undefined(*ctx));
        }
        return std::optional<IndexingMap>(IndexingMap::known_empty(*ctx));
    }
    if (is_plain_identity(first) && first.num_dims() == second.num_dims()) {
        // The composition is second with its dims bounded by first's too.
        bool within = true;
        for (int64_t i = 0; i < first.num_dims(); ++i) {
            within &= first.dims()[static_cast<size_t>(i)].bounds.contains(
                second.dims()[static_cast<size_t>(i)].bounds);
        }
        if (within) return std::optional<IndexingMap>(second);
    }
    if (is_plain_identity(second) && second.num_dims() == first.num_results()) {
        // first's results already lie in second's bounds: nothing to add.
        std::vector<Interval> bounds = first.variable_bounds();
        bool inside = true;
        for (int64_t i = 0; i < first.num_results() && inside; ++i) {
            bool may_fail = false;
            Interval r = interval_of(first.results()[static_cast<size_t>(i)], bounds, &may_fail);
            inside = !may_fail && second.dims()[static_cast<size_t>(i)].bounds.contains(r);
        }
        if (inside) return std::optional<IndexingMap>(first);
    }
    auto composed = compose_indexing_maps(first, second);
    if (!composed) return composed.error();
    if (tree_size(*composed) > kMaxComposedMapSize) return std::optional<IndexingMap>();
    simplify(*composed);
    composed->remove_unused_range_variables();
    auto named = with_default_names(*composed);
    if (!named) return named.error();
    return std::optional<IndexingMap>(std::move(*named));
}

bool add_distinct(IndexingMapSet& set, IndexingMap map) {
    if (set.is_unknown()) return false;
    if (map.is_known_empty()) {
        if (!set.empty()) return false;
        set.push_back(std::move(map));
        return true;
    }
    if (set.is_known_empty()) set.clear();
    // Maps may come unsimplified (single operations keep the form they are
    // built in): compare simplified copies too.
    auto simplified = [](IndexingMap m) {
        simplify(m);
        return m;
    };
    const IndexingMap map_simplified = simplified(map);
    for (const IndexingMap& m : set) {
        if (m == map || simplified(m) == map_simplified) return false;
    }
    for (const IndexingMap& m : set) {
        if (equivalent_by_enumeration(m, map, kDedupEnumerationBudget) ==
            std::optional<bool>(true)) {
            return false;
        }
    }
    std::string text = map.to_string();
    auto pos = std::find_if(set.begin(), set.end(),
                            [&](const IndexingMap& m) { return text < m.to_string(); });
    set.insert(pos, std::move(map));
    return true;
}

Result<std::vector<IndexingMapSet>> computation_output_to_input(
    Context& ctx, const HloModule& module, const HloComputation& comp, int64_t output_id,
    const OperandValues* parameter_values,
    std::vector<std::pair<int64_t, IndexingMapSet>>* generators) {
    auto ok = check_root_output(module, comp, output_id);
    if (!ok) return ok.error();
    MapTable table;
    const HloInstruction& root = comp.root_instruction();
    auto start = detail::identity_map(ctx, output_shape(root, output_id).dims);
    if (!start) return start.error();
    table[{comp.root, output_id}].push_back(std::move(*start));

    std::vector<int64_t> order = reachable_in_order(comp);
    for (auto it = order.rbegin(); it != order.rend(); ++it) {
        const int64_t idx = *it;
        const HloInstruction& instr = comp.instruction(idx);
        // Parameters, iotas and constants read no operand: nothing to pass on.
        const bool reads_operands =
            instr.opcode != "parameter" && instr.opcode != "iota" && instr.opcode != "constant";
        bool checked = false;  // by the maps of an output a path reaches
        for (int64_t k = 0; reads_operands && k < num_outputs(instr); ++k) {
            auto found = table.find({idx, k});
            if (found == table.end() || !reached(found->second)) continue;
            checked = true;
            const IndexingMapSet consumer = found->second;
            ComputationValues values(ctx, module, comp, idx, parameter_values);
            auto sets = output_to_input_indexing(ctx, module, instr, k, &values);
            if (!sets) return sets.error();
            for (size_t j = 0; j < instr.operands.size(); ++j) {
                auto out = operand_output(module, instr, j);
                if (!out) return out.error();
                IndexingMapSet& target = table[{instr.operands[j], *out}];
                auto added = add_compositions(consumer, (*sets)[j], instr, target);
                if (!added) return added.error();
            }
        }
        if (!checked) {
            auto ok = check_instruction(ctx, module, comp, idx, parameter_values);
            if (!ok) return ok.error();
        }
    }
    if (generators) {
        for (const auto& [key, maps] : table) {
            const std::string& op = comp.instruction(key.first).opcode;
            if ((op == "constant" || op == "iota") && reached(maps)) {
                generators->emplace_back(key.first, maps);
            }
        }
    }
    std::vector<IndexingMapSet> result;
    for (int64_t p : comp.parameters) {
        if (comp.instruction(p).shape.is_tuple) {
            for (const auto& [key, maps] : table) {
                if (key.first == p && reached(maps)) {
                    return module.error_at(comp.instruction(p).opcode_location,
                                           "tuple-shaped parameters are not supported");
                }
            }
        }
        auto found = table.find({p, 0});
        result.push_back(found == table.end() ? IndexingMapSet{} : found->second);
    }
    return result;
}

Result<std::vector<IndexingMapSet>> computation_input_to_output(
    Context& ctx, const HloModule& module, const HloComputation& comp, int64_t output_id,
    const OperandValues* parameter_values) {
    auto ok = check_root_output(module, comp, output_id);
    if (!ok) return ok.error();
    std::vector<int64_t> order = reachable_in_order(comp);
    // Each instruction checked once, in order, before any map is built: the
    // maps below are only built where a parameter's maps reach, and a
    // get-tuple-element only passes its tuple element's maps on.
    for (int64_t idx : order) {
        auto ok = check_instruction(ctx, module, comp, idx, parameter_values);
        if (!ok) return ok.error();
    }
    std::vector<IndexingMapSet> result;
    for (int64_t p : comp.parameters) {
        const HloInstruction& param = comp.instruction(p);
        MapTable table;
        if (param.shape.is_tuple) {
            if (std::binary_search(order.begin(), order.end(), p)) {
                return module.error_at(param.opcode_location,
                                       "tuple-shaped parameters are not supported");
            }
            result.emplace_back();
            continue;
        }
        auto start = detail::identity_map(ctx, param.shape.dims);
        if (!start) return start.error();
        table[{p, 0}].push_back(std::move(*start));
        for (int64_t idx : order) {
            if (idx <= p) continue;  // operands come first: nothing before p reads it
            const HloInstruction& instr = comp.instruction(idx);
            if (instr.opcode == "get-tuple-element") {
                auto found = table.find({instr.operands[0], instr.tuple_index.value_or(0)});
                if (found != table.end()) table[{idx, 0}] = found->second;
                continue;
            }
            for (size_t j = 0; j < instr.operands.size(); ++j) {
                auto found = table.find({instr.operands[j], 0});
                if (found == table.end() || !reached(found->second)) continue;
                auto out = operand_output(module, instr, j);
                if (!out) return out.error();
                const IndexingMapSet producer = found->second;
                ComputationValues values(ctx, module, comp, idx, parameter_values);
                for (int64_t k = 0; k < num_outputs(instr); ++k) {
                    auto maps = input_to_output_indexing(ctx, module, instr,
                                                         static_cast<int64_t>(j), k, &values);
                    if (!maps) return maps.error();
                    auto added = add_compositions(producer, *maps, instr, table[{idx, k}]);
                    if (!added) return added.error();
                }
            }
        }
        auto found = table.find({comp.root, output_id});
        result.push_back(found == table.end() ? IndexingMapSet{} : found->second);
    }
    return result;
}

}  // namespace provix::hlo
