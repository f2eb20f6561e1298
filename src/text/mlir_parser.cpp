// The reader of MLIR's affine syntax (see provix/mlir_syntax.h):
//
//   file       := (definition | '// -----')*
//   definition := (ALIAS '=')? ('affine_map' '<' map '>' | 'affine_set' '<' set '>')
//   map        := vars '->' '(' (expr (',' expr)*)? ')'
//   set        := vars ':' '(' constraint (',' constraint)* ')'
//   vars       := '(' names? ')' ('[' names? ']')?
//   constraint := expr ('>=' | '<=' | '==') expr     -- MLIR prints `e >= 0`, `e == 0`
//   expr       := term (('+' | '-') term)*
//   term       := unary (('*' | 'floordiv' | 'ceildiv' | 'mod') unary)*
//   unary      := '-' unary | primary
//   primary    := integer | name | '(' expr ')'
//
// MLIR's rules are enforced: one factor of a product and every divisor are
// symbolic (constants and symbols only), and a literal divisor is positive
// (MLIR leaves floordiv, ceildiv and mod undefined otherwise); a symbolic
// divisor is assumed positive (`divisor in [1, inf]` joins the domain).

#include <exception>
#include <optional>
#include <unordered_map>
#include <utility>

#include "expr_height.h"
#include "lexer.h"
#include "provix/mlir_syntax.h"

namespace provix {

namespace text {

namespace {

constexpr int kHardMaxDepth = 2000;

struct Operand {
    Expr expr;
    SourceLocation location;
};

struct Name {
    std::string text;
    SourceLocation location;
};

/// The variables of one map or set: MLIR dims then symbols.
struct Variables {
    std::vector<Name> dims;
    std::vector<Name> symbols;
};

class MlirParser {
public:
    MlirParser(Context& ctx, std::string_view text, std::string_view filename,
               const ParseOptions& options, std::vector<Token> tokens)
        : ctx_(ctx),
          text_(text),
          filename_(filename),
          max_depth_(options.max_depth < kHardMaxDepth ? options.max_depth : kHardMaxDepth),
          tokens_(std::move(tokens)) {}

    Result<std::vector<MlirDefinition>> parse_file() {
        std::vector<MlirDefinition> defs;
        int64_t current_set = -1;
        bool separator = false;
        while (true) {
            if (at(TokenKind::Separator)) {
                next();
                separator = true;
                current_set = -1;
                continue;
            }
            if (at(TokenKind::End)) break;
            divisors_.clear();
            std::optional<MlirDefinition> d = parse_definition();
            if (!d) return *error_;
            d->after_separator = separator;
            separator = false;
            if (d->kind == MlirDefinition::Kind::Set) {
                current_set = static_cast<int64_t>(defs.size());
            } else if (current_set >= 0) {
                if (!apply_domain(*d, defs[static_cast<size_t>(current_set)])) return *error_;
                d->domain_set = current_set;
            }
            // MLIR defines floordiv, ceildiv and mod only for a positive
            // divisor: where a symbolic divisor is not, the map has no value.
            for (Expr divisor : divisors_) {
                if (d->map.is_known_empty()) break;
                Constraint c = normalized({divisor, positive()});
                d->map.add_constraint(c.expr, c.range);
            }
            defs.push_back(std::move(*d));
        }
        return defs;
    }

private:
    // ------------------------------------------------------------------
    // Tokens and errors.

    const Token& peek(size_t k = 0) const {
        size_t i = pos_ + k;
        return i < tokens_.size() ? tokens_[i] : tokens_.back();
    }
    const Token& next() {
        const Token& t = peek();
        if (pos_ + 1 < tokens_.size()) ++pos_;
        return t;
    }
    bool at(TokenKind k) const { return peek().kind == k; }
    bool at_word(std::string_view w) const {
        return peek().kind == TokenKind::Identifier && peek().text == w;
    }
    bool fail(SourceLocation loc, const std::string& message) {
        if (!error_) {
            error_ = Error{Error::Kind::Parse, format_diagnostic(filename_, text_, loc, message)};
        }
        return false;
    }
    bool fail_here(const std::string& expected) {
        return fail(peek().location, "expected " + expected + ", found " + describe(peek()));
    }
    bool expect(TokenKind k, const char* what) {
        if (!at(k)) return fail_here(what);
        next();
        return true;
    }

    // ------------------------------------------------------------------
    // Definitions.

