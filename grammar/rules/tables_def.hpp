#pragma once
// Domains, givens, switches, values, tables, records and profiles
// (docs/rules-format.md). Instantiated once, in tables.cpp.
#include "grammar/rules/rules_grammar.hpp"
#include "grammar/rules/tokens_def.hpp"

namespace umpire::rules::parser {

struct domain_class : annotate {};
struct given_class : annotate {};
struct switch_class : annotate {};
struct value_class : annotate {};
struct table_class : annotate {};
struct record_class : annotate {};
struct profile_class : annotate {};

struct enum_body_class : annotate {};
struct domain_body_class : annotate {};
struct switch_option_class : annotate {};
struct column_class : annotate {};
struct pattern_class : annotate {};
struct range_pat_class : annotate {};
struct at_least_pat_class : annotate {};
struct at_most_pat_class : annotate {};
struct wildcard_class : annotate {};
struct row_class : annotate {};
struct field_value_class : annotate {};
struct plain_int_type_class : annotate {};

const x3::rule<enum_body_class, ast::EnumBody> enum_body = "{values}";
const x3::rule<plain_int_type_class, ast::IntType> domain_int = "int LO..HI";
const x3::rule<domain_body_class, ast::DomainBody> domain_body = "{values} or = int LO..HI";
const x3::rule<switch_option_class, ast::SwitchOption> switch_option = "option";
const x3::rule<column_class, ast::Column> column = "NAME : TYPE";
const x3::rule<pattern_class, ast::Pattern> pattern = "key pattern";
const x3::rule<range_pat_class, ast::RangePat> range_pat = "range";
const x3::rule<at_least_pat_class, ast::AtLeastPat> at_least_pat = "N+";
const x3::rule<at_most_pat_class, ast::AtMostPat> at_most_pat = "N-";
const x3::rule<wildcard_class, ast::Wildcard> wildcard = "_";
const x3::rule<row_class, ast::Row> row = "row";
const x3::rule<field_value_class, ast::FieldValue> field_value = "FIELD = VALUE";

const auto enum_body_def = as<std::vector<ast::Ident>>['{' > (ident % ',') > '}'];
const auto domain_int_def = kw("int") > int_lit > ".." > int_lit;
const auto domain_body_def = enum_body | ('=' > domain_int);
const auto domain_item_def = kw("domain") > ident > domain_body > refs;

const auto given_item_def = kw("given") > path > ':' > type > -(kw("rolled") > str) > refs;

const auto switch_option_def = kw("option") > ident > str > refs;
const auto switch_item_def = kw("switch") > ident > -(kw("fills") > ident) > refs > '{' >
                             +switch_option > kw("default") > ident > '}';

const auto value_item_def = kw("value") > ident > ':' > type > refs > '=' > cond;

const auto column_def = ident > ':' > type;
const auto range_pat_def = int_lit >> ".." >> int_lit;
const auto at_least_pat_def = as<ast::IntLit>[x3::lexeme[int_lit >> '+']];
const auto at_most_pat_def = as<ast::IntLit>[x3::lexeme[int_lit >> '-' >> !x3::digit]];
const auto wildcard_def = as<bool>[x3::lexeme['_' >> !(x3::alnum | '_')] >> x3::attr(true)];
const auto pattern_def =
    range_pat | at_least_pat | at_most_pat | int_lit | bool_lit | wildcard | set_lit | ident;
const auto row_def = kw("row") > (pattern % ',') > "=>" > (literal % ',') > refs;
const auto table_item_def = kw("table") > ident > x3::matches[kw("partial")] > refs > '{' >
                            +(kw("key") > column) > +(kw("column") > column) > *row > '}';

const auto record_item_def = kw("record") > ident > refs > '{' > +column > '}';
const auto field_value_def = ident > '=' > literal;
const auto profile_item_def = kw("profile") > ident > ':' > ident > refs > '{' > +field_value > '}';

BOOST_SPIRIT_DEFINE(domain_item, given_item, switch_item, value_item, table_item, record_item,
                    profile_item, enum_body, domain_int, domain_body, switch_option, column,
                    pattern, range_pat, at_least_pat, at_most_pat, wildcard, row, field_value)

}  // namespace umpire::rules::parser
