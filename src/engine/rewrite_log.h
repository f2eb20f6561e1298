#pragma once
/// \file
/// RewriteLog: where the engine reports what it did. Every rewrite is either
/// a rule of rules/*.rules or a lemma of rules/*.lemmas, and both are reported
/// by name, in the order they happen:
///
///     RewriteLog log{&trace, nullptr};
///     log.fired("fd_nested");               // a rule
///     log.fired(lemma::tighten_lower_pos);  // a lemma of a domain pass

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace provix::engine {

/// Where rule firings and lemma applications are reported (both optional).
struct RewriteLog {
    std::vector<std::string>* trace = nullptr;           ///< names in order
    std::map<std::string, int64_t>* counters = nullptr;  ///< count per name

    /// Records one firing of the rule or lemma `name`.
    void fired(const std::string& name) const {
        if (trace) trace->push_back(name);
        if (counters) ++(*counters)[name];
    }
    /// fired for a name given as a C string (a lemma id): no string is made
    /// when nothing is kept. `RewriteLog{}.fired(lemma::crt_merge)` allocates
    /// nothing.
    void fired(const char* name) const {
        if (trace || counters) fired(std::string(name));
    }
};

}  // namespace provix::engine
