// Checks of indexing maps against reference reads (see reference_check.h).

#include "reference_check.h"

#include <algorithm>

#include "provix/hlo/hlo_parser.h"

namespace provix::hlo::testing {

namespace {

std::string set_text(const std::set<Index>& s);

}  // namespace

std::string index_text(const Index& i) {
    std::string s = "(";
    for (size_t k = 0; k < i.size(); ++k)
        s += (k ? ", " : "") + std::to_string(i[k]);
    return s + ")";
}

namespace {

std::string set_text(const std::set<Index>& s) {
    std::string out = "{";
    for (const Index& i : s)
        out += index_text(i) + " ";
    return out + "}";
}

bool in_box(const Index& i, const Dims& dims) {
    if (i.size() != dims.size()) return false;
    for (size_t k = 0; k < i.size(); ++k) {
        if (i[k] < 0 || i[k] >= dims[k]) return false;
    }
    return true;
}

}  // namespace

std::string maps_text(const IndexingMapSet& maps) {
    std::string s;
    for (const IndexingMap& m : maps)
        s += m.to_string() + "\n// -----\n";
    return s;
}

/// Compares the map images with the reference reads: equal if `exact`,
/// else a superset. Returns a description of the first difference.
std::string compare_reads(const std::set<Index>& got, const std::set<Index>& want, bool exact) {
    bool ok = exact ? got == want : std::includes(got.begin(), got.end(), want.begin(), want.end());
    if (ok) return "";
    return "maps name " + set_text(got) + ", reference reads " + set_text(want);
}

/// The in-bounds results of `maps` at dimension point `dims`, over every
/// range variable value satisfying the domain; `error` is set when a map
/// cannot be evaluated this way.
std::set<Index> image(const IndexingMapSet& maps, const Index& dims, const Dims& target,
                      const RtFn& rt, int64_t operand, std::string& error, bool in_bounds_only) {
    std::set<Index> out;
    for (const IndexingMap& m : maps) {
        if (m.is_known_empty()) continue;
        if (m.is_undefined() || m.num_dims() != static_cast<int64_t>(dims.size())) {
            error = "map does not fit the point:\n" + m.to_string();
            return out;
        }
        Dims range_sizes;
        Index range_lo;
        for (const IndexingVariable& v : m.range_vars()) {
            range_lo.push_back(v.bounds.lo());
            range_sizes.push_back(v.bounds.hi() - v.bounds.lo() + 1);
        }
        for (Index r : all_indices(range_sizes)) {
            for (size_t k = 0; k < r.size(); ++k)
                r[k] += range_lo[k];
            Index rtv = rt ? rt(operand, dims, r) : Index{};
            if (static_cast<int64_t>(rtv.size()) != m.num_rt_vars()) {
                error = "cannot bind the runtime variables of\n" + m.to_string();
                return out;
            }
            Index values = dims;
            values.insert(values.end(), r.begin(), r.end());
            values.insert(values.end(), rtv.begin(), rtv.end());
            if (m.membership(values) != Membership::Inside) continue;
            auto result = m.evaluate(values);
            if (!result) {
                error = "evaluation failed: " + result.error().message;
                return out;
            }
            if (in_box(*result, target)) {
                out.insert(*result);
            } else if (in_bounds_only) {
                error = "the map names " + index_text(*result) + ", outside the operand, at " +
                        index_text(values) + ":\n" + m.to_string();
                return out;
            }
        }
    }
    return out;
}

/// Checks both directions of every operand with reference reads.
std::string check_instance(const OpInstance& op) {
    Context ctx;
    auto module = parse_hlo_module(op.hlo, "case.hlo");
    if (!module) return "parse error:\n" + module.error().message + "\n" + op.hlo;
    const HloInstruction& root = module->entry_computation().root_instruction();
    auto sets = output_to_input_indexing(ctx, *module, root, 0);
    if (!sets) return "analysis error:\n" + sets.error().message + "\n" + op.hlo;
    for (size_t j = 0; j < op.reads.size(); ++j) {
        const int64_t jj = static_cast<int64_t>(j);
        std::string error;
        for (const Index& o : all_indices(op.out_dims)) {
            auto it = op.reads[j].find(o);
            std::set<Index> want = it == op.reads[j].end() ? std::set<Index>{} : it->second;
            auto got =
                image((*sets)[j], o, op.operand_dims[j], op.rt_out_to_in, jj, error, op.exact[j]);
            std::string diff = error.empty() ? compare_reads(got, want, op.exact[j]) : error;
            if (!diff.empty()) {
                return op.hlo + "output-to-input, operand " + std::to_string(j) + ", output " +
                       index_text(o) + ": " + diff + "\n" + maps_text((*sets)[j]);
            }
        }
        auto maps = input_to_output_indexing(ctx, *module, root, jj, 0);
        if (!maps) return "analysis error:\n" + maps.error().message + "\n" + op.hlo;
        std::map<Index, std::set<Index>> readers;
        for (const auto& [o, xs] : op.reads[j]) {
            for (const Index& x : xs)
                readers[x].insert(o);
        }
        for (const Index& x : all_indices(op.operand_dims[j])) {
            std::set<Index> want = readers[x];
            auto got = image(*maps, x, op.out_dims, op.rt_in_to_out, jj, error, op.exact[j]);
            std::string diff = error.empty() ? compare_reads(got, want, op.exact[j]) : error;
            if (!diff.empty()) {
                return op.hlo + "input-to-output, operand " + std::to_string(j) + ", element " +
                       index_text(x) + ": " + diff + "\n" + maps_text(*maps);
            }
        }
    }
    return "";
}

}  // namespace provix::hlo::testing
