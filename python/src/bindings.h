#pragma once
/// \file
/// Shared pieces of the `provix` Python module: the handles Python objects
/// hold, conversions between Python values and provix values, and the error
/// mapping. Private to python/src.
///
/// Every Python object keeps the `Context` its expressions live in alive
/// through a `shared_ptr`: a parsed map owns a fresh context, and an
/// operation on objects of two contexts first copies the second object into
/// the first's context, node for node.
///
///     >>> import provix
///     >>> m = provix.parse_map("(d0) -> (d0 floordiv 4), domain: d0 in [0, 3]")
///     >>> str(provix.simplify(m).results[0])
///     '0'

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>
#include <string>
#include <vector>

#include "provix/expr.h"
#include "provix/indexing_map.h"
#include "provix/interval.h"
#include "provix/parser.h"
#include "provix/result.h"

namespace provix::python {

namespace py = pybind11;

/// A shared expression context.
using ContextPtr = std::shared_ptr<Context>;

/// The Python `provix.Context`: a handle to a shared context.
struct PyContext {
    ContextPtr ctx;
};

/// The Python `provix.Expr`: an expression, its context and the names its
/// variables print with (variable i is `names[i]`; ids beyond print `v<i>`).
struct PyExpr {
    ContextPtr ctx;
    Expr expr;
    std::shared_ptr<const std::vector<std::string>> names;

    /// The name of variable `id`.
    std::string name(int64_t id) const;
    /// The printed expression: `d0 * 4 + 2`.
    std::string text() const;
};

/// Each of `exprs` as a `PyExpr` of `ctx` printing with `names` (one list
/// shared by all): `wrap_all(ctx, e.operands(), names)`.
std::vector<PyExpr> wrap_all(const ContextPtr& ctx, const std::vector<Expr>& exprs,
                             const std::shared_ptr<const std::vector<std::string>>& names);

/// The Python `provix.IndexingMap`: a map and its context.
struct PyMap {
    ContextPtr ctx;
    IndexingMap map;

    /// The variable names of the map, indexed by id.
    std::vector<std::string> names() const;
    /// Wraps expression `e` of this map with the map's names.
    PyExpr wrap(Expr e) const;
    /// The map's result expressions, wrapped with the map's names.
    std::vector<PyExpr> wrapped_results() const;
};

/// Raises the Python exception for `error` (provix.ParseError,
/// provix.DivisionByZeroError, provix.IntegerOverflowError or
/// provix.InvalidArgumentError), carrying its message.
[[noreturn]] void raise(const Error& error);
/// Raises provix.InvalidArgumentError with `message`.
[[noreturn]] void raise_invalid(const std::string& message);

/// The value of `r`, or raises its error.
template <class T>
T unwrap(Result<T> r) {
    if (!r) raise(r.error());
    return std::move(r).value();
}

/// The name of `value`'s Python type: `type_name(py::int_(3)) == "int"`.
std::string type_name(const py::handle& value);

/// The value of an integer that is not a bool (a Python int, or anything
/// with `__index__`, as numpy's integers): `int64_of(py::int_(3),
/// "constant")` is 3. Anything else raises InvalidArgumentError saying that
/// `what` (`"bound"`, a variable's name) must be an int; an int outside
/// int64 raises OverflowError `"<what> = <value> does not fit in int64"`.
int64_t int64_of(const py::handle& value, const std::string& what);

/// A Python bound: an int, or `None` / `±math.inf` for infinity on `side`
/// (-1 lower, +1 upper).
struct Bound {
    bool infinite = false;
    int64_t value = 0;
};
/// Reads a bound from Python (int, None, float('inf'), float('-inf')).
Bound to_bound(const py::handle& value, int side);
/// Builds an interval from two Python bounds: `(0, 15)`, `(None, 3)`,
/// `(0, math.inf)`.
Interval to_interval(const py::handle& lo, const py::handle& hi);
/// Reads a `(lo, hi)` pair.
Interval to_interval(const py::handle& pair);
/// `(lo, hi)` with `-math.inf` / `math.inf` for infinite ends; `None` when
/// the interval is empty.
py::object from_interval(const Interval& interval);

/// Evaluation points given as a list (by variable id) or a dict (by name).
std::vector<int64_t> to_point(const py::handle& values, const std::vector<std::string>& names);

/// The expression `value` (an Expr, an int, or a str parsed with `names`)
/// in context `ctx`, copied into it if it lives in another context; an Expr
/// deeper than kMaxExpressionDepth is refused (InvalidArgumentError).
Expr to_expr(const ContextPtr& ctx, const py::handle& value, const std::vector<std::string>& names);

/// As `to_expr`, without walking an Expr's depth: for an operand of an
/// expression that the caller builds and then checks with `checked_depth`
/// (what is built holds the operand, so it is at least as deep, unless the
/// operand cancels out): `checked_depth(operand_expr(ctx, b, names) + a)`.
Expr operand_expr(const ContextPtr& ctx, const py::handle& value,
                  const std::vector<std::string>& names);

/// The context of an optional `ctx` argument (a provix.Context), or a fresh
/// one for None; InvalidArgumentError for anything else.
ContextPtr context_of(const py::object& ctx);

/// `map` copied into context `ctx` (the same map if it is already there).
IndexingMap import_map(const ContextPtr& ctx, const PyMap& map);

/// The deepest expression the module builds from Python operators: as deep
/// as the text parser's largest nesting limit (printing, evaluating and
/// simplifying recurse once per level).
inline constexpr int kMaxExpressionDepth = 2000;

/// How the module parses text: nested as deep as the expressions it builds
/// (kMaxExpressionDepth), so that the text of any map or expression it
/// prints parses back.
ParseOptions parse_options();

/// The largest id plus one of a variable `provix.var` names: its names are a
/// list by id, which the lower ids fill.
inline constexpr int64_t kMaxNamedVariableId = int64_t{1} << 20;

/// The number of levels of `e` (a leaf has 1), or `limit + 1` when deeper
/// than `limit`: `expression_depth(d0 * 4 + 1, 10) == 3`.
int expression_depth(Expr e, int limit);

/// `e`, or raises InvalidArgumentError when it is deeper than
/// kMaxExpressionDepth.
Expr checked_depth(Expr e);

/// Registration of each part of the module.
void register_exceptions(py::module_& m);
void register_exprs(py::module_& m);
void register_maps(py::module_& m);
void register_mlir_syntax(py::module_& m);
#ifdef PROVIX_PYTHON_HAVE_SOLVERS
void register_oracle(py::module_& m);
#endif
#ifdef PROVIX_PYTHON_HAVE_HLO
void register_hlo(py::module_& m);
#endif

}  // namespace provix::python
