// The exact oracle in the Python module (built with provix_solvers):
// equivalent, exact_range, is_empty, with counterexamples.
//
//     >>> a = provix.parse_map("(d0) -> (d0 floordiv 4 * 4 + d0 mod 4), domain: d0 in [0, 15]")
//     >>> b = provix.parse_map("(d0) -> (d0), domain: d0 in [0, 15]")
//     >>> provix.equivalent(a, b).verdict
//     'proven'

#include <algorithm>
#include <limits>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "bindings.h"
#include "large_stack.h"
#include "provix/solvers/oracle.h"

namespace provix::python {

namespace {

using solvers::kDefaultTimeoutSeconds;
using solvers::kMaxTimeoutSeconds;

using solvers::Counterexample;
using solvers::Decision;
using solvers::RangeDecision;

/// An exact decimal value as a Python int (arbitrary precision), or the text
/// itself when it is not an integer.
py::object exact_value(const std::string& text) {
    if (text == "inf") return py::module_::import("math").attr("inf");
    if (text == "-inf") return -py::module_::import("math").attr("inf");
    PyObject* v = PyLong_FromString(text.c_str(), nullptr, 10);
    if (v) return py::reinterpret_steal<py::object>(v);
    PyErr_Clear();
    return py::str(text);
}

py::dict named_values(const std::vector<solvers::NamedValue>& values) {
    py::dict out;
    for (const solvers::NamedValue& v : values)
        out[py::str(v.name)] = exact_value(v.value);
    return out;
}

py::object side(const solvers::SideValues& s) {
    py::list results;
    for (const std::string& r : s.results)
        results.append(exact_value(r));
    py::dict out;
    out["symbols"] = named_values(s.symbols);
    out["results"] = results;
    out["note"] = s.note;
    return out;
}

/// A budget given as an int in [1, max] (a Python int, or anything with
/// `__index__`, as numpy's integers; see int64_of); 0 would mean "no limit"
/// to the solvers, so it is refused like a negative one.
unsigned long budget(const py::object& value, const char* name, unsigned long max) {
    const int64_t n = int64_of(value, name);
    if (n < 1 || static_cast<uint64_t>(n) > max) {
        raise_invalid(std::string(name) + " must be in [1, " + std::to_string(max) + "], got " +
                      std::to_string(n));
    }
    return static_cast<unsigned long>(n);
}

/// The oracle of the keyword arguments, kept for this thread's later
/// calls with the same ones: it decides in a child process that then
/// answers them too, instead of a process per call. A few settings are
/// kept (the least recently used one is dropped, and its child ended).
solvers::Oracle& oracle_for(const std::string& backend, const py::object& isl_max_operations,
                            const py::object& z3_rlimit, const py::object& timeout_value) {
    // A number of seconds: an int or a float, never a bool.
    if (PyBool_Check(timeout_value.ptr()) ||
        !(py::isinstance<py::int_>(timeout_value) || py::isinstance<py::float_>(timeout_value))) {
        raise_invalid("timeout must be a number of seconds (int or float), got " +
                      type_name(timeout_value));
    }
    const double timeout = PyFloat_AsDouble(timeout_value.ptr());
    if (PyErr_Occurred()) throw py::error_already_set();  // an int too large for a float
    solvers::Limits limits;
    if (!isl_max_operations.is_none()) {
        limits.isl_max_operations =
            budget(isl_max_operations, "isl_max_operations", std::numeric_limits<long>::max());
    }
    if (!z3_rlimit.is_none()) {
        limits.z3_rlimit = static_cast<unsigned>(
            budget(z3_rlimit, "z3_rlimit", std::numeric_limits<unsigned>::max()));
    }
    if (!(timeout > 0) || timeout > kMaxTimeoutSeconds) {
        raise_invalid("timeout must be a number of seconds in (0, 1e9], got " +
                      std::to_string(timeout));
    }
    limits.timeout_seconds = timeout;
    limits.isolate = true;  // decisions in a child process the timeout kills
    using Make = std::unique_ptr<solvers::Oracle> (*)(const solvers::Limits&);
    const std::pair<const char*, Make> kBackends[] = {{"exact", solvers::make_exact_oracle},
                                                      {"isl", solvers::make_isl_oracle},
                                                      {"z3", solvers::make_z3_oracle}};
    Make make = nullptr;
    for (const auto& [name, maker] : kBackends)
        if (backend == name) make = maker;
    if (!make) raise_invalid("backend must be 'exact', 'isl' or 'z3', got '" + backend + "'");
    struct Kept {
        std::string backend;
        solvers::Limits limits;
        std::unique_ptr<solvers::Oracle> oracle;
    };
    constexpr size_t kKeptSettings = 4;
    thread_local std::vector<Kept> kept;  // most recently used last
    for (size_t i = 0; i < kept.size(); ++i) {
        const solvers::Limits& l = kept[i].limits;
        if (kept[i].backend == backend && l.isl_max_operations == limits.isl_max_operations &&
            l.z3_rlimit == limits.z3_rlimit && l.timeout_seconds == limits.timeout_seconds) {
            std::rotate(kept.begin() + static_cast<std::ptrdiff_t>(i),
                        kept.begin() + static_cast<std::ptrdiff_t>(i) + 1, kept.end());
            return *kept.back().oracle;
        }
    }
    if (kept.size() == kKeptSettings) kept.erase(kept.begin());
    kept.push_back({backend, limits, make(limits)});
    return *kept.back().oracle;
}

constexpr const char* kOracleArgsDoc =
    "backend: 'exact' (isl where the maps are quasi-affine, else Z3), 'isl' or 'z3'; "
    "isl_max_operations / z3_rlimit: deterministic budgets, positive (an exhausted budget "
    "answers 'unknown', never a pass); timeout: wall-clock seconds per decision (default 60; "
    "one that runs out answers 'unknown' with the reason 'timeout').";

/// An end (`r.lo` or `r.hi`) of a proven, non-empty range as a Python
/// value; None otherwise.
py::object proven_end(const RangeDecision& r, const std::string& end) {
    if (r.verdict != solvers::Verdict::Proven || r.empty) return py::none();
    return exact_value(end);
}

}  // namespace

void register_oracle(py::module_& m) {
    m.attr("HAVE_SOLVERS") = true;

    py::class_<Counterexample>(m, "Counterexample",
                               "A concrete point refuting a claim, as Alive2 prints one.")
        .def_readonly("kind", &Counterexample::kind,
                      "'value mismatch', 'domain mismatch', 'witness', ...")
        .def_property_readonly(
            "variables", [](const Counterexample& c) { return named_values(c.variables); },
            "{name: value} of the point (values are exact Python ints).")
        .def_property_readonly(
            "first", [](const Counterexample& c) { return side(c.first); },
            "The first (or only) map there: {'symbols': {...}, 'results': [...], 'note': str}.")
        .def_property_readonly(
            "second", [](const Counterexample& c) { return side(c.second); },
            "The second map there (equivalence only).")
        .def("__str__", [](const Counterexample& c) { return solvers::to_string(c); });

    py::class_<Decision>(m, "Decision",
                         "The oracle's answer to a yes/no claim. 'unknown' is never a pass.")
        .def_property_readonly(
            "verdict", [](const Decision& d) { return solvers::verdict_name(d.verdict); },
            "'proven', 'refuted' or 'unknown'.")
        .def_property_readonly(
            "proven", [](const Decision& d) { return d.verdict == solvers::Verdict::Proven; })
        .def_property_readonly(
            "refuted", [](const Decision& d) { return d.verdict == solvers::Verdict::Refuted; })
        .def_readonly("reason", &Decision::reason, "Why unknown, or a note on refuted.")
        .def_readonly("backend", &Decision::backend, "'isl', 'z3' or '' (no solver needed).")
        .def_readonly("counterexample", &Decision::counterexample,
                      "The refuting point (is_empty: the witness), or None.")
        .def("__str__",
             [](const Decision& d) {
                 std::string s = solvers::verdict_name(d.verdict);
                 if (!d.reason.empty()) s += " (" + d.reason + ")";
                 if (d.counterexample) s += "\n" + solvers::to_string(*d.counterexample);
                 return s;
             })
        .def("__repr__", [](const Decision& d) {
            return std::string("provix.Decision('") + solvers::verdict_name(d.verdict) + "')";
        });

    py::class_<RangeDecision>(m, "RangeDecision", "The exact range of one result.")
        .def_property_readonly(
            "verdict", [](const RangeDecision& r) { return solvers::verdict_name(r.verdict); })
        .def_property_readonly(
            "proven", [](const RangeDecision& r) { return r.verdict == solvers::Verdict::Proven; })
        .def_readonly("reason", &RangeDecision::reason)
        .def_readonly(
            "empty", &RangeDecision::empty,
            "True if the result takes no value: the domain is empty, or the result divides by zero "
            "at every point of it.")
        .def_property_readonly(
            "lo", [](const RangeDecision& r) { return proven_end(r, r.lo); },
            "The exact minimum (a Python int, -math.inf if unbounded); None if not proven.")
        .def_property_readonly(
            "hi", [](const RangeDecision& r) { return proven_end(r, r.hi); },
            "The exact maximum; None if not proven.")
        .def_readonly("backend", &RangeDecision::backend)
        .def("__str__", &RangeDecision::to_string);

    m.def(
        "equivalent",
        deep([](const PyMap& a, const PyMap& b, bool pointwise, const std::string& backend,
                const py::object& isl_ops, const py::object& z3_rlimit, const py::object& timeout) {
            IndexingMap bm = import_map(a.ctx, b);
            solvers::Oracle& oracle = oracle_for(backend, isl_ops, z3_rlimit, timeout);
            py::gil_scoped_release release;
            return pointwise ? oracle.equivalent_pointwise(a.map, bm)
                             : oracle.equivalent(a.map, bm);
        }),
        py::arg("a"), py::arg("b"), py::kw_only(), py::arg("pointwise") = false,
        py::arg("backend") = "exact", py::arg("isl_max_operations") = py::none(),
        py::arg("z3_rlimit") = py::none(), py::arg("timeout") = py::float_(kDefaultTimeoutSeconds),
        (std::string("Decides whether two maps describe the same relation on their domains "
                     "(pointwise=True: same variables, equal at every point). ") +
         kOracleArgsDoc)
            .c_str());
    m.def(
        "exact_range",
        deep([](const PyMap& p, const py::object& result_value, const std::string& backend,
                const py::object& isl_ops, const py::object& z3_rlimit, const py::object& timeout) {
            const int64_t result = int64_of(result_value, "result");
            if (result < 0 || result >= p.map.num_results()) {
                raise_invalid("result " + std::to_string(result) + " out of range (the map has " +
                              std::to_string(p.map.num_results()) + " results)");
            }
            solvers::Oracle& oracle = oracle_for(backend, isl_ops, z3_rlimit, timeout);
            py::gil_scoped_release release;
            return oracle.exact_range(p.map, result);
        }),
        py::arg("map"), py::arg("result") = py::int_(0), py::kw_only(),
        py::arg("backend") = "exact", py::arg("isl_max_operations") = py::none(),
        py::arg("z3_rlimit") = py::none(), py::arg("timeout") = py::float_(kDefaultTimeoutSeconds),
        (std::string("The exact min and max of one result over the domain. ") + kOracleArgsDoc)
            .c_str());
    m.def("is_empty",
          deep([](const PyMap& p, const std::string& backend, const py::object& isl_ops,
                  const py::object& z3_rlimit, const py::object& timeout) {
              solvers::Oracle& oracle = oracle_for(backend, isl_ops, z3_rlimit, timeout);
              py::gil_scoped_release release;
              return oracle.is_empty(p.map);
          }),
          py::arg("map"), py::kw_only(), py::arg("backend") = "exact",
          py::arg("isl_max_operations") = py::none(), py::arg("z3_rlimit") = py::none(),
          py::arg("timeout") = py::float_(kDefaultTimeoutSeconds),
          (std::string("Proven if the domain has no integer point; refuted with a witness point "
                       "(counterexample) if it has one. ") +
           kOracleArgsDoc)
              .c_str());
}

}  // namespace provix::python
