// MLIR's affine syntax in the Python module: parse_mlir, to_mlir, to_mlir_set.
//
//     >>> d = provix.parse_mlir("#map = affine_map<(d0) -> (d0 mod 4)>")[0]
//     >>> provix.to_mlir(provix.simplify(d["map"]), d["num_dims"])
//     'affine_map<(d0) -> (d0 mod 4)>'

#include "bindings.h"
#include "large_stack.h"
#include "provix/mlir_syntax.h"

namespace provix::python {

void register_mlir_syntax(py::module_& m) {
    m.def("parse_mlir",
          deep([](const std::string& text, const std::string& filename, const py::object& ctx) {
              ContextPtr c = context_of(ctx);
              py::list out;
              for (MlirDefinition& d : unwrap(parse_mlir_affine(*c, text, filename))) {
                  py::dict entry;
                  entry["kind"] = d.kind == MlirDefinition::Kind::Map ? "map" : "set";
                  entry["alias"] = d.alias;
                  entry["num_dims"] = d.num_dims;
                  entry["num_symbols"] = d.num_symbols;
                  entry["map"] = py::cast(PyMap{c, std::move(d.map)});
                  entry["domain_set"] = d.domain_set < 0 ? py::object(py::none())
                                                         : py::object(py::int_(d.domain_set));
                  out.append(entry);
              }
              return out;
          }),
          py::arg("text"), py::arg("filename") = "<input>", py::kw_only(),
          py::arg("ctx") = py::none(),
          "Reads MLIR's affine_map<...> / affine_set<...> definitions: one dict per definition "
          "{'kind': 'map'|'set', 'alias': '#map0' or '', 'num_dims', 'num_symbols', 'map': "
          "IndexingMap, 'domain_set': index of the set bounding a map, or None}. Every MLIR dim "
          "and symbol is a dimension of the IndexingMap (all are inputs); a symbolic divisor is "
          "assumed positive, as MLIR defines it only there.");
    m.def("to_mlir", deep([](const PyMap& p, const py::object& num_dims) {
              return unwrap(to_mlir_affine_map(p.map, int64_of(num_dims, "num_dims")));
          }),
          py::arg("map"), py::arg("num_dims"),
          "The map's results as MLIR's affine_map<...>: the first num_dims variables are dims, the "
          "others symbols. Raises InvalidArgumentError for what MLIR cannot express (min, max, "
          "products of dims).");
    m.def(
        "to_mlir_set",
        deep([](const PyMap& p, const py::object& num_dims, const py::object& num_symbols) {
            return unwrap(to_mlir_affine_set(p.map, int64_of(num_dims, "num_dims"),
                                             int64_of(num_symbols, "num_symbols")));
        }),
        py::arg("map"), py::arg("num_dims"), py::arg("num_symbols") = py::int_(0),
        "The map's domain as MLIR's affine_set<...> (num_symbols is used for a known-empty map).");
}

}  // namespace provix::python
