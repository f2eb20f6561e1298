// The token cursor shared by the text parsers (see token_cursor.h).

#include "token_cursor.h"

#include "provix/semantics.h"
#include "stack_headroom.h"
#include "variable_names.h"

namespace provix::text {

namespace {

// A hard cap on recursion whatever ParseOptions::max_depth says.
constexpr int kHardMaxDepth = 2000;

std::string too_deep(int max_depth) {
    return "expression nested too deeply (more than " + std::to_string(max_depth) +
           (max_depth == 1 ? " level)" : " levels)");
}

}  // namespace

TokenCursor::TokenCursor(std::string_view text, std::string_view filename, int max_depth,
                         std::vector<Token> tokens)
    : max_depth_(max_depth < kHardMaxDepth ? max_depth : kHardMaxDepth),
      text_(text),
      filename_(filename),
      tokens_(std::move(tokens)) {}

bool TokenCursor::fail(SourceLocation loc, const std::string& message) {
    if (!error_) {
        error_ = Error{Error::Kind::Parse, format_diagnostic(filename_, text_, loc, message)};
    }
    return false;
}

bool TokenCursor::fail_here(const std::string& expected) {
    return fail(peek().location, "expected " + expected + ", found " + describe(peek()));
}

bool TokenCursor::expect(TokenKind k, const char* what) {
    if (!at(k)) return fail_here(what);
    next();
    return true;
}

bool TokenCursor::expect_word(std::string_view w) {
    if (!at_word(w)) return fail_here("'" + std::string(w) + "'");
    next();
    return true;
}

bool TokenCursor::enter(SourceLocation loc) {
    if (++depth_ > max_depth_) return fail(loc, too_deep(max_depth_));
    // Each level recurses: on a thread with a small stack the nesting limit
    // alone could let the parse run out of it.
    if (detail::stack_headroom() < detail::kStackReserve) {
        return fail(loc, "expression nested too deeply for the stack left to this thread (" +
                             std::to_string(depth_) + " levels)");
    }
    return true;
}

bool TokenCursor::check_height(Expr e, SourceLocation loc) {
    if (heights_.height(e) > max_depth_ + 1) return fail(loc, too_deep(max_depth_));
    return true;
}

std::optional<int64_t> TokenCursor::parse_integer(const Token& t, bool negative) {
    uint64_t v = 0;
    const uint64_t limit = negative ? uint64_t{1} << 63 : (uint64_t{1} << 63) - 1;
    for (char c : t.text) {
        const uint64_t digit = static_cast<uint64_t>(c - '0');
        if (v > (limit - digit) / 10) {
            fail(t.location, "integer " + std::string(negative ? "-" : "") + std::string(t.text) +
                                 " does not fit in 64 bits");
            return std::nullopt;
        }
        v = v * 10 + digit;
    }
    if (!negative) return static_cast<int64_t>(v);
    if (v == uint64_t{1} << 63) return kInt64Min;
    return -static_cast<int64_t>(v);
}

std::optional<Operand> TokenCursor::integer_operand(Context& ctx, const Token& t, bool negative,
                                                    SourceLocation loc) {
    std::optional<int64_t> v = parse_integer(t, negative);
    if (!v) return std::nullopt;
    return Operand{ctx.constant(*v), loc};
}

bool TokenCursor::parse_names(TokenKind close, const char* close_text, bool reject_keywords,
                              std::vector<Name>& out) {
    next();  // the opening bracket
    if (at(close)) {
        next();
        return true;
    }
    while (true) {
        const Token& t = peek();
        if (t.kind != TokenKind::Identifier) return fail_here("a variable name");
        if (reject_keywords && detail::is_reserved_word(t.text)) {
            return fail(t.location,
                        "'" + std::string(t.text) + "' is a keyword and cannot name a variable");
        }
        next();
        out.push_back({std::string(t.text), t.location});
        if (at(TokenKind::Comma)) {
            next();
            continue;
        }
        if (at(close)) {
            next();
            return true;
        }
        return fail_here(std::string("',' or ") + close_text);
    }
}

}  // namespace provix::text
