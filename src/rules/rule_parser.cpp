/// \file
/// Parser and validator of the rule language (see provix/rules/rule.h).

#include <algorithm>
#include <cctype>
#include <optional>
#include <set>
#include <string>

#include "provix/decimal.h"
#include "provix/parser.h"
#include "provix/rules/rule.h"

namespace provix::rules {
namespace {

enum class Tok { End, Int, Ident, Punct };

struct Token {
    Tok kind = Tok::End;
    std::string text;
    int col = 0;  // 1-based column within the logical rule text
};

/// Maps a column of the joined logical line back to the physical line.
struct Piece {
    int line;
    int offset;  // start of this physical line inside the joined text
};

class RuleParser {
public:
    RuleParser(std::string_view file, std::string_view source) : file_(file), source_(source) {}

    /// Splits the source into entries and parses each: rules, or lemmas when
    /// `lemmas` is true. Returns the parsed entries in file order.
    Result<std::vector<Rule>> parse_all(bool lemmas = false);

private:
    // ---- diagnostics -------------------------------------------------------
    /// The diagnostic of the text lexer's formatter (provix/parser.h) at
    /// joined column `col`, located on its physical line.
    Error error_at(int col, const std::string& message) const {
        Piece where = pieces_.front();
        for (const Piece& p : pieces_)
            if (p.offset <= col - 1) where = p;
        SourceLocation at{where.line, col - where.offset};
        return Error{Error::Kind::Parse, format_diagnostic(file_, source_, at, message) + "\n"};
    }

    // ---- lexing ------------------------------------------------------------
    bool lex(const std::string& text, Error* err) {
        tokens_.clear();
        size_t i = 0;
        while (i < text.size()) {
            char ch = text[i];
            if (std::isspace(static_cast<unsigned char>(ch))) {
                ++i;
                continue;
            }
            Token t;
            t.col = static_cast<int>(i) + 1;
            if (std::isdigit(static_cast<unsigned char>(ch))) {
                size_t j = i;
                while (j < text.size() && std::isdigit(static_cast<unsigned char>(text[j])))
                    ++j;
                t.kind = Tok::Int;
                t.text = text.substr(i, j - i);
                i = j;
            } else if (std::isalpha(static_cast<unsigned char>(ch)) || ch == '_') {
                size_t j = i;
                while (j < text.size() &&
                       (std::isalnum(static_cast<unsigned char>(text[j])) || text[j] == '_'))
                    ++j;
                t.kind = Tok::Ident;
                t.text = text.substr(i, j - i);
                i = j;
            } else {
                static const char* multi[] = {"<=>", "=>", "==", "!=", "<=", ">=", "&&", "||"};
                t.kind = Tok::Punct;
                bool matched = false;
                for (const char* p : multi) {
                    size_t len = std::char_traits<char>::length(p);
                    if (text.compare(i, len, p) == 0) {
                        t.text = p;
                        i += len;
                        matched = true;
                        break;
                    }
                }
                if (!matched) {
                    if (std::string("()[]+-*,:<>!").find(ch) == std::string::npos) {
                        *err = error_at(t.col, std::string("unexpected character '") + ch + "'");
                        return false;
                    }
                    t.text = std::string(1, ch);
                    ++i;
                }
            }
            tokens_.push_back(t);
        }
        Token end;
        end.col = static_cast<int>(text.size()) + 1;
        tokens_.push_back(end);
        pos_ = 0;
        return true;
    }

