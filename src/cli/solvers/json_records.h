#pragma once
/// \file
/// The JSON forms of the solvers' answers, shared by the solver-backed
/// commands (docs/json.md lists them). Each function writes one value at
/// the writer's position (after a `key` inside an object).
///
///     JsonWriter w;
///     w.begin_object().key("verify");
///     write_decision(w, oracle->equivalent(a, b));   // {"verdict":"proven","backend":"isl",...}
///     w.end_object();

#include "json_writer.h"
#include "provix/solvers/prove_report.h"
#include "provix/solvers/verdict.h"

namespace provix::cli {

/// `[{"name":"d0","value":3},...]`: values that are integers as exact numbers.
void write_named_values(JsonWriter& w, const std::vector<solvers::NamedValue>& values);

/// `{"kind":..., "variables":[...], "first":{...}, "second":{...}}`.
void write_counterexample(JsonWriter& w, const solvers::Counterexample& c);

/// `{"verdict":"proven|refuted|unknown", "backend":..., "reason":...,
/// "counterexample":{...}|null}`.
void write_decision(JsonWriter& w, const solvers::Decision& d);
/// The members of `write_decision`'s object, written into the current one.
void write_decision_members(JsonWriter& w, const solvers::Decision& d);

/// `{"status":..., "verdict":..., "backend":..., "reason":..., "lo":N|null,
/// "hi":N|null}`: `status` is `range` (lo/hi hold the exact bounds, `null`
/// for an unbounded end), `empty` (the domain is empty), `undefined` (the
/// result divides by zero at every point of the domain) or `unknown`.
void write_range(JsonWriter& w, const solvers::RangeDecision& r, const char* status);

/// One rule of `provix prove`: name, file, line, passed, verdict, backend,
/// z3 answer, detail, grid instances, counterexample, termination, cvc5,
/// seconds.
void write_rule_result(JsonWriter& w, const solvers::RuleResult& r);

}  // namespace provix::cli
