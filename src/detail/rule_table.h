#pragma once
/// \file
/// RuleTable: the rules of rules/*.rules as compiled into the engine by
/// provix_rulegen, indexed by the kind of node their left side can match.

#include <array>
#include <vector>

#include "provix/expr.h"
#include "provix/rules/rule.h"

namespace provix::engine {

class RuleTable {
public:
    /// Builds the table from the generated arrays (no rule text is parsed).
    static const RuleTable& builtin();
    /// A table over explicitly given rules (tests, the fuzzer).
    explicit RuleTable(std::vector<rules::Rule> rules);

    const std::vector<rules::Rule>& rules() const { return rules_; }
    /// Expression rules that may match a node of `kind`, in table order.
    const std::vector<const rules::Rule*>& expression_rules(ExprKind kind) const {
        return by_kind_[static_cast<size_t>(kind)];
    }
    /// Constraint rules, in table order.
    const std::vector<const rules::Rule*>& constraint_rules() const { return constraint_rules_; }
    /// The rule named `name`, or nullptr.
    const rules::Rule* find(const std::string& name) const;

private:
    std::vector<rules::Rule> rules_;
    std::array<std::vector<const rules::Rule*>, 9> by_kind_;
    std::vector<const rules::Rule*> constraint_rules_;
};

}  // namespace provix::engine
