// Reader of the oracle query suite (query_suite.map; format at its top).

#include "query_suite.h"

#include <fstream>
#include <sstream>

#include "support/case_file.h"

namespace provix::solvers::testing {
namespace {

using testing_support::CaseFileLines;
using testing_support::CaseOrigin;
using testing_support::starts_with;
using testing_support::trim;

/// A case being read: the query and which of its lines were seen.
struct Entry : CaseOrigin {
    SuiteQuery query;
    bool has_kind = false, has_second = false;
};

/// The directive words that start a query, with their kinds.
struct KindWord {
    const char* word;
    SuiteKind kind;
};
constexpr KindWord kKinds[] = {{"EQUIVALENT:", SuiteKind::Equivalent},
                               {"POINTWISE:", SuiteKind::Pointwise},
                               {"EMPTY:", SuiteKind::Empty},
                               {"RANGE:", SuiteKind::Range},
                               {"IMPLIES:", SuiteKind::Implies}};

/// "proven" or "refuted" at the start of `text`; the rest goes to `rest`.
bool read_verdict(const std::string& text, Verdict& v, std::string& rest) {
    for (Verdict candidate : {Verdict::Proven, Verdict::Refuted}) {
        const std::string word = verdict_name(candidate);
        if (starts_with(text, word)) {
            v = candidate;
            rest = trim(text.substr(word.size()));
            return true;
        }
    }
    return false;
}

/// `[LO, HI]` into `lo` and `hi`.
bool read_bounds(const std::string& text, std::string& lo, std::string& hi) {
    const size_t comma = text.find(',');
    if (text.size() < 5 || text.front() != '[' || text.back() != ']' || comma == std::string::npos)
        return false;
    lo = trim(text.substr(1, comma - 1));
    hi = trim(text.substr(comma + 1, text.size() - comma - 2));
    return !lo.empty() && !hi.empty();
}

/// One directive line of a case.
void read_directive(const CaseFileLines& in, Entry& e, const std::string& body) {
    SuiteQuery& q = e.query;
    for (const KindWord& k : kKinds) {
        if (!starts_with(body, k.word)) continue;
        if (e.has_kind) in.error("case '" + e.name + "' has two queries");
        e.has_kind = true;
        q.kind = k.kind;
        std::string rest;
        if (!read_verdict(trim(body.substr(std::string(k.word).size())), q.expected, rest))
            return in.error("expected 'proven' or 'refuted'");
        if (q.kind == SuiteKind::Range && rest != "empty" && !read_bounds(rest, q.lo, q.hi))
            return in.error("expected '[LO, HI]' or 'empty' after the verdict");
        if (q.kind != SuiteKind::Range && !rest.empty()) in.error("unexpected '" + rest + "'");
        return;
    }
    if (starts_with(body, "TO:") || starts_with(body, "CONSTRAINT:")) {
        if (e.has_second) in.error("case '" + e.name + "' has two TO/CONSTRAINT lines");
        e.has_second = true;
        q.second = trim(body.substr(body.find(':') + 1));
        if (starts_with(body, "CONSTRAINT:")) {
            const size_t in_at = q.second.rfind(" in [");
            if (in_at == std::string::npos || !read_bounds(q.second.substr(in_at + 4), q.lo, q.hi))
                return in.error("expected 'EXPR in [LO, HI]'");
            q.second = q.second.substr(0, in_at);
        }
        return;
    }
    in.error("unexpected comment line in case '" + e.name + "': " + body);
}

/// The errors of a finished case.
void check_case(const CaseFileLines& in, const Entry& e) {
    const SuiteKind k = e.query.kind;
    if (e.query.first.empty()) in.error("case '" + e.name + "' has no map");
    if (!e.has_kind) in.error("case '" + e.name + "' has no query");
    const bool two_maps = k == SuiteKind::Equivalent || k == SuiteKind::Pointwise;
    if (e.has_kind && (two_maps || k == SuiteKind::Implies) != e.has_second)
        in.error("case '" + e.name + "': " +
                 (two_maps                  ? "EQUIVALENT and POINTWISE take a TO line"
                  : k == SuiteKind::Implies ? "IMPLIES takes a CONSTRAINT line"
                                            : "only EQUIVALENT, POINTWISE and IMPLIES "
                                              "take a second line"));
}

}  // namespace

std::vector<SuiteQuery> parse_query_suite(const std::string& file, const std::string& text,
                                          std::vector<std::string>& errors) {
    std::vector<SuiteQuery> out;
    CaseFileLines in(file, text, errors);
    std::vector<Entry> entries;
    bool open = false;
    auto close = [&] {
        if (open) check_case(in, entries.back());
        open = false;
    };
    while (in.next()) {
        if (in.starts_case()) {
            close();
            entries.push_back(in.new_case<Entry>());
            entries.back().query.name = entries.back().name;
            open = true;
        } else if (in.ends_case()) {
            close();
        } else if (!open) {
            if (!in.line().empty() && !in.is_comment()) in.error("a map outside a case");
        } else if (!in.is_comment()) {
            Entry& e = entries.back();
            if (e.has_kind) in.error("map text after the query of case '" + e.name + "'");
            if (!in.line().empty()) e.query.first += (e.query.first.empty() ? "" : " ") + in.line();
        } else {
            read_directive(in, entries.back(), in.body());
        }
    }
    close();
    for (const Entry& e : entries)
        out.push_back(e.query);
    return out;
}

namespace {

std::vector<std::string>& errors_of_reading() {
    static std::vector<std::string> errors;
    return errors;
}

std::vector<SuiteQuery> read_suite() {
    const std::string path = std::string(PROVIX_SOURCE_DIR) + "/tests/unit/solvers/query_suite.map";
    std::ifstream in(path);
    if (!in) {
        errors_of_reading().push_back(path + ": cannot be read");
        return {};
    }
    std::stringstream text;
    text << in.rdbuf();
    return parse_query_suite("query_suite.map", text.str(), errors_of_reading());
}

}  // namespace

const std::vector<SuiteQuery>& query_suite() {
    static const std::vector<SuiteQuery> suite = read_suite();
    return suite;
}

const std::vector<std::string>& query_suite_errors() {
    query_suite();
    return errors_of_reading();
}

}  // namespace provix::solvers::testing
