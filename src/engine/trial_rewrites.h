#pragma once
/// \file
/// TrialRewrites: rewriting whose outcome may still be thrown away. The
/// rewriter simplifies a divisor on trial: a divisor that simplifies to the
/// constant 0 is kept as it was (a literal zero divisor can be neither
/// printed nor parsed back; the division is undefined either way), and then
/// none of the rewrites found on the way is part of the result. A trial
/// keeps the names the rewrites report and the memo entries they write
/// apart until it ends: kept, the names reach the log in their order;
/// thrown away, the names are dropped and the memo entries forgotten, so a
/// later use of the same nodes rewrites them again and reports it then.
///
///     const TrialRewrites::Mark mark = trial.begin(&log);
///     Expr s = ...;                                // rewrites, reported to `log`
///     if (s is the constant 0)
///         trial.discard(mark, memo, &log);         // as if never tried
///     else
///         trial.keep(&log);                        // the names reach the log now
///
/// Trials nest: an inner trial kept stays pending in the one around it, and
/// is thrown away with it.

#include <cassert>
#include <cstddef>
#include <string>
#include <vector>

#include "node_memo.h"
#include "provix/expr.h"
#include "rewrite_log.h"

namespace provix::engine {

class TrialRewrites {
public:
    /// Where a trial began: the pending names and memo entries before it.
    struct Mark {
        size_t names = 0;
        size_t entries = 0;
    };

    /// True while some trial is under way.
    bool active() const { return depth_ > 0; }

    /// Begins a trial. The outermost one takes `*log` (the rewriter's) and
    /// points it at the pending names, when it keeps names or counts them.
    Mark begin(RewriteLog* log) {
        if (depth_++ == 0) {
            outer_ = *log;
            if (outer_.trace || outer_.counters) *log = RewriteLog{&names_, nullptr};
        }
        return Mark{names_.size(), entries_.size()};
    }

    /// Notes that the memo entry of `e` is new (it had none before the
    /// first write under a trial): it is forgotten if the trial is thrown
    /// away.
    void note_new_entry(Expr e) {
        assert(active() && "a memo entry noted outside a trial");
        entries_.push_back(e);
    }

    /// Ends the innermost trial, keeping what it found. The outermost one
    /// reports the pending names to the log it took, in order, and gives it
    /// back.
    void keep(RewriteLog* log) {
        if (--depth_ > 0) return;  // pending in the trial around it
        *log = outer_;
        for (const std::string& name : names_)
            log->fired(name);
        names_.clear();
        entries_.clear();
    }

    /// Ends the trial begun at `mark`, throwing away what it found: the
    /// names reported since are dropped and the memo entries written since
    /// that were new are forgotten.
    void discard(Mark mark, detail::NodeMemo& memo, RewriteLog* log) {
        for (size_t i = mark.entries; i < entries_.size(); ++i)
            memo.forget(entries_[i]);
        entries_.resize(mark.entries);
        names_.resize(mark.names);
        if (--depth_ == 0) *log = outer_;
    }

private:
    int depth_ = 0;
    /// The rewriter's log while a trial is under way.
    RewriteLog outer_;
    /// The names reported under the trials under way, in order.
    std::vector<std::string> names_;
    /// The nodes whose memo entries the trials under way wrote first.
    std::vector<Expr> entries_;
};

}  // namespace provix::engine
