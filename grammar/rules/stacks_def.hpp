#pragma once
// Modifier stacks, tests, skills, permissions, army lists, invariants,
// assumptions and notes
// (docs/rules-format.md). Instantiated once, in stacks.cpp.
#include "grammar/rules/rules_grammar.hpp"
#include "grammar/rules/tokens_def.hpp"

namespace umpire::rules::parser {

struct entry_class : annotate {};
struct modifiers_class : annotate {};
struct test_class : annotate {};
struct skill_class : annotate {};
struct permission_class : annotate {};
struct army_list_class : annotate {};
struct invariant_class : annotate {};
struct assume_class : annotate {};
struct note_class : annotate {};

struct operation_class : annotate {};
struct short_op_class : annotate {};
struct expr_op_class : annotate {};
struct mul_op_class : annotate {};
struct div_op_class : annotate {};
struct stage_class : annotate {};
struct test_mods_class : annotate {};
struct face_class : annotate {};
struct skill_clause_class : annotate {};
struct cost_clause_class : annotate {};
struct allowed_clause_class : annotate {};
struct requires_clause_class : annotate {};
struct effect_clause_class : annotate {};
struct perm_clause_class : annotate {};
struct reroll_clause_class : annotate {};
struct star_class : annotate {};
struct selector_class : annotate {};
struct count_of_class : annotate {};
struct quantity_class : annotate {};
struct cexpr_class : annotate {};
struct percent_class : annotate {};
struct per_every_class : annotate {};
struct crhs_class : annotate {};
struct constraint_class : annotate {};
struct name_set_class : annotate {};

const x3::rule<operation_class, ast::Operation> operation =
    "operation (+N, add, sub, mul, div, set, cap, floor)";
const x3::rule<short_op_class, ast::ShortOp> short_op = "+N or -N";
const x3::rule<expr_op_class, ast::ExprOp> expr_op = "operation";
const x3::rule<mul_op_class, ast::MulOp> mul_op = "mul N";
const x3::rule<div_op_class, ast::DivOp> div_op = "div N up|down";
const x3::rule<stage_class, ast::Stage> stage = "stage";
const x3::rule<test_mods_class, ast::TestMods> test_mods = "modifiers STACK on roll|target";
const x3::rule<face_class, ast::Face> face = "natural or double face";
const x3::rule<skill_clause_class, ast::SkillClause> skill_clause = "skill clause";
const x3::rule<cost_clause_class, ast::CostClause> cost_clause = "cost";
const x3::rule<allowed_clause_class, ast::AllowedClause> allowed_clause = "allowed when";
const x3::rule<requires_clause_class, ast::RequiresClause> requires_clause = "requires/excludes";
const x3::rule<effect_clause_class, ast::EffectClause> effect_clause = "effect";
const x3::rule<perm_clause_class, ast::PermClause> perm_clause = "can, cannot or must";
const x3::rule<reroll_clause_class, ast::RerollClause> reroll_clause = "reroll";
const x3::rule<star_class, ast::Star> star = "*";
const x3::rule<selector_class, ast::Selector> selector = "{profiles} or *";
const x3::rule<count_of_class, ast::CountOf> count_of = "count(...) or points(...)";
const x3::rule<quantity_class, ast::Quantity> quantity = "total_points or divisions";
const x3::rule<cexpr_class, ast::CExpr> cexpr = "army quantity";
const x3::rule<percent_class, ast::Percent> percent = "N% QUANTITY";
const x3::rule<per_every_class, ast::PerEvery> per_every = "N per M QUANTITY";
const x3::rule<crhs_class, ast::CRhs> crhs = "army quantity";
const x3::rule<constraint_class, ast::Constraint> constraint = "constraint";
const x3::rule<name_set_class, std::vector<ast::Ident>> name_set = "{names}";

const auto short_op_def = x3::lexeme[x3::char_("+-") >> &x3::digit] >> int_lit;
const auto expr_op_def =
    (kw_s("add") | kw_s("sub") | kw_s("set") | kw_s("cap") | kw_s("floor")) > expr;
const auto mul_op_def = as<ast::IntLit>[kw("mul") > int_lit];
const auto div_op_def = kw("div") > int_lit > (kw_s("up") | kw_s("down"));
const auto operation_def = short_op | expr_op | mul_op | div_op;
const auto entry_def = (ident >> ':') > operation > -(kw("when") > cond) > refs;
const auto policy = kw_s("all") | kw_s("first") | kw_s("most_penalising") | kw_s("most_favourable");
const auto stage_def = kw("stage") > ident > -policy > '{' > *entry > '}';
const auto modifiers_item_def = kw("modifiers") > ident > ':' > type > x3::matches[kw("clamp")] >
                                -(kw("base") > expr) > refs > '{' > +stage > '}';

const auto test_mods_def = kw("modifiers") > ident > kw("on") > (kw_s("roll") | kw_s("target"));
const auto face_def = (kw_s("natural") | kw_s("double")) > -int_lit > "=>" > ident >
                      -(kw("when") > cond);
const auto test_item_def = kw("test") > ident > refs > '{' > kw("roll") > str >
                           -(kw("count") > expr) > kw("success") >
                           (kw_s("at_least") | kw_s("at_most")) > expr > -test_mods > *face >
                           -(kw("unbounded") > refs) > '}';

const auto name_set_def = '{' > -(ident % ',') > '}';
const auto cost_clause_def = kw("cost") > expr > -(kw("per") > ident);
const auto allowed_clause_def = as<ast::Cond>[kw("allowed") > kw("when") > cond];
const auto requires_clause_def = (kw_s("requires") | kw_s("excludes")) > name_set;
const auto effect_clause_def = kw("effect") > path > entry;
const auto perm_clause_def = (kw_s("cannot") | kw_s("can") | kw_s("must")) > ident >
                             -(kw("when") > cond) > -(kw("lifts") > name_set);
const auto reroll_scope = kw_s("one_failed_die") | kw_s("failed") | kw_s("any");
const auto reroll_clause_def = kw("reroll") > ident > reroll_scope > -(kw("when") > cond);
const auto skill_clause_def =
    cost_clause | allowed_clause | requires_clause | effect_clause | perm_clause | reroll_clause;
const auto skill_item_def = (kw_s("skill") | kw_s("special")) > ident > refs > '{' >
                            kw("holder") > path > *skill_clause > '}';
const auto permission_item_def = kw("permission") > ident > ':' > perm_clause > refs;

const auto star_def = as<bool>[x3::lit('*') >> x3::attr(true)];
const auto selector_def = set_lit | star;
const auto count_of_def = (kw_s("count") | kw_s("points")) > '(' > selector > ')';
const auto quantity_def = kw_s("total_points") | kw_s("divisions");
const auto cexpr_def = count_of | quantity | int_lit;
const auto percent_def = x3::lexeme[int_lit >> '%'] > cexpr;
const auto per_every_def = (int_lit >> kw("per")) > x3::matches[kw("started")] > int_lit > cexpr;
const auto crhs_def = percent | per_every | cexpr;
const auto cmp = x3::string("==") | x3::string("!=") | x3::string("<=") | x3::string(">=") |
                 x3::string("<") | x3::string(">");
const auto constraint_def = kw("constraint") > ident > ':' >
                            x3::matches[kw("per") >> kw("division")] > cexpr > cmp > crhs >
                            -(kw("when") > cond) > refs;
const auto army_list_item_def = kw("army_list") > ident > refs > '{' > -(kw("units") > name_set) >
                                *constraint > '}';
const auto invariant_item_def = kw("invariant") > ident > refs > ':' > cond;
const auto assume_item_def = kw("assume") > ident > refs > ':' > cond;
const auto note_item_def = (kw_s("gap") | kw_s("erratum") | kw_s("ambiguity") |
                            kw_s("contradiction")) > ident > str > -str > refs;

BOOST_SPIRIT_DEFINE(entry, modifiers_item, test_item, skill_item, permission_item, army_list_item,
                    invariant_item, assume_item, note_item, operation, short_op, expr_op, mul_op,
                    div_op, stage, test_mods, face, skill_clause, cost_clause, allowed_clause,
                    requires_clause, effect_clause, perm_clause, reroll_clause, star, selector,
                    count_of, quantity, cexpr, percent, per_every, crhs, constraint, name_set)

}  // namespace umpire::rules::parser
