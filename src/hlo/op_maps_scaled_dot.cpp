// Maps of scaled-dot(lhs, rhs, lhs_scale, rhs_scale): the dot's maps for lhs
// and rhs; a scale holds one value per block of its operand (each operand
// dimension is the scale's dimension times a block size), so the scale's
// map divides each operand index by the block size:
//
//     lhs f32[2,10], lhs_scale f32[2,2]: lhs (d0, s0) gives scale (d0, s0 floordiv 5)

#include "op_maps.h"

namespace provix::hlo::detail {

namespace {

/// The block size of each dimension of scale operand `scale` (2 or 3) over
/// operand `scale - 2`; errors unless the scale divides the operand.
Result<std::vector<int64_t>> block_sizes(const OpInfo& op, int64_t scale) {
    const HloShape& s = op.operand(scale);
    const HloShape& x = op.operand(scale - 2);
    if (s.is_tuple || s.rank() != x.rank()) {
        return op.error("scale operand " + std::to_string(scale) + " " + s.to_string() +
                        " must have the rank of operand " + std::to_string(scale - 2));
    }
    std::vector<int64_t> blocks;
    for (size_t i = 0; i < s.dims.size(); ++i) {
        if (s.dims[i] == x.dims[i]) {
            blocks.push_back(1);
        } else if (s.dims[i] > 0 && x.dims[i] % s.dims[i] == 0) {
            blocks.push_back(x.dims[i] / s.dims[i]);
        } else {
            return op.error("scale dimension " + std::to_string(i) + " (" +
                            std::to_string(s.dims[i]) + ") does not divide the operand's (" +
                            std::to_string(x.dims[i]) + ")");
        }
    }
    return blocks;
}

}  // namespace

Result<std::vector<IndexingMapSet>> scaled_dot_output_to_input(const OpInfo& op) {
    auto sets = dot_output_to_input(op);
    if (!sets) return sets.error();
    for (int64_t scale = 2; scale < 4; ++scale) {
        auto blocks = block_sizes(op, scale);
        if (!blocks) return blocks.error();
        IndexingMap m = (*sets)[static_cast<size_t>(scale - 2)].front();
        if (m.state() == IndexingMap::State::Normal) {
            std::vector<Expr> results = m.results().to_vector();
            for (size_t i = 0; i < results.size(); ++i) {
                if ((*blocks)[i] != 1) results[i] = floor_div(results[i], (*blocks)[i]);
            }
            m.set_results(std::move(results));
        }
        sets->push_back(IndexingMapSet{std::move(m)});
    }
    return sets;
}

Result<IndexingMapSet> scaled_dot_input_to_output(const OpInfo& op, int64_t operand) {
    if (operand < 2) return dot_input_to_output(op, operand);
    auto blocks = block_sizes(op, operand);
    if (!blocks) return blocks.error();
    auto dot_map = dot_input_to_output(op, operand - 2);
    if (!dot_map) return dot_map.error();
    // Scale element x covers operand elements x * block + s, s in [0, block - 1].
    MapBuilder b(op.ctx);
    std::vector<Expr> x = b.add_dims(op.operand(operand).dims);
    std::vector<Expr> covered;
    for (size_t i = 0; i < x.size(); ++i) {
        int64_t block = (*blocks)[i];
        covered.push_back(block == 1 ? x[i] : x[i] * block + b.add_range_var({0, block - 1}));
    }
    auto cover = b.build(covered);
    if (!cover) return cover.error();
    return single_map(compose_indexing_maps(*cover, dot_map->front()));
}

}  // namespace provix::hlo::detail