    const Token& peek() const { return tokens_[pos_]; }
    bool at(const char* punct) const { return peek().kind == Tok::Punct && peek().text == punct; }
    bool at_word(const char* word) const {
        return peek().kind == Tok::Ident && peek().text == word;
    }
    Token next() { return tokens_[pos_ < tokens_.size() - 1 ? pos_++ : pos_]; }
    /// The operator of `syntax` (operators.h) the next token spells, if any:
    /// `mod` or `*` for OpSyntax::Product.
    std::optional<Op> at_operator(OpSyntax syntax) const {
        if (peek().kind != Tok::Punct && peek().kind != Tok::Ident) return std::nullopt;
        return at_operator(syntax, peek().text);
    }
    /// The operator of `syntax` spelled `text`, if any.
    static std::optional<Op> at_operator(OpSyntax syntax, const std::string& text) {
        for (size_t i = 0; i < kNumOps; ++i)
            if (kOpInfo[i].syntax == syntax && text == kOpInfo[i].spelling)
                return static_cast<Op>(i);
        return std::nullopt;
    }
    /// True if `text` spells an operator as a word (`mod`, `min`, `lb`): it
    /// is reserved, never a variable.
    static bool is_operator_word(const std::string& text) {
        for (const OperatorInfo& info : kOpInfo)
            if (info.syntax != OpSyntax::Leaf && text == info.spelling &&
                std::isalpha(static_cast<unsigned char>(text[0])))
                return true;
        return false;
    }

    // ---- parsing -----------------------------------------------------------
    /// How deep a rule's or lemma's terms may nest, as written (parentheses,
    /// calls, prefix operators) and as built (`a + a + ... + a` is a chain
    /// of sums): the provers, the matcher generator and the printers walk
    /// the terms recursively. Real rules nest a dozen levels.
    static constexpr int kMaxNesting = 256;

    int add_node(Op op, int64_t value, std::vector<int> children) {
        int depth = 1;
        for (int child : children) {
            if (child >= 0 && static_cast<size_t>(child) < depths_.size()) {
                depth = std::max(depth, depths_[static_cast<size_t>(child)] + 1);
            }
        }
        if (depth > kMaxNesting) too_deep(cur_col_);
        rule_.nodes.push_back(Node{op, value, std::move(children)});
        cols_.push_back(cur_col_);
        depths_.push_back(depth);
        return static_cast<int>(rule_.nodes.size()) - 1;
    }

    void too_deep(int col) {
        fail(col, "the term nests more than " + std::to_string(kMaxNesting) + " levels deep");
    }

    /// Counts one level of the parser's own recursion (see kMaxNesting);
    /// past the limit the entry fails and `deeper(col)` is false.
    class Level {
    public:
        explicit Level(RuleParser& p) : p_(p) { ++p_.nesting_; }
        ~Level() { --p_.nesting_; }
        Level(const Level&) = delete;
        Level& operator=(const Level&) = delete;
        /// False, with the error at `col`, past the limit.
        bool deeper(int col) {
            if (p_.nesting_ <= kMaxNesting) return true;
            p_.too_deep(col);
            return false;
        }

    private:
        RuleParser& p_;
    };

    bool expect(const char* punct) {
        if (at(punct)) {
            next();
            return true;
        }
        fail(peek().col, std::string("expected '") + punct + "'");
        return false;
    }

    void fail(int col, const std::string& message) {
        if (!failed_) {
            failed_ = true;
            error_ = error_at(col, message);
        }
    }

    /// A lemma's formula: `p => q` and `p <=> q` bind loosest (right to left).
    int parse_formula() {
        int left = parse_or();
        std::optional<Op> op = failed_ ? std::nullopt : at_operator(OpSyntax::Implication);
        if (op) {
            cur_col_ = next().col;
            int col = cur_col_;
            Level level(*this);
            if (!level.deeper(col)) return 0;
            int right = parse_formula();
            cur_col_ = col;
            return add_node(*op, 0, {left, right});
        }
        return left;
    }

