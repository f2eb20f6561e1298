// Shapes and attributes of the HLO reader.

#include <cctype>
#include <string>
#include <vector>

#include "hlo_reader.h"
#include "provix/hlo/hlo_parser.h"

namespace provix::hlo::detail {

namespace {

constexpr int kMaxTupleDepth = 64;
/// Larger dimension sizes are rejected, so that index arithmetic on sizes
/// (plus paddings and offsets, which are bounded likewise) cannot overflow.
constexpr int64_t kMaxDimension = int64_t{1} << 62;

std::string quoted(std::string_view s) { return "'" + std::string(s) + "'"; }

/// Reads an integer or returns an error naming `what`.
Result<int64_t> expect_integer(TextCursor& c, std::string_view what) {
    c.skip_space();
    size_t pos = c.pos();
    bool overflow = false;
    auto v = c.read_integer(&overflow);
    if (!v) return c.error("expected an integer (" + std::string(what) + ")");
    if (overflow) return c.error_at(pos, "integer does not fit in int64");
    return *v;
}

Result<bool> expect_char(TextCursor& c, char ch, std::string_view context) {
    if (c.consume(ch)) return true;
    c.skip_space();
    return c.error(std::string("expected '") + ch + "' " + std::string(context));
}

/// `{e, e, ...}` or `{}`, each element read by `element` (a
/// Result<T>(TextCursor&)); `what` names the list in errors: "expected '{'
/// to start <what>", "expected '}' or ',' in <what>".
template <class T, class Element>
Result<std::vector<T>> parse_braced_list(TextCursor& c, const std::string& what, Element element) {
    std::vector<T> out;
    auto open = expect_char(c, '{', "to start " + what);
    if (!open) return open.error();
    if (c.consume('}')) return out;
    while (true) {
        Result<T> e = element(c);
        if (!e) return e.error();
        out.push_back(std::move(*e));
        if (c.consume(',')) continue;
        auto close = expect_char(c, '}', "or ',' in " + what);
        if (!close) return close.error();
        return out;
    }
}

/// `{1, 2, 3}` or `{}`.
Result<std::vector<int64_t>> parse_int_list(TextCursor& c) {
    return parse_braced_list<int64_t>(c, "a list of integers", [](TextCursor& cur) {
        return expect_integer(cur, "list element");
    });
}

/// `A x B x C`: integers separated by `x`.
Result<std::vector<int64_t>> parse_x_list(TextCursor& c) {
    std::vector<int64_t> out;
    while (true) {
        auto v = expect_integer(c, "dimension value");
        if (!v) return v.error();
        out.push_back(*v);
        if (c.peek() != 'x') return out;
        c.advance();
    }
}

/// `{[5:10:1], [3:20:7]}`.
Result<std::vector<SliceDim>> parse_slice(TextCursor& c) {
    return parse_braced_list<SliceDim>(
        c, "the slice dimensions", [](TextCursor& cur) -> Result<SliceDim> {
            auto lb = expect_char(cur, '[', "to start a slice dimension '[start:limit:stride]'");
            if (!lb) return lb.error();
            SliceDim d;
            auto start = expect_integer(cur, "slice start");
            if (!start) return start.error();
            auto colon = expect_char(cur, ':', "after the slice start");
            if (!colon) return colon.error();
            auto limit = expect_integer(cur, "slice limit");
            if (!limit) return limit.error();
            d.start = *start;
            d.limit = *limit;
            if (cur.consume(':')) {
                auto stride = expect_integer(cur, "slice stride");
                if (!stride) return stride.error();
                d.stride = *stride;
            }
            auto rb = expect_char(cur, ']', "to end a slice dimension");
            if (!rb) return rb.error();
            return d;
        });
}

/// `1_4_1x4_8_0` (interior optional).
Result<std::vector<PadDim>> parse_padding(TextCursor& c) {
    std::vector<PadDim> out;
    c.skip_space();
    if (c.at_end()) return out;  // a rank-0 pad
    while (true) {
        PadDim d;
        auto low = expect_integer(c, "low padding");
        if (!low) return low.error();
        if (c.peek() != '_') return c.error("expected '_' after the low padding");
        c.advance();
        auto high = expect_integer(c, "high padding");
        if (!high) return high.error();
        d.low = *low;
        d.high = *high;
        if (c.peek() == '_') {
            c.advance();
            auto interior = expect_integer(c, "interior padding");
            if (!interior) return interior.error();
            d.interior = *interior;
        }
        out.push_back(d);
        if (c.peek() != 'x') return out;
        c.advance();
    }
}

/// `{size=1x512 stride=1x1 pad=0_0x0_0 lhs_dilate=1x1 rhs_dilate=1x1}`.
Result<std::vector<WindowDim>> parse_window(TextCursor& c) {
    auto open = expect_char(c, '{', "to start the window");
    if (!open) return open.error();
    std::vector<int64_t> size, stride, lhs_dilate, rhs_dilate;
    std::vector<PadDim> pad;
    bool has_stride = false, has_pad = false, has_lhs = false, has_rhs = false;
    while (!c.consume('}')) {
        c.skip_space();
        size_t key_pos = c.pos();
        std::string_view key = c.read_name();
        if (key.empty()) return c.error("expected a window field or '}'");
        if (!c.consume('=')) return c.error("expected '=' after window field " + quoted(key));
        if (key == "pad") {
            size_t pad_pos = c.pos();
            // Window padding is low_high per dimension, as in `pad=0_0x1_2`.
            auto p = parse_padding(c);
            if (!p) return p.error();
            for (const PadDim& d : *p) {
                if (d.interior != 0)
                    return c.error_at(pad_pos, "window padding takes low_high per dimension");
            }
            pad = *p;
            has_pad = true;
            continue;
        }
        auto values = parse_x_list(c);
        if (!values) return values.error();
        if (key == "size") {
            size = *values;
        } else if (key == "stride") {
            stride = *values;
            has_stride = true;
        } else if (key == "lhs_dilate") {
            lhs_dilate = *values;
            has_lhs = true;
        } else if (key == "rhs_dilate") {
            rhs_dilate = *values;
            has_rhs = true;
        } else if (key == "rhs_reversal") {
            for (int64_t v : *values) {
                if (v != 0) return c.error_at(key_pos, "window reversal is not supported");
            }
        } else {
            return c.error_at(key_pos, "unknown window field " + quoted(key));
        }
    }
    if (size.empty()) return c.error("window without 'size'");
    size_t n = size.size();
    auto check = [&](bool has, size_t count, const char* field) -> Result<bool> {
        if (has && count != n) {
            return c.error(std::string("window field '") + field + "' has " +
                           std::to_string(count) + " dimensions, 'size' has " + std::to_string(n));
        }
        return true;
    };
    for (auto r : {check(has_stride, stride.size(), "stride"), check(has_pad, pad.size(), "pad"),
                   check(has_lhs, lhs_dilate.size(), "lhs_dilate"),
                   check(has_rhs, rhs_dilate.size(), "rhs_dilate")}) {
        if (!r) return r.error();
    }
    std::vector<WindowDim> out(n);
    for (size_t i = 0; i < n; ++i) {
        out[i].size = size[i];
        if (has_stride) out[i].stride = stride[i];
        if (has_pad) {
            out[i].pad_low = pad[i].low;
            out[i].pad_high = pad[i].high;
        }
        if (has_lhs) out[i].base_dilation = lhs_dilate[i];
        if (has_rhs) out[i].window_dilation = rhs_dilate[i];
    }
    return out;
}

/// Reads an element type `[a-z][a-z0-9]*`.
/// One part of `dim_labels`: the position of each letter of `letters` and
/// of each digit (spatial dimension 0, 1, ...), every position labelled once.
struct LabelPart {
    std::vector<int64_t> letter_pos;
    std::vector<int64_t> spatial_pos;
};

Result<LabelPart> parse_label_part(TextCursor& c, std::string_view letters) {
    c.skip_space();
    size_t start = c.pos();
    std::string text;
    while (!c.at_end() && (std::isalnum(static_cast<unsigned char>(c.peek())) != 0)) {
        text += c.peek();
        c.advance();
    }
    LabelPart part;
    part.letter_pos.assign(letters.size(), -1);
    std::vector<int64_t> spatial(text.size(), -1);
    for (size_t i = 0; i < text.size(); ++i) {
        char ch = text[i];
        size_t letter = letters.find(ch);
        if (letter != std::string_view::npos && part.letter_pos[letter] < 0) {
            part.letter_pos[letter] = static_cast<int64_t>(i);
        } else if (ch >= '0' && ch <= '9' && static_cast<size_t>(ch - '0') < text.size() &&
                   spatial[static_cast<size_t>(ch - '0')] < 0) {
            spatial[static_cast<size_t>(ch - '0')] = static_cast<int64_t>(i);
        } else {
            return c.error_at(start, "dim_labels part " + quoted(text) + " must label '" +
                                         std::string(letters) +
                                         "' once each and spatial dimensions 0, 1, ...");
        }
    }
    size_t num_spatial = text.size() - letters.size();
    for (size_t k = 0; k < spatial.size(); ++k) {
        if ((k < num_spatial) != (spatial[k] >= 0)) {
            return c.error_at(start, "dim_labels part " + quoted(text) +
                                         " must number its spatial dimensions 0, 1, ...");
        }
    }
    for (int64_t p : part.letter_pos) {
        if (p < 0) {
            return c.error_at(start, "dim_labels part " + quoted(text) + " must label '" +
                                         std::string(letters) + "'");
        }
    }
    part.spatial_pos.assign(spatial.begin(),
                            spatial.begin() + static_cast<std::ptrdiff_t>(num_spatial));
    return part;
}

/// `b01f_i01o->b01f`: input, kernel and output dimension labels.
Result<ConvDimensions> parse_dim_labels(TextCursor& c) {
    auto in = parse_label_part(c, "bf");
    if (!in) return in.error();
    if (!c.consume('_')) return c.error("expected '_' after the input labels");
    auto kernel = parse_label_part(c, "io");
    if (!kernel) return kernel.error();
    if (!c.consume('-') || !c.consume('>')) return c.error("expected '->' after the kernel labels");
    auto out = parse_label_part(c, "bf");
    if (!out) return out.error();
    if (in->spatial_pos.size() != kernel->spatial_pos.size() ||
        in->spatial_pos.size() != out->spatial_pos.size()) {
        return c.error("dim_labels parts have different numbers of spatial dimensions");
    }
    ConvDimensions d;
    d.input_batch = in->letter_pos[0];
    d.input_feature = in->letter_pos[1];
    d.input_spatial = in->spatial_pos;
    d.kernel_input_feature = kernel->letter_pos[0];
    d.kernel_output_feature = kernel->letter_pos[1];
    d.kernel_spatial = kernel->spatial_pos;
    d.output_batch = out->letter_pos[0];
    d.output_feature = out->letter_pos[1];
    d.output_spatial = out->spatial_pos;
    return d;
}

std::string_view read_element_type(TextCursor& c) {
    c.skip_space();
    size_t start = c.pos();
    size_t n = 0;
    auto lower = [](char ch) { return ch >= 'a' && ch <= 'z'; };
    auto digit = [](char ch) { return ch >= '0' && ch <= '9'; };
    if (!lower(c.peek())) return {};
    while (lower(c.peek(n)) || digit(c.peek(n)))
        ++n;
    c.set_pos(start + n);
    return c.source().text().substr(start, n);
}

Result<HloShape> parse_shape_at_depth(TextCursor& c, int depth) {
    c.skip_space();
    HloShape shape;
    if (c.peek() == '(') {
        if (depth >= kMaxTupleDepth) return c.error("tuple shapes nested too deeply");
        c.advance();
        shape.is_tuple = true;
        if (c.consume(')')) return shape;
        while (true) {
            auto element = parse_shape_at_depth(c, depth + 1);
            if (!element) return element.error();
            shape.tuple_elements.push_back(std::move(*element));
            if (c.consume(',')) continue;
            auto close = expect_char(c, ')', "or ',' in a tuple shape");
            if (!close) return close.error();
            return shape;
        }
    }
    std::string_view type = read_element_type(c);
    if (type.empty()) return c.error("expected a shape such as 'f32[10,20]'");
    shape.element_type = std::string(type);
    if (c.peek() != '[') return c.error("expected '[' after the element type " + quoted(type));
    c.advance();
    if (!c.consume(']')) {
        while (true) {
            c.skip_space();
            if (c.peek() == '?' || c.peek() == '<')
                return c.error("dynamic dimensions are not supported");
            size_t pos = c.pos();
            auto d = expect_integer(c, "dimension size");
            if (!d) return d.error();
            if (*d < 0) return c.error_at(pos, "negative dimension size");
            if (*d > kMaxDimension) return c.error_at(pos, "dimension size too large");
            shape.dims.push_back(*d);
            if (c.consume(',')) continue;
            auto close = expect_char(c, ']', "or ',' in the dimensions");
            if (!close) return close.error();
            break;
        }
    }
    // A layout is `{` followed by an integer, `:` or `}`; any other `{` (a
    // computation body after `-> f32[] {`) is not part of the shape.
    TextCursor probe = c;
    if (!probe.consume('{')) return shape;
    probe.skip_space();
    char next = probe.peek();
    if (!(next >= '0' && next <= '9') && next != ':' && next != '}') return shape;
    c.skip_space();
    size_t layout_pos = c.pos();
    c.advance();
    if (!c.consume('}')) {
        while (true) {
            auto v = expect_integer(c, "layout dimension");
            if (!v) return v.error();
            shape.layout.push_back(*v);
            if (c.consume(',')) continue;
            if (c.consume(':')) {  // tiling and memory space: not needed for indexing
                while (!c.at_end() && c.peek() != '}')
                    c.advance();
            }
            auto close = expect_char(c, '}', "or ',' in the layout");
            if (!close) return close.error();
            break;
        }
    }
    if (!shape.layout.empty()) {
        std::vector<bool> seen(shape.dims.size(), false);
        bool ok = shape.layout.size() == shape.dims.size();
        for (int64_t d : shape.layout) {
            if (!ok) break;
            if (d < 0 || d >= shape.rank() || seen[static_cast<size_t>(d)]) {
                ok = false;
            } else {
                seen[static_cast<size_t>(d)] = true;
            }
        }
        if (!ok) {
            return c.error_at(layout_pos, "layout of " + shape.to_string() +
                                              " is not a permutation of its dimensions");
        }
    }
    return shape;
}

/// Finds where an attribute value starting at the cursor ends.
Result<size_t> attribute_value_end(TextCursor& c) {
    // Only blanks: a value may be empty (`padding=` of a rank-0 pad) and
    // then ends at the line's end.
    while (c.peek() == ' ' || c.peek() == '\t')
        c.advance();
    char first = c.peek();
    if (first == '{' || first == '(' || first == '[') {
        TextCursor probe = c;
        if (!probe.read_balanced()) return c.error("unbalanced brackets in the attribute value");
        return probe.pos();
    }
    size_t p = c.pos();
    std::string_view text = c.source().text();
    if (first == '"') {
        ++p;
        while (p < c.end() && text[p] != '"') {
            if (text[p] == '\\') ++p;
            ++p;
        }
        if (p >= c.end()) return c.error("unterminated string in the attribute value");
        return p + 1;
    }
    while (p < c.end()) {
        char ch = text[p];
        if (ch == ',' || ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r' || ch == ')' ||
            ch == '}') {
            break;
        }
        ++p;
    }
    return p;
}

}  // namespace

