// The parser of the map syntax (docs/syntax.md):
//
//   file     := (map | '// -----')*
//   map      := 'KNOWN' 'EMPTY' | 'UNDEFINED'
//             | '(' names ')' ('[' names ']')? ('{' names '}')? '->' '(' exprs ')'
//               (','? 'domain' ':' entries)?
//   entries  := (entry ','?)*          -- every variable in order, then constraints
//   entry    := expr 'in' bounds | 'is_simplified' ':' ('true' | 'false')
//   bounds   := '[' bound ',' bound (']' | ')')      -- ')' is XLA's old half-open form
//   bound    := ('-' | '+')? (integer | 'inf')
//   expr     := term (('+' | '-') term)*
//   term     := unary (('*' | 'floordiv' | '/' | 'ceildiv' | 'mod' | '%') unary)*
//   unary    := '-' unary | primary
//   primary  := integer | name | '(' expr ')' | ('min' | 'max') '(' expr ',' expr ')'
//
// Commas in the domain are optional (XLA's documentation omits some), and
// XLA's `is_simplified:` line is accepted and ignored.
//
// Semantics note: `mod` here is floor modulo (sign of the divisor, docs/semantics.md).
// XLA's `mod` is always non-negative, so XLA text with a negative divisor in
// `mod` means something different in provix; XLA never prints one.
//
// Nesting is bounded twice: a depth counter bounds the parser's recursion
// (parentheses, unary minus, min/max), and the height of every built tree is
// checked, so neither the parser nor later recursive walks can overflow the
// stack on hostile input.

#include "provix/parser.h"

#include <exception>
#include <optional>
#include <set>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <utility>

#include "lexer.h"
#include "token_cursor.h"
#include "variable_names.h"

namespace provix {

namespace text {

namespace {

class Parser : public TokenCursor {
public:
    Parser(Context& ctx, std::string_view text, std::string_view filename,
           const ParseOptions& options, std::vector<Token> tokens)
        : TokenCursor(text, filename, options.max_depth, std::move(tokens)),
          ctx_(ctx),
          options_(options) {}

    bool at_map_end() const { return at(TokenKind::End) || at(TokenKind::Separator); }

    /// Declares the names visible in expressions (name -> variable id).
    void set_scope(const std::vector<std::string>& names) {
        scope_.clear();
        for (size_t i = 0; i < names.size(); ++i)
            scope_.emplace(names[i], static_cast<int64_t>(i));
    }

    // ------------------------------------------------------------------
    // Expressions.

    std::optional<Operand> parse_expr() {
        const Token& first_tok = peek();
        std::optional<Operand> first = parse_term();
        if (!first) return std::nullopt;
        if (!at(TokenKind::Plus) && !at(TokenKind::Minus)) return first;
        std::vector<Expr> terms{first->expr};  // canonical: one n-ary build
        Expr acc = first->expr;                // as written: left-nested adds
        while (at(TokenKind::Plus) || at(TokenKind::Minus)) {
            const Token& op = next();
            std::optional<Operand> rhs = parse_term();
            if (!rhs) return std::nullopt;
            const bool minus = op.kind == TokenKind::Minus;
            if (options_.canonicalize) {
                terms.push_back(minus ? -rhs->expr : rhs->expr);
            } else {
                Expr r = rhs->expr;
                if (minus) {
                    std::optional<Expr> neg = make(ExprKind::Mul, {r, ctx_.constant(-1)}, op);
                    if (!neg) return std::nullopt;
                    r = *neg;
                }
                std::optional<Expr> sum = make(ExprKind::Add, {acc, r}, op);
                if (!sum) return std::nullopt;
                acc = *sum;
            }
        }
        if (options_.canonicalize) acc = build(ExprKind::Add, terms);
        if (!check_height(acc, first_tok.location)) return std::nullopt;
        return Operand{acc, first_tok.location};
    }