    int parse_or() {
        int left = parse_and();
        while (!failed_ && at_operator(OpSyntax::Disjunction)) {
            cur_col_ = next().col;
            left = add_node(Op::Or, 0, {left, parse_and()});
        }
        return left;
    }
    int parse_and() {
        int left = parse_not();
        while (!failed_ && at_operator(OpSyntax::Conjunction)) {
            cur_col_ = next().col;
            left = add_node(Op::And, 0, {left, parse_not()});
        }
        return left;
    }
    int parse_not() {
        if (at_operator(OpSyntax::Prefix)) {
            cur_col_ = next().col;
            int col = cur_col_;
            Level level(*this);
            if (!level.deeper(col)) return 0;
            int inner = parse_not();
            cur_col_ = col;
            return add_node(Op::Not, 0, {inner});
        }
        return parse_cmp();
    }
    int parse_cmp() {
        int left = parse_arith();
        std::optional<Op> op = failed_ ? std::nullopt : at_operator(OpSyntax::Comparison);
        if (!op) return left;
        cur_col_ = next().col;
        int col = cur_col_;
        int right = parse_arith();
        cur_col_ = col;
        return add_node(*op, 0, {left, right});
    }
    int parse_arith() {
        int left = parse_term();
        while (!failed_ && (at("+") || at("-"))) {
            bool minus = at("-");
            cur_col_ = next().col;
            int col = cur_col_;
            int right = parse_term();
            cur_col_ = col;
            if (minus) right = negate(right);
            left = add_node(Op::Add, 0, {left, right});
        }
        return left;
    }
    int negate(int node) {
        if (failed_) return node;  // `node` may be no node at all
        if (rule_.nodes[static_cast<size_t>(node)].op == Op::Literal) {
            rule_.nodes[static_cast<size_t>(node)].value =
                -rule_.nodes[static_cast<size_t>(node)].value;
            return node;
        }
        int m1 = add_node(Op::Literal, -1, {});
        return add_node(Op::Mul, 0, {node, m1});
    }
    int parse_term() {
        int left = parse_unary();
        while (!failed_) {
            std::optional<Op> op = at_operator(OpSyntax::Product);
            if (!op) break;
            cur_col_ = next().col;
            int col = cur_col_;
            int right = parse_unary();
            cur_col_ = col;
            left = add_node(*op, 0, {left, right});
        }
        return left;
    }
    int parse_unary() {
        if (at("-")) {
            cur_col_ = next().col;
            int col = cur_col_;
            Level level(*this);
            if (!level.deeper(col)) return 0;
            int inner = parse_unary();
            cur_col_ = col;
            return negate(inner);
        }
        return parse_primary();
    }
    int parse_primary() {
        if (failed_) return 0;
        Token t = next();
        cur_col_ = t.col;
        if (t.kind == Tok::Int) {
            const std::optional<int64_t> value = parse_int64(t.text);
            if (!value) {
                fail(t.col,
                     "integer literal beyond int64 (write -2^63 as "
                     "-9223372036854775807 - 1)");
                return 0;
            }
            return add_node(Op::Literal, *value, {});
        }
        if (t.kind == Tok::Punct && t.text == "(") {
            Level level(*this);
            if (!level.deeper(t.col)) return 0;
            int inner = lemma_mode_ ? parse_formula() : parse_or();
            expect(")");
            return inner;
        }
        if (t.kind != Tok::Ident) {
            fail(t.col, t.kind == Tok::End ? "unexpected end of rule" : "expected an expression");
            return 0;
        }
        if (at("(")) {
            std::optional<Op> function = at_operator(OpSyntax::Call, t.text);
            if (!function) {
                fail(t.col, "unknown function '" + t.text + "'");
                return 0;
            }
            const OperatorInfo& info = operator_info(*function);
            if (lemma_mode_ && info.role == OpRole::Analysis) {
                fail(t.col, "'" + t.text + "' is not available in a lemma");
                return 0;
            }
            next();
            Level level(*this);
            if (!level.deeper(t.col)) return 0;
            std::vector<int> args;
            if (!at(")")) {
                args.push_back(parse_or());
                while (!failed_ && at(",")) {
                    next();
                    args.push_back(parse_or());
                }
            }
            expect(")");
            if (!failed_ && args.size() != info.arity) {
                fail(t.col,
                     "'" + t.text + "' takes " + std::to_string(info.arity) + " argument(s)");
                return 0;
            }
            cur_col_ = t.col;
            return add_node(*function, 0, args);
        }
        if (t.text == "if" || t.text == "in" || is_operator_word(t.text)) {
            fail(t.col, "unexpected '" + t.text + "'");
            return 0;
        }
        return variable(t);
    }

