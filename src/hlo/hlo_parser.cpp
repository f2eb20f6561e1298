// The HLO text reader: modules, computations, instructions.

#include "provix/hlo/hlo_parser.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <string>
#include <vector>

#include "hlo_reader.h"
#include "hlo_text_cursor.h"

namespace provix::hlo {

namespace {

using detail::SourceText;
using detail::TextCursor;

std::string quoted(std::string_view s) { return "'" + std::string(s) + "'"; }

/// Reads an opcode `[a-z][a-z0-9-]*`.
std::string_view read_opcode(TextCursor& c) {
    c.skip_space();
    size_t start = c.pos();
    size_t n = 0;
    auto ok = [](char ch, bool first) {
        return (ch >= 'a' && ch <= 'z') || (!first && ((ch >= '0' && ch <= '9') || ch == '-'));
    };
    if (!ok(c.peek(), true)) return {};
    while (ok(c.peek(n), n == 0))
        ++n;
    c.set_pos(start + n);
    return c.source().text().substr(start, n);
}

class Parser {
public:
    Parser(const SourceText& source, HloModule& module) : source_(source), module_(module) {}

    Result<bool> parse_module();

private:
    Result<bool> parse_computation(TextCursor& c);
    Result<bool> parse_instruction(TextCursor& c, HloComputation& comp,
                                   std::map<std::string, int64_t, std::less<>>& names,
                                   bool& saw_root);
    Result<bool> parse_operands(TextCursor& c, HloComputation& comp, HloInstruction& instr,
                                const std::map<std::string, int64_t, std::less<>>& names);
    Result<bool> finish_computation(HloComputation& comp, size_t error_pos);
    Result<bool> check_calls();

    /// True if the text at the cursor starts a computation (a name followed
    /// by `{` or `(`), rather than an instruction (`name =`, `ROOT`).
    bool at_computation_header(const TextCursor& c) const;

