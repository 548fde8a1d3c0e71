#pragma once
// Expressions and conditions (docs/rules-format.md § Expressions and
// conditions), types and literals. Instantiated once, in expr.cpp.
#include "grammar/rules/rules_grammar.hpp"
#include "grammar/rules/tokens_def.hpp"

namespace umpire::rules::parser {

struct expr_class : annotate {};
struct cond_class : annotate {};
struct type_class : annotate {};
struct literal_class : annotate {};
struct refs_class : annotate {};

struct operand_class : annotate {};
struct term_class : annotate {};
struct signed_term_class : annotate {};
struct negate_class : annotate {};
struct min_max_class : annotate {};
struct div_expr_class : annotate {};
struct binding_class : annotate {};
struct lookup_class : annotate {};
struct paren_expr_class : annotate {};
struct cases_class : annotate {};
struct case_arm_class : annotate {};
struct cond_tail_class : annotate {};
struct predicate_class : annotate {};
struct not_cond_class : annotate {};
struct cond_atom_class : annotate {};
struct paren_cond_class : annotate {};
struct conj_class : annotate {};
struct disj_class : annotate {};
struct int_type_class : annotate {};
struct roll_type_class : annotate {};
struct set_type_class : annotate {};
struct profile_type_p_class : annotate {};
struct bool_type_class : annotate {};
struct type_body_class : annotate {};

const x3::rule<operand_class, ast::Operand> operand = "operand";
const x3::rule<term_class, ast::Term> term = "term";
const x3::rule<signed_term_class, ast::SignedTerm> signed_term = "term";
const x3::rule<negate_class, ast::Negate> negate = "negation";
const x3::rule<min_max_class, ast::MinMax> min_max = "min or max";
const x3::rule<div_expr_class, ast::DivExpr> div_expr = "div";
const x3::rule<binding_class, ast::Binding> binding = "key binding";
const x3::rule<lookup_class, ast::Lookup> lookup = "table lookup";
const x3::rule<paren_expr_class, ast::Expr> paren_expr = "parenthesised expression";
const x3::rule<cases_class, ast::Cases> cases = "cases";
const x3::rule<case_arm_class, ast::CaseArm> case_arm = "when arm";
const x3::rule<cond_tail_class, ast::CondTail> cond_tail = "comparison";
const x3::rule<predicate_class, ast::Predicate> predicate = "predicate";
const x3::rule<not_cond_class, ast::NotCond> not_cond = "negated condition";
const x3::rule<cond_atom_class, ast::CondAtom> cond_atom = "condition";
const x3::rule<paren_cond_class, ast::Cond> paren_cond = "parenthesised condition";
const x3::rule<conj_class, ast::Conj> conj = "conjunction";
const x3::rule<disj_class, ast::Disj> disj = "disjunction";
const x3::rule<int_type_class, ast::IntType> int_type = "int LO..HI";
const x3::rule<roll_type_class, ast::RollType> roll_type = "roll LO..HI";
const x3::rule<set_type_class, ast::SetType> set_type = "set of DOMAIN";
const x3::rule<profile_type_p_class, ast::ProfileType> profile_type_p = "profile RECORD";
const x3::rule<bool_type_class, ast::BoolType> bool_type = "bool";
const x3::rule<type_body_class, ast::TypeBody> type_body = "type";

const auto expr_def = term >> *signed_term >> -(kw("with") > ident);
const auto signed_term_def = x3::char_("+-") >> term;
const auto term_def = operand >> *('*' > int_lit);
const auto operand_def = roll_lit | int_lit | bool_lit | none_lit | set_lit | min_max | div_expr |
                         cases | lookup | path | paren_expr | negate;
const auto negate_def = as<ast::Operand>['-' >> operand];
const auto min_max_def = (kw_s("min") | kw_s("max")) > '(' > expr > ',' > expr > ')';
const auto div_expr_def = kw("div") > '(' > expr > ',' > int_lit > ',' >
                          (kw_s("up") | kw_s("down")) > ')';
const auto binding_def = ident >> '=' >> expr;
const auto lookup_def = path >> '(' >> -(binding % ',') >> ')';
const auto paren_expr_def = '(' >> expr >> ')';
const auto cases_def = kw("cases") > '{' > +case_arm > kw("else") > "=>" > cond > '}';
const auto case_arm_def = kw("when") > cond > "=>" > cond;

const auto cmp_op = x3::string("==") | x3::string("!=") | x3::string("<=") | x3::string(">=") |
                    x3::string("<") | x3::string(">");
const auto not_in =
    x3::omit[x3::lexeme[x3::lit("not") >> +x3::space >> x3::lit("in") >> !(x3::alnum | '_')]] >>
    x3::attr(std::string("not in"));
const auto cond_tail_def = (cmp_op > expr) | (kw_s("in") > expr) | (not_in > expr);
const auto predicate_def = expr >> -cond_tail;
const auto not_cond_def = as<ast::CondAtom>[kw("not") > cond_atom];
const auto paren_cond_def = '(' >> cond >> ')';
const auto cond_atom_def = not_cond | predicate | paren_cond;
const auto conj_def = cond_atom % kw("and");
const auto disj_def = conj % kw("or");
const auto cond_def = disj >> -(kw("implies") > disj);

const auto int_type_def = kw("int") > int_lit > ".." > int_lit;
const auto roll_type_def = kw("roll") > int_lit > ".." > int_lit;
const auto set_type_def = as<ast::Ident>[kw("set") > kw("of") > ident];
const auto profile_type_p_def = as<ast::Ident>[kw("profile") > ident];
const auto bool_type_def = as<bool>[kw("bool") >> x3::attr(true)];
const auto type_body_def = bool_type | int_type | roll_type | set_type | profile_type_p | ident;
const auto type_def = type_body >> x3::matches[kw("optional")] >>
                      -(kw("better") > (kw_s("higher") | kw_s("lower")));

const auto literal_def = roll_lit | int_lit | bool_lit | none_lit | set_lit | ident;
const auto refs_def = *(kw("ref") > str);

BOOST_SPIRIT_DEFINE(expr, cond, type, literal, refs, operand, term, signed_term, negate, min_max,
                    div_expr, binding, lookup, paren_expr, cases, case_arm, cond_tail, predicate,
                    not_cond, cond_atom, paren_cond, conj, disj, int_type, roll_type, set_type,
                    profile_type_p, bool_type, type_body)

}  // namespace umpire::rules::parser
