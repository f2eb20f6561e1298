#pragma once
/// \file
/// Indexing maps and constraints as fields (provix/solvers/field_text.h),
/// node for node: how a decision's maps reach a child process that was
/// forked before they existed (isolated_oracle.h). The expressions keep
/// their exact trees (a tree built without canonical form stays as it is:
/// the fuzzer decides raw trees against simplified ones), the variables
/// their kinds, names and bounds, infinite and empty ends included.
///
///     FieldWriter out;
///     put_map(out, map);
///     Context ctx;
///     FieldReader in(out.text());
///     IndexingMap copy;
///     get_map(in, ctx, copy);   // copy.to_string() == map.to_string()

#include "provix/indexing_map.h"
#include "provix/solvers/field_text.h"

namespace provix::solvers::detail {

/// Writes `map`: its state, variables, results and constraints, with every
/// expression node written once (shared sub-trees stay shared).
void put_map(FieldWriter& out, const IndexingMap& map);

/// Reads a map put_map wrote, its expressions built in `ctx` exactly as
/// they were (Context::make: no canonical form); false on malformed fields
/// or a map that cannot be built (then `map` is unspecified).
bool get_map(FieldReader& in, Context& ctx, IndexingMap& map);

/// Writes a constraint of a map put_map writes (its expression written
/// whole: `implies` sends one beside its map).
void put_constraint(FieldWriter& out, const Constraint& c);

/// Reads a constraint put_constraint wrote, built in `ctx`.
bool get_constraint(FieldReader& in, Context& ctx, Constraint& c);

}  // namespace provix::solvers::detail
