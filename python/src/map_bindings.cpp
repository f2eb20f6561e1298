// provix.IndexingMap and the map functions of the Python module: parsing,
// printing, construction from Python values, simplify (with its trace),
// compose, result ranges, evaluation.
//
//     >>> m = provix.IndexingMap(["d0 + d1 floordiv 16", "d1 mod 16"],
//     ...                        dims={"d0": (0, 6), "d1": (0, 14)})
//     >>> provix.simplify(m).results
//     [provix.Expr('d0'), provix.Expr('d1')]

#include "bindings.h"
#include "large_stack.h"
#include "provix/parser.h"
#include "provix/simplify.h"

namespace provix::python {

namespace {

/// A variable given from Python: a name (maybe empty) and bounds.
struct VariableSpec {
    std::string name;
    Interval bounds;
};

/// Reads variables given as a dict {name: (lo, hi)} or a list whose entries
/// are (name, lo, hi) or (lo, hi). Unnamed ones get `prefix<i>`.
std::vector<VariableSpec> to_variables(const py::handle& spec, const char* prefix) {
    std::vector<VariableSpec> out;
    if (spec.is_none()) return out;
    if (py::isinstance<py::dict>(spec)) {
        for (auto item : py::reinterpret_borrow<py::dict>(spec)) {
            if (!py::isinstance<py::str>(item.first)) raise_invalid("variable names must be str");
            out.push_back({item.first.cast<std::string>(), to_interval(item.second)});
        }
        return out;
    }
    if (!py::isinstance<py::sequence>(spec) || py::isinstance<py::str>(spec)) {
        raise_invalid("variables are a dict {name: (lo, hi)} or a list of (name, lo, hi)");
    }
    for (const py::handle& entry : spec) {
        if (!py::isinstance<py::sequence>(entry) || py::isinstance<py::str>(entry)) {
            raise_invalid("a variable is (name, lo, hi) or (lo, hi), got " +
                          std::string(py::repr(entry)));
        }
        py::sequence e = py::reinterpret_borrow<py::sequence>(entry);
        if (e.size() == 3) {
            if (!py::isinstance<py::str>(e[0])) raise_invalid("variable names must be str");
            out.push_back({e[0].cast<std::string>(), to_interval(e[1], e[2])});
        } else if (e.size() == 2) {
            out.push_back({prefix + std::to_string(out.size()), to_interval(e[0], e[1])});
        } else {
            raise_invalid("a variable is (name, lo, hi) or (lo, hi), got " +
                          std::string(py::repr(entry)));
        }
    }
    return out;
}

std::vector<IndexingVariable> to_indexing_variables(const std::vector<VariableSpec>& specs) {
    std::vector<IndexingVariable> out;
    for (const VariableSpec& s : specs)
        out.push_back({s.bounds, s.name});
    return out;
}

/// Reads constraints given as a dict {expr: (lo, hi)} or a list of
/// (expr, lo, hi); expressions are Expr or str (parsed with `names`).
std::vector<Constraint> to_constraints(const ContextPtr& ctx, const py::handle& spec,
                                       const std::vector<std::string>& names) {
    std::vector<Constraint> out;
    if (spec.is_none()) return out;
    if (py::isinstance<py::dict>(spec)) {
        for (auto item : py::reinterpret_borrow<py::dict>(spec))
            out.push_back({to_expr(ctx, item.first, names), to_interval(item.second)});
        return out;
    }
    for (const py::handle& entry : spec) {
        if (!py::isinstance<py::sequence>(entry) || py::isinstance<py::str>(entry) ||
            py::len(entry) != 3) {
            raise_invalid("a constraint is (expr, lo, hi), got " + std::string(py::repr(entry)));
        }
        py::sequence e = py::reinterpret_borrow<py::sequence>(entry);
        out.push_back({to_expr(ctx, e[0], names), to_interval(e[1], e[2])});
    }
    return out;
}

/// The map built from Python values (see the IndexingMap constructor's doc).
PyMap make_map(const py::object& results, const py::object& dims, const py::object& range_vars,
               const py::object& rt_vars, const py::object& constraints, const py::object& ctx) {
    ContextPtr c = context_of(ctx);
    std::vector<VariableSpec> d = to_variables(dims, "d");
    std::vector<VariableSpec> s = to_variables(range_vars, "s");
    std::vector<VariableSpec> r = to_variables(rt_vars, "rt");
    std::vector<std::string> names;
    for (const auto* list : {&d, &s, &r}) {
        for (const VariableSpec& v : *list)
            names.push_back(v.name);
    }
    std::vector<Expr> exprs;
    for (const py::handle& e : results)
        exprs.push_back(to_expr(c, e, names));
    SymbolicMap sm = unwrap(SymbolicMap::get(*c, static_cast<int64_t>(d.size()),
                                             static_cast<int64_t>(s.size() + r.size()), exprs));
    auto map = IndexingMap::get(std::move(sm), to_indexing_variables(d), to_indexing_variables(s),
                                to_indexing_variables(r), to_constraints(c, constraints, names));
    return PyMap{c, unwrap(std::move(map))};
}

py::list variables_of(const IndexingVariables& vars) {
    py::list out;
    for (const IndexingVariable& v : vars) {
        py::object b = from_interval(v.bounds);
        if (b.is_none()) {
            out.append(py::make_tuple(v.name, py::none(), py::none()));
        } else {
            py::tuple t = b.cast<py::tuple>();
            out.append(py::make_tuple(v.name, t[0], t[1]));
        }
    }
    return out;
}

const char* state_name(IndexingMap::State s) {
    switch (s) {
        case IndexingMap::State::Normal:
            return "normal";
        case IndexingMap::State::KnownEmpty:
            return "known_empty";
        case IndexingMap::State::Undefined:
            return "undefined";
    }
    return "normal";
}

}  // namespace

void register_maps(py::module_& m) {
    py::class_<PyMap> map(m, "IndexingMap",
                          "An indexing map: results over dimension (d), range (s) and runtime "
                          "(rt) variables with bounds, and constraints. A value: functions "
                          "return new maps.");
    map.def(py::init(deep([](const py::object& results, const py::object& dims,
                             const py::object& range_vars, const py::object& rt_vars,
                             const py::object& constraints, const py::object& ctx) {
                return make_map(results, dims, range_vars, rt_vars, constraints, ctx);
            })),
            py::arg("results"), py::arg("dims") = py::none(), py::arg("range_vars") = py::none(),
            py::arg("rt_vars") = py::none(), py::arg("constraints") = py::none(), py::kw_only(),
            py::arg("ctx") = py::none(),
            R"(Builds a map from Python values.

results:     a list of expressions (str, parsed with the variable names, or Expr)
dims, range_vars, rt_vars:
             {name: (lo, hi)} or a list of (name, lo, hi) or (lo, hi); bounds
             are inclusive ints, None or math.inf for an unbounded end; unnamed
             variables are d<i>, s<i>, rt<i>
constraints: {expr: (lo, hi)} or a list of (expr, lo, hi)

IndexingMap(["d0 floordiv 4"], dims={"d0": (0, 15)}))")
        .def_static("from_tensor_sizes",
                    deep([](const py::object& results, const py::sequence& dim_sizes,
                            const py::sequence& symbol_sizes, const py::object& ctx) {
                        // [0, n - 1]; a size of 0 or less is an empty range (and
                        // n - 1 would leave int64 at n = -2^63).
                        auto ranges = [](const py::sequence& sizes) {
                            py::list out;
                            for (const py::handle& size : sizes) {
                                const int64_t n = int64_of(size, "a size");
                                out.append(py::make_tuple(0, n > 0 ? n - 1 : -1));
                            }
                            return out;
                        };
                        return make_map(results, ranges(dim_sizes), ranges(symbol_sizes),
                                        py::none(), py::none(), ctx);
                    }),
                    py::arg("results"), py::arg("dim_sizes"), py::arg("symbol_sizes") = py::tuple(),
                    py::kw_only(), py::arg("ctx") = py::none(),
                    "A map over a tensor: dim i in [0, dim_sizes[i] - 1], range variable j in [0, "
                    "symbol_sizes[j] - 1].")
        .def_static(
            "known_empty",
            []() {
                auto c = std::make_shared<Context>();
                return PyMap{c, IndexingMap::known_empty(*c)};
            },
            "The KNOWN EMPTY map.")
        .def_static(
            "undefined",
            []() {
                auto c = std::make_shared<Context>();
                return PyMap{c, IndexingMap::undefined(*c)};
            },
            "The UNDEFINED map.")
        .def("__str__", deep([](const PyMap& p) { return p.map.to_string(); }))
        .def("to_string", deep([](const PyMap& p) { return p.map.to_string(); }),
             "The canonical text form; parse_map(m.to_string()) == m.")
        .def("__repr__", deep([](const PyMap& p) {
                 std::string t = p.map.to_string();
                 for (char& ch : t)
                     if (ch == '\n') ch = ' ';
                 return "provix.IndexingMap('" + t + "')";
             }))
        .def("__eq__", deep([](const PyMap& a, const py::object& b) {
                 if (!py::isinstance<PyMap>(b)) return false;
                 const PyMap& o = b.cast<const PyMap&>();
                 if (o.ctx == a.ctx) return a.map == o.map;
                 return a.map.to_string() == o.map.to_string();
             }))
        .def("__hash__", deep([](const PyMap& p) { return py::hash(py::str(p.map.to_string())); }))
        .def_property_readonly(
            "state", [](const PyMap& p) { return state_name(p.map.state()); },
            "'normal', 'known_empty' or 'undefined'.")
        .def_property_readonly("is_known_empty",
                               [](const PyMap& p) { return p.map.is_known_empty(); })
        .def_property_readonly("is_undefined", [](const PyMap& p) { return p.map.is_undefined(); })
        .def_property_readonly("num_dims", [](const PyMap& p) { return p.map.num_dims(); })
        .def_property_readonly("num_range_vars",
                               [](const PyMap& p) { return p.map.num_range_vars(); })
        .def_property_readonly("num_rt_vars", [](const PyMap& p) { return p.map.num_rt_vars(); })
        .def_property_readonly("num_symbols", [](const PyMap& p) { return p.map.num_symbols(); })
        .def_property_readonly("num_variables",
                               [](const PyMap& p) { return p.map.num_variables(); })
        .def_property_readonly("num_results", [](const PyMap& p) { return p.map.num_results(); })
        .def_property_readonly("variable_names", &PyMap::names,
                               "Every variable's name, by id: dims, range, runtime variables.")
        .def_property_readonly("results", &PyMap::wrapped_results,
                               "The result expressions (named with the map's variables).")
        .def_property_readonly(
            "dims", [](const PyMap& p) { return variables_of(p.map.dims()); },
            "[(name, lo, hi)] with math.inf for an unbounded end.")
        .def_property_readonly("range_vars",
                               [](const PyMap& p) { return variables_of(p.map.range_vars()); })
        .def_property_readonly("rt_vars",
                               [](const PyMap& p) { return variables_of(p.map.rt_vars()); })
        .def_property_readonly(
            "constraints",
            [](const PyMap& p) {
                py::list out;
                for (const Constraint& c : p.map.constraints()) {
                    py::tuple b = from_interval(c.range).cast<py::tuple>();
                    out.append(py::make_tuple(py::cast(p.wrap(c.expr)), b[0], b[1]));
                }
                return out;
            },
            "[(Expr, lo, hi)]: each constraint expr in [lo, hi].")
        .def("evaluate", deep([](const PyMap& p, const py::object& point) {
                 return unwrap(p.map.evaluate(to_point(point, p.names())));
             }),
             py::arg("point"),
             "The results at a point (a list by variable id or a dict by name); does not check "
             "the domain. Raises DivisionByZeroError / IntegerOverflowError.")
        .def("constraints_satisfied", deep([](const PyMap& p, const py::object& point) {
                 std::vector<int64_t> values = to_point(point, p.names());
                 if (p.map.state() == IndexingMap::State::Normal &&
                     static_cast<int64_t>(values.size()) != p.map.num_variables()) {
                     raise_invalid("expected " + std::to_string(p.map.num_variables()) +
                                   " values, got " + std::to_string(values.size()));
                 }
                 const Membership in = p.map.membership(values);
                 if (in == Membership::Undecided) {
                     raise(
                         Error::overflow("a constraint's evaluation leaves 128 bits at the point: "
                                         "whether it holds is not decided"));
                 }
                 return in == Membership::Inside;
             }),
             py::arg("point"),
             "True if the point is in the domain (bounds and constraints; a constraint "
             "dividing by zero excludes the point). Raises IntegerOverflowError when a "
             "constraint's evaluation leaves 128 bits there, and InvalidArgumentError for a point "
             "of another length.")
        .def("remove_unused_symbols", deep([](const PyMap& p) {
                 PyMap out = p;
                 out.map.remove_unused_symbols();
                 return out;
             }),
             "A copy without the range and runtime variables nothing uses; the others are "
             "renumbered, so the copy takes fewer inputs and is a different function for "
             "equivalent() (rt1 becomes rt0 when rt0 goes).")
        .def("convert_symbols_to_dims", deep([](const PyMap& p) {
                 return PyMap{p.ctx, p.map.convert_symbols_to_dims()};
             }),
             "A copy whose range and runtime variables are dimensions.");

    m.def("parse_map", deep([](const std::string& text, const py::object& ctx) {
              ContextPtr c = context_of(ctx);
              return PyMap{c, unwrap(parse_indexing_map(*c, text, parse_options()))};
          }),
          py::arg("text"), py::kw_only(), py::arg("ctx") = py::none(),
          "Parses one map in provix's text syntax (XLA's printed form). Raises ParseError with "
          "the diagnostic.");
    m.def("parse_maps",
          deep([](const std::string& text, const std::string& filename, const py::object& ctx) {
              ContextPtr c = context_of(ctx);
              std::vector<PyMap> out;
              for (ParsedMap& pm : unwrap(parse_indexing_maps(*c, text, filename, parse_options())))
                  out.push_back(PyMap{c, std::move(pm.map)});
              return out;
          }),
          py::arg("text"), py::arg("filename") = "<input>", py::kw_only(),
          py::arg("ctx") = py::none(),
          "Parses every map of a text (maps separated by '// -----' lines); filename names the "
          "text in diagnostics.");
    m.def("simplify", deep([](const PyMap& p, bool trace) -> py::object {
              PyMap out = p;
              std::vector<std::string> fired;
              SimplifyOptions options;
              if (trace) options.trace = &fired;
              simplify(out.map, options);
              if (!trace) return py::cast(out);
              return py::make_tuple(py::cast(out), py::cast(fired));
          }),
          py::arg("map"), py::kw_only(), py::arg("trace") = false,
          "The map simplified by the rule engine. With trace=True, a pair (map, [names of the "
          "rules that fired, in order]).");
    m.def("compose", deep([](const PyMap& first, const PyMap& second) {
              IndexingMap s = import_map(first.ctx, second);
              PyMap out{first.ctx, unwrap(compose_indexing_maps(first.map, s))};
              // Composing nests one map's results in the other's: a chain of
              // compositions could grow past the depth the module builds.
              for (Expr r : out.map.results())
                  checked_depth(r);
              for (const Constraint& c : out.map.constraints())
                  checked_depth(c.expr);
              return out;
          }),
          py::arg("first"), py::arg("second"),
          "second after first: first's results feed second's dims (x -> second(first(x))), with "
          "both maps' variables and constraints and first's results bounded by second's dims.");
    m.def("result_ranges", deep([](const PyMap& p) {
              py::list out;
              for (const Interval& i : result_ranges(p.map))
                  out.append(from_interval(i));
              return out;
          }),
          py::arg("map"),
          "The engine's range of every result over the domain: a sound over-approximation, "
          "(lo, hi) with math.inf for an unbounded end, None for an empty range; [] for a "
          "KNOWN EMPTY map (it has no results).");
}

}  // namespace provix::python
