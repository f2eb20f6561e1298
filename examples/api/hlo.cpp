// HLO indexing analysis (provix::hlo): the maps from an instruction's output
// to each parameter.
#include <provix/hlo/analyze.h>
#include <provix/hlo/computation_indexing.h>
#include <provix/hlo/hlo_parser.h>

#include <iostream>

int main() {
    provix::Context ctx;
    auto module = provix::hlo::parse_hlo_module(
        "p0 = f32[10, 20] parameter(0)\n"
        "t = f32[20, 10] transpose(p0), dimensions={1, 0}\n"
        "ROOT r = f32[200] reshape(t)\n",
        "example.hlo");
    if (!module) {
        std::cerr << module.error().message << "\n";
        return 1;
    }
    const provix::hlo::HloComputation& comp = module->entry_computation();
    auto maps = provix::hlo::computation_output_to_input(ctx, *module, comp);
    if (!maps) {
        std::cerr << maps.error().message << "\n";
        return 1;
    }
    for (const provix::IndexingMap& m : (*maps)[0])
        std::cout << "p0: " << m.symbolic_map() << "\n";
    return 0;
}
