// provix.Context, provix.Expr and the expression functions of the Python
// module.
//
//     >>> e = provix.parse_expr("d0 * 4 + d1 mod 3", ["d0", "d1"])
//     >>> e.evaluate([2, 7])
//     9
//     >>> str(provix.simplify_expr(e // 4, [(0, 9), (0, 2)]))
//     'd0'

#include <algorithm>

#include "bindings.h"
#include "large_stack.h"
#include "provix/interval_eval.h"
#include "provix/parser.h"
#include "provix/simplify.h"

namespace provix::python {

namespace {

using Names = std::shared_ptr<const std::vector<std::string>>;

Names share(std::vector<std::string> names) {
    return std::make_shared<const std::vector<std::string>>(std::move(names));
}

/// Raises InvalidArgumentError unless `name` prints as a variable that
/// parses back: `check_name("th_x")` passes, `check_name("3")` raises.
void check_name(const std::string& name) {
    if (!is_valid_variable_name(name)) {
        raise_invalid("invalid variable name '" + name +
                      "': a letter or '_', then letters, digits or '_', and no keyword");
    }
}

/// The names `a op b` prints with, for an operand `b` (an Expr, an int or a
/// str): a's names, and b's for the variables a leaves unnamed (`v<i>` is
/// the name of no variable). Variables are combined by id, so one named
/// differently on the two sides is an error, never a silent renaming:
///
///     var(0, "x") + var(1, "y")     # names ["x", "y"]
///     var(0, "x") + var(0, "y")     # InvalidArgumentError
Names merged_names(const PyExpr& a, const py::handle& b) {
    if (!py::isinstance<PyExpr>(b)) return a.names;
    const Names& other = b.cast<const PyExpr&>().names;
    if (!other || other->empty() || other == a.names) return a.names;
    const std::vector<std::string> none;
    const std::vector<std::string>& left = a.names ? *a.names : none;
    const std::vector<std::string>& right = *other;
    if (left == right) return a.names;
    std::vector<std::string> out;
    for (size_t i = 0; i < std::max(left.size(), right.size()); ++i) {
        const std::string unnamed = "v" + std::to_string(i);
        const bool named_left = i < left.size() && left[i] != unnamed;
        const bool named_right = i < right.size() && right[i] != unnamed;
        if (named_left && named_right && left[i] != right[i]) {
            raise_invalid("variable " + std::to_string(i) + " is named '" + left[i] +
                          "' on one side and '" + right[i] +
                          "' on the other: expressions combine their variables by id");
        }
        out.push_back(named_left ? left[i] : named_right ? right[i] : unnamed);
    }
    return share(std::move(out));
}

/// `a op b` where either side may be an int: the names of both sides
/// (merged_names).
PyExpr binary(const PyExpr& a, const py::handle& b, bool reversed, ExprKind kind) {
    Names names = merged_names(a, b);
    Expr rhs = operand_expr(a.ctx, b, a.names ? *a.names : std::vector<std::string>{});
    Expr lhs = a.expr;
    if (reversed) std::swap(lhs, rhs);
    if ((kind == ExprKind::FloorDiv || kind == ExprKind::CeilDiv || kind == ExprKind::Mod) &&
        rhs.is_constant(0)) {
        raise(Error::division_by_zero("division by zero: " + a.text() + " and 0"));
    }
    return PyExpr{a.ctx, checked_depth(build(kind, {lhs, rhs})), std::move(names)};
}

/// `kind(a, b)` for the module-level functions, with either side an Expr.
PyExpr free_binary(const py::handle& a, const py::handle& b, ExprKind kind) {
    if (py::isinstance<PyExpr>(a)) return binary(a.cast<const PyExpr&>(), b, false, kind);
    if (py::isinstance<PyExpr>(b)) return binary(b.cast<const PyExpr&>(), a, true, kind);
    raise_invalid(std::string(kind_name(kind)) + " needs at least one Expr operand");
}

std::vector<Interval> to_bounds(const py::handle& bounds) {
    std::vector<Interval> out;
    if (bounds.is_none()) return out;
    for (const py::handle& b : bounds)
        out.push_back(to_interval(b));
    return out;
}

}  // namespace

void register_exprs(py::module_& m) {
    py::class_<PyContext>(m, "Context",
                          "An expression context. Objects made from one context can be combined "
                          "cheaply; objects of two contexts are copied into one when combined. "
                          "Every parse_* function uses a fresh context unless ctx= is given.")
        .def(py::init([]() { return PyContext{std::make_shared<Context>()}; }))
        .def_property_readonly(
            "num_nodes", [](const PyContext& c) { return c.ctx->num_nodes(); },
            "Distinct expression nodes created so far.");

    py::class_<PyExpr> expr(m, "Expr",
                            "An integer expression over numbered variables (uniqued: equal "
                            "expressions of one context are the same node). Operators: + - * "
                            "// (floordiv) % (mod, sign of the divisor), unary -.");
    expr.def("__str__", deep([](const PyExpr& e) { return e.text(); }))
        .def("__repr__", deep([](const PyExpr& e) { return "provix.Expr('" + e.text() + "')"; }))
        .def("__eq__", deep([](const PyExpr& a, const py::object& b) {
                 if (!py::isinstance<PyExpr>(b)) return false;
                 const PyExpr& o = b.cast<const PyExpr&>();
                 if (o.ctx == a.ctx) return a.expr == o.expr;
                 return to_string(a.expr) == to_string(o.expr);
             }))
        .def("__hash__", deep([](const PyExpr& e) { return py::hash(py::str(to_string(e.expr))); }))
        .def_property_readonly(
            "kind", [](const PyExpr& e) { return kind_name(e.expr.kind()); },
            "'constant', 'variable', 'add', 'mul', 'floordiv', 'ceildiv', "
            "'mod', 'min' or 'max'.")
        .def_property_readonly(
            "operands", [](const PyExpr& e) { return wrap_all(e.ctx, e.expr.operands(), e.names); },
            "The operands, in order (empty for constants and variables).")
        .def_property_readonly(
            "value",
            [](const PyExpr& e) -> py::object {
                if (!e.expr.is_constant()) return py::none();
                return py::int_(e.expr.constant_value());
            },
            "The value of a constant, else None.")
        .def_property_readonly(
            "variable_id",
            [](const PyExpr& e) -> py::object {
                if (!e.expr.is_variable()) return py::none();
                return py::int_(e.expr.variable_id());
            },
            "The id of a variable, else None.")
        .def_property_readonly(
            "names",
            [](const PyExpr& e) { return e.names ? *e.names : std::vector<std::string>{}; },
            "The names variables print with (variable i is names[i]).")
        .def("evaluate", deep([](const PyExpr& e, const py::object& values) {
                 std::vector<std::string> names = e.names ? *e.names : std::vector<std::string>{};
                 return unwrap(evaluate(e.expr, to_point(values, names)));
             }),
             py::arg("values"),
             "The value at a point: a list by variable id or a dict by name. Raises "
             "DivisionByZeroError or IntegerOverflowError instead of returning a wrong value.")
        .def("range", deep([](const PyExpr& e, const py::object& bounds) {
                 return from_interval(interval_of(e.expr, to_bounds(bounds)));
             }),
             py::arg("bounds"),
             "A sound range of the expression when variable i ranges over bounds[i] (interval "
             "arithmetic): (lo, hi) with math.inf for an unbounded end.")
        .def("__neg__", deep([](const PyExpr& e) {
                 return PyExpr{e.ctx, checked_depth(-e.expr), e.names};
             }));

    struct Op {
        const char* name;
        const char* rname;
        ExprKind kind;
    };
    for (Op op :
         {Op{"__add__", "__radd__", ExprKind::Add}, Op{"__mul__", "__rmul__", ExprKind::Mul},
          Op{"__floordiv__", "__rfloordiv__", ExprKind::FloorDiv},
          Op{"__mod__", "__rmod__", ExprKind::Mod}}) {
        ExprKind kind = op.kind;
        expr.def(op.name, deep([kind](const PyExpr& a, const py::object& b) {
                     return binary(a, b, false, kind);
                 }));
        expr.def(op.rname, deep([kind](const PyExpr& a, const py::object& b) {
                     return binary(a, b, true, kind);
                 }));
    }
    expr.def("__sub__", deep([](const PyExpr& a, const py::object& b) {
                 Names names = merged_names(a, b);
                 Expr rhs = operand_expr(a.ctx, b, a.names ? *a.names : std::vector<std::string>{});
                 return PyExpr{a.ctx, checked_depth(a.expr - rhs), std::move(names)};
             }));
    expr.def("__rsub__", deep([](const PyExpr& a, const py::object& b) {
                 Names names = merged_names(a, b);
                 Expr lhs = operand_expr(a.ctx, b, a.names ? *a.names : std::vector<std::string>{});
                 return PyExpr{a.ctx, checked_depth(lhs - a.expr), std::move(names)};
             }));

    m.def("parse_expr",
          deep([](const std::string& text, const std::vector<std::string>& names,
                  const py::object& ctx) {
              for (size_t i = 0; i < names.size(); ++i) {
                  check_name(names[i]);
                  if (std::find(names.begin(), names.begin() + static_cast<std::ptrdiff_t>(i),
                                names[i]) != names.begin() + static_cast<std::ptrdiff_t>(i))
                      raise_invalid("duplicate variable name '" + names[i] + "'");
              }
              ContextPtr c = context_of(ctx);
              return PyExpr{c, unwrap(parse_expr(*c, text, names, parse_options())), share(names)};
          }),
          py::arg("text"), py::arg("names") = std::vector<std::string>{}, py::kw_only(),
          py::arg("ctx") = py::none(),
          "Parses an expression; variable i is names[i]: parse_expr('d0 floordiv 4', ['d0']).");
    m.def(
        "var",
        [](const py::object& id_value, const py::object& name, const py::object& ctx) {
            const int64_t id = int64_of(id_value, "a variable id");
            if (id < 0) raise_invalid("a variable id must be >= 0");
            ContextPtr c = context_of(ctx);
            std::vector<std::string> names;
            if (!name.is_none()) {
                // The names are a list by id: the ones below `id` are
                // written out, so a named id is bounded.
                if (id >= kMaxNamedVariableId) {
                    raise_invalid("a named variable's id must be below " +
                                  std::to_string(kMaxNamedVariableId) + " (unnamed, any id)");
                }
                for (int64_t i = 0; i < id; ++i)
                    names.push_back("v" + std::to_string(i));
                if (!py::isinstance<py::str>(name)) {
                    raise_invalid("a variable's name must be a str, got " + type_name(name));
                }
                names.push_back(name.cast<std::string>());
                check_name(names.back());
            }
            return PyExpr{c, c->variable(id), share(names)};
        },
        py::arg("id"), py::arg("name") = py::none(), py::kw_only(), py::arg("ctx") = py::none(),
        "The variable with this id (printed as name, or v<id>).");
    m.def("const", deep([](const py::object& value, const py::object& ctx) {
              ContextPtr c = context_of(ctx);
              return PyExpr{c, to_expr(c, value, {}), share({})};
          }),
          py::arg("value"), py::kw_only(), py::arg("ctx") = py::none(), "The constant value.");
    struct FreeOp {
        const char* name;
        ExprKind kind;
        const char* doc;
    };
    for (FreeOp op :
         {FreeOp{"floordiv", ExprKind::FloorDiv,
                 "a floordiv b: rounds toward negative infinity (also a // b)."},
          FreeOp{"ceildiv", ExprKind::CeilDiv, "a ceildiv b: rounds toward positive infinity."},
          FreeOp{"mod", ExprKind::Mod,
                 "a mod b = a - b * (a floordiv b): the sign of b (also a % b)."},
          FreeOp{"min", ExprKind::Min, "min(a, b) as an expression."},
          FreeOp{"max", ExprKind::Max, "max(a, b) as an expression."}}) {
        ExprKind kind = op.kind;
        m.def(op.name, deep([kind](const py::object& a, const py::object& b) {
                  return free_binary(a, b, kind);
              }),
              op.doc);
    }
    m.def("simplify_expr", deep([](const PyExpr& e, const py::object& bounds) {
              return PyExpr{e.ctx, simplify_expr(e.expr, to_bounds(bounds)), e.names};
          }),
          py::arg("expr"), py::arg("bounds") = py::none(),
          "Simplifies an expression with variable i in bounds[i] (a (lo, hi) pair; missing "
          "variables are unbounded): simplify_expr(d0 // 16, [(0, 14)]) is 0.");
}

}  // namespace provix::python