Result<HloShape> parse_shape(TextCursor& cursor) { return parse_shape_at_depth(cursor, 0); }

Result<bool> parse_attribute(TextCursor& c, HloInstruction& instr) {
    c.skip_space();
    std::string_view name = c.read_name();
    if (name.empty()) return c.error("expected an attribute name");
    if (!c.consume('=')) return c.error("expected '=' after attribute " + quoted(name));
    auto end = attribute_value_end(c);
    if (!end) return end.error();
    size_t value_pos = c.pos();
    TextCursor v(c.source(), value_pos, *end);
    c.set_pos(*end);

    auto finish = [&](auto parsed, auto& field) -> Result<bool> {
        if (!parsed) return parsed.error();
        v.skip_space();
        if (!v.at_end()) return v.error("unexpected text in attribute " + quoted(name));
        field = std::move(*parsed);
        return true;
    };
    auto name_value = [&](std::string& field) -> Result<bool> {
        std::string_view s = v.read_name();
        if (s.empty()) return v.error("expected a computation name");
        v.skip_space();
        if (!v.at_end()) return v.error("unexpected text in attribute " + quoted(name));
        field = std::string(s);
        return true;
    };

    // The attributes of operations without indexing maps are not read (their
    // syntax may differ); the analysis reports such operations as UNKNOWN.
    if (!is_supported_opcode(instr.opcode)) return true;
    if (name == "dimensions") return finish(parse_int_list(v), instr.dimensions);
    if (name == "iota_dimension")
        return finish(expect_integer(v, "iota_dimension"), instr.iota_dimension);
    if (name == "slice") return finish(parse_slice(v), instr.slice);
    if (name == "padding") return finish(parse_padding(v), instr.padding);
    if (name == "window") return finish(parse_window(v), instr.window);
    if (name == "lhs_batch_dims") return finish(parse_int_list(v), instr.dot.lhs_batch);
    if (name == "rhs_batch_dims") return finish(parse_int_list(v), instr.dot.rhs_batch);
    if (name == "lhs_contracting_dims") return finish(parse_int_list(v), instr.dot.lhs_contracting);
    if (name == "rhs_contracting_dims") return finish(parse_int_list(v), instr.dot.rhs_contracting);
    if (name == "offset_dims") return finish(parse_int_list(v), instr.gather.offset_dims);
    if (name == "collapsed_slice_dims") {
        return finish(parse_int_list(v), instr.gather.collapsed_slice_dims);
    }
    if (name == "start_index_map") return finish(parse_int_list(v), instr.gather.start_index_map);
    if (name == "index_vector_dim") {
        return finish(expect_integer(v, "index_vector_dim"), instr.gather.index_vector_dim);
    }
    if (name == "slice_sizes") return finish(parse_int_list(v), instr.gather.slice_sizes);
    if (name == "operand_batching_dims") {
        return finish(parse_int_list(v), instr.gather.operand_batching_dims);
    }
    if (name == "start_indices_batching_dims") {
        return finish(parse_int_list(v), instr.gather.start_indices_batching_dims);
    }
    if (name == "dynamic_slice_sizes") return finish(parse_int_list(v), instr.dynamic_slice_sizes);
    if (name == "index") return finish(expect_integer(v, "tuple index"), instr.tuple_index);
    if (name == "dim_labels") return finish(parse_dim_labels(v), instr.conv);
    if (name == "feature_group_count") {
        return finish(expect_integer(v, "feature_group_count"), instr.feature_group_count);
    }
    if (name == "batch_group_count") {
        return finish(expect_integer(v, "batch_group_count"), instr.batch_group_count);
    }
    if (name == "to_apply") return name_value(instr.to_apply);
    if (name == "calls") return name_value(instr.calls);
    return true;  // metadata, sharding, kind, backend_config, ...: not needed
}

}  // namespace provix::hlo::detail