    std::optional<Operand> parse_term() {
        std::optional<Operand> first = parse_unary();
        if (!first) return std::nullopt;
        std::vector<Expr> factors{first->expr};  // pending canonical product
        auto flush = [&]() {
            Expr e = factors.size() == 1 ? factors[0] : build(ExprKind::Mul, factors);
            factors.assign(1, e);
            return e;
        };
        while (true) {
            const Token& op = peek();
            std::optional<ExprKind> kind;
            if (op.kind == TokenKind::Star) kind = ExprKind::Mul;
            if (op.kind == TokenKind::Slash) kind = ExprKind::FloorDiv;
            if (op.kind == TokenKind::Percent) kind = ExprKind::Mod;
            if (op.kind == TokenKind::Identifier)
                kind = expr_kind_spelled(op.text, OpSyntax::Product);  // floordiv ceildiv mod
            if (!kind) break;
            next();
            std::optional<Operand> rhs = parse_unary();
            if (!rhs) return std::nullopt;
            if (*kind != ExprKind::Mul && rhs->expr.is_constant(0)) {
                fail(rhs->location, "division by zero");
                return std::nullopt;
            }
            if (!options_.canonicalize) {
                std::optional<Expr> e = make(*kind, {factors[0], rhs->expr}, op);
                if (!e) return std::nullopt;
                factors.assign(1, *e);
            } else if (*kind == ExprKind::Mul) {
                factors.push_back(rhs->expr);
                continue;  // height checked when the product is flushed
            } else {
                Expr lhs = flush();
                factors.assign(1, build(*kind, {lhs, rhs->expr}));
            }
            if (!check_height(factors[0], op.location)) return std::nullopt;
        }
        Expr e = flush();
        if (!check_height(e, first->location)) return std::nullopt;
        return Operand{e, first->location};
    }

    std::optional<Operand> parse_unary() {
        if (!at(TokenKind::Minus)) return parse_primary();
        const Token& minus = next();
        if (at(TokenKind::Integer)) return integer_operand(ctx_, next(), true, minus.location);
        // `-(...)` is one level, as the printer writes a negated sum: the
        // parenthesis counts it, so printed trees parse back within the limit.
        bool counted = !at(TokenKind::LParen);
        if (counted && !enter(minus.location)) return std::nullopt;
        std::optional<Operand> x = parse_unary();
        if (counted) leave();
        if (!x) return std::nullopt;
        Expr e;
        if (options_.canonicalize) {
            e = -x->expr;
        } else {
            std::optional<Expr> m = make(ExprKind::Mul, {x->expr, ctx_.constant(-1)}, minus);
            if (!m) return std::nullopt;
            e = *m;
        }
        if (!check_height(e, minus.location)) return std::nullopt;
        return Operand{e, minus.location};
    }

    std::optional<Operand> parse_primary() {
        const Token& t = peek();
        if (t.kind == TokenKind::Integer) return integer_operand(ctx_, next(), false, t.location);
        if (t.kind == TokenKind::LParen) return parenthesized([this] { return parse_expr(); });
        if (t.kind == TokenKind::Identifier) {
            if (expr_kind_spelled(t.text, OpSyntax::Call) && peek(1).kind == TokenKind::LParen) {
                return parse_min_max();
            }
            auto it = scope_.find(std::string(t.text));
            if (it != scope_.end()) {
                next();
                return Operand{ctx_.variable(it->second), t.location};
            }
            if (detail::is_reserved_word(t.text)) {
                fail_here("an expression");
                return std::nullopt;
            }
            fail(t.location, "unknown variable '" + std::string(t.text) + "'");
            return std::nullopt;
        }
        fail_here("an expression");
        return std::nullopt;
    }

    std::optional<Operand> parse_min_max() {
        const Token& name = next();
        const ExprKind kind = *expr_kind_spelled(name.text, OpSyntax::Call);  // min, max
        next();                                                               // '('
        if (!enter(name.location)) return std::nullopt;
        std::optional<Operand> a = parse_expr();
        if (!a || !expect(TokenKind::Comma, "','")) return std::nullopt;
        std::optional<Operand> b = parse_expr();
        if (!b || !expect(TokenKind::RParen, "')'")) return std::nullopt;
        leave();
        Expr e;
        if (options_.canonicalize) {
            e = kind == ExprKind::Min ? min(a->expr, b->expr) : max(a->expr, b->expr);
        } else {
            std::optional<Expr> m = make(kind, {a->expr, b->expr}, name);
            if (!m) return std::nullopt;
            e = *m;
        }
        if (!check_height(e, name.location)) return std::nullopt;
        return Operand{e, name.location};
    }

    // ------------------------------------------------------------------
    // Maps.

