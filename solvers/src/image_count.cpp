// Counting the distinct points an indexing map reaches (provix/solvers/
// image_count.h): the union of the maps' images built by isl_translate.h,
// compared with its bounding box, else enumerated.

#include "provix/solvers/image_count.h"

#include <isl/aff.h>
#include <isl/ctx.h>
#include <isl/ilp.h>
#include <isl/map.h>
#include <isl/options.h>
#include <isl/point.h>
#include <isl/set.h>
#include <isl/val.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "deadline.h"
#include "isl_translate.h"
#include "isolated_call.h"
#include "provix/decimal.h"
#include "provix/semantics.h"
#include "provix/solvers/child_process.h"
#include "provix/solvers/quasi_affine.h"

namespace provix::solvers {

using detail::Own;

namespace {

struct PointBudget {
    int64_t seen = 0;
    int64_t max = 0;
};

isl_stat count_point(isl_point* p, void* user) {
    isl_point_free(p);
    auto* b = static_cast<PointBudget*>(user);
    return ++b->seen > b->max ? isl_stat_error : isl_stat_ok;
}

/// `c` as text for a child process to return: the count (or `-`), the
/// method and the reason, a line each.
std::string encode(const ImageCount& c) {
    return (c.count ? std::to_string(*c.count) : std::string("-")) + "\n" + c.method + "\n" +
           c.reason;
}

std::optional<ImageCount> decode(const std::string& text) {
    const size_t first = text.find('\n');
    const size_t second = first == std::string::npos ? first : text.find('\n', first + 1);
    if (second == std::string::npos) return std::nullopt;
    ImageCount c;
    const std::string count = text.substr(0, first);
    if (count != "-") {
        auto n = parse_int64(count);
        if (!n) return std::nullopt;
        c.count = *n;
    }
    c.method = text.substr(first + 1, second - first - 1);
    c.reason = text.substr(second + 1);
    return c;
}

}  // namespace

ImageCount count_image_points(const std::vector<IndexingMap>& maps, const Limits& limits,
                              int64_t max_points) {
    if (detail::isolates(limits)) {
        const Limits child_limits = detail::in_child(limits);
        const ChildOutcome child = run_in_child(limits.timeout_seconds, [&] {
            return encode(count_image_points(maps, child_limits, max_points));
        });
        if (child.ending != ChildOutcome::Ending::NotStarted) {
            ImageCount out;
            if (child.ending == ChildOutcome::Ending::Answered) {
                if (auto c = decode(child.text)) return *c;
                out.reason = "the process counting gave a malformed answer";
            } else if (child.ending == ChildOutcome::Ending::TimedOut) {
                out.reason = detail::kTimeoutReason;
            } else {
                out.reason = "the process counting " + child.describe();
            }
            return out;
        }
        return count_image_points(maps, child_limits, max_points);  // no child process
    }
    ImageCount out;
    int64_t num_results = -1;
    for (const IndexingMap& m : maps) {
        if (m.is_known_empty()) continue;
        if (m.is_undefined() || !is_quasi_affine(m)) {
            out.reason = "not quasi-affine";
            return out;
        }
        if (num_results >= 0 && m.num_results() != num_results) {
            out.reason = "maps with different numbers of results";
            return out;
        }
        num_results = m.num_results();
    }
    if (num_results < 0) {
        out.count = 0;
        out.method = "isl box";
        return out;
    }
    std::unique_ptr<isl_ctx, void (*)(isl_ctx*)> ctx(isl_ctx_alloc(), isl_ctx_free);
    isl_options_set_on_error(ctx.get(), ISL_ON_ERROR_CONTINUE);
    isl_ctx_set_max_operations(ctx.get(), limits.isl_max_operations);
    auto failed = [&](const std::string& why) {
        out.reason = isl_ctx_last_error(ctx.get()) == isl_error_quota
                         ? "isl operation budget exceeded"
                         : why;
        out.count.reset();
        return out;
    };
    Own<isl_set> image;
    for (const IndexingMap& m : maps) {
        if (m.is_known_empty()) continue;
        detail::IslTranslator t(ctx.get(), m);
        isl_set* r = isl_map_range(t.graph());
        image.reset(image ? isl_set_union(image.release(), r) : r);
        if (!image) return failed("isl could not build the image");
    }
    image.reset(isl_set_coalesce(image.release()));
    isl_bool empty = isl_set_is_empty(image.get());
    if (empty == isl_bool_error) return failed("isl failed");
    if (empty == isl_bool_true) {
        out.count = 0;
        out.method = "isl box";
        return out;
    }
    // The bounding box; the image is a box when it equals it.
    Own<isl_set> box(isl_set_universe(isl_set_get_space(image.get())));
    std::optional<int64_t> product = 1;
    for (int64_t i = 0; i < num_results; ++i) {
        Own<isl_aff> obj(
            isl_aff_var_on_domain(isl_local_space_from_space(isl_set_get_space(image.get())),
                                  isl_dim_set, static_cast<unsigned>(i)));
        Own<isl_val> lo(isl_set_min_val(image.get(), obj.get()));
        Own<isl_val> hi(isl_set_max_val(image.get(), obj.get()));
        if (!lo || !hi || isl_val_is_int(lo.get()) != isl_bool_true ||
            isl_val_is_int(hi.get()) != isl_bool_true) {
            return failed("unbounded image");
        }
        isl_set* bounded = isl_set_lower_bound_val(
            box.release(), isl_dim_set, static_cast<unsigned>(i), isl_val_copy(lo.get()));
        box.reset(isl_set_upper_bound_val(bounded, isl_dim_set, static_cast<unsigned>(i),
                                          isl_val_copy(hi.get())));
        long l = isl_val_get_num_si(lo.get()), h = isl_val_get_num_si(hi.get());
        auto extent = checked_add(h, 1);
        extent = extent ? checked_add(*extent, -static_cast<int64_t>(l)) : std::nullopt;
        product = product && extent ? checked_mul(*product, *extent) : std::nullopt;
    }
    isl_bool equal = isl_set_is_equal(image.get(), box.get());
    if (equal == isl_bool_error) return failed("isl failed");
    if (equal == isl_bool_true) {
        if (!product) return failed("more points than int64 holds");
        out.count = *product;
        out.method = "isl box";
        return out;
    }
    PointBudget budget{0, max_points};
    isl_stat st = isl_set_foreach_point(image.get(), count_point, &budget);
    if (st == isl_stat_error) {
        if (budget.seen > max_points) {
            out.reason = "more than " + std::to_string(max_points) + " points to enumerate";
            return out;
        }
        return failed("isl failed");
    }
    out.count = budget.seen;
    out.method = "isl points";
    return out;
}

}  // namespace provix::solvers
