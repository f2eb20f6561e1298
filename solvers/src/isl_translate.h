#pragma once
/// \file
/// Translation of provix maps into isl objects through isl's C API (no text
/// round trip), shared by the isl oracle and the affine probe. Private to
/// provix_solvers: no public header includes it.
///
/// Semantics (provix/semantics.h, checked by the oracle tests):
///   a floordiv c  ->  floor(a / c)         c > 0;  floor((-a) / (-c))  c < 0
///   a ceildiv c   ->  ceil(...)            likewise
///   a mod c       ->  a - c * (a floordiv c)   (sign of c; not isl's mod)
///   min, max      ->  isl_pw_aff_min / isl_pw_aff_max
/// A divisor with variables, or a factor of a product beyond the first one
/// with variables, is split: on the assignments of its variables when their
/// box holds at most `kMaxSplitValues` points (each piece on a plain point
/// of those variables), else on its values when its interval (over the
/// variables' bounds) holds at most that many: `a floordiv s0` with s0 in
/// [0, 2] is `floor(a / 1)` on `{s0 = 1}` and `floor(a / 2)` on `{s0 = 2}`. Where a divisor is 0
/// the piecewise function has no piece: the expression is undefined there, exactly as `evaluate`
/// fails there. Constants are isl_vals (arbitrary precision): nothing wraps inside isl.
///
///     IslTranslator t(ctx, map);
///     isl_map* graph = t.graph();      // { v -> results(v) : v in domain, defined }
///     isl_set* bad = t.undefined();    // { v in domain : some result undefined }

#include <isl/aff.h>
#include <isl/ctx.h>
#include <isl/local_space.h>
#include <isl/map.h>
#include <isl/point.h>
#include <isl/set.h>
#include <isl/val.h>

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "provix/indexing_map.h"

namespace provix::solvers::detail {

/// The most values a split divisor or factor may take.
constexpr int64_t kMaxSplitValues = 64;

/// Deleters for the isl objects held in `Own`.
struct IslFree {
    void operator()(isl_val* p) const { isl_val_free(p); }
    void operator()(isl_aff* p) const { isl_aff_free(p); }
    void operator()(isl_pw_aff* p) const { isl_pw_aff_free(p); }
    void operator()(isl_set* p) const { isl_set_free(p); }
    void operator()(isl_basic_set* p) const { isl_basic_set_free(p); }
    void operator()(isl_map* p) const { isl_map_free(p); }
    void operator()(isl_point* p) const { isl_point_free(p); }
    void operator()(isl_local_space* p) const { isl_local_space_free(p); }
};
/// An owned isl object: `Own<isl_set> s(isl_set_universe(space));`.
template <class T>
using Own = std::unique_ptr<T, IslFree>;

/// Exact decimal text of an isl value (`-inf`, `inf`, `nan` for the specials).
std::string val_text(isl_val* v);

/// True if `e` can be translated exactly when the variables range over
/// `bounds`: quasi-affine, or with divisors and extra product factors that
/// take at most `kMaxSplitValues` values (and variable-free divisors that
/// evaluate in int64).
bool isl_translatable(Expr e, const std::vector<Interval>& bounds);

/// True if every result and constraint of `map` is translatable over its
/// variables' bounds. `KNOWN EMPTY` is; `UNDEFINED` is not.
bool isl_translatable(const IndexingMap& map);

/// Builds isl objects for one map over the set space of its variables.
/// Variable id i is set dimension `positions[i]` (default: i), so callers
/// can order the variables as they need (e.g. inputs first). Every method
/// returns a new reference, NULL on error (isl then reports it through the
/// context). The map must be Normal and translatable.
class IslTranslator {
public:
    IslTranslator(isl_ctx* ctx, const IndexingMap& map, std::vector<unsigned> positions = {});
    IslTranslator(const IslTranslator&) = delete;
    IslTranslator& operator=(const IslTranslator&) = delete;

    /// `e` (over the map's variable ids) as a piecewise affine function
    /// whose domain is where `e` is defined.
    isl_pw_aff* expr(Expr e);
    /// The constant `v` on the whole space.
    isl_pw_aff* constant(int64_t v);
    /// The variables' bounds and the constraints (a constraint holds only
    /// where it is defined).
    isl_set* domain();
    /// `{ v : c is defined at v and holds }` over the whole space.
    isl_set* holds(const Constraint& c);
    /// `{ v -> (r0(v), ...) : v in domain, every result defined }`.
    isl_map* graph();
    /// `{ v in domain : some result is undefined at v }` (empty unless a
    /// result may divide by zero).
    isl_set* undefined();
    /// True if some result may be undefined somewhere (a divisor whose
    /// values include 0).
    bool results_may_be_undefined();

private:
    struct Built {
        Own<isl_pw_aff> value;
        bool partial = false;  ///< may be undefined somewhere
    };
    const Built& built(Expr e);
    Built build(Expr e);
    Built divide(Expr e);
    Built multiply(Expr e);
    /// The union over the assignments of `e`'s variables (when their box
    /// holds at most kMaxSplitValues points) of `piece(value of e)` on that
    /// assignment; a value 0 (if `zero_is_undefined`) or an undefined `e`
    /// gives no piece and sets `*partial`. Null when the box is larger or `e`
    /// leaves int64 somewhere.
    isl_pw_aff* split_on_variables(Expr e, const std::function<isl_pw_aff*(int64_t)>& piece,
                                   bool* partial, bool zero_is_undefined = true);
    /// ⌊a / c⌋, ⌈a / c⌉ or a mod c for a non-zero constant c.
    isl_pw_aff* divide_by(isl_pw_aff* a, int64_t c, ExprKind kind);
    isl_pw_aff* empty();
    isl_val* value(int64_t v) { return isl_val_int_from_si(ctx_, v); }

    isl_ctx* ctx_;
    const IndexingMap& map_;
    std::vector<Interval> bounds_;
    std::vector<unsigned> positions_;
    Own<isl_local_space> ls_;
    std::unordered_map<uint32_t, Built> memo_;
};

/// A sample point of `set` (taken) as decimal coordinates; nullopt if it is
/// empty or on error (which the caller detects through the context).
std::optional<std::vector<std::string>> sample(isl_set* set);

}  // namespace provix::solvers::detail
