#pragma once
/// \file
/// Layout of the tables provix_rulegen writes (private).

#include <cstddef>
#include <cstdint>

#include "rule_table.h"

namespace provix::engine::generated {

struct NodeRecord {
    int op;
    int64_t value;
    size_t first_child;
    size_t num_children;
};

struct VarRecord {
    const char* name;
    int kind;
};

struct RuleRecord {
    const char* name;
    const char* file;
    int line;
    const char* text;
    const NodeRecord* nodes;
    size_t num_nodes;
    const int* children;
    const VarRecord* vars;
    size_t num_vars;
    int lhs, rhs, condition;
    int lhs_lo, lhs_hi, rhs_lo, rhs_hi;
    /// For each node index: the node's condition compiled to C++ if the node
    /// is the condition or one of its top-level conjuncts, else null.
    const CompiledCondition* conditions;
    /// The condition's top-level conjuncts (node indices), ending with -1.
    const int* conjunct_nodes;
    /// For each variable index: its bound hook, or null.
    const BoundHook* bound_hooks;
    /// For each node index: the node's value compiled to C++ if the node is
    /// a constant part of the right side or a new range end, else null.
    const CompiledValue* values;
    /// The right side's builder compiled to C++ (null without a right side).
    CompiledBuild build_rhs;
    /// The left side's matcher compiled to C++ (null for a left side with
    /// a sum pattern).
    CompiledMatch match_lhs;
    /// The matcher of a left side ending in its only sum pattern, or null.
    CompiledSumMatch match_lhs_sum;
};

extern const RuleRecord kRules[];
extern const int kNumRules;
/// The names of the lemmas of rules/*.lemmas, in file order.
extern const char* const kLemmaNames[];
extern const int kNumLemmas;

}  // namespace provix::engine::generated
