// The pass `--provix-simplify-affine` (see provix/mlir/simplify_affine.h).

#include <llvm/Support/CommandLine.h>
#include <mlir/Dialect/Affine/IR/AffineOps.h>
#include <mlir/IR/BuiltinAttributes.h>
#include <mlir/Pass/Pass.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "map_bridge.h"
#include "provix/mlir/simplify_affine.h"
#include "provix/simplify.h"
#include "value_facts.h"
#include "wrap_check.h"
#ifdef PROVIX_MLIR_HAVE_SOLVERS
#include "provix/solvers/oracle.h"
#endif

namespace provix::mlir_bridge {

namespace {

llvm::cl::opt<bool> verify_flag(
    "provix-verify",
    llvm::cl::desc("Check every rewrite of --provix-simplify-affine with the exact oracle and "
                   "apply only the proven ones"),
    llvm::cl::init(false));

/// How an op combines its map's results.
enum class Combine { Each, Min, Max };

/// The op's map and its operands, if the op is one the pass rewrites.
struct AffineUse {
    mlir::AffineMap map;
    mlir::ValueRange operands;
    Combine combine = Combine::Each;
};

std::optional<AffineUse> affine_use(mlir::Operation* op) {
    if (auto apply = llvm::dyn_cast<mlir::AffineApplyOp>(op)) {
        return AffineUse{apply.getAffineMap(), apply.getMapOperands(), Combine::Each};
    }
    if (auto load = llvm::dyn_cast<mlir::AffineLoadOp>(op)) {
        return AffineUse{load.getAffineMap(), load.getMapOperands(), Combine::Each};
    }
    if (auto store = llvm::dyn_cast<mlir::AffineStoreOp>(op)) {
        return AffineUse{store.getAffineMap(), store.getMapOperands(), Combine::Each};
    }
    if (auto min = llvm::dyn_cast<mlir::AffineMinOp>(op)) {
        return AffineUse{min.getAffineMap(), min.getMapOperands(), Combine::Min};
    }
    if (auto max = llvm::dyn_cast<mlir::AffineMaxOp>(op)) {
        return AffineUse{max.getAffineMap(), max.getMapOperands(), Combine::Max};
    }
    return std::nullopt;
}

/// `min(r0, min(r1, ...))` (or max) as one expression.
Expr combined(const std::vector<Expr>& results, Combine c) {
    Expr acc = results[0];
    for (size_t i = 1; i < results.size(); ++i)
        acc = c == Combine::Min ? provix::min(acc, results[i]) : provix::max(acc, results[i]);
    return acc;
}

/// The operands of nested mins (or maxes) of `e`, in order: the results of
/// the simplified `affine.min` (max).
void flatten(Expr e, ExprKind kind, std::vector<Expr>& out) {
    if (e.kind() != kind) {
        out.push_back(e);
        return;
    }
    for (Expr o : e.operands())
        flatten(o, kind, out);
}

class SimplifyAffinePass : public mlir::PassWrapper<SimplifyAffinePass, mlir::OperationPass<>> {
public:
    SimplifyAffinePass() = default;
    SimplifyAffinePass(const SimplifyAffinePass& other) : PassWrapper(other) {}
    explicit SimplifyAffinePass(const SimplifyAffineOptions& o) {
        verify_option = o.verify;
        isl_max_operations = o.isl_max_operations;
        z3_rlimit = o.z3_rlimit;
        assume_no_overflow = o.assume_no_overflow;
    }

    llvm::StringRef getArgument() const final { return "provix-simplify-affine"; }
    llvm::StringRef getDescription() const final {
        return "Simplify the maps of affine.apply/load/store/min/max with provix, using loop "
               "bounds and steps as ranges";
    }

