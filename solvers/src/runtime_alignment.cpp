// Matching the runtime variables of two maps (see runtime_alignment.h).

#include "runtime_alignment.h"

#include <algorithm>
#include <set>
#include <unordered_map>
#include <vector>

namespace provix::solvers::detail {

namespace {

/// `e` with variable i renamed to `new_id[i]`, rebuilt node by node as it
/// is (not canonicalized: the oracles must see the expression as written).
class Renamer {
public:
    Renamer(Context& ctx, const std::vector<int64_t>& new_id) : ctx_(ctx), new_id_(new_id) {}

    Expr operator()(Expr e) {
        auto it = memo_.find(e.id());
        if (it != memo_.end()) return it->second;
        Expr out = e;
        if (e.is_variable()) {
            out = ctx_.variable(new_id_.at(static_cast<size_t>(e.variable_id())));
        } else if (e.num_operands() > 0) {
            std::vector<Expr> ops;
            for (size_t i = 0; i < e.num_operands(); ++i)
                ops.push_back((*this)(e.operand(i)));
            Result<Expr> made = ctx_.make(e.kind(), ops);
            out = made ? *made : build(e.kind(), ops);  // a literal 0 divisor is kept by build
        }
        memo_.emplace(e.id(), out);
        return out;
    }

private:
    Context& ctx_;
    const std::vector<int64_t>& new_id_;
    std::unordered_map<uint32_t, Expr> memo_;
};

/// `m` with runtime variables `rts` (in this order): each is one of m's own
/// (`own[j]`: its index among m's runtime variables; m's bounds are kept)
/// or a new unused one (`own[j] == -1`, with the bounds of `rts[j]`).
Result<IndexingMap> with_runtime_variables(const IndexingMap& m,
                                           const std::vector<IndexingVariable>& rts,
                                           const std::vector<int64_t>& own) {
    const int64_t d = m.num_dims(), r = m.num_range_vars();
    std::vector<int64_t> new_id(static_cast<size_t>(m.num_variables()));
    for (int64_t i = 0; i < d + r; ++i)
        new_id[static_cast<size_t>(i)] = i;
    for (size_t j = 0; j < own.size(); ++j) {
        if (own[j] >= 0) new_id[static_cast<size_t>(d + r + own[j])] = d + r + int64_t(j);
    }
    Context& ctx = *m.context();
    Renamer rename(ctx, new_id);
    std::vector<Expr> results;
    for (Expr e : m.results())
        results.push_back(rename(e));
    std::vector<Constraint> constraints;
    for (const Constraint& c : m.constraints())
        constraints.push_back({rename(c.expr), c.range});
    // Names must stay unique within the map: an added variable whose name
    // the map already uses gets a suffix.
    std::set<std::string> taken;
    for (int64_t i = 0; i < d + r; ++i)
        taken.insert(m.variable(i).name);
    std::vector<IndexingVariable> vars = rts;
    for (size_t j = 0; j < vars.size(); ++j) {
        if (own[j] >= 0) vars[j] = m.rt_vars()[static_cast<size_t>(own[j])];
    }
    for (IndexingVariable& v : vars) {
        std::string base = v.name;
        for (int k = 1; taken.count(v.name); ++k)
            v.name = base + "_" + std::to_string(k);
        taken.insert(v.name);
    }
    SymbolicMap sm = *SymbolicMap::get(ctx, d, r + static_cast<int64_t>(rts.size()), results);
    return IndexingMap::get(sm, m.dims().to_vector(), m.range_vars().to_vector(), vars,
                            constraints);
}

std::string names_of(const IndexingMap& m) {
    std::string out = "{";
    for (size_t i = 0; i < m.rt_vars().size(); ++i)
        out += (i ? ", " : "") + m.rt_vars()[i].name;
    return out + "}";
}

/// Index of the runtime variable named `name` in `m`, or -1.
int64_t find_runtime(const IndexingMap& m, const std::string& name) {
    const auto& rts = m.rt_vars();
    for (size_t i = 0; i < rts.size(); ++i) {
        if (rts[i].name == name) return static_cast<int64_t>(i);
    }
    return -1;
}

/// True if every runtime variable of `m` is named among `other`'s.
bool names_within(const IndexingMap& m, const IndexingMap& other) {
    for (const IndexingVariable& v : m.rt_vars()) {
        if (find_runtime(other, v.name) < 0) return false;
    }
    return true;
}

bool same_names_in_order(const IndexingMap& a, const IndexingMap& b) {
    if (a.num_rt_vars() != b.num_rt_vars()) return false;
    for (size_t i = 0; i < a.rt_vars().size(); ++i) {
        if (a.rt_vars()[i].name != b.rt_vars()[i].name) return false;
    }
    return true;
}

}  // namespace

Alignment align_runtime_variables(const IndexingMap& a, const IndexingMap& b,
                                  const RuntimeNarrowing& narrow) {
    Alignment out;
    bool by_name = names_within(a, b) || names_within(b, a);
    if (!by_name || same_names_in_order(a, b)) {
        if (a.num_rt_vars() == b.num_rt_vars()) {  // by position
            out.maps = AlignedMaps{a, b};
            return out;
        }
        out.status = Alignment::Status::DifferentInputs;
        out.reason = "the maps have different runtime variables (" + names_of(a) + " and " +
                     names_of(b) + "): different inputs";
        return out;
    }
    // By name: the union, in the order of the map with more of them (the
    // other's names are within it).
    const IndexingMap& big = names_within(b, a) ? a : b;
    const IndexingMap& small = &big == &a ? b : a;
    std::vector<IndexingVariable> all = big.rt_vars().to_vector();
    const int64_t first_rt = big.num_dims() + big.num_range_vars();
    for (size_t j = 0; j < all.size(); ++j) {
        if (find_runtime(small, all[j].name) >= 0 || !narrow) continue;
        // Only `big` has it: the values it takes on big's domain.
        Result<Interval> values = narrow(big, first_rt + static_cast<int64_t>(j));
        if (!values) {
            out.status = Alignment::Status::Unknown;
            out.reason =
                "the values of runtime variable " + all[j].name + ": " + values.error().message;
            return out;
        }
        if (!values->is_empty()) all[j].bounds = *values;
    }
    auto own_indices = [&](const IndexingMap& m) {
        std::vector<int64_t> own;
        for (const IndexingVariable& v : all)
            own.push_back(find_runtime(m, v.name));
        return own;
    };
    Result<IndexingMap> fa = with_runtime_variables(a, all, own_indices(a));
    Result<IndexingMap> fb = fa ? with_runtime_variables(b, all, own_indices(b)) : fa;
    if (!fa || !fb) {
        out.status = Alignment::Status::Unknown;
        out.reason = (!fa ? fa : fb).error().message;
        return out;
    }
    out.maps = AlignedMaps{*fa, *fb};
    return out;
}

}  // namespace provix::solvers::detail
