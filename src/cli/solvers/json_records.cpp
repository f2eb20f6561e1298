#include "json_records.h"

namespace provix::cli {

namespace {

void write_side(JsonWriter& w, const solvers::SideValues& side) {
    w.begin_object().key("symbols");
    write_named_values(w, side.symbols);
    w.key("results").begin_array();
    for (const std::string& r : side.results)
        w.integer_text(r);
    w.end_array().field("note", side.note).end_object();
}

/// A range end: the exact integer, or null for an infinite end.
void write_bound(JsonWriter& w, const std::string& text) {
    if (text == "inf" || text == "-inf" || text.empty()) {
        w.null();
    } else {
        w.integer_text(text);
    }
}

/// `"key": [named values]`.
void named_values_member(JsonWriter& w, const char* key,
                         const std::vector<solvers::NamedValue>& values) {
    w.key(key);
    write_named_values(w, values);
}

/// `"key": write(w)` when `present`, else `"key": null`.
template <class Write>
void member_or_null(JsonWriter& w, const char* key, bool present, Write write) {
    w.key(key);
    if (present) {
        write();
    } else {
        w.null();
    }
}

void write_rule_counterexample(JsonWriter& w, const solvers::RuleCounterexample& c) {
    w.begin_object().field("kind", c.kind);
    named_values_member(w, "constants", c.constants);
    named_values_member(w, "variables", c.variables);
    named_values_member(w, "bounds", c.bounds);
    w.field("source", c.source).field("target", c.target).end_object();
}

}  // namespace

void write_named_values(JsonWriter& w, const std::vector<solvers::NamedValue>& values) {
    w.begin_array();
    for (const solvers::NamedValue& v : values) {
        w.begin_object().field("name", v.name).key("value").integer_text(v.value).end_object();
    }
    w.end_array();
}

void write_counterexample(JsonWriter& w, const solvers::Counterexample& c) {
    w.begin_object().field("kind", c.kind);
    named_values_member(w, "variables", c.variables);
    w.key("first");
    write_side(w, c.first);
    w.key("second");
    write_side(w, c.second);
    w.end_object();
}

void write_decision(JsonWriter& w, const solvers::Decision& d) {
    w.begin_object();
    write_decision_members(w, d);
    w.end_object();
}

void write_decision_members(JsonWriter& w, const solvers::Decision& d) {
    w.field("verdict", solvers::verdict_name(d.verdict))
        .field("backend", d.backend)
        .field("reason", d.reason);
    member_or_null(w, "counterexample", d.counterexample.has_value(),
                   [&] { write_counterexample(w, *d.counterexample); });
}

void write_range(JsonWriter& w, const solvers::RangeDecision& r, const char* status) {
    w.begin_object()
        .field("status", status)
        .field("verdict", solvers::verdict_name(r.verdict))
        .field("backend", r.backend)
        .field("reason", r.reason);
    const bool has_values = std::string(status) == "range";
    member_or_null(w, "lo", has_values, [&] { write_bound(w, r.lo); });
    member_or_null(w, "hi", has_values, [&] { write_bound(w, r.hi); });
    w.end_object();
}

void write_rule_result(JsonWriter& w, const solvers::RuleResult& r) {
    w.begin_object()
        .field("type", r.lemma ? "lemma" : "rule")
        .field("name", r.name)
        .field("file", r.file)
        .field("line", r.line)
        .field("rule", r.text)
        .field("passed", r.passed())
        .field("verdict", solvers::rule_verdict_name(r.proof.verdict))
        .field("backend", r.proof.backend)
        .field("z3", r.proof.z3_answer)
        .field("detail", r.proof.detail)
        .field("grid_instances", r.proof.grid_instances);
    member_or_null(w, "counterexample", r.proof.counterexample.has_value(),
                   [&] { write_rule_counterexample(w, *r.proof.counterexample); });
    w.key("termination")
        .begin_object()
        .field("ok", r.order.ok)
        .field("message", r.order.message)
        .end_object();
    member_or_null(w, "cvc5", !r.cvc5.empty(), [&] {
        w.begin_object().field("answer", r.cvc5).field("disagrees", r.cvc5_disagrees).end_object();
    });
    w.field("seconds", r.seconds).end_object();
}

}  // namespace provix::cli
