// `provix.analyze_hlo` (built with provix_hlo): the indexing maps of an HLO
// module's entry computation, as `provix analyze` prints them.
//
//     >>> ops = provix.analyze_hlo("""
//     ... p0 = f32[10, 20] parameter(0)
//     ... ROOT t = f32[20, 10] transpose(p0), dimensions={1, 0}""")
//     >>> ops[0]["name"], str(ops[0]["maps"][0].results[0])
//     ('p0', 'd1')

#include "bindings.h"
#include "large_stack.h"
#include "provix/hlo/computation_indexing.h"
#include "provix/hlo/hlo_parser.h"

namespace provix::python {

void register_hlo(py::module_& m) {
    m.def("analyze_hlo",
          deep([](const std::string& text, const py::object& output_value, bool input_to_output,
                  const std::string& filename, const py::object& ctx) {
              const int64_t output = int64_of(output_value, "output");
              if (output < 0) raise_invalid("output must be >= 0, got " + std::to_string(output));
              ContextPtr c = context_of(ctx);
              hlo::HloModule module = unwrap(hlo::parse_hlo_module(text, filename));
              const hlo::HloComputation& comp = module.entry_computation();
              auto sets = unwrap(input_to_output
                                     ? hlo::computation_input_to_output(*c, module, comp, output)
                                     : hlo::computation_output_to_input(*c, module, comp, output));
              py::list out;
              for (size_t p = 0; p < sets.size(); ++p) {
                  py::list maps;
                  for (IndexingMap& map : sets[p])
                      maps.append(py::cast(PyMap{c, std::move(map)}));
                  py::dict entry;
                  entry["operand"] = p;
                  entry["name"] = comp.instruction(comp.parameters[p]).name;
                  entry["maps"] = maps;
                  // True when a path reaches an operation without indexing
                  // maps, or one where they grow too large: then `maps` is
                  // empty and says nothing.
                  entry["unknown"] = sets[p].is_unknown();
                  out.append(entry);
              }
              return out;
          }),
          py::arg("text"), py::kw_only(), py::arg("output") = py::int_(0),
          py::arg("input_to_output") = false, py::arg("filename") = "<input>",
          py::arg("ctx") = py::none(),
          "The indexing maps of an HLO module (XLA's HLO text): one entry per parameter of the "
          "entry computation, {'operand': n, 'name': str, 'maps': [IndexingMap], 'unknown': "
          "bool (UNKNOWN: an operation without maps on the way, or maps composed past "
          "the size the analysis keeps)}, from the "
          "root's output `output` to the parameter (input_to_output=True: the reverse). Raises "
          "ParseError with the diagnostic on bad HLO.");
}

}  // namespace provix::python