    /// Parses one map starting at the current token.
    std::optional<IndexingMap> parse_map() {
        if (at_word("KNOWN")) {
            next();
            if (!expect_word("EMPTY")) return std::nullopt;
            return IndexingMap::known_empty(ctx_);
        }
        if (at_word("UNDEFINED")) {
            next();
            return IndexingMap::undefined(ctx_);
        }
        const SourceLocation start = peek().location;
        std::vector<Name> dims;
        std::vector<Name> range_vars;
        std::vector<Name> rt_vars;
        if (!at(TokenKind::LParen)) {
            fail_here("an indexing map ('(', 'KNOWN EMPTY' or 'UNDEFINED')");
            return std::nullopt;
        }
        if (!parse_names(TokenKind::RParen, "')'", true, dims)) return std::nullopt;
        if (at(TokenKind::LBracket) && !parse_names(TokenKind::RBracket, "']'", true, range_vars)) {
            return std::nullopt;
        }
        if (at(TokenKind::LBrace) && !parse_names(TokenKind::RBrace, "'}'", true, rt_vars)) {
            return std::nullopt;
        }
        std::vector<Name> all = dims;
        all.insert(all.end(), range_vars.begin(), range_vars.end());
        all.insert(all.end(), rt_vars.begin(), rt_vars.end());
        std::vector<std::string> names;
        std::unordered_set<std::string_view> seen;  // linear in the number of variables
        for (const Name& name : all) {
            if (!seen.insert(name.text).second) {
                fail(name.location, "duplicate variable name '" + name.text + "'");
                return std::nullopt;
            }
            names.push_back(name.text);
        }
        set_scope(names);

        if (!expect(TokenKind::Arrow, "'->'") || !expect(TokenKind::LParen, "'('")) {
            return std::nullopt;
        }
        std::vector<Expr> results;
        if (!at(TokenKind::RParen)) {
            while (true) {
                std::optional<Operand> e = parse_expr();
                if (!e) return std::nullopt;
                results.push_back(e->expr);
                if (at(TokenKind::Comma)) {
                    next();
                    continue;
                }
                break;
            }
        }
        if (!expect(TokenKind::RParen, "',' or ')'")) return std::nullopt;

        std::vector<Interval> bounds(all.size(), Interval::all());
        std::vector<Constraint> constraints;
        if (!parse_domain(all, bounds, constraints)) return std::nullopt;

        auto vars = [&](const std::vector<Name>& ns, size_t offset) {
            std::vector<IndexingVariable> out;
            for (size_t i = 0; i < ns.size(); ++i)
                out.push_back({bounds[offset + i], ns[i].text});
            return out;
        };
        SymbolicMap map = *SymbolicMap::get(
            ctx_, static_cast<int64_t>(dims.size()),
            static_cast<int64_t>(range_vars.size() + rt_vars.size()), std::move(results));
        Result<IndexingMap> m = IndexingMap::get(
            std::move(map), vars(dims, 0), vars(range_vars, dims.size()),
            vars(rt_vars, dims.size() + range_vars.size()), std::move(constraints));
        if (!m) {
            fail(start, m.error().message);
            return std::nullopt;
        }
        return std::move(m).value();
    }

private:
    /// Context::make with a diagnostic at `op` on failure.
    std::optional<Expr> make(ExprKind kind, const std::vector<Expr>& ops, const Token& op) {
        Result<Expr> r = ctx_.make(kind, ops);
        if (!r) {
            fail(op.location, r.error().message);
            return std::nullopt;
        }
        return *r;
    }

    /// The optional `domain:` section: bounds of every variable in order,
    /// then constraints.
    bool parse_domain(const std::vector<Name>& vars, std::vector<Interval>& bounds,
                      std::vector<Constraint>& constraints) {
        if (at(TokenKind::Comma)) {
            next();
            if (!at_word("domain")) return fail_here("'domain'");
        }
        if (!at_word("domain")) {
            if (!vars.empty()) {
                return fail_here("',' and 'domain:' with the bounds of '" + vars[0].text + "'");
            }
            return true;
        }
        next();
        if (!expect(TokenKind::Colon, "':' after 'domain'")) return false;
        size_t next_var = 0;
        while (!at_map_end()) {
            if (at_word("is_simplified") && peek(1).kind == TokenKind::Colon) {
                next();
                next();
                if (!at_word("true") && !at_word("false")) return fail_here("'true' or 'false'");
                next();
            } else if (next_var < vars.size()) {
                const std::string& name = vars[next_var].text;
                if (!at_word(name) || !at_word("in", 1)) {
                    return fail(peek().location,
                                "expected the bounds of variable '" + name +
                                    "' (the domain lists every variable in declaration order, "
                                    "then the constraints)");
                }
                next();
                next();
                std::optional<Interval> b = parse_bounds();
                if (!b) return false;
                bounds[next_var++] = *b;
            } else {
                std::optional<Operand> e = parse_expr();
                if (!e) return false;
                if (!expect_word("in")) return false;
                std::optional<Interval> b = parse_bounds();
                if (!b) return false;
                constraints.push_back({e->expr, *b});
            }
            if (at(TokenKind::Comma)) next();
        }
        if (next_var < vars.size()) {
            return fail(peek().location,
                        "missing the bounds of variable '" + vars[next_var].text + "'");
        }
        return true;
    }

