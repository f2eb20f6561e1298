// MlirBuilder: IndexExpr run-time operations emitted as MLIR 14.

#include "provix/indexexpr/mlir_builder.h"

#include <llvm/Support/raw_ostream.h>
#include <mlir/Dialect/Affine/IR/AffineOps.h>
#include <mlir/Dialect/Arithmetic/IR/Arithmetic.h>
#include <mlir/Dialect/StandardOps/IR/Ops.h>
#include <mlir/IR/Builders.h>
#include <mlir/IR/Verifier.h>

namespace provix {

MlirBuilder::MlirBuilder(mlir::MLIRContext& ctx) : ctx_(ctx) {
    ctx_.loadDialect<mlir::arith::ArithmeticDialect, mlir::AffineDialect,
                     mlir::StandardOpsDialect>();
}

mlir::ModuleOp MlirBuilder::create_module() {
    return mlir::ModuleOp::create(mlir::UnknownLoc::get(&ctx_));
}

RtValue MlirBuilder::record(Op op) {
    ops_.push_back(op);
    return RtValue{static_cast<int64_t>(ops_.size()) - 1};
}

RtValue MlirBuilder::input(const std::string& name, const Interval& bounds) {
    for (size_t i = 0; i < input_names_.size(); ++i) {
        if (input_names_[i] == name) return RtValue{input_ids_[i]};
    }
    Op op{Op::Kind::Input};
    op.value = static_cast<int64_t>(input_names_.size());
    op.bounds = bounds;
    RtValue v = record(op);
    input_names_.push_back(name);
    input_ids_.push_back(v.id);
    return v;
}

RtValue MlirBuilder::constant(int64_t value) {
    Op op{Op::Kind::Constant};
    op.value = value;
    return record(op);
}

RtValue MlirBuilder::binary(RtOp rt, RtValue a, RtValue b) {
    Op op{Op::Kind::Binary};
    op.op = rt;
    op.a = a.id;
    op.b = b.id;
    return record(op);
}

RtValue MlirBuilder::logical_not(RtValue a) {
    Op op{Op::Kind::Not};
    op.a = a.id;
    return record(op);
}

RtValue MlirBuilder::select(RtValue cond, RtValue if_true, RtValue if_false) {
    Op op{Op::Kind::Select};
    op.a = cond.id;
    op.b = if_true.id;
    op.c = if_false.id;
    return record(op);
}

RtValue MlirBuilder::error(Error::Kind kind) {
    Op op{Op::Kind::Error};
    op.value = static_cast<int64_t>(kind);
    return record(op);
}

std::string MlirBuilder::describe(RtValue v) const { return "%v" + std::to_string(v.id); }

namespace {

/// Emits the recorded operations one by one (each at most once).
class Emitter {
public:
    Emitter(mlir::OpBuilder& b, mlir::Location loc, mlir::Block& entry)
        : b_(b), loc_(loc), entry_(entry) {}

    mlir::Value index(int64_t v) { return b_.create<mlir::arith::ConstantIndexOp>(loc_, v); }
    /// `cond ? 1 : 0` for an i1.
    mlir::Value from_bool(mlir::Value cond) {
        return b_.create<mlir::SelectOp>(loc_, cond, index(1), index(0));
    }
    mlir::Value cmp(mlir::arith::CmpIPredicate p, mlir::Value x, mlir::Value y) {
        return b_.create<mlir::arith::CmpIOp>(loc_, p, x, y);
    }
    mlir::Value nonzero(mlir::Value x) { return cmp(mlir::arith::CmpIPredicate::ne, x, index(0)); }