    std::optional<MlirDefinition> parse_definition() {
        MlirDefinition d;
        d.location = peek().location;
        if (at(TokenKind::Alias)) {
            d.alias = std::string(next().text);
            if (!expect(TokenKind::Equal, "'=' after the alias")) return std::nullopt;
        }
        const bool is_map = at_word("affine_map");
        if (!is_map && !at_word("affine_set")) {
            fail_here("'affine_map' or 'affine_set'");
            return std::nullopt;
        }
        const SourceLocation start = next().location;
        if (!expect(TokenKind::Less, "'<'")) return std::nullopt;
        Variables vars;
        if (!parse_variables(vars)) return std::nullopt;
        d.num_dims = static_cast<int64_t>(vars.dims.size());
        d.num_symbols = static_cast<int64_t>(vars.symbols.size());
        std::vector<Expr> results;
        std::vector<Constraint> constraints;
        if (is_map) {
            d.kind = MlirDefinition::Kind::Map;
            if (!expect(TokenKind::Arrow, "'->'") || !parse_results(results)) return std::nullopt;
        } else {
            d.kind = MlirDefinition::Kind::Set;
            if (!expect(TokenKind::Colon, "':'") || !parse_constraints(constraints)) {
                return std::nullopt;
            }
        }
        if (!expect(TokenKind::Greater, "'>'")) return std::nullopt;
        std::vector<IndexingVariable> dims;
        for (const auto* list : {&vars.dims, &vars.symbols}) {
            for (const Name& n : *list)
                dims.push_back({Interval::all(), n.text});
        }
        d.results = results;
        SymbolicMap sm =
            *SymbolicMap::get(ctx_, static_cast<int64_t>(dims.size()), 0, std::move(results));
        auto map = IndexingMap::get(std::move(sm), std::move(dims), {}, {}, std::move(constraints));
        if (!map) {
            fail(start, map.error().message);
            return std::nullopt;
        }
        d.map = std::move(*map);
        return d;
    }

    /// Gives map `d` the domain of `set`; fails if their counts differ.
    bool apply_domain(MlirDefinition& d, const MlirDefinition& set) {
        if (d.num_dims != set.num_dims || d.num_symbols != set.num_symbols) {
            return fail(d.location, "this map has " + counts(d) +
                                        " but the affine_set before it (line " +
                                        std::to_string(set.location.line) + ") has " + counts(set) +
                                        "; separate them with a '// -----' line");
        }
        if (set.map.is_known_empty()) {
            d.map.mark_known_empty();
            return true;
        }
        for (int64_t id = 0; id < set.map.num_variables(); ++id)
            d.map.set_variable_bounds(id, set.map.variable(id).bounds);
        d.map.set_constraints(set.map.constraints());
        return true;
    }

    /// `[1, inf]`.
    static Interval positive() { return Interval::at_least(1); }

    static std::string counts(const MlirDefinition& d) {
        return std::to_string(d.num_dims) + " dims and " + std::to_string(d.num_symbols) +
               " symbols";
    }

    bool parse_variables(Variables& vars) {
        if (!at(TokenKind::LParen)) return fail_here("'(' and the dimensions");
        if (!parse_names(TokenKind::RParen, "')'", vars.dims)) return false;
        if (at(TokenKind::LBracket) && !parse_names(TokenKind::RBracket, "']'", vars.symbols)) {
            return false;
        }
        num_dims_ = static_cast<int64_t>(vars.dims.size());
        scope_.clear();
        int64_t id = 0;
        for (const auto* list : {&vars.dims, &vars.symbols}) {
            for (const Name& n : *list) {
                if (!scope_.emplace(n.text, id++).second) {
                    return fail(n.location, "duplicate variable name '" + n.text + "'");
                }
            }
        }
        return true;
    }

