// HloShape: layouts, element counts, printing.

#include "provix/hlo/hlo_shape.h"

#include "provix/semantics.h"

namespace provix::hlo {

std::vector<int64_t> HloShape::minor_to_major() const {
    if (!layout.empty() || dims.empty()) return layout;
    std::vector<int64_t> result;
    for (int64_t i = rank() - 1; i >= 0; --i)
        result.push_back(i);
    return result;
}

Result<int64_t> HloShape::num_elements() const {
    int64_t n = 1;
    for (int64_t d : dims) {
        auto next = checked_mul(n, d);
        if (!next)
            return Error::overflow("the number of elements of " + to_string() +
                                   " does not fit in int64");
        n = *next;
    }
    return n;
}

bool HloShape::same_dims_and_type(const HloShape& o) const {
    if (is_tuple != o.is_tuple || element_type != o.element_type || dims != o.dims) return false;
    if (tuple_elements.size() != o.tuple_elements.size()) return false;
    for (size_t i = 0; i < tuple_elements.size(); ++i) {
        if (!tuple_elements[i].same_dims_and_type(o.tuple_elements[i])) return false;
    }
    return true;
}

namespace {

std::string join(const std::vector<int64_t>& values) {
    std::string out;
    for (size_t i = 0; i < values.size(); ++i) {
        if (i > 0) out += ",";
        out += std::to_string(values[i]);
    }
    return out;
}

}  // namespace

std::string HloShape::to_string() const {
    if (is_tuple) {
        std::string out = "(";
        for (size_t i = 0; i < tuple_elements.size(); ++i) {
            if (i > 0) out += ", ";
            out += tuple_elements[i].to_string();
        }
        return out + ")";
    }
    std::string out = element_type + "[" + join(dims) + "]";
    if (!layout.empty()) out += "{" + join(layout) + "}";
    return out;
}

}  // namespace provix::hlo
