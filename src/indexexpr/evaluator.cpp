/// \file
/// EvaluatorBuilder: run-time operations executed on concrete integers.

#include "provix/indexexpr/evaluator.h"

#include <stdexcept>

namespace provix {

EvaluatorBuilder::EvaluatorBuilder(std::map<std::string, int64_t> inputs)
    : inputs_(std::move(inputs)) {}

void EvaluatorBuilder::set_input(const std::string& name, int64_t value) { inputs_[name] = value; }

RtValue EvaluatorBuilder::push(Result<int64_t> v) {
    values_.push_back(std::move(v));
    return RtValue{static_cast<int64_t>(values_.size()) - 1};
}

const Result<int64_t>& EvaluatorBuilder::get(RtValue v) const {
    static const Result<int64_t> kForeign =
        Error::invalid("a run-time value that this evaluator did not make");
    if (v.id < 0 || v.id >= static_cast<int64_t>(values_.size())) return kForeign;
    return values_[static_cast<size_t>(v.id)];
}

Result<int64_t> EvaluatorBuilder::value(RtValue v) const { return get(v); }

Result<int64_t> EvaluatorBuilder::evaluate(const IndexExpr& e) {
    Result<RtValue> v = materialize(e, *this);
    if (!v) return v.error();
    return get(*v);
}

Result<std::vector<int64_t>> EvaluatorBuilder::evaluate(const IndexExprList& list) {
    std::vector<int64_t> out;
    for (const IndexExpr& e : list) {
        Result<int64_t> r = evaluate(e);
        if (!r) return r.error();
        out.push_back(*r);
    }
    return out;
}

RtValue EvaluatorBuilder::input(const std::string& name, const Interval& bounds) {
    auto key = std::make_pair(name, to_string(bounds));
    auto it = input_cache_.find(key);
    if (it != input_cache_.end()) return it->second;
    Result<int64_t> v = Error::invalid("no value for input " + name);
    auto in = inputs_.find(name);
    if (in != inputs_.end()) {
        v = in->second;
        if (!bounds.contains(in->second)) {
            v = Error::invalid("input " + name + " = " + std::to_string(in->second) +
                               " outside its declared bounds " + to_string(bounds));
        }
    }
    RtValue r = push(std::move(v));
    input_cache_.emplace(key, r);
    return r;
}

RtValue EvaluatorBuilder::constant(int64_t value) {
    auto it = constant_cache_.find(value);
    if (it != constant_cache_.end()) return it->second;
    RtValue r = push(value);
    constant_cache_.emplace(value, r);
    return r;
}

RtValue EvaluatorBuilder::binary(RtOp op, RtValue a, RtValue b) {
    const Result<int64_t>& va = get(a);
    if (!va) return push(va.error());
    const Result<int64_t>& vb = get(b);
    if (!vb) return push(vb.error());
    return push(apply_rt_op(op, *va, *vb));
}

RtValue EvaluatorBuilder::logical_not(RtValue a) {
    const Result<int64_t>& va = get(a);
    if (!va) return push(va.error());
    return push(int64_t{*va == 0});
}

RtValue EvaluatorBuilder::select(RtValue cond, RtValue if_true, RtValue if_false) {
    const Result<int64_t>& c = get(cond);
    if (!c) return push(c.error());
    return push(get(*c != 0 ? if_true : if_false));
}

RtValue EvaluatorBuilder::error(Error::Kind kind) {
    Error e{kind, kind == Error::Kind::Overflow         ? "int64 overflow (folded constant)"
                  : kind == Error::Kind::DivisionByZero ? "division by zero (literal divisor)"
                                                        : "invalid value"};
    return push(std::move(e));
}

std::string EvaluatorBuilder::describe(RtValue v) const {
    const Result<int64_t>& r = get(v);
    return "%" + std::to_string(v.id) + "=" + (r ? std::to_string(*r) : std::string("error"));
}

}  // namespace provix