    /// `in [a, b]` after a constraint rule's expression.
    void parse_range(int* lo, int* hi) {
        next();  // 'in'
        if (!expect("[")) return;
        *lo = parse_arith();
        if (!expect(",")) return;
        *hi = parse_arith();
        expect("]");
    }

    int variable(const Token& t) {
        VarKind kind = VarKind::Expr;
        const std::string& n = t.text;
        // `c0`, `c1`, ... are constants; every lemma variable is an integer.
        const bool constant_name = n.size() >= 2 && n[0] == 'c' &&
                                   std::isdigit(static_cast<unsigned char>(n[1])) &&
                                   n.find_first_not_of("0123456789", 1) == std::string::npos;
        if (lemma_mode_ || constant_name)
            kind = VarKind::Const;
        else if (std::isupper(static_cast<unsigned char>(n[0])))
            kind = VarKind::Sum;
        int index = rule_.find_var(n);
        if (index < 0) {
            if (!in_lhs_) {
                fail(t.col, "variable '" + n + "' is not bound by the left side");
                return 0;
            }
            rule_.vars.push_back(Var{n, kind});
            index = static_cast<int>(rule_.vars.size()) - 1;
        }
        Op op = kind == VarKind::Const ? Op::ConstVar
                : kind == VarKind::Sum ? Op::SumVar
                                       : Op::ExprVar;
        return add_node(op, index, {});
    }

    // ---- validation --------------------------------------------------------
    enum class Type { Int, Expr, Bool };

