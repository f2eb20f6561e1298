// The `provix` Python module: trusted simplification of integer index
// expressions from Python.
//
//     >>> import provix
//     >>> m = provix.parse_map("(d0, d1) -> (d0 + d1 floordiv 16, d1 mod 16), "
//     ...                      "domain: d0 in [0, 6], d1 in [0, 14]")
//     >>> print(provix.simplify(m))
//     (d0, d1) -> (d0, d1),
//     domain:
//     d0 in [0, 6],
//     d1 in [0, 14]

#include "bindings.h"

PYBIND11_MODULE(provix, m) {
    namespace py = pybind11;
    m.doc() =
        "Trusted simplification of integer index expressions (floordiv, ceildiv, mod, min, max "
        "over bounded variables) and XLA-style indexing maps. Floor semantics: a floordiv b "
        "rounds toward negative infinity and a mod b has the sign of b, as Python's // and %. "
        "Errors raise provix.Error subclasses carrying the diagnostic text.";
    m.attr("__version__") = PROVIX_VERSION;
    m.attr("HAVE_SOLVERS") = false;
    m.attr("HAVE_HLO") = false;
    provix::python::register_exceptions(m);
    provix::python::register_exprs(m);
    provix::python::register_maps(m);
    provix::python::register_mlir_syntax(m);
#ifdef PROVIX_PYTHON_HAVE_SOLVERS
    provix::python::register_oracle(m);
#endif
#ifdef PROVIX_PYTHON_HAVE_HLO
    m.attr("HAVE_HLO") = true;
    provix::python::register_hlo(m);
#endif
}