    /// ⌊x / y⌋, by -1 the negation: MLIR 14 expands arith.floordivsi into
    /// two divisions computed on both paths, one of (-1 - x) / y or
    /// (1 - x) / y, which traps at y = -1 for x = -2^63 + 1 (the quotient
    /// 2^63 - 1 fits); here the expansion divides by 1 instead of -1.
    mlir::Value floor_div(mlir::Value x, mlir::Value y) {
        const mlir::Value by_minus_one = cmp(mlir::arith::CmpIPredicate::eq, y, index(-1));
        const mlir::Value by = b_.create<mlir::SelectOp>(loc_, by_minus_one, index(1), y);
        const mlir::Value q = b_.create<mlir::arith::FloorDivSIOp>(loc_, x, by);
        const mlir::Value negated = b_.create<mlir::arith::SubIOp>(loc_, index(0), x);
        return b_.create<mlir::SelectOp>(loc_, by_minus_one, negated, q);
    }

    mlir::Value binary(RtOp op, mlir::Value x, mlir::Value y) {
        using P = mlir::arith::CmpIPredicate;
        switch (op) {
            case RtOp::Add:
                return b_.create<mlir::arith::AddIOp>(loc_, x, y);
            case RtOp::Sub:
                return b_.create<mlir::arith::SubIOp>(loc_, x, y);
            case RtOp::Mul:
                return b_.create<mlir::arith::MulIOp>(loc_, x, y);
            case RtOp::FloorDiv:
                return floor_div(x, y);
            case RtOp::CeilDiv: {
                // The floor quotient, plus 1 where it is not exact: MLIR
                // 14 expands arith.ceildivsi through -x, which wraps at
                // x = -2^63. q * y differs from x by less than |y| <= 2^63,
                // so comparing them in wrapping arithmetic is exact.
                mlir::Value q = floor_div(x, y);
                mlir::Value back = b_.create<mlir::arith::MulIOp>(loc_, q, y);
                return b_.create<mlir::arith::AddIOp>(loc_, q, from_bool(cmp(P::ne, back, x)));
            }
            case RtOp::Mod: {
                // Floor modulo (sign of the divisor): the truncated
                // remainder, plus y when it is non-zero and the signs differ.
                // By -1 the remainder is 0, taken by 1: arith.remsi of
                // -2^63 by -1 is undefined (LLVM's srem overflows).
                mlir::Value by =
                    b_.create<mlir::SelectOp>(loc_, cmp(P::eq, y, index(-1)), index(1), y);
                mlir::Value r = b_.create<mlir::arith::RemSIOp>(loc_, x, by);
                mlir::Value signs_differ = b_.create<mlir::arith::XOrIOp>(
                    loc_, cmp(P::slt, r, index(0)), cmp(P::slt, y, index(0)));
                mlir::Value fix = b_.create<mlir::arith::AndIOp>(loc_, nonzero(r), signs_differ);
                mlir::Value shifted = b_.create<mlir::arith::AddIOp>(loc_, r, y);
                return b_.create<mlir::SelectOp>(loc_, fix, shifted, r);
            }
            case RtOp::Min:
                return b_.create<mlir::arith::MinSIOp>(loc_, x, y);
            case RtOp::Max:
                return b_.create<mlir::arith::MaxSIOp>(loc_, x, y);
            case RtOp::Eq:
                return from_bool(cmp(P::eq, x, y));
            case RtOp::Ne:
                return from_bool(cmp(P::ne, x, y));
            case RtOp::Lt:
                return from_bool(cmp(P::slt, x, y));
            case RtOp::Le:
                return from_bool(cmp(P::sle, x, y));
            case RtOp::Gt:
                return from_bool(cmp(P::sgt, x, y));
            case RtOp::Ge:
                return from_bool(cmp(P::sge, x, y));
            case RtOp::And:
                return from_bool(b_.create<mlir::arith::AndIOp>(loc_, nonzero(x), nonzero(y)));
            case RtOp::Or:
                return from_bool(b_.create<mlir::arith::OrIOp>(loc_, nonzero(x), nonzero(y)));
        }
        return mlir::Value();
    }