    /// Checks node types: Int (constant-only), Expr (uses expression/sum
    /// variables), Bool (conditions).
    Type check(int n, bool in_lhs) {
        const Node& node = rule_.nodes[static_cast<size_t>(n)];
        int col = cols_[static_cast<size_t>(n)];
        auto child = [&](size_t i) { return check(node.children[i], in_lhs); };
        switch (node.op) {
            case Op::Literal:
            case Op::ConstVar:
                return Type::Int;
            case Op::ExprVar:
                return Type::Expr;
            case Op::SumVar:
                // A sub-sum is chosen once by the matcher: it cannot recur
                // on the left side (it may recur on the right).
                if (in_lhs && !lhs_sum_vars_.insert(node.value).second)
                    fail(col, "a sum variable may occur only once on the left side");
                return Type::Expr;
            case Op::Add:
            case Op::Mul:
            case Op::FloorDiv:
            case Op::CeilDiv:
            case Op::Mod:
            case Op::Min:
            case Op::Max: {
                Type a = child(0), b = child(1);
                if (a == Type::Bool || b == Type::Bool) fail(col, "a condition used as a value");
                return (a == Type::Expr || b == Type::Expr) ? Type::Expr : Type::Int;
            }
            case Op::Lb:
            case Op::Ub: {
                if (in_lhs) fail(col, "lb/ub only in conditions and right sides");
                Op a = rule_.nodes[static_cast<size_t>(node.children[0])].op;
                if (a != Op::ExprVar && a != Op::SumVar)
                    fail(col, "lb/ub take a bound expression or sum variable");
                return Type::Int;
            }
            case Op::Defined: {
                if (in_lhs) fail(col, "defined only in conditions");
                Op a = rule_.nodes[static_cast<size_t>(node.children[0])].op;
                if (a != Op::ExprVar && a != Op::SumVar)
                    fail(col, "defined takes a bound expression or sum variable");
                return Type::Bool;
            }
            case Op::Divisible:
            case Op::Residue: {
                // divisible(v, c) is a condition, residue(v, c) a value.
                const bool divisible = node.op == Op::Divisible;
                const std::string name = divisible ? "divisible" : "residue";
                if (in_lhs)
                    fail(col, name + (divisible ? " only in conditions"
                                                : " only in conditions and right sides"));
                Op a = rule_.nodes[static_cast<size_t>(node.children[0])].op;
                if (a != Op::ExprVar && a != Op::SumVar)
                    fail(col, name + " takes a bound expression or sum variable first");
                if (check(node.children[1], in_lhs) != Type::Int)
                    fail(col, name + (divisible ? " needs a constant divisor"
                                                : " needs a constant modulus"));
                return divisible ? Type::Bool : Type::Int;
            }
            case Op::Gcd:
            case Op::Lcm:
            case Op::Abs:
                if (in_lhs) fail(col, "constant functions only in conditions and right sides");
                for (size_t i = 0; i < node.children.size(); ++i)
                    if (child(i) != Type::Int) fail(col, "constant function of a non-constant");
                return Type::Int;
            case Op::Eq:
            case Op::Ne:
            case Op::Lt:
            case Op::Le:
            case Op::Gt:
            case Op::Ge:
                if (child(0) != Type::Int || child(1) != Type::Int)
                    fail(col, "comparisons take constant values (constants, lb, ub)");
                return Type::Bool;
            case Op::And:
            case Op::Or:
                if (child(0) != Type::Bool || child(1) != Type::Bool)
                    fail(col, "'&&' and '||' take conditions");
                return Type::Bool;
            case Op::Not:
                if (child(0) != Type::Bool) fail(col, "'!' takes a condition");
                return Type::Bool;
            case Op::Implies:
            case Op::Iff:
                if (child(0) != Type::Bool || child(1) != Type::Bool)
                    fail(col, "'=>' and '<=>' take conditions");
                return Type::Bool;
        }
        return Type::Int;
    }

    /// Checks that each sum of a left side has at most one rest variable
    /// (`Y`) and one partition (`c * X`).
    void check_sum_patterns(int n) {
        const Node& node = rule_.nodes[static_cast<size_t>(n)];
        if (node.op == Op::Add) {
            int rests = 0, parts = 0;
            for (int t : flatten(rule_, n, Op::Add)) {
                const Node& tn = rule_.nodes[static_cast<size_t>(t)];
                rests += tn.op == Op::SumVar;
                parts += is_partition(rule_, tn);
            }
            if (rests > 1 || parts > 1)
                fail(cols_[static_cast<size_t>(n)],
                     "a sum pattern has at most one rest and one partition variable");
        }
        for (int c : node.children)
            check_sum_patterns(c);
    }

    /// Starts an entry: resets the parser, lexes `text` and reads `NAME:`
    /// into rule_ (`what` is "rule" or "lemma" for the diagnostics).
    bool start_entry(const std::string& text, int line, const std::vector<Piece>& pieces,
                     const char* what, Error* err) {
        pieces_ = pieces;
        rule_ = Rule();
        cols_.clear();
        depths_.clear();
        lhs_sum_vars_.clear();
        failed_ = false;
        if (!lex(text, err)) return false;
        Token name = next();
        if (name.kind != Tok::Ident) {
            *err = error_at(name.col, std::string("expected a ") + what + " name");
            return false;
        }
        if (!at(":")) {
            *err = error_at(peek().col, std::string("expected ':' after the ") + what + " name");
            return false;
        }
        next();
        rule_.name = name.text;
        rule_.file = std::string(file_);
        rule_.line = line;
        in_lhs_ = true;
        return true;
    }

    /// Ends an entry: the first error recorded, if any, goes to `err`.
    bool finish_entry(Error* err) {
        if (!failed_) return true;
        *err = error_;
        return false;
    }

