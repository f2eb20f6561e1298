#pragma once
/// \file
/// Helpers of the prover tests: rules from text, and counterexamples
/// re-evaluated independently of the prover with provix's own parser and
/// evaluator (provix/semantics.h).

#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "provix/expr.h"
#include "provix/parser.h"
#include "provix/rules/rule.h"
#include "provix/solvers/prover.h"

namespace provix::solvers::testing {

/// The single rule of `text` (fails the test on a parse error).
inline rules::Rule rule_of(const std::string& text) {
    auto r = rules::parse_rules(text, "test.rules");
    EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().message);
    if (!r.ok() || r->empty()) return rules::Rule{};
    return (*r)[0];
}

/// Every rule of the rules/ folder of the source tree, in file order.
std::vector<rules::Rule> rules_in_source_tree();

/// The counterexample's values by name (`c0`, `x`, `lb(y)`); a value that is
/// not an int64 fails the test.
inline std::map<std::string, int64_t> values_of(const RuleCounterexample& c) {
    std::map<std::string, int64_t> out;
    for (const auto* list : {&c.constants, &c.variables, &c.bounds}) {
        for (const NamedValue& v : *list) {
            auto n = parse_int64(v.value);
            EXPECT_TRUE(n.has_value()) << v.name << " = " << v.value;
            if (n) out[v.name] = *n;
        }
    }
    return out;
}

/// The value of `node` (an expression without lb/ub) at `values`, computed
/// by printing it, parsing it with provix's parser (the rule's variables as
/// the expression's variables) and evaluating it with provix::evaluate.
inline std::optional<int64_t> evaluate_side(const rules::Rule& rule, int node,
                                            const std::map<std::string, int64_t>& values) {
    std::vector<std::string> names;
    std::vector<int64_t> point;
    for (const rules::Var& v : rule.vars) {
        names.push_back(v.name);
        auto it = values.find(v.name);
        point.push_back(it == values.end() ? 0 : it->second);
    }
    Context ctx;
    ParseOptions keep;
    keep.canonicalize = false;
    auto e = parse_expr(ctx, rules::to_string(rule, node), names, keep);
    EXPECT_TRUE(e.ok()) << rules::to_string(rule, node) << ": "
                        << (e.ok() ? "" : e.error().message);
    if (!e.ok()) return std::nullopt;
    auto v = evaluate(*e, point);
    if (!v.ok()) return std::nullopt;
    return *v;
}

}  // namespace provix::solvers::testing