    mlir::OpBuilder& b_;
    mlir::Location loc_;
    mlir::Block& entry_;
};

/// `e` with each `x ceildiv c` written `x floordiv c + (x mod c + (c - 1))
/// floordiv c` (the second term is 1 where c does not divide x, else 0):
/// MLIR 14 lowers ceildiv through -x, which wraps at x = -2^63, and its
/// floordiv and mod are exact there. Errors for c > 2^62 (x mod c + c - 1
/// would leave int64).
Result<mlir::AffineExpr> exact_ceildiv(mlir::AffineExpr e) {
    auto bin = e.dyn_cast<mlir::AffineBinaryOpExpr>();
    if (!bin) return e;
    auto lhs = exact_ceildiv(bin.getLHS());
    if (!lhs) return lhs;
    auto rhs = exact_ceildiv(bin.getRHS());
    if (!rhs) return rhs;
    if (e.getKind() != mlir::AffineExprKind::CeilDiv)
        return mlir::getAffineBinaryOpExpr(e.getKind(), *lhs, *rhs);
    auto c = rhs->dyn_cast<mlir::AffineConstantExpr>();
    if (!c || c.getValue() <= 0 || c.getValue() > (int64_t{1} << 62))
        return Error::invalid("a ceildiv by a constant beyond 2^62");
    using K = mlir::AffineExprKind;
    mlir::AffineExpr rest =
        mlir::getAffineBinaryOpExpr(K::Add, mlir::getAffineBinaryOpExpr(K::Mod, *lhs, *rhs),
                                    mlir::getAffineConstantExpr(c.getValue() - 1, e.getContext()));
    return mlir::getAffineBinaryOpExpr(K::Add, mlir::getAffineBinaryOpExpr(K::FloorDiv, *lhs, *rhs),
                                       mlir::getAffineBinaryOpExpr(K::FloorDiv, rest, *rhs));
}

/// `map` with exact_ceildiv applied to each result.
Result<mlir::AffineMap> with_exact_ceildiv(mlir::AffineMap map) {
    llvm::SmallVector<mlir::AffineExpr, 4> results;
    for (mlir::AffineExpr r : map.getResults()) {
        auto e = exact_ceildiv(r);
        if (!e) return e.error();
        results.push_back(*e);
    }
    return mlir::AffineMap::get(map.getNumDims(), map.getNumSymbols(), results, map.getContext());
}

}  // namespace

Result<mlir::FuncOp> MlirBuilder::emit_function(mlir::ModuleOp module, const std::string& name,
                                                const IndexExprList& results,
                                                const IndexExprScope& scope) {
    // Decide each result's form first (this may record more operations:
    // the scope variables' values, materialized non-affine values).
    struct Plan {
        bool affine = false;
        mlir::AffineMap map;
        std::vector<int64_t> operands;  // recorded values
        int64_t value = -1;             // recorded value (non-affine)
    };
    std::vector<Plan> plans;
    for (const IndexExpr& r : results) {
        Plan p;
        if (r.is_affine() && !r.is_literal() && r.belongs_to(scope)) {
            std::vector<int64_t> vars;
            auto map = to_affine_map({r}, scope, ctx_, &vars);
            if (map) map = with_exact_ceildiv(*map);
            if (map) {
                p.affine = true;
                p.map = *map;
                for (int64_t id : vars) {
                    auto v = scope.variable_value(id);
                    if (!v) return v.error();
                    p.operands.push_back(v->id);
                }
                plans.push_back(p);
                continue;
            }
        }
        auto v = materialize(r, *this);
        if (!v) return v.error();
        p.value = v->id;
        plans.push_back(p);
    }
    // The recorded operations the results need.
    std::vector<bool> needed(ops_.size(), false);
    std::vector<int64_t> stack;
    for (const Plan& p : plans) {
        if (p.affine) {
            stack.insert(stack.end(), p.operands.begin(), p.operands.end());
        } else {
            stack.push_back(p.value);
        }
    }
    while (!stack.empty()) {
        int64_t id = stack.back();
        stack.pop_back();
        if (id < 0 || needed[static_cast<size_t>(id)]) continue;
        needed[static_cast<size_t>(id)] = true;
        const Op& op = ops_[static_cast<size_t>(id)];
        if (op.kind == Op::Kind::Error) {
            return Error::invalid(
                "emit_function: the computation contains a run-time error value, "
                "which MLIR index arithmetic cannot represent");
        }
        for (int64_t operand : {op.a, op.b, op.c}) {
            if (operand >= 0) stack.push_back(operand);
        }
    }
    mlir::OpBuilder b(&ctx_);
    mlir::Location loc = b.getUnknownLoc();
    llvm::SmallVector<mlir::Type, 8> args(input_names_.size(), b.getIndexType());
    llvm::SmallVector<mlir::Type, 8> outs(results.size(), b.getIndexType());
    mlir::FuncOp fn = mlir::FuncOp::create(loc, name, b.getFunctionType(args, outs));
    module.push_back(fn);
    mlir::Block* entry = fn.addEntryBlock();
    b.setInsertionPointToStart(entry);
    Emitter e(b, loc, *entry);
    std::vector<mlir::Value> values(ops_.size());
    for (size_t id = 0; id < ops_.size(); ++id) {
        if (!needed[id]) continue;
        const Op& op = ops_[id];
        auto at = [&](int64_t k) { return values[static_cast<size_t>(k)]; };
        switch (op.kind) {
            case Op::Kind::Input: {
                mlir::Value x = entry->getArgument(static_cast<unsigned>(op.value));
                values[id] = x;
                // The computation may have been simplified with the input's
                // bounds: a value outside them must not run on.
                using P = mlir::arith::CmpIPredicate;
                std::string name = input_names_[static_cast<size_t>(op.value)];
                if (!op.bounds.lo_is_inf()) {
                    b.create<mlir::AssertOp>(loc, e.cmp(P::sge, x, e.index(op.bounds.lo())),
                                             "input " + name + " below its bounds");
                }
                if (!op.bounds.hi_is_inf()) {
                    b.create<mlir::AssertOp>(loc, e.cmp(P::sle, x, e.index(op.bounds.hi())),
                                             "input " + name + " above its bounds");
                }
                break;
            }
            case Op::Kind::Constant:
                values[id] = e.index(op.value);
                break;
            case Op::Kind::Binary:
                if (op.op == RtOp::FloorDiv || op.op == RtOp::CeilDiv || op.op == RtOp::Mod) {
                    b.create<mlir::AssertOp>(loc, e.nonzero(at(op.b)), "division by zero");
                }
                values[id] = e.binary(op.op, at(op.a), at(op.b));
                break;
            case Op::Kind::Not:
                values[id] =
                    e.from_bool(e.cmp(mlir::arith::CmpIPredicate::eq, at(op.a), e.index(0)));
                break;
            case Op::Kind::Select:
                values[id] = b.create<mlir::SelectOp>(loc, e.nonzero(at(op.a)), at(op.b), at(op.c));
                break;
            case Op::Kind::Error:
                break;  // rejected above
        }
    }
    llvm::SmallVector<mlir::Value, 8> returned;
    for (size_t i = 0; i < plans.size(); ++i) {
        const Plan& p = plans[i];
        if (p.affine) {
            llvm::SmallVector<mlir::Value, 4> operands;
            for (int64_t id : p.operands)
                operands.push_back(values[static_cast<size_t>(id)]);
            returned.push_back(b.create<mlir::AffineApplyOp>(loc, p.map, operands));
        } else {
            returned.push_back(values[static_cast<size_t>(p.value)]);
        }
    }
    b.create<mlir::ReturnOp>(loc, returned);
    if (mlir::failed(mlir::verify(fn))) {
        std::string text;
        llvm::raw_string_ostream os(text);
        fn.print(os);
        return Error::invalid("emit_function: the emitted function does not verify:\n" + os.str());
    }
    return fn;
}

}  // namespace provix