    /// One lemma entry `name: formula`; the result is in rule_ (nodes, vars).
    bool parse_lemma(const std::string& text, int line, const std::vector<Piece>& pieces,
                     Error* err) {
        if (!start_entry(text, line, pieces, "lemma", err)) return false;
        // Every variable is introduced where it first occurs (in_lhs_).
        rule_.lhs = parse_formula();
        if (!failed_ && peek().kind != Tok::End)
            fail(peek().col, "unexpected '" + peek().text + "'");
        if (!failed_ && check(rule_.lhs, false) != Type::Bool)
            fail(cols_[static_cast<size_t>(rule_.lhs)],
                 "a lemma must be a statement (a comparison)");
        return finish_entry(err);
    }

    /// One rule entry `name: lhs [in [c0, c1]] => rhs [in [lo, hi]] [if
    /// condition]`: parsed, then validated; the result is in rule_.
    bool parse_rule(const std::string& text, int line, const std::vector<Piece>& pieces,
                    Error* err) {
        if (!start_entry(text, line, pieces, "rule", err)) return false;
        const bool constraint = parse_rule_syntax();
        if (!failed_) validate_rule(constraint);
        return finish_entry(err);
    }

    /// The syntax of a rule after its name; stops at the first error.
    /// Returns whether it is a constraint rule (`lhs in [c0, c1] => ...`).
    bool parse_rule_syntax() {
        rule_.lhs = parse_arith();
        const bool constraint = !failed_ && at_word("in");
        if (constraint) parse_range(&rule_.lhs_lo, &rule_.lhs_hi);
        if (failed_) return constraint;
        if (!expect("=>")) return constraint;
        in_lhs_ = false;
        rule_.rhs = parse_arith();
        if (failed_) return constraint;
        if (constraint) {
            if (!at_word("in"))
                fail(peek().col, "expected 'in [lo, hi]' on the right side");
            else
                parse_range(&rule_.rhs_lo, &rule_.rhs_hi);
        } else if (at_word("in")) {
            fail(peek().col, "a constraint rule needs 'in [c0, c1]' on the left side");
        }
        if (failed_) return constraint;
        if (at_word("if")) {
            next();
            rule_.condition = parse_or();
        }
        if (!failed_ && peek().kind != Tok::End)
            fail(peek().col, "unexpected '" + peek().text + "'");
        return constraint;
    }

    /// The checks of a parsed rule, in order; the first failure is the one
    /// reported. The left side is a pattern (not a constant, at most one rest
    /// and one partition variable per sum, well typed), constraint bounds are
    /// constant, the right side is a value and the condition a statement.
    void validate_rule(bool constraint) {
        const Node& l = rule_.nodes[static_cast<size_t>(rule_.lhs)];
        if (is_coefficient(l)) {
            fail(cols_[static_cast<size_t>(rule_.lhs)], "a left side must not be a constant");
            return;
        }
        check_sum_patterns(rule_.lhs);
        if (failed_) return;
        check(rule_.lhs, true);
        if (failed_) return;
        if (constraint) {
            for (int b : {rule_.lhs_lo, rule_.lhs_hi})
                if (rule_.nodes[static_cast<size_t>(b)].op != Op::ConstVar)
                    fail(cols_[static_cast<size_t>(b)], "left bounds must be constant variables");
            for (int b : {rule_.rhs_lo, rule_.rhs_hi})
                if (!failed_ && check(b, false) != Type::Int)
                    fail(cols_[static_cast<size_t>(b)], "right bounds must be constant values");
            if (failed_) return;
        }
        if (check(rule_.rhs, false) == Type::Bool) {
            fail(cols_[static_cast<size_t>(rule_.rhs)], "a right side must be a value");
            return;
        }
        if (rule_.condition >= 0 && check(rule_.condition, false) != Type::Bool)
            fail(cols_[static_cast<size_t>(rule_.condition)], "a condition must be a comparison");
    }

