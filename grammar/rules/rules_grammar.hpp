#pragma once
// Declarations of the rules-grammar rules that are defined in one
// translation unit and used from others (the X3 "DECLARE / DEFINE /
// INSTANTIATE" split). Only grammar/rules/*.cpp include this file.
#include <boost/spirit/home/x3.hpp>

#include "grammar/rules/ast.hpp"
#include "grammar/rules/config.hpp"

namespace umpire::rules::parser {

struct expr_class;
struct cond_class;
struct type_class;
struct literal_class;
struct refs_class;
struct entry_class;
struct plain_item_class;
struct item_class;
struct header_class;
struct domain_class;
struct given_class;
struct switch_class;
struct value_class;
struct table_class;
struct record_class;
struct profile_class;
struct modifiers_class;
struct test_class;
struct skill_class;
struct permission_class;
struct army_list_class;
struct invariant_class;
struct assume_class;
struct note_class;

using expr_rule = x3::rule<expr_class, ast::Expr>;
using cond_rule = x3::rule<cond_class, ast::Cond>;
using type_rule = x3::rule<type_class, ast::Type>;
using literal_rule = x3::rule<literal_class, ast::Literal>;
using refs_rule = x3::rule<refs_class, ast::Refs>;
using entry_rule = x3::rule<entry_class, ast::Entry>;
using plain_item_rule = x3::rule<plain_item_class, ast::PlainItem>;
using item_rule = x3::rule<item_class, ast::Item>;
using header_rule = x3::rule<header_class, ast::Header>;
using domain_rule = x3::rule<domain_class, ast::Domain>;
using given_rule = x3::rule<given_class, ast::Given>;
using switch_rule = x3::rule<switch_class, ast::Switch>;
using value_rule = x3::rule<value_class, ast::Value>;
using table_rule = x3::rule<table_class, ast::Table>;
using record_rule = x3::rule<record_class, ast::Record>;
using profile_rule = x3::rule<profile_class, ast::Profile>;
using modifiers_rule = x3::rule<modifiers_class, ast::Modifiers>;
using test_rule = x3::rule<test_class, ast::Test>;
using skill_rule = x3::rule<skill_class, ast::Skill>;
using permission_rule = x3::rule<permission_class, ast::Permission>;
using army_list_rule = x3::rule<army_list_class, ast::ArmyList>;
using invariant_rule = x3::rule<invariant_class, ast::Invariant>;
using assume_rule = x3::rule<assume_class, ast::Assume>;
using note_rule = x3::rule<note_class, ast::Note>;

inline const expr_rule expr = "expression";
inline const cond_rule cond = "condition";
inline const type_rule type = "type";
inline const literal_rule literal = "literal";
inline const refs_rule refs = "citations";
inline const entry_rule entry = "modifier entry";
inline const plain_item_rule plain_item = "item";
inline const item_rule item = "item";
inline const header_rule header = "ruleset header";
inline const domain_rule domain_item = "domain";
inline const given_rule given_item = "given";
inline const switch_rule switch_item = "switch";
inline const value_rule value_item = "value";
inline const table_rule table_item = "table";
inline const record_rule record_item = "record";
inline const profile_rule profile_item = "profile";
inline const modifiers_rule modifiers_item = "modifiers";
inline const test_rule test_item = "test";
inline const skill_rule skill_item = "skill";
inline const permission_rule permission_item = "permission";
inline const army_list_rule army_list_item = "army_list";
inline const invariant_rule invariant_item = "invariant";
inline const assume_rule assume_item = "assume";
inline const note_rule note_item = "gap, erratum, ambiguity or contradiction note";

BOOST_SPIRIT_DECLARE(expr_rule, cond_rule, type_rule, literal_rule, refs_rule, entry_rule,
                     plain_item_rule, item_rule, header_rule)
BOOST_SPIRIT_DECLARE(domain_rule, given_rule, switch_rule, value_rule, table_rule, record_rule,
                     profile_rule)
BOOST_SPIRIT_DECLARE(modifiers_rule, test_rule, skill_rule, permission_rule, army_list_rule,
                     invariant_rule, assume_rule, note_rule)

}  // namespace umpire::rules::parser
