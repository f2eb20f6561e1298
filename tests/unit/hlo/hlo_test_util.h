#pragma once
// Helpers of the HLO analysis tests: parse HLO and expected maps from
// strings, and compare maps exactly (structural equality, else exhaustive
// enumeration of the bounded domain, which is an exact check for the small
// domains of the tests).

#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "provix/hlo/hlo_module.h"
#include "provix/hlo/op_indexing.h"
#include "provix/indexing_map.h"

namespace provix::hlo::testing {

/// Parses HLO text; a parse error fails the current test (and returns an
/// empty module, whose use then fails too).
HloModule parse_hlo(std::string_view text);

/// The instruction named `name` of the entry computation (the root if
/// `name` is empty).
const HloInstruction& instruction(const HloModule& module, std::string_view name = "");

/// Parses an expected map in the text syntax; a parse error fails the test
/// and gives UNDEFINED.
IndexingMap parse_map(Context& ctx, std::string_view text);

/// Exact equivalence of `actual` and `expected` as relations (see
/// `equivalent_by_enumeration`): structural equality, else enumeration of
/// both domains (at most 2^22 points).
::testing::AssertionResult maps_equivalent(const IndexingMap& actual, const IndexingMap& expected);

/// True when the tests are built with provix_solvers (the exact oracle).
bool have_oracle();

/// With the solvers: succeeds iff the exact oracle proves `a` and `b`
/// equivalent (relations on their domains); without them: succeeds (the
/// callers check by structure or enumeration as well).
::testing::AssertionResult oracle_equivalent(const IndexingMap& a, const IndexingMap& b);

/// With the solvers: succeeds iff the oracle refutes the equivalence.
::testing::AssertionResult oracle_refutes_equivalence(const IndexingMap& a, const IndexingMap& b);

/// `actual` has as many maps as `expected` and each expected map is
/// equivalent to a distinct actual map.
::testing::AssertionResult map_set_equivalent(const IndexingMapSet& actual,
                                              const std::vector<std::string>& expected);

/// The printed text of `actual` after `provix::simplify` is that of the
/// parsed `expected` (so term order and spacing aside).
::testing::AssertionResult simplified_text_is(const IndexingMap& actual, std::string_view expected);

/// `actual` matches `expected` by equivalence (map_set_equivalent, and the
/// oracle's proof when the solvers are built) and,
/// pairing each expected map with an equivalent actual one, by printed text:
/// the actual map's own text if `raw_text`, its text after simplify if
/// `simplified_text`.
::testing::AssertionResult map_set_is(const IndexingMapSet& actual,
                                      const std::vector<std::string>& expected, bool raw_text,
                                      bool simplified_text);

}  // namespace provix::hlo::testing