    std::string_view file_;
    std::string_view source_;
    std::vector<Token> tokens_;
    size_t pos_ = 0;
    std::vector<Piece> pieces_;
    Rule rule_;
    std::vector<int> cols_;
    std::vector<int> depths_;  ///< per node of rule_: the depth of its term
    int nesting_ = 0;          ///< the parser's recursion (see Level)
    std::set<int64_t> lhs_sum_vars_;
    int cur_col_ = 1;
    bool in_lhs_ = true;
    bool lemma_mode_ = false;
    bool failed_ = false;
    Error error_;
};

Result<std::vector<Rule>> RuleParser::parse_all(bool lemmas) {
    lemma_mode_ = lemmas;
    std::vector<Rule> out;
    std::set<std::string> names;
    // Split into logical rules: a rule starts at a non-blank line that does
    // not begin with white space; indented lines continue it.
    std::vector<std::string> lines;
    size_t start = 0;
    while (start <= source_.size()) {
        // Lines end as everywhere (provix/parser.h: a lone '\r' too).
        size_t nl = line_end(source_, start);
        if (nl == std::string_view::npos) nl = source_.size();
        lines.emplace_back(source_.substr(start, nl - start));
        start = nl + 1;
    }
    size_t i = 0;
    while (i < lines.size()) {
        std::string& l = lines[i];
        if (!l.empty() && l.back() == '\r') l.pop_back();
        size_t first = l.find_first_not_of(" \t");
        if (first == std::string::npos || l[first] == '#') {
            ++i;
            continue;
        }
        int line_no = static_cast<int>(i) + 1;
        std::string text;
        std::vector<Piece> pieces;
        if (first != 0) {
            pieces_ = {{line_no, 0}};
            return error_at(1, "a rule must start at the beginning of a line");
        }
        pieces.push_back({line_no, 0});
        text = l;
        ++i;
        while (i < lines.size()) {
            std::string& c = lines[i];
            if (!c.empty() && c.back() == '\r') c.pop_back();
            size_t f = c.find_first_not_of(" \t");
            if (f == std::string::npos || f == 0 || c[f] == '#') break;
            text += ' ';
            pieces.push_back({static_cast<int>(i) + 1, static_cast<int>(text.size())});
            text += c;
            ++i;
        }
        Error err;
        bool ok = lemmas ? parse_lemma(text, line_no, pieces, &err)
                         : parse_rule(text, line_no, pieces, &err);
        if (!ok) return err;
        if (!names.insert(rule_.name).second)
            return error_at(1, std::string("duplicate ") + (lemmas ? "lemma" : "rule") + " name '" +
                                   rule_.name + "'");
        // Collapse white space for the stored text.
        std::string collapsed;
        bool space = false;
        for (char ch : text) {
            if (std::isspace(static_cast<unsigned char>(ch))) {
                space = true;
            } else {
                if (space && !collapsed.empty()) collapsed += ' ';
                space = false;
                collapsed += ch;
            }
        }
        rule_.text = collapsed;
        out.push_back(std::move(rule_));
    }
    return out;
}

}  // namespace

Result<std::vector<Rule>> parse_rules(std::string_view text, std::string_view filename) {
    RuleParser p(filename, text);
    return p.parse_all();
}

Result<std::vector<Lemma>> parse_lemmas(std::string_view text, std::string_view filename) {
    RuleParser p(filename, text);
    auto parsed = p.parse_all(/*lemmas=*/true);
    if (!parsed) return parsed.error();
    std::vector<Lemma> out;
    for (Rule& r : *parsed) {
        Lemma l;
        l.name = std::move(r.name);
        l.file = std::move(r.file);
        l.line = r.line;
        l.text = std::move(r.text);
        l.vars = std::move(r.vars);
        l.nodes = std::move(r.nodes);
        l.formula = r.lhs;
        out.push_back(std::move(l));
    }
    return out;
}

}  // namespace provix::rules
