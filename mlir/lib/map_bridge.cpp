// MLIR affine maps to provix indexing maps and back (see map_bridge.h).

#include "map_bridge.h"

#include <llvm/ADT/SmallVector.h>
#include <llvm/Support/raw_ostream.h>
#include <mlir/IR/AffineExpr.h>
#include <mlir/IR/BuiltinAttributes.h>
#include <mlir/IR/Diagnostics.h>
#include <mlir/Parser.h>

#include "provix/mlir_syntax.h"

namespace provix::mlir_bridge {

std::string mlir_text(mlir::AffineMap map) {
    std::string text;
    llvm::raw_string_ostream os(text);
    mlir::AffineMapAttr::get(map).print(os);
    return os.str();
}

Result<IndexingMap> to_provix(Context& ctx, mlir::AffineMap map) {
    auto defs = parse_mlir_affine(ctx, mlir_text(map));
    if (!defs) return defs.error();
    if (defs->size() != 1) return Error::invalid("expected one affine map");
    return std::move((*defs)[0].map);
}

unsigned first_equal_operand(mlir::ValueRange operands, unsigned i) {
    for (unsigned j = 0; j < i; ++j)
        if (operands[j] == operands[i]) return j;
    return i;
}

void add_operand_facts(IndexingMap& m, mlir::ValueRange operands, ValueFacts& facts) {
    Context& ctx = *m.context();
    const int64_t n = std::min<int64_t>(m.num_variables(), static_cast<int64_t>(operands.size()));
    for (int64_t i = 0; i < n && !m.is_known_empty(); ++i) {
        mlir::Value v = operands[static_cast<unsigned>(i)];
        ValueFact f = facts.fact(v);
        m.set_variable_bounds(i, m.variable(i).bounds.intersect(f.range));
        if (f.modulus > 1 && !m.is_known_empty()) {
            m.add_constraint(mod(ctx.variable(i), f.modulus), Interval::point(f.residue));
        }
        const unsigned j = first_equal_operand(operands, static_cast<unsigned>(i));
        if (j != i && !m.is_known_empty())
            m.add_constraint(ctx.variable(i) - ctx.variable(j), Interval::point(0));
    }
}

std::vector<Expr> with_equal_operands_merged(const IndexingMap& m, mlir::ValueRange operands) {
    Context& ctx = *m.context();
    const int64_t n = std::min<int64_t>(m.num_variables(), static_cast<int64_t>(operands.size()));
    std::vector<Expr> repl(static_cast<size_t>(m.num_variables()));
    bool any = false;
    for (int64_t i = 0; i < n; ++i) {
        const unsigned j = first_equal_operand(operands, static_cast<unsigned>(i));
        repl[static_cast<size_t>(i)] = ctx.variable(j);
        any |= j != i;
    }
    if (!any) return m.results().to_vector();
    for (int64_t i = n; i < m.num_variables(); ++i)
        repl[static_cast<size_t>(i)] = ctx.variable(i);
    std::vector<Expr> out;
    for (Expr r : m.results())
        out.push_back(substitute(r, repl));
    return out;
}

mlir::AffineMap with_equal_operands_merged(mlir::AffineMap map, mlir::ValueRange operands) {
    const unsigned nd = map.getNumDims(), ns = map.getNumSymbols();
    llvm::SmallVector<mlir::AffineExpr, 4> dims, symbols;
    for (unsigned i = 0; i < nd + ns; ++i) {
        const unsigned j = i < operands.size() ? first_equal_operand(operands, i) : i;
        (i < nd ? dims : symbols)
            .push_back(j < nd ? mlir::getAffineDimExpr(j, map.getContext())
                              : mlir::getAffineSymbolExpr(j - nd, map.getContext()));
    }
    return map.replaceDimsAndSymbols(dims, symbols, nd, ns);
}

Result<mlir::AffineMap> to_mlir(const IndexingMap& m, int64_t num_dims, mlir::MLIRContext* ctx) {
    Result<std::string> text = to_mlir_affine_map(m, num_dims);
    if (!text) return text.error();
    // MLIR's parser reports failures to the context: keep them out of the
    // tool's output, the error is returned instead.
    mlir::ScopedDiagnosticHandler silence(ctx, [](mlir::Diagnostic&) { return mlir::success(); });
    mlir::Attribute attr = mlir::parseAttribute(*text, ctx);
    auto map_attr = attr ? attr.dyn_cast<mlir::AffineMapAttr>() : mlir::AffineMapAttr();
    if (!map_attr) return Error::invalid("MLIR does not read '" + *text + "'");
    return map_attr.getValue();
}

}  // namespace provix::mlir_bridge
