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
#include <memory>
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
        if (!pending_) pending_ = std::make_unique<Pending>();  // on the first trial only
        Pending& p = *pending_;
        if (depth_++ == 0) {
            p.outer = *log;
            if (p.outer.trace || p.outer.counters) *log = RewriteLog{&p.names, nullptr};
        }
        return Mark{p.names.size(), p.entries.size()};
    }

    /// Notes that the memo entry of `e` is new (it had none before the
    /// first write under a trial): it is forgotten if the trial is thrown
    /// away.
    void note_new_entry(Expr e) {
        assert(active() && "a memo entry noted outside a trial");
        pending_->entries.push_back(e);
    }

    /// Ends the innermost trial, keeping what it found. The outermost one
    /// reports the pending names to the log it took, in order, and gives it
    /// back.
    void keep(RewriteLog* log) {
        if (--depth_ > 0) return;  // pending in the trial around it
        Pending& p = *pending_;
        *log = p.outer;
        for (const std::string& name : p.names)
            log->fired(name);
        p.names.clear();
        p.entries.clear();
    }

    /// Ends the trial begun at `mark`, throwing away what it found: the
    /// names reported since are dropped and the memo entries written since
    /// that were new are forgotten.
    void discard(Mark mark, detail::NodeMemo& memo, RewriteLog* log) {
        Pending& p = *pending_;
        for (size_t i = mark.entries; i < p.entries.size(); ++i)
            memo.forget(p.entries[i]);
        p.entries.resize(mark.entries);
        p.names.resize(mark.names);
        if (--depth_ == 0) *log = p.outer;
    }

private:
    /// What the trials under way hold back, made by the first trial (most
    /// rewriters never make one: a rewriter costs no more for it).
    struct Pending {
        /// The rewriter's log while a trial is under way.
        RewriteLog outer;
        /// The names reported under the trials under way, in order.
        std::vector<std::string> names;
        /// The nodes whose memo entries the trials under way wrote first.
        std::vector<Expr> entries;
    };

    int depth_ = 0;
    std::unique_ptr<Pending> pending_;
};

}  // namespace provix::engine
