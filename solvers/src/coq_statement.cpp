// SMT-LIB obligations as Coq propositions (see coq_statement.h).

#include "coq_statement.h"

#include <map>
#include <memory>
#include <set>
#include <vector>

namespace provix::solvers::prover {

namespace {

/// An s-expression: an atom or a list.
struct SExpr {
    std::string atom;
    std::vector<SExpr> list;
    bool is_list = false;
};

/// Parses the s-expressions of `text` (`;` comments skipped).
class Reader {
public:
    explicit Reader(const std::string& text) : t_(text) {}

    Result<std::vector<SExpr>> all() {
        std::vector<SExpr> out;
        while (true) {
            skip();
            if (i_ >= t_.size()) return out;
            auto e = one();
            if (!e) return e.error();
            out.push_back(std::move(*e));
        }
    }

private:
    void skip() {
        while (i_ < t_.size()) {
            if (t_[i_] == ';') {
                while (i_ < t_.size() && t_[i_] != '\n')
                    ++i_;
            } else if (std::isspace(static_cast<unsigned char>(t_[i_]))) {
                ++i_;
            } else {
                return;
            }
        }
    }

    Result<SExpr> one() {
        skip();
        if (i_ >= t_.size()) return Error::invalid("unexpected end of the obligation");
        SExpr e;
        if (t_[i_] == '(') {
            ++i_;
            e.is_list = true;
            while (true) {
                skip();
                if (i_ >= t_.size()) return Error::invalid("unbalanced '(' in the obligation");
                if (t_[i_] == ')') {
                    ++i_;
                    return e;
                }
                auto c = one();
                if (!c) return c.error();
                e.list.push_back(std::move(*c));
            }
        }
        if (t_[i_] == ')') return Error::invalid("unbalanced ')' in the obligation");
        size_t start = i_;
        while (i_ < t_.size() && t_[i_] != '(' && t_[i_] != ')' && t_[i_] != ';' &&
               !std::isspace(static_cast<unsigned char>(t_[i_])))
            ++i_;
        e.atom = t_.substr(start, i_ - start);
        return e;
    }

    const std::string& t_;
    size_t i_ = 0;
};

enum class Sort { Int, Bool };

/// A translated term: Coq text and its sort. A Bool term is a Prop.
struct Coq {
    std::string text;
    Sort sort;
};

class Translator {
public:
    Result<std::string> run(const std::vector<SExpr>& forms) {
        const SExpr* assertion = nullptr;
        for (const SExpr& f : forms) {
            if (!f.is_list || f.list.empty() || f.list[0].is_list)
                return Error::invalid("unexpected form in the obligation");
            const std::string& head = f.list[0].atom;
            if (head == "set-logic" || head == "check-sat") continue;
            if (head == "declare-const" && f.list.size() == 3) {
                Sort s = f.list[2].atom == "Bool" ? Sort::Bool : Sort::Int;
                sorts_[f.list[1].atom] = s;
                decls_.push_back("(" + f.list[1].atom + (s == Sort::Bool ? " : bool)" : " : Z)"));
                continue;
            }
            if (head == "define-fun" && f.list.size() == 5) {
                const std::string& name = f.list[1].atom;
                if (!f.list[2].list.empty()) {
                    if (!kPreludeFunctions.count(name))
                        return Error::invalid("unknown function '" + name + "' in the obligation");
                    continue;  // the prelude: coq_prelude() defines it
                }
                auto body = term(f.list[4]);
                if (!body) return body.error();
                defined_[name] = *body;
                continue;
            }
            if (head == "assert" && f.list.size() == 2 && !assertion) {
                assertion = &f.list[1];
                continue;
            }
            return Error::invalid("unexpected '" + head + "' in the obligation");
        }
        if (!assertion) return Error::invalid("the obligation has no assertion");
        // (and h1 ... hn (not goal)): the hypotheses imply the goal.
        std::vector<const SExpr*> conjuncts;
        if (assertion->is_list && !assertion->list.empty() && assertion->list[0].atom == "and") {
            for (size_t i = 1; i < assertion->list.size(); ++i)
                conjuncts.push_back(&assertion->list[i]);
        } else {
            conjuncts.push_back(assertion);
        }
        const SExpr* last = conjuncts.back();
        if (!last->is_list || last->list.size() != 2 || last->list[0].atom != "not")
            return Error::invalid("the assertion's last conjunct is not a negated goal");
        std::string out = "forall";
        for (const std::string& d : decls_)
            out += " " + d;
        out += ",";
        if (decls_.empty()) out.clear();
        for (size_t i = 0; i + 1 < conjuncts.size(); ++i) {
            auto h = prop(*conjuncts[i]);
            if (!h) return h.error();
            out += (out.empty() ? "" : "\n  ") + *h + " ->";
        }
        auto goal = prop(last->list[1]);
        if (!goal) return goal.error();
        return out + (out.empty() ? "" : "\n  ") + *goal;
    }

private:
    static inline const std::set<std::string> kPreludeFunctions = {
        "floor_div", "floor_mod", "ceil_div", "int_min", "int_max", "int_abs"};

