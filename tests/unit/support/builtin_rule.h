#pragma once
/// \file
/// A rule of the built-in rule table, by name, for the engine's tests:
///
///     const engine::CompiledRule& r = testing_support::builtin_rule("fd_pull_multiple");

#include <gtest/gtest.h>

#include <string>

#include "rule_table.h"

namespace provix::testing_support {

/// The built-in rule called `name`; an unknown name fails the running test
/// (and gives the table's first rule, so the caller can go on).
inline const engine::CompiledRule& builtin_rule(const std::string& name) {
    for (const engine::CompiledRule& r : engine::RuleTable::builtin().rules())
        if (r.rule.name == name) return r;
    ADD_FAILURE() << "no rule " << name;
    return engine::RuleTable::builtin().rules().front();
}

}  // namespace provix::testing_support
