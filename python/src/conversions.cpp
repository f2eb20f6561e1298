// Conversions between Python values and provix values, and the exceptions
// provix errors become.

#include <Python.h>

#include <algorithm>
#include <cmath>
#include <unordered_map>

#include "bindings.h"
#include "provix/parser.h"
#include "provix/symbolic_map.h"

namespace provix::python {

namespace {

/// The exception classes, created once by register_exceptions.
struct Exceptions {
    PyObject* base = nullptr;
    PyObject* parse = nullptr;
    PyObject* division_by_zero = nullptr;
    PyObject* overflow = nullptr;
    PyObject* invalid = nullptr;
};

Exceptions& exceptions() {
    static Exceptions e;
    return e;
}

/// A new exception class `provix.<name>` deriving from `bases`, added to
/// module `m`.
PyObject* new_exception(py::module_& m, const char* name, const char* doc, py::tuple bases) {
    std::string qualified = std::string("provix.") + name;
    PyObject* cls =
        PyErr_NewExceptionWithDoc(qualified.c_str(), doc, bases.ptr(), /*dict=*/nullptr);
    if (!cls) throw py::error_already_set();
    m.add_object(name, py::reinterpret_borrow<py::object>(cls));
    return cls;
}

/// True for an integer that is not a bool: a Python int or anything with
/// `__index__` (numpy's integers). `True` is an int to Python, but never a
/// bound, a coordinate or a constant here.
bool is_int(const py::handle& value) {
    return PyIndex_Check(value.ptr()) && !PyBool_Check(value.ptr());
}

}  // namespace

void register_exceptions(py::module_& m) {
    Exceptions& e = exceptions();
    e.base = new_exception(m, "Error", "Base class of every error provix raises.",
                           py::make_tuple(py::reinterpret_borrow<py::object>(PyExc_Exception)));
    py::object base = py::reinterpret_borrow<py::object>(e.base);
    e.parse = new_exception(
        m, "ParseError",
        "Malformed text; the message is a diagnostic: file:line:col: error: ..., the source line "
        "and a caret.",
        py::make_tuple(base, py::reinterpret_borrow<py::object>(PyExc_ValueError)));
    e.division_by_zero = new_exception(
        m, "DivisionByZeroError", "A divisor is zero (in the text, or at an evaluation point).",
        py::make_tuple(base, py::reinterpret_borrow<py::object>(PyExc_ZeroDivisionError)));
    e.overflow = new_exception(
        m, "IntegerOverflowError", "A value or a constant leaves int64.",
        py::make_tuple(base, py::reinterpret_borrow<py::object>(PyExc_OverflowError)));
    e.invalid =
        new_exception(m, "InvalidArgumentError",
                      "A bad argument: wrong arity, unknown variable, mismatched maps, ...",
                      py::make_tuple(base, py::reinterpret_borrow<py::object>(PyExc_ValueError)));
}

void raise(const Error& error) {
    Exceptions& e = exceptions();
    PyObject* cls = e.invalid;
    switch (error.kind) {
        case Error::Kind::Parse:
            cls = e.parse;
            break;
        case Error::Kind::DivisionByZero:
            cls = e.division_by_zero;
            break;
        case Error::Kind::Overflow:
            cls = e.overflow;
            break;
        case Error::Kind::Invalid:
            cls = e.invalid;
            break;
    }
    // The whole message, a NUL in it included (a file name may hold one),
    // bytes that are not UTF-8 escaped.
    py::object message = py::reinterpret_steal<py::object>(PyUnicode_DecodeUTF8(
        error.message.data(), static_cast<Py_ssize_t>(error.message.size()), "backslashreplace"));
    if (!message) throw py::error_already_set();
    PyErr_SetObject(cls, message.ptr());
    throw py::error_already_set();
}

void raise_invalid(const std::string& message) { raise(Error::invalid(message)); }

std::string PyExpr::name(int64_t id) const {
    if (names && id >= 0 && static_cast<size_t>(id) < names->size()) {
        return (*names)[static_cast<size_t>(id)];
    }
    return "v" + std::to_string(id);
}

std::string PyExpr::text() const {
    return to_string(expr, [this](int64_t id) { return name(id); });
}

std::vector<std::string> PyMap::names() const {
    std::vector<std::string> out;
    for (int64_t id = 0; id < map.num_variables(); ++id)
        out.push_back(map.variable(id).name);
    return out;
}

PyExpr PyMap::wrap(Expr e) const {
    return PyExpr{ctx, e, std::make_shared<const std::vector<std::string>>(names())};
}

std::vector<PyExpr> PyMap::wrapped_results() const {
    return wrap_all(ctx, map.results().to_vector(),
                    std::make_shared<const std::vector<std::string>>(names()));
}

std::vector<PyExpr> wrap_all(const ContextPtr& ctx, const std::vector<Expr>& exprs,
                             const std::shared_ptr<const std::vector<std::string>>& names) {
    std::vector<PyExpr> out;
    out.reserve(exprs.size());
    for (Expr e : exprs)
        out.push_back(PyExpr{ctx, e, names});
    return out;
}

std::string type_name(const py::handle& value) {
    return py::str(py::type::of(value).attr("__name__"));
}

int64_t int64_of(const py::handle& value, const std::string& what) {
    if (!is_int(value)) raise_invalid(what + " must be an int, got " + type_name(value));
    py::object index = py::reinterpret_steal<py::object>(PyNumber_Index(value.ptr()));
    if (!index) throw py::error_already_set();
    int overflow = 0;
    const long long v = PyLong_AsLongLongAndOverflow(index.ptr(), &overflow);
    if (overflow != 0) {
        raise(
            Error::overflow(what + " = " + std::string(py::str(index)) + " does not fit in int64"));
    }
    return static_cast<int64_t>(v);
}

Bound to_bound(const py::handle& value, int side) {
    if (value.is_none()) return Bound{true, 0};
    if (PyFloat_Check(value.ptr())) {
        double d = PyFloat_AsDouble(value.ptr());
        if (std::isinf(d) && (d < 0) == (side < 0)) return Bound{true, 0};
        raise_invalid(std::string("a bound must be an int, None or ") +
                      (side < 0 ? "-math.inf" : "math.inf") + ", got " +
                      std::string(py::str(value)));
    }
    if (!is_int(value)) {
        raise_invalid("a bound must be an int, None or an infinity, got " + type_name(value));
    }
    return Bound{false, int64_of(value, "bound")};
}

Interval to_interval(const py::handle& lo, const py::handle& hi) {
    Bound l = to_bound(lo, -1);
    Bound h = to_bound(hi, +1);
    return Interval::bounded_by(l.infinite ? std::nullopt : std::optional<int64_t>(l.value),
                                h.infinite ? std::nullopt : std::optional<int64_t>(h.value));
}

Interval to_interval(const py::handle& pair) {
    if (!py::isinstance<py::sequence>(pair) || py::isinstance<py::str>(pair) ||
        py::len(pair) != 2) {
        raise_invalid("bounds must be a pair (lo, hi), got " + std::string(py::repr(pair)));
    }
    py::sequence s = py::reinterpret_borrow<py::sequence>(pair);
    return to_interval(s[0], s[1]);
}

py::object from_interval(const Interval& interval) {
    if (interval.is_empty()) return py::none();
    py::module_ math = py::module_::import("math");
    py::object inf = math.attr("inf");
    py::object lo = interval.lo_is_inf() ? py::object(-inf) : py::object(py::int_(interval.lo()));
    py::object hi = interval.hi_is_inf() ? inf : py::object(py::int_(interval.hi()));
    return py::make_tuple(lo, hi);
}

std::vector<int64_t> to_point(const py::handle& values, const std::vector<std::string>& names) {
    std::vector<int64_t> point;
    if (py::isinstance<py::dict>(values)) {
        py::dict d = py::reinterpret_borrow<py::dict>(values);
        for (auto item : d) {
            std::string key = py::str(item.first);
            bool known = false;
            for (const std::string& n : names)
                known = known || n == key;
            if (!known) raise_invalid("unknown variable '" + key + "'");
        }
        for (const std::string& n : names) {
            if (!d.contains(n)) raise_invalid("no value for variable '" + n + "'");
            point.push_back(int64_of(d[py::str(n)], n));
        }
        return point;
    }
    if (!py::isinstance<py::sequence>(values) || py::isinstance<py::str>(values)) {
        raise_invalid("a point is a list of ints (by variable id) or a dict (by name)");
    }
    py::sequence s = py::reinterpret_borrow<py::sequence>(values);
    for (size_t i = 0; i < s.size(); ++i) {
        point.push_back(int64_of(s[i], i < names.size() ? names[i] : "v" + std::to_string(i)));
    }
    return point;
}

Expr to_expr(const ContextPtr& ctx, const py::handle& value,
             const std::vector<std::string>& names) {
    const Expr e = operand_expr(ctx, value, names);
    // Only an Expr can be too deep: a parsed text has the parser's limit.
    return py::isinstance<PyExpr>(value) ? checked_depth(e) : e;
}

Expr operand_expr(const ContextPtr& ctx, const py::handle& value,
                  const std::vector<std::string>& names) {
    if (py::isinstance<PyExpr>(value)) {
        const PyExpr& e = value.cast<const PyExpr&>();
        return import_expr(*ctx, e.expr);  // itself when already in ctx
    }
    if (is_int(value)) return ctx->constant(int64_of(value, "constant"));
    if (py::isinstance<py::str>(value)) {
        return unwrap(parse_expr(*ctx, value.cast<std::string>(), names, parse_options()));
    }
    raise_invalid("expected an Expr, an int or a str, got " + type_name(value));
}

ParseOptions parse_options() {
    ParseOptions options;
    options.max_depth = kMaxExpressionDepth;
    return options;
}

ContextPtr context_of(const py::object& ctx) {
    if (ctx.is_none()) return std::make_shared<Context>();
    if (!py::isinstance<PyContext>(ctx)) {
        raise_invalid("ctx must be a provix.Context or None, got " + type_name(ctx));
    }
    return ctx.cast<const PyContext&>().ctx;
}

IndexingMap import_map(const ContextPtr& ctx, const PyMap& map) {
    const IndexingMap& m = map.map;
    if (map.ctx == ctx) return m;
    if (m.is_known_empty()) return IndexingMap::known_empty(*ctx);
    if (m.is_undefined()) return IndexingMap::undefined(*ctx);
    std::vector<Expr> results;
    for (Expr r : m.results())
        results.push_back(import_expr(*ctx, r));
    std::vector<Constraint> constraints;
    for (const Constraint& c : m.constraints())
        constraints.push_back({import_expr(*ctx, c.expr), c.range});
    auto variables = [](const IndexingVariables& vars) {
        return std::vector<IndexingVariable>(vars.begin(), vars.end());
    };
    auto symbolic = SymbolicMap::get(*ctx, m.num_dims(), m.num_symbols(), std::move(results));
    if (!symbolic) raise(symbolic.error());
    return unwrap(IndexingMap::get(*symbolic, variables(m.dims()), variables(m.range_vars()),
                                   variables(m.rt_vars()), std::move(constraints)));
}

int expression_depth(Expr e, int limit) {
    // Memoised by node id (shared sub-expressions are walked once); the
    // walk stops below `limit`, so it recurses at most limit + 1 levels.
    std::unordered_map<uint32_t, int> depth;
    auto walk = [&](auto& self, Expr x, int level) -> int {
        if (x.num_operands() == 0) return 1;
        if (level > limit) return limit + 1;
        auto known = depth.find(x.id());
        if (known != depth.end()) return known->second;
        int deepest = 0;
        for (size_t i = 0; i < x.num_operands() && deepest <= limit; ++i)
            deepest = std::max(deepest, self(self, x.operand(i), level + 1));
        const int d = std::min(deepest + 1, limit + 1);
        depth.emplace(x.id(), d);
        return d;
    };
    return walk(walk, e, 1);
}

Expr checked_depth(Expr e) {
    if (expression_depth(e, kMaxExpressionDepth) > kMaxExpressionDepth) {
        raise_invalid("the expression would be more than " + std::to_string(kMaxExpressionDepth) +
                      " levels deep (printing, evaluating and simplifying recurse once per "
                      "level)");
    }
    return e;
}

}  // namespace provix::python