    void runOnOperation() final {
        const bool verify = verify_option || verify_flag;
        if (verify && !can_verify()) {
            getOperation()->emitError(
                "provix: --provix-verify needs provix built with its solvers (isl, Z3)");
            return signalPassFailure();
        }
        ValueFacts facts(assume_no_overflow);
        getOperation()->walk([&](mlir::Operation* op) {
            if (std::optional<AffineUse> use = affine_use(op)) rewrite(op, *use, facts, verify);
        });
    }

private:
    void rewrite(mlir::Operation* op, const AffineUse& use, ValueFacts& facts, bool verify) {
        if (use.map.getNumResults() == 0) return;
        Context ctx;
        Result<IndexingMap> parsed = to_provix(ctx, use.map);
        if (!parsed) return;  // a map provix does not read (MLIR leaves it undefined)
        IndexingMap input = std::move(*parsed);
        add_operand_facts(input, use.operands, facts);
        if (input.is_known_empty()) return;  // never executed
        if (use.combine != Combine::Each) {
            input.set_results({combined(input.results().to_vector(), use.combine)});
        }
        IndexingMap simplified = input;
        simplified.set_results(with_equal_operands_merged(input, use.operands));
        simplify(simplified);
        if (simplified.is_known_empty() || simplified.is_undefined()) return;
        if (simplified.results() == input.results()) return;  // nothing simplified
        IndexingMap written = simplified;
        if (use.combine != Combine::Each) {
            std::vector<Expr> results;
            flatten(simplified.results()[0],
                    use.combine == Combine::Min ? ExprKind::Min : ExprKind::Max, results);
            written.set_results(results);
        }
        Result<mlir::AffineMap> map = to_mlir(written, use.map.getNumDims(), op->getContext());
        if (!map || *map == use.map) return;
        if (map->getNumDims() != use.map.getNumDims() ||
            map->getNumSymbols() != use.map.getNumSymbols()) {
            return;
        }
        // The lowered maps compute at 64 bits and wrap: the input and the
        // rewrite must both give the exact value for every operand in range
        // (wrap_check.h), so that they give the same one, unless the program
        // promises no index computation leaves int64 (assume-no-overflow).
        // The rewrite must hold no constant MLIR cannot read back.
        const std::vector<Interval> box = index_box(input.variable_bounds());
        const bool compared = use.combine != Combine::Each;
        if (!assume_no_overflow &&
            (may_give_inexact(*map, box, compared) ||
             may_give_inexact(with_equal_operands_merged(use.map, use.operands), box, compared)))
            return;
        if (holds_int64_min(*map)) return;
        std::string verdict;
        if (verify && !proven(op, input, simplified, *map, verdict)) return;
        if (remarks) {
            op->emitRemark() << "provix: " << mlir_text(use.map) << " simplified to "
                             << mlir_text(*map) << verdict;
        }
        op->setAttr("map", mlir::AffineMapAttr::get(*map));
    }

    /// Checks `simplified` equivalent to `input` at every point of their
    /// common domain (`verdict`: ", proven equivalent [isl]"); warns on the op
    /// and returns false when not proven.
    bool proven(mlir::Operation* op, const IndexingMap& input, const IndexingMap& simplified,
                mlir::AffineMap map, std::string& verdict) {
#ifdef PROVIX_MLIR_HAVE_SOLVERS
        solvers::Limits limits;
        if (isl_max_operations != 0) limits.isl_max_operations = isl_max_operations;
        if (z3_rlimit != 0) limits.z3_rlimit = z3_rlimit;
        auto oracle = solvers::make_exact_oracle(limits);
        solvers::Decision d = oracle->equivalent_pointwise(input, simplified);
        if (d.verdict == solvers::Verdict::Proven) {
            verdict = ", proven equivalent [" + d.backend + "]";
            return true;
        }
        std::string why = solvers::verdict_name(d.verdict);
        if (!d.reason.empty()) why += " (" + d.reason + ")";
        if (d.counterexample) why += "\n" + solvers::to_string(*d.counterexample);
        op->emitWarning() << "provix: rewrite to " << mlir_text(map)
                          << " not applied: the exact oracle answered " << why;
        return false;
#else
        (void)input;
        (void)simplified;
        (void)map;
        (void)verdict;
        op->emitError("provix: built without its solvers, rewrites cannot be verified");
        return false;
#endif
    }

    Option<bool> verify_option{*this, "verify",
                               llvm::cl::desc("Check every rewrite with the exact oracle"),
                               llvm::cl::init(false)};
    Option<unsigned long> isl_max_operations{
        *this, "isl-max-operations",
        llvm::cl::desc("isl's operation budget per check (0: the default)"), llvm::cl::init(0)};
    Option<unsigned> z3_rlimit{*this, "z3-rlimit",
                               llvm::cl::desc("Z3's resource limit per check (0: the default)"),
                               llvm::cl::init(0)};
    Option<bool> assume_no_overflow{
        *this, "assume-no-overflow",
        llvm::cl::desc("Assume no index computation leaves int64, as MLIR's affine folding "
                       "does: rewrite without the 64-bit wrap check"),
        llvm::cl::init(false)};
    Option<bool> remarks{*this, "remarks",
                         llvm::cl::desc("A remark on every op rewritten (and, with verify, the "
                                        "oracle's verdict)"),
                         llvm::cl::init(false)};
};

}  // namespace

std::unique_ptr<mlir::Pass> create_simplify_affine_pass(const SimplifyAffineOptions& options) {
    return std::make_unique<SimplifyAffinePass>(options);
}

void register_simplify_affine_pass() { mlir::PassRegistration<SimplifyAffinePass>(); }

bool can_verify() {
#ifdef PROVIX_MLIR_HAVE_SOLVERS
    return true;
#else
    return false;
#endif
}

}  // namespace provix::mlir_bridge