    bool parse_names(TokenKind close, const char* close_text, std::vector<Name>& out) {
        next();  // the opening bracket
        if (at(close)) {
            next();
            return true;
        }
        while (true) {
            const Token& t = peek();
            if (t.kind != TokenKind::Identifier) return fail_here("a variable name");
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

    bool parse_results(std::vector<Expr>& results) {
        if (!expect(TokenKind::LParen, "'('")) return false;
        if (at(TokenKind::RParen)) {
            next();
            return true;
        }
        while (true) {
            std::optional<Operand> e = parse_expr();
            if (!e) return false;
            results.push_back(e->expr);
            if (!at(TokenKind::Comma)) break;
            next();
        }
        return expect(TokenKind::RParen, "',' or ')'");
    }

    bool parse_constraints(std::vector<Constraint>& out) {
        if (!expect(TokenKind::LParen, "'('")) return false;
        while (true) {
            std::optional<Operand> lhs = parse_expr();
            if (!lhs) return false;
            const TokenKind op = peek().kind;
            if (op != TokenKind::GreaterEqual && op != TokenKind::LessEqual &&
                op != TokenKind::EqualEqual) {
                return fail_here("'>= 0', '== 0' or '<='");
            }
            next();
            std::optional<Operand> rhs = parse_expr();
            if (!rhs) return false;
            Expr diff = lhs->expr - rhs->expr;
            Interval range = Interval::point(0);
            if (op == TokenKind::GreaterEqual) {
                range = Interval::at_least(0);
            } else if (op == TokenKind::LessEqual) {
                range = Interval::at_most(0);
            }
            out.push_back(normalized({diff, range}));
            if (!at(TokenKind::Comma)) break;
            next();
        }
        return expect(TokenKind::RParen, "',' or ')'");
    }

    /// `e + k in R` as `e in R - k`, and `-e in R` as `e in -R` (e's first
    /// term with a negative coefficient), so that the two halves MLIR writes
    /// for one expression, `e - lo >= 0` and `-e + hi >= 0`, meet as
    /// `e in [lo, hi]` (a bare variable's bounds). Unchanged where an end
    /// would leave int64.
    static Constraint normalized(Constraint c) {
        Expr e = c.expr;
        int64_t k = 0;
        if (e.kind() == ExprKind::Add && e.operand(e.num_operands() - 1).is_constant()) {
            k = e.operand(e.num_operands() - 1).constant_value();
            std::vector<Expr> terms = e.operands();
            terms.pop_back();
            e = terms.size() == 1 ? terms[0] : build(ExprKind::Add, terms);
        }
        std::optional<int64_t> rlo, rhi;
        if (!c.range.lo_is_inf()) {
            rlo = checked_sub(c.range.lo(), k);
            if (!rlo) return c;
        }
        if (!c.range.hi_is_inf()) {
            rhi = checked_sub(c.range.hi(), k);
            if (!rhi) return c;
        }
        Interval r = Interval::bounded_by(rlo, rhi);
        Expr first = e.kind() == ExprKind::Add ? e.operand(0) : e;
        const bool negated = first.kind() == ExprKind::Mul &&
                             first.operand(first.num_operands() - 1).is_constant() &&
                             first.operand(first.num_operands() - 1).constant_value() < 0;
        if (!negated) return Constraint{e, r};
        std::optional<int64_t> nlo, nhi;
        if (!r.hi_is_inf()) {
            nlo = checked_sub(0, r.hi());
            if (!nlo) return c;
        }
        if (!r.lo_is_inf()) {
            nhi = checked_sub(0, r.lo());
            if (!nhi) return c;
        }
        return Constraint{-e, Interval::bounded_by(nlo, nhi)};
    }

    // ------------------------------------------------------------------
    // Expressions.

    /// True if `e` uses no dimension (only symbols and constants).
    bool symbolic(Expr e) const {
        std::vector<bool> used;
        collect_variables(e, used);
        for (size_t id = 0; id < used.size() && static_cast<int64_t>(id) < num_dims_; ++id) {
            if (used[id]) return false;
        }
        return true;
    }

    std::optional<Operand> parse_expr() {
        std::optional<Operand> first = parse_term();
        if (!first) return std::nullopt;
        std::vector<Expr> terms{first->expr};
        while (at(TokenKind::Plus) || at(TokenKind::Minus)) {
            const bool minus = next().kind == TokenKind::Minus;
            std::optional<Operand> rhs = parse_term();
            if (!rhs) return std::nullopt;
            terms.push_back(minus ? -rhs->expr : rhs->expr);
        }
        Expr e = terms.size() == 1 ? terms[0] : build(ExprKind::Add, terms);
        if (!check_height(e, first->location)) return std::nullopt;
        return Operand{e, first->location};
    }

    std::optional<Operand> parse_term() {
        std::optional<Operand> acc = parse_unary();
        if (!acc) return std::nullopt;
        while (true) {
            const Token& op = peek();
            std::optional<ExprKind> kind;
            if (op.kind == TokenKind::Star) kind = ExprKind::Mul;
            if (at_word("floordiv")) kind = ExprKind::FloorDiv;
            if (at_word("ceildiv")) kind = ExprKind::CeilDiv;
            if (at_word("mod")) kind = ExprKind::Mod;
            if (op.kind == TokenKind::Slash || op.kind == TokenKind::Percent) {
                fail(op.location, "MLIR's affine syntax writes 'floordiv' and 'mod', not '" +
                                      std::string(op.text) + "'");
                return std::nullopt;
            }
            if (!kind) break;
            next();
            std::optional<Operand> rhs = parse_unary();
            if (!rhs) return std::nullopt;
            if (*kind == ExprKind::Mul) {
                if (!symbolic(acc->expr) && !symbolic(rhs->expr)) {
                    fail(op.location,
                         "non-affine expression: one factor of a product must be a constant or "
                         "an expression of symbols");
                    return std::nullopt;
                }
            } else if (rhs->expr.is_constant()) {
                if (rhs->expr.constant_value() <= 0) {
                    fail(rhs->location, rhs->expr.constant_value() == 0
                                            ? std::string("division by zero")
                                            : "MLIR defines " + std::string(op.text) +
                                                  " only for a positive divisor, not " +
                                                  std::to_string(rhs->expr.constant_value()));
                    return std::nullopt;
                }
            } else if (!symbolic(rhs->expr)) {
                fail(rhs->location, "non-affine expression: the divisor of " +
                                        std::string(op.text) +
                                        " must be a constant or an expression of symbols");
                return std::nullopt;
            } else {
                divisors_.push_back(rhs->expr);
            }
            Expr e = build(*kind, {acc->expr, rhs->expr});
            if (!check_height(e, op.location)) return std::nullopt;
            acc = Operand{e, acc->location};
        }
        return acc;
    }

    std::optional<Operand> parse_unary() {
        if (!at(TokenKind::Minus)) return parse_primary();
        const Token& minus = next();
        if (at(TokenKind::Integer)) {
            std::optional<int64_t> v = parse_integer(next(), /*negative=*/true);
            if (!v) return std::nullopt;
            return Operand{ctx_.constant(*v), minus.location};
        }
        if (!enter(minus.location)) return std::nullopt;
        std::optional<Operand> x = parse_unary();
        --depth_;
        if (!x) return std::nullopt;
        return Operand{-x->expr, minus.location};
    }

    std::optional<Operand> parse_primary() {
        const Token& t = peek();
        if (t.kind == TokenKind::Integer) {
            next();
            std::optional<int64_t> v = parse_integer(t, /*negative=*/false);
            if (!v) return std::nullopt;
            return Operand{ctx_.constant(*v), t.location};
        }
        if (t.kind == TokenKind::LParen) {
            next();
            if (!enter(t.location)) return std::nullopt;
            std::optional<Operand> e = parse_expr();
            --depth_;
            if (!e || !expect(TokenKind::RParen, "')'")) return std::nullopt;
            return Operand{e->expr, t.location};
        }
        if (t.kind == TokenKind::Identifier) {
            auto it = scope_.find(std::string(t.text));
            if (it != scope_.end()) {
                next();
                return Operand{ctx_.variable(it->second), t.location};
            }
            if ((t.text == "min" || t.text == "max") && peek(1).kind == TokenKind::LParen) {
                fail(t.location, "MLIR's affine expressions have no " + std::string(t.text) +
                                     " (affine." + std::string(t.text) +
                                     " takes a map with several results)");
                return std::nullopt;
            }
            fail(t.location, "unknown variable '" + std::string(t.text) + "'");
            return std::nullopt;
        }
        fail_here("an affine expression");
        return std::nullopt;
    }

    std::optional<int64_t> parse_integer(const Token& t, bool negative) {
        uint64_t v = 0;
        const uint64_t limit = negative ? uint64_t{1} << 63 : (uint64_t{1} << 63) - 1;
        for (char c : t.text) {
            const uint64_t digit = static_cast<uint64_t>(c - '0');
            if (v > (limit - digit) / 10) {
                fail(t.location, "integer " + std::string(negative ? "-" : "") +
                                     std::string(t.text) + " does not fit in 64 bits");
                return std::nullopt;
            }
            v = v * 10 + digit;
        }
        if (!negative) return static_cast<int64_t>(v);
        if (v == uint64_t{1} << 63) return kInt64Min;
        return -static_cast<int64_t>(v);
    }

    bool enter(SourceLocation loc) {
        if (++depth_ > max_depth_) {
            return fail(loc, "expression nested too deeply (more than " +
                                 std::to_string(max_depth_) + " levels)");
        }
        return true;
    }

    bool check_height(Expr e, SourceLocation loc) {
        if (heights_.height(e) > max_depth_ + 1) {
            return fail(loc, "expression nested too deeply (more than " +
                                 std::to_string(max_depth_) + " levels)");
        }
        return true;
    }

    Context& ctx_;
    std::string_view text_;
    std::string_view filename_;
    int max_depth_;
    std::vector<Token> tokens_;
    size_t pos_ = 0;
    int depth_ = 0;
    int64_t num_dims_ = 0;
    std::unordered_map<std::string, int64_t> scope_;
    HeightMemo heights_;
    /// The non-constant divisors of the definition being read.
    std::vector<Expr> divisors_;
    std::optional<Error> error_;
};

}  // namespace

}  // namespace text

Result<std::vector<MlirDefinition>> parse_mlir_affine(Context& ctx, std::string_view text,
                                                      std::string_view filename,
                                                      const ParseOptions& options) {
    text::Lexed lx = text::lex(text, text::LexMode::Mlir);
    if (!lx.ok) {
        return Error{Error::Kind::Parse,
                     format_diagnostic(filename, text, lx.error_location, lx.error_message)};
    }
    text::MlirParser p(ctx, text, filename, options, std::move(lx.tokens));
    try {
        return p.parse_file();
    } catch (const std::exception& e) {
        return Error{Error::Kind::Parse,
                     std::string(filename) + ": error: internal error: " + e.what()};
    }
}

}  // namespace provix