    Result<std::string> prop(const SExpr& e) {
        auto t = term(e);
        if (!t) return t.error();
        if (t->sort != Sort::Bool)
            return Error::invalid("an integer where a proposition is expected");
        return t->text;
    }

    /// A Coq boolean expression (for `if`): relations as Z.eqb, Z.leb, ...
    Result<std::string> boolean(const SExpr& e) {
        if (!e.is_list) {
            if (e.atom == "true" || e.atom == "false") return e.atom;
            auto it = sorts_.find(e.atom);
            if (it != sorts_.end() && it->second == Sort::Bool) return e.atom;
            return Error::invalid("'" + e.atom + "' is not a Boolean");
        }
        const std::string& h = e.list[0].atom;
        static const std::map<std::string, std::string> rel = {
            {"=", "Z.eqb"}, {"<=", "Z.leb"}, {"<", "Z.ltb"}, {">=", "Z.geb"}, {">", "Z.gtb"}};
        if (rel.count(h) && e.list.size() == 3) {
            auto a = term(e.list[1]), b = term(e.list[2]);
            if (!a) return a.error();
            if (!b) return b.error();
            return "(" + rel.at(h) + " " + a->text + " " + b->text + ")";
        }
        if ((h == "and" || h == "or") && e.list.size() >= 2) {
            // (andb a (andb b c)): prefix, so no Boolean notation scope is needed.
            std::string s;
            for (size_t i = e.list.size() - 1; i >= 1; --i) {
                auto a = boolean(e.list[i]);
                if (!a) return a.error();
                s = s.empty()
                        ? *a
                        : "(" + std::string(h == "and" ? "andb " : "orb ") + *a + " " + s + ")";
            }
            return s;
        }
        if (h == "not" && e.list.size() == 2) {
            auto a = boolean(e.list[1]);
            if (!a) return a.error();
            return "(negb " + *a + ")";
        }
        return Error::invalid("cannot read '" + h + "' as a Boolean");
    }

    Result<Coq> term(const SExpr& e) {
        if (!e.is_list) {
            const std::string& a = e.atom;
            if (a == "true") return Coq{"True", Sort::Bool};
            if (a == "false") return Coq{"False", Sort::Bool};
            auto d = defined_.find(a);
            if (d != defined_.end()) return d->second;
            auto s = sorts_.find(a);
            if (s != sorts_.end())
                return s->second == Sort::Bool ? Coq{"(" + a + " = true)", Sort::Bool}
                                               : Coq{a, Sort::Int};
            if (!a.empty() && std::isdigit(static_cast<unsigned char>(a[0])))
                return Coq{a, Sort::Int};
            return Error::invalid("unknown symbol '" + a + "' in the obligation");
        }
        if (e.list.empty() || e.list[0].is_list) return Error::invalid("malformed term");
        const std::string& h = e.list[0].atom;
        std::vector<Coq> args;
        if (h != "ite") {
            for (size_t i = 1; i < e.list.size(); ++i) {
                auto a = term(e.list[i]);
                if (!a) return a.error();
                args.push_back(*a);
            }
        }
        auto join = [&](const char* op) {
            std::string s;
            for (size_t i = 0; i < args.size(); ++i)
                s += (i ? op : "") + args[i].text;
            return "(" + s + ")";
        };
        auto all = [&](Sort s) {
            for (const Coq& a : args)
                if (a.sort != s) return false;
            return !args.empty();
        };
        if (h == "+" && all(Sort::Int)) return Coq{join(" + "), Sort::Int};
        if (h == "*" && all(Sort::Int)) return Coq{join(" * "), Sort::Int};
        if (h == "-" && all(Sort::Int))
            return Coq{args.size() == 1 ? "(- " + args[0].text + ")" : join(" - "), Sort::Int};
        if (h == "div" && args.size() == 2 && all(Sort::Int))  // only by positive divisors
            return Coq{"(" + args[0].text + " / " + args[1].text + ")", Sort::Int};
        if (kPreludeFunctions.count(h) && all(Sort::Int))
            return Coq{"(" + h +
                           (args.size() == 1 ? " " + args[0].text
                                             : " " + args[0].text + " " + args[1].text) +
                           ")",
                       Sort::Int};
        if (h == "ite" && e.list.size() == 4) {
            auto c = boolean(e.list[1]);
            auto a = term(e.list[2]), b = term(e.list[3]);
            if (!c) return c.error();
            if (!a) return a.error();
            if (!b) return b.error();
            if (a->sort != Sort::Int || b->sort != Sort::Int)
                return Error::invalid("a Boolean 'ite' in the obligation");
            return Coq{"(if " + *c + " then " + a->text + " else " + b->text + ")", Sort::Int};
        }
        static const std::map<std::string, const char*> rel = {
            {"<=", " <= "}, {"<", " < "}, {">=", " >= "}, {">", " > "}};
        if (rel.count(h) && args.size() == 2 && all(Sort::Int))
            return Coq{join(rel.at(h)), Sort::Bool};
        if (h == "=" && args.size() == 2)
            return Coq{join(args[0].sort == Sort::Int ? " = " : " <-> "), Sort::Bool};
        if (h == "and" && all(Sort::Bool)) return Coq{join(" /\\ "), Sort::Bool};
        if (h == "or" && all(Sort::Bool)) return Coq{join(" \\/ "), Sort::Bool};
        if (h == "=>" && args.size() == 2 && all(Sort::Bool)) return Coq{join(" -> "), Sort::Bool};
        if (h == "not" && args.size() == 1 && all(Sort::Bool))
            return Coq{"(~ " + args[0].text + ")", Sort::Bool};
        return Error::invalid("cannot translate '" + h + "' to Coq");
    }