    /// `[lo, hi]` or XLA's older half-open `[lo, hi)`. `-inf` / `inf` are
    /// infinite ends; every integer, 2^63 - 1 and -2^63 included, is finite.
    std::optional<Interval> parse_bounds() {
        if (!expect(TokenKind::LBracket, "'['")) return std::nullopt;
        std::optional<Bound> lo = parse_bound_value(/*upper=*/false);
        if (!lo || !expect(TokenKind::Comma, "','")) return std::nullopt;
        std::optional<Bound> hi = parse_bound_value(/*upper=*/true);
        if (!hi) return std::nullopt;
        if (at(TokenKind::RBracket)) {
            next();
        } else if (at(TokenKind::RParen)) {
            next();
            // [lo, hi) is [lo, hi - 1]; below -2^63 nothing is left.
            if (hi->finite) {
                if (*hi->finite == kInt64Min) return Interval::empty();
                hi->finite = *hi->finite - 1;
            }
        } else {
            fail_here("']'");
            return std::nullopt;
        }
        return Interval::bounded_by(lo->finite, hi->finite);
    }

    /// A bound: a finite value, or nullopt for an infinite end.
    struct Bound {
        std::optional<int64_t> finite;
    };

    /// An integer, or `inf` / `-inf` (optionally signed) on the side where
    /// infinity means no bound: `-inf` below, `inf` above.
    std::optional<Bound> parse_bound_value(bool upper) {
        bool negative = false;
        Token start = peek();
        if (at(TokenKind::Minus) || at(TokenKind::Plus)) negative = next().kind == TokenKind::Minus;
        if (at_word("inf")) {
            next();
            if (negative == upper) {
                fail(start.location,
                     upper ? "an upper bound cannot be -inf" : "a lower bound cannot be +inf");
                return std::nullopt;
            }
            return Bound{};
        }
        if (!at(TokenKind::Integer)) {
            fail_here("an integer bound or 'inf'");
            return std::nullopt;
        }
        std::optional<int64_t> v = parse_integer(next(), negative);
        if (!v) return std::nullopt;
        return Bound{*v};
    }

