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

#include "expr_node.h"
#include "int64_folding.h"
#include "lexer.h"
#include "mlir_symbolic.h"
#include "provix/mlir_syntax.h"
#include "token_cursor.h"
#include "variable_names.h"

namespace provix {

namespace text {

namespace {

/// The variables of one map or set: MLIR dims then symbols.
struct Variables {
    std::vector<Name> dims;
    std::vector<Name> symbols;
};

class MlirParser : public TokenCursor {
public:
    MlirParser(Context& ctx, std::string_view text, std::string_view filename,
               const ParseOptions& options, std::vector<Token> tokens)
        : TokenCursor(text, filename, options.max_depth, std::move(tokens)), ctx_(ctx) {}

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
            if (!d) return error();
            d->after_separator = separator;
            separator = false;
            if (d->kind == MlirDefinition::Kind::Set) {
                current_set = static_cast<int64_t>(defs.size());
            } else if (current_set >= 0) {
                if (!apply_domain(*d, defs[static_cast<size_t>(current_set)])) return error();
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
    // Definitions.

    std::optional<MlirDefinition> parse_definition() {
        MlirDefinition d;
        d.location = peek().location;
        const char* first_text = peek().text.data();
        if (at(TokenKind::Alias)) {
            const Token& alias = next();
            d.alias = std::string(alias.text);
            // As MLIR reads them: names with a '.' belong to dialects, and
            // an alias is defined once.
            if (d.alias.find('.') != std::string::npos) {
                fail(alias.location, "alias names with a '.' are reserved for dialects");
                return std::nullopt;
            }
            auto [first, fresh] = aliases_.emplace(d.alias, alias.location);
            if (!fresh) {
                fail(alias.location, "redefinition of " + d.alias + " (defined at line " +
                                         std::to_string(first->second.line) + ")");
                return std::nullopt;
            }
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
        const Token& close = peek();
        if (!expect(TokenKind::Greater, "'>'")) return std::nullopt;
        d.text = std::string(
            first_text, static_cast<size_t>(close.text.data() + close.text.size() - first_text));
        std::vector<IndexingVariable> dims;
        for (const auto* list : {&vars.dims, &vars.symbols}) {
            for (const Name& n : *list)
                dims.push_back({Interval::all(), n.text});
        }
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
        if (!parse_names(TokenKind::RParen, "')'", false, vars.dims)) return false;
        if (at(TokenKind::LBracket) &&
            !parse_names(TokenKind::RBracket, "']'", false, vars.symbols)) {
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
                // The map is also printed in provix's syntax, whose words
                // (`domain`, `in`, `mod`, ...) name no variable.
                if (!detail::is_valid_variable_name(n.text)) {
                    return fail(n.location, "'" + n.text +
                                                "' is a word of provix's map syntax and cannot "
                                                "name a variable here: rename it");
                }
            }
        }
        return true;
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
        if (at(TokenKind::RParen)) {  // no constraint: every point, as MLIR reads it
            next();
            return true;
        }
        while (true) {
            std::optional<Operand> lhs = parse_expr();
            if (!lhs) return false;
            const TokenKind op = peek().kind;
            if (op != TokenKind::GreaterEqual && op != TokenKind::LessEqual &&
                op != TokenKind::EqualEqual) {
                return fail_here("'>= 0', '== 0' or '<='");
            }
            const SourceLocation at_op = next().location;
            std::optional<Operand> rhs = parse_expr();
            if (!rhs) return false;
            // MLIR subtracts the right side in int64, as this does.
            Expr diff = lhs->expr - rhs->expr;
            if (!check_folded(diff, at_op)) return false;
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

    bool symbolic(Expr e) const { return is_symbolic(e, num_dims_); }

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
        if (!check_height(e, first->location) || !check_folded(e, first->location)) {
            return std::nullopt;
        }
        return Operand{e, first->location};
    }

    std::optional<Operand> parse_term() {
        std::optional<Operand> acc = parse_unary();
        if (!acc) return std::nullopt;
        while (true) {
            const Token& op = peek();
            std::optional<ExprKind> kind;
            if (op.kind == TokenKind::Star) kind = ExprKind::Mul;
            if (op.kind == TokenKind::Identifier)
                kind = expr_kind_spelled(op.text, OpSyntax::Product);  // floordiv ceildiv mod
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
            if (!check_height(e, op.location) || !check_folded(e, op.location)) {
                return std::nullopt;
            }
            acc = Operand{e, acc->location};
        }
        return acc;
    }

    std::optional<Operand> parse_unary() {
        if (!at(TokenKind::Minus)) return parse_primary();
        const Token& minus = next();
        if (at(TokenKind::Integer)) return integer_operand(ctx_, next(), true, minus.location);
        if (!enter(minus.location)) return std::nullopt;
        std::optional<Operand> x = parse_unary();
        leave();
        if (!x) return std::nullopt;
        const Expr negated = -x->expr;
        if (!check_folded(negated, minus.location)) return std::nullopt;
        return Operand{negated, minus.location};
    }

    /// False (and a diagnostic at `loc`) if `e` holds constant arithmetic
    /// that does not fold in int64 (`d0 + 9223372036854775807 + 1`,
    /// `d0 * 9223372036854775807 + d0`): MLIR folds its constants and
    /// combines like terms in int64 and would wrap, so the text has no
    /// meaning to read.
    bool check_folded(Expr e, SourceLocation loc) {
        if (folding_.fits(e)) return true;
        return fail(loc,
                    "constant arithmetic beyond int64 (MLIR folds constants and combines "
                    "like terms in int64 and would wrap it)");
    }

    std::optional<Operand> parse_primary() {
        const Token& t = peek();
        if (t.kind == TokenKind::Integer) return integer_operand(ctx_, next(), false, t.location);
        if (t.kind == TokenKind::LParen) return parenthesized([this] { return parse_expr(); });
        if (t.kind == TokenKind::Identifier) {
            auto it = scope_.find(std::string(t.text));
            if (it != scope_.end()) {
                next();
                return Operand{ctx_.variable(it->second), t.location};
            }
            if (expr_kind_spelled(t.text, OpSyntax::Call) && peek(1).kind == TokenKind::LParen) {
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

    Context& ctx_;
    int64_t num_dims_ = 0;
    std::unordered_map<std::string, int64_t> scope_;
    /// The non-constant divisors of the definition being read.
    std::vector<Expr> divisors_;
    /// The int64 folding bounds of the expressions built so far (each node
    /// checked once).
    detail::Int64Folding folding_;
    /// The aliases defined so far, and where.
    std::unordered_map<std::string, SourceLocation> aliases_;
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
