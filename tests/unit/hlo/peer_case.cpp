// Reader of the peer suite's data format (see peer_case.h).

#include "peer_case.h"

#include <sstream>

namespace provix::hlo::testing {

namespace {

using provix::testing_support::starts_with;
using provix::testing_support::trim;

}  // namespace

std::vector<PeerCase> parse_peer_cases(const std::string& file, const std::string& text,
                                       std::vector<std::string>& errors) {
    std::vector<PeerCase> cases;
    provix::testing_support::CaseFileLines in(file, text, errors);
    enum class Target { None, Map, Xla, Why } target = Target::None;
    while (in.next()) {
        if (in.starts_case()) {
            cases.push_back(in.new_case<PeerCase>());
            target = Target::None;
            continue;
        }
        if (cases.empty()) continue;  // the file's header comments
        PeerCase& c = cases.back();
        if (!in.is_comment()) {
            if (!c.runs.empty() && !in.line().empty()) in.error("HLO text after a RUN line");
            c.hlo += in.raw() + "\n";
            continue;
        }
        std::string body = in.body();
        if (starts_with(body, "RUN:")) {
            PeerRun run;
            run.line = in.number();
            std::istringstream words(body.substr(4));
            std::string kind, word;
            words >> kind;
            if (kind == "output-to-input") {
                run.kind = PeerRun::Kind::OutputToInput;
            } else if (kind == "input-to-output") {
                run.kind = PeerRun::Kind::InputToOutput;
                if (!(words >> run.operand)) in.error("input-to-output needs an operand number");
            } else if (kind == "computation") {
                run.kind = PeerRun::Kind::Computation;
            } else {
                in.error("unknown RUN kind '" + kind + "'");
            }
            if (words >> word) {
                if (word != "output" || !(words >> run.output)) in.error("expected 'output K'");
            }
            c.runs.push_back(run);
            target = Target::None;
            continue;
        }
        if (c.runs.empty()) {
            c.hlo += in.raw() + "\n";  // a comment inside the HLO
            continue;
        }
        PeerRun& run = c.runs.back();
        if (starts_with(body, "NOTE:")) {
            target = Target::None;
        } else if (body == "NO OPERANDS") {
            run.no_operands = true;
            target = Target::None;
        } else if (starts_with(body, "OPERAND ")) {
            PeerOperand op;
            size_t colon = body.find(':');
            if (colon == std::string::npos) {
                in.error("expected 'OPERAND I:'");
                continue;
            }
            op.operand = std::stoll(body.substr(8, colon - 8));
            std::string rest = trim(body.substr(colon + 1));
            op.unknown = rest == "UNKNOWN";
            op.known_empty = rest == "KNOWN EMPTY";
            if (!rest.empty() && !op.unknown && !op.known_empty)
                in.error("unexpected '" + rest + "'");
            if (rest.empty()) op.maps.emplace_back();
            run.operands.push_back(op);
            target = rest.empty() ? Target::Map : Target::None;
        } else if (body == "OR") {
            if (run.operands.empty()) {
                in.error("OR outside an operand");
                continue;
            }
            run.operands.back().maps.emplace_back();
            target = Target::Map;
        } else if (starts_with(body, "XLA:")) {
            if (run.operands.empty()) {
                in.error("XLA: outside an operand");
                continue;
            }
            target = Target::Xla;
        } else if (starts_with(body, "WHY:")) {
            if (run.operands.empty()) {
                in.error("WHY: outside an operand");
                continue;
            }
            run.operands.back().why += trim(body.substr(4)) + " ";
            target = Target::Why;
        } else if (target == Target::Map) {
            run.operands.back().maps.back() += body + "\n";
        } else if (target == Target::Xla) {
            run.operands.back().xla_map += body + "\n";
        } else if (target == Target::Why) {
            run.operands.back().why += body + " ";
        } else if (!body.empty()) {
            in.error("unexpected comment line (use NOTE:)");
        }
    }
    for (const PeerCase& c : cases) {
        if (c.runs.empty()) errors.push_back(file + ": case " + c.name + " has no RUN line");
        for (const PeerRun& r : c.runs) {
            for (const PeerOperand& op : r.operands) {
                if (!op.xla_map.empty() && op.why.empty()) {
                    errors.push_back(file + ": case " + c.name +
                                     ": a disagreement needs WHY lines");
                }
            }
        }
    }
    return cases;
}

}  // namespace provix::hlo::testing