    Context& ctx_;
    ParseOptions options_;
    std::unordered_map<std::string, int64_t> scope_;
};

Error lex_error(const Lexed& lx, std::string_view text, std::string_view filename) {
    return Error{Error::Kind::Parse,
                 format_diagnostic(filename, text, lx.error_location, lx.error_message)};
}

// Runs `body` and turns an exception escaping the expression core (which
// should not happen) into a diagnostic at the current token.
template <class T, class F>
Result<T> guarded(Parser& p, F body) {
    try {
        return body();
    } catch (const std::exception& e) {
        p.fail(p.peek().location, std::string("internal error: ") + e.what());
        return p.error();
    }
}

/// The first line in [first_line, last_line] of `text` that looks like a
/// map separator but is not one (`//-----`, `// ----`, `// ------`): a
/// comment, so the maps on either side of it read as one.
std::optional<int> mistyped_separator_line(std::string_view text, int first_line, int last_line) {
    int line = 1;
    for (size_t start = 0; start <= text.size() && line <= last_line; ++line) {
        size_t end = line_end(text, start);  // lines as the lexer counts them
        if (end == std::string_view::npos) end = text.size();
        std::string_view l = text.substr(start, end - start);
        start = end + 1;
        if (line < first_line) continue;
        const size_t a = l.find_first_not_of(" \t\r");
        if (a == std::string_view::npos || l.substr(a, 2) != "//") continue;
        const size_t dashes = l.find_first_not_of(" \t", a + 2);
        if (dashes == std::string_view::npos || l[dashes] != '-') continue;
        const size_t after = l.find_first_not_of('-', dashes);
        const size_t rest =
            after == std::string_view::npos ? after : l.find_first_not_of(" \t\r", after);
        const size_t count = (after == std::string_view::npos ? l.size() : after) - dashes;
        const bool separator = dashes == a + 3 && l[a + 2] == ' ' && count == 5;
        if (rest == std::string_view::npos && count >= 3 && !separator) return line;
        if (end == text.size()) break;
    }
    return std::nullopt;
}

}  // namespace

}  // namespace text

using text::Lexed;
using text::Parser;
using text::TokenKind;

Result<std::vector<ParsedMap>> parse_indexing_maps(Context& ctx, std::string_view text,
                                                   std::string_view filename,
                                                   const ParseOptions& options) {
    Lexed lx = text::lex(text);
    if (!lx.ok) return text::lex_error(lx, text, filename);
    Parser p(ctx, text, filename, options, std::move(lx.tokens));
    return text::guarded<std::vector<ParsedMap>>(p, [&]() -> Result<std::vector<ParsedMap>> {
        std::vector<ParsedMap> maps;
        while (true) {
            while (p.at(TokenKind::Separator))
                p.next();
            if (p.at(TokenKind::End)) break;
            const SourceLocation loc = p.peek().location;
            // A map that fails to parse after a comment that looks like a
            // separator most likely runs into the next map: say so.
            auto error_with_hint = [&]() {
                Error e = p.error();
                if (auto line =
                        text::mistyped_separator_line(text, loc.line, p.peek().location.line)) {
                    e.message += "\n" + format_diagnostic(filename, text, SourceLocation{*line, 1},
                                                          "this comment looks like a separator; "
                                                          "maps are separated by '// -----' lines",
                                                          "note");
                }
                return e;
            };
            std::optional<IndexingMap> m = p.parse_map();
            if (!m) return error_with_hint();
            if (!p.at_map_end()) {
                p.fail(p.peek().location,
                       "unexpected " + text::describe(p.peek()) + " after the end of the map");
                return error_with_hint();
            }
            maps.push_back({std::move(*m), loc});
        }
        return maps;
    });
}

Result<std::vector<std::string_view>> split_map_texts(std::string_view text,
                                                      std::string_view filename) {
    Lexed lx = text::lex(text);
    if (!lx.ok) return text::lex_error(lx, text, filename);
    std::vector<std::string_view> out;
    size_t start = 0;  // where the current map's text starts
    bool has_tokens = false;
    for (const text::Token& t : lx.tokens) {
        if (t.kind != TokenKind::Separator && t.kind != TokenKind::End) {
            has_tokens = true;
            continue;
        }
        const size_t at = t.kind == TokenKind::End
                              ? text.size()
                              : static_cast<size_t>(t.text.data() - text.data());
        if (has_tokens) out.push_back(text.substr(start, at - start));
        if (t.kind == TokenKind::End) break;
        // The next map's text starts on the line after the separator.
        start = at + t.text.size();
        const size_t eol = text::line_end(text, start);
        start = eol == std::string_view::npos ? text.size() : eol + 1;
        has_tokens = false;
    }
    return out;
}

Result<IndexingMap> parse_indexing_map(Context& ctx, std::string_view text,
                                       const ParseOptions& options) {
    const std::string_view filename = "<input>";
    Lexed lx = text::lex(text);
    if (!lx.ok) return text::lex_error(lx, text, filename);
    Parser p(ctx, text, filename, options, std::move(lx.tokens));
    return text::guarded<IndexingMap>(p, [&]() -> Result<IndexingMap> {
        if (p.at(TokenKind::End)) {
            p.fail_here("an indexing map");
            return p.error();
        }
        std::optional<IndexingMap> m = p.parse_map();
        if (!m) return p.error();
        if (!p.at(TokenKind::End)) {
            p.fail(p.peek().location,
                   "unexpected " + text::describe(p.peek()) + " after the end of the map");
            return p.error();
        }
        return std::move(*m);
    });
}

bool is_valid_variable_name(std::string_view name) { return detail::is_valid_variable_name(name); }

Result<Expr> parse_expr(Context& ctx, std::string_view text, const std::vector<std::string>& names,
                        const ParseOptions& options) {
    // The names as a map's variables must be: valid, and each once (a
    // duplicate would make two variables one, a keyword could not be read).
    std::set<std::string_view> seen;
    for (const std::string& name : names) {
        if (!is_valid_variable_name(name))
            return Error::invalid("parse_expr: invalid variable name '" + name + "'");
        if (!seen.insert(name).second)
            return Error::invalid("parse_expr: duplicate variable name '" + name + "'");
    }
    const std::string_view filename = "<input>";
    Lexed lx = text::lex(text);
    if (!lx.ok) return text::lex_error(lx, text, filename);
    Parser p(ctx, text, filename, options, std::move(lx.tokens));
    p.set_scope(names);
    return text::guarded<Expr>(p, [&]() -> Result<Expr> {
        std::optional<text::Operand> e = p.parse_expr();
        if (!e) return p.error();
        if (!p.at(TokenKind::End)) {
            p.fail(p.peek().location,
                   "unexpected " + text::describe(p.peek()) + " after the expression");
            return p.error();
        }
        return e->expr;
    });
}

}  // namespace provix