    std::vector<std::string> decls_;
    std::map<std::string, Sort> sorts_;
    std::map<std::string, Coq> defined_;
};

}  // namespace

std::string coq_prelude() {
    return R"((* provix: the functions of every proof obligation, as its SMT-LIB
   prelude defines them on top of Euclidean division. For a non-zero divisor
   they are Coq's Z.div and Z.modulo (floor semantics); the lemmas below say
   so, and proofs rewrite with them. *)
Require Import ZArith Lia Znumtheory.
Open Scope Z_scope.

Definition floor_div (a b : Z) : Z := if Z.gtb b 0 then a / b else (- a) / (- b).
Definition floor_mod (a b : Z) : Z := a - b * floor_div a b.
Definition ceil_div (a b : Z) : Z := - floor_div (- a) b.
Definition int_min (a b : Z) : Z := if Z.leb a b then a else b.
Definition int_max (a b : Z) : Z := if Z.geb a b then a else b.
Definition int_abs (a : Z) : Z := if Z.ltb a 0 then - a else a.

Lemma floor_div_spec : forall a b, b <> 0 -> floor_div a b = a / b.
Proof.
  intros a b Hb. unfold floor_div. destruct (Z.gtb_spec b 0); [reflexivity|].
  rewrite <- Z.div_opp_opp by lia. now rewrite !Z.opp_involutive.
Qed.

Lemma floor_mod_spec : forall a b, b <> 0 -> floor_mod a b = a mod b.
Proof.
  intros a b Hb. unfold floor_mod. rewrite floor_div_spec by exact Hb.
  rewrite (Z.div_mod a b Hb) at 1. lia.
Qed.

Lemma ceil_div_spec : forall a b, b <> 0 -> ceil_div a b = - ((- a) / b).
Proof. intros a b Hb. unfold ceil_div. now rewrite floor_div_spec. Qed.

Lemma int_min_spec : forall a b, int_min a b = Z.min a b.
Proof. intros. unfold int_min. destruct (Z.leb_spec a b); lia. Qed.

Lemma int_max_spec : forall a b, int_max a b = Z.max a b.
Proof. intros. unfold int_max. destruct (Z.geb_spec a b); lia. Qed.

Lemma int_abs_spec : forall a, int_abs a = Z.abs a.
Proof. intros. unfold int_abs. destruct (Z.ltb_spec a 0); lia. Qed.
)";
}

Result<std::string> coq_statement(const std::string& smt_body) {
    auto forms = Reader(smt_body).all();
    if (!forms) return forms.error();
    return Translator().run(*forms);
}

}  // namespace provix::solvers::prover
