#pragma once
/// \file
/// Everything of the core library `provix::provix` in one include:
/// expressions, symbolic and indexing maps, the text syntax, the rule
/// engine, intervals, the semantics helpers, the MLIR affine syntax, the
/// text helpers of reports (UTF-8, XML) and the version.
///
///     #include <provix/provix.h>
///
///     provix::Context ctx;
///     auto map = provix::parse_indexing_map(
///         ctx, "(d0, d1) -> (d0 + d1 floordiv 16, d1 mod 16), domain: d0 in [0, 6], d1 in [0,
///         14]");
///     if (!map) { std::cerr << map.error().message << "\n"; return 2; }
///     provix::simplify(*map);
///     std::cout << *map << "\n";   // (d0, d1) -> (d0, d1), domain: ...
///
/// The optional libraries have their own headers: `provix/hlo/*.h`
/// (provix::hlo), `provix/indexexpr/*.h` (provix::indexexpr) and
/// `provix/solvers/*.h` (provix::solvers).

#include "provix/decimal.h"
#include "provix/expr.h"
#include "provix/indexing_map.h"
#include "provix/interval.h"
#include "provix/interval_eval.h"
#include "provix/mlir_syntax.h"
#include "provix/parser.h"
#include "provix/result.h"
#include "provix/rules/rule.h"
#include "provix/semantics.h"
#include "provix/simplify.h"
#include "provix/symbolic_map.h"
#include "provix/utf8.h"
#include "provix/version.h"
#include "provix/xml_text.h"