    const SourceText& source_;
    HloModule& module_;
    // Position of each instruction's `calls=` value, to report unknown ones.
    struct CallSite {
        size_t computation;
        size_t instruction;
    };
    std::vector<CallSite> call_sites_;
};

bool Parser::at_computation_header(const TextCursor& cursor) const {
    TextCursor c = cursor;
    if (c.consume_word("ENTRY")) return true;
    if (c.consume_word("ROOT")) return false;
    std::string_view name = c.read_name();
    if (name.empty()) return false;
    c.skip_space();
    return c.peek() == '{' || c.peek() == '(';
}

Result<bool> Parser::parse_module() {
    TextCursor c(source_);
    c.skip_space();
    if (c.consume_word("HloModule")) {
        std::string_view name = c.read_name();
        module_.name = std::string(name);
        c.skip_line();  // module attributes: not needed
    }
    c.skip_space();
    if (c.at_end()) return c.error("no computation or instruction in the input");
    if (!at_computation_header(c)) {
        // A bare list of instructions: one computation running to the end.
        HloComputation comp;
        comp.name = "main";
        comp.is_entry = true;
        size_t start = c.pos();
        comp.location = source_.location(start);
        std::map<std::string, int64_t, std::less<>> names;
        bool saw_root = false;
        while (true) {
            c.skip_space();
            if (c.at_end()) break;
            auto r = parse_instruction(c, comp, names, saw_root);
            if (!r) return r.error();
        }
        auto done = finish_computation(comp, start);
        if (!done) return done.error();
        module_.computations.push_back(std::move(comp));
        module_.entry = 0;
        return check_calls();
    }
    while (true) {
        c.skip_space();
        if (c.at_end()) break;
        if (!at_computation_header(c)) {
            return c.error("expected a computation ('NAME {' or 'ENTRY NAME {')");
        }
        auto r = parse_computation(c);
        if (!r) return r.error();
    }
    int64_t entry = -1;
    for (size_t i = 0; i < module_.computations.size(); ++i) {
        if (module_.computations[i].is_entry) {
            if (entry >= 0) {
                return source_.error(0, "more than one computation is marked ENTRY");
            }
            entry = static_cast<int64_t>(i);
        }
    }
    module_.entry = entry >= 0 ? entry : static_cast<int64_t>(module_.computations.size()) - 1;
    return check_calls();
}

Result<bool> Parser::parse_computation(TextCursor& c) {
    HloComputation comp;
    comp.is_entry = c.consume_word("ENTRY");
    c.skip_space();
    size_t name_pos = c.pos();
    comp.location = source_.location(name_pos);
    std::string_view name = c.read_name();
    if (name.empty()) return c.error("expected a computation name");
    comp.name = std::string(name);
    if (module_.find_computation(comp.name)) {
        return source_.error(name_pos, "computation " + quoted(name) + " is defined twice");
    }
    c.skip_space();
    if (c.peek() == '(') {  // the signature: (p0: f32[], ...) -> shape
        if (!c.read_balanced()) return c.error("unbalanced parentheses in the signature");
        if (c.consume('-')) {
            if (c.peek() != '>') return c.error("expected '->' after the signature");
            c.advance();
            auto shape = detail::parse_shape(c);
            if (!shape) return shape.error();
        }
    }
    if (!c.consume('{')) return c.error("expected '{' to start computation " + quoted(name));
    std::map<std::string, int64_t, std::less<>> names;
    bool saw_root = false;
    while (true) {
        if (c.consume('}')) break;
        c.skip_space();
        if (c.at_end()) return c.error("expected '}' to end computation " + quoted(name));
        auto r = parse_instruction(c, comp, names, saw_root);
        if (!r) return r.error();
    }
    // `, execution_thread="..."` and similar after the body: not needed.
    while (c.consume(',')) {
        HloInstruction ignored;
        auto r = detail::parse_attribute(c, ignored);
        if (!r) return r.error();
    }
    auto done = finish_computation(comp, name_pos);
    if (!done) return done.error();
    module_.computations.push_back(std::move(comp));
    return true;
}

Result<bool> Parser::finish_computation(HloComputation& comp, size_t error_pos) {
    if (comp.instructions.empty()) {
        return source_.error(error_pos, "computation " + quoted(comp.name) + " has no instruction");
    }
    if (comp.root < 0) comp.root = static_cast<int64_t>(comp.instructions.size()) - 1;
    // Parameters by number: 0..N-1, each once.
    std::map<int64_t, int64_t> by_number;
    for (size_t i = 0; i < comp.instructions.size(); ++i) {
        const HloInstruction& instr = comp.instructions[i];
        if (instr.opcode != "parameter") continue;
        if (!by_number.emplace(instr.parameter_number, static_cast<int64_t>(i)).second) {
            return module_.error_at(
                instr.opcode_location,
                "parameter number " + std::to_string(instr.parameter_number) + " is used twice");
        }
    }
    std::vector<int64_t> parameters;
    for (const auto& [number, index] : by_number) {
        int64_t expected = static_cast<int64_t>(parameters.size());
        if (number != expected) {
            return source_.error(error_pos, "computation " + quoted(comp.name) +
                                                " has no parameter(" + std::to_string(expected) +
                                                ")");
        }
        parameters.push_back(index);
    }
    comp.parameters = std::move(parameters);
    return true;
}

Result<bool> Parser::parse_instruction(TextCursor& c, HloComputation& comp,
                                       std::map<std::string, int64_t, std::less<>>& names,
                                       bool& saw_root) {
    HloInstruction instr;
    c.skip_space();
    size_t root_pos = c.pos();
    bool is_root = c.consume_word("ROOT");
    c.skip_space();
    size_t name_pos = c.pos();
    std::string_view name = c.read_name();
    if (name.empty()) return c.error("expected an instruction 'NAME = SHAPE OPCODE(OPERANDS)'");
    instr.name = std::string(name);
    instr.location = source_.location(name_pos);
    if (names.count(instr.name)) {
        return source_.error(name_pos, "instruction " + quoted(name) + " is defined twice");
    }
    if (!c.consume('=')) return c.error("expected '=' after instruction name " + quoted(name));
    auto shape = detail::parse_shape(c);
    if (!shape) return shape.error();
    instr.shape = std::move(*shape);
    c.skip_space();
    size_t opcode_pos = c.pos();
    instr.opcode_location = source_.location(opcode_pos);
    std::string_view opcode = read_opcode(c);
    if (opcode.empty()) return c.error("expected an operation name");
    instr.opcode = std::string(opcode);
    c.skip_space();
    if (c.peek() != '(') return c.error("expected '(' after operation " + quoted(opcode));
    if (instr.opcode == "constant") {
        auto literal = c.read_balanced();
        if (!literal) return c.error("unbalanced brackets in the constant's literal");
        instr.literal = std::string(*literal);
    } else if (instr.opcode == "parameter") {
        c.advance();
        bool overflow = false;
        c.skip_space();
        size_t num_pos = c.pos();
        auto n = c.read_integer(&overflow);
        if (!n || overflow || *n < 0) return source_.error(num_pos, "expected a parameter number");
        instr.parameter_number = *n;
        if (!c.consume(')')) return c.error("expected ')' after the parameter number");
    } else {
        c.advance();
        auto ops = parse_operands(c, comp, instr, names);
        if (!ops) return ops.error();
    }
    while (c.consume(',')) {
        auto attr = detail::parse_attribute(c, instr);
        if (!attr) return attr.error();
    }
    if (instr.opcode == "fusion") {
        if (instr.calls.empty()) {
            return source_.error(opcode_pos, "fusion needs 'calls=COMPUTATION'");
        }
        call_sites_.push_back({module_.computations.size(), comp.instructions.size()});
    }
    if (is_root) {
        if (saw_root) return source_.error(root_pos, "a second ROOT in the computation");
        saw_root = true;
        comp.root = static_cast<int64_t>(comp.instructions.size());
    }
    names[instr.name] = static_cast<int64_t>(comp.instructions.size());
    comp.instructions.push_back(std::move(instr));
    return true;
}

Result<bool> Parser::parse_operands(TextCursor& c, HloComputation& comp, HloInstruction& instr,
                                    const std::map<std::string, int64_t, std::less<>>& names) {
    if (c.consume(')')) return true;
    while (true) {
        c.skip_space();
        // An operand may carry its shape: `f32[20] p0`, `(f32[], s32[]) t`.
        bool typed = c.peek() == '(';
        if (!typed) {
            TextCursor probe = c;
            std::string_view word = probe.read_name();
            typed = !word.empty() && probe.peek() == '[';
        }
        std::optional<HloShape> written;
        if (typed) {
            auto shape = detail::parse_shape(c);
            if (!shape) return shape.error();
            written = std::move(*shape);
        }
        c.skip_space();
        size_t pos = c.pos();
        std::string_view name = c.read_name();
        if (name.empty()) return c.error("expected an operand name");
        auto it = names.find(name);
        if (it == names.end()) {
            // A name cut short by a character no name holds (`trans`pose`):
            // that character is the error, not the name before it.
            const char next = c.at_end() ? ' ' : c.peek();
            if (next != ',' && next != ')' && next != '/' &&
                !std::isspace(static_cast<unsigned char>(next))) {
                return c.error("unexpected character '" + printable_text(std::string(1, next)) +
                               "' in operand " + quoted(std::string(name) + next + "..."));
            }
            return source_.error(pos, "unknown operand " + quoted(name) +
                                          " (operands must be defined before they are used)");
        }
        const HloInstruction& def = comp.instructions[static_cast<size_t>(it->second)];
        if (written && !written->same_dims_and_type(def.shape)) {
            return source_.error(pos, "operand " + quoted(name) + " is written as " +
                                          written->to_string() + " but defined as " +
                                          def.shape.to_string());
        }
        instr.operands.push_back(it->second);
        instr.operand_shapes.push_back(def.shape);
        if (c.consume(',')) continue;
        if (c.consume(')')) return true;
        return c.error("expected ',' or ')' after operand " + quoted(name));
    }
}

Result<bool> Parser::check_calls() {
    for (const CallSite& site : call_sites_) {
        const HloInstruction& instr =
            module_.computations[site.computation].instructions[site.instruction];
        const HloComputation* callee = module_.find_computation(instr.calls);
        if (!callee) {
            return module_.error_at(instr.opcode_location,
                                    "fusion calls unknown computation " + quoted(instr.calls));
        }
        if (callee == &module_.computations[site.computation]) {
            return module_.error_at(instr.opcode_location, "fusion calls its own computation");
        }
    }
    return true;
}

}  // namespace

int64_t HloComputation::find(std::string_view name) const {
    for (size_t i = 0; i < instructions.size(); ++i) {
        if (instructions[i].name == name) return static_cast<int64_t>(i);
    }
    return -1;
}

const HloComputation* HloModule::find_computation(std::string_view name) const {
    for (const HloComputation& comp : computations) {
        if (comp.name == name) return &comp;
    }
    return nullptr;
}

Error HloModule::error_at(SourceLocation location, std::string_view message) const {
    Error e;
    e.kind = Error::Kind::Parse;
    std::string_view text = source ? std::string_view(*source) : std::string_view();
    e.message = format_diagnostic(filename, text, location, message);
    return e;
}

Result<HloModule> parse_hlo_module(std::string_view text, std::string_view filename) {
    HloModule module;
    module.filename = std::string(filename);
    module.source = std::make_shared<const std::string>(text);
    SourceText source(*module.source, module.filename);
    Parser parser(source, module);
    auto r = parser.parse_module();
    if (!r) return r.error();
    return module;
}

}  // namespace provix::hlo
