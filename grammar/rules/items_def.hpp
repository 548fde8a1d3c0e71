#pragma once
// Items, variant operations and the ruleset header (docs/rules-format.md §
// Variants, § Header). Instantiated once, in items.cpp.
#include "grammar/rules/rules_grammar.hpp"
#include "grammar/rules/tokens_def.hpp"

namespace umpire::rules::parser {

struct plain_item_class : annotate {};
// The top rules: an expectation failure anywhere in them is reported there.
struct item_class : annotate, report_on_error {};
struct header_class : annotate, report_on_error {};

struct override_class : annotate {};
struct remove_class : annotate {};
struct add_entry_class : annotate {};
struct remove_entry_class : annotate {};
struct add_values_class : annotate {};
struct intentional_class : annotate {};

const x3::rule<override_class, ast::Override> override_item = "override";
const x3::rule<remove_class, ast::Remove> remove_item = "remove";
const x3::rule<add_entry_class, ast::AddEntry> add_entry = "add entry";
const x3::rule<remove_entry_class, ast::RemoveEntry> remove_entry = "remove entry";
const x3::rule<add_values_class, ast::AddValues> add_values = "add value";
const x3::rule<intentional_class, ast::Intentional> intentional = "intentional";

const auto plain_item_def = domain_item | given_item | switch_item | value_item | table_item |
                            record_item | profile_item | modifiers_item | test_item | skill_item |
                            permission_item | army_list_item | invariant_item | assume_item |
                            note_item;
const auto override_item_def = as<ast::PlainItem>[kw("override") > plain_item];
const auto remove_entry_def = (kw("remove") >> kw("entry")) > path > refs;
const auto remove_item_def = kw("remove") > ident > refs;
const auto add_entry_def = (kw("add") >> kw("entry")) > path > entry;
const auto add_values_def = (kw("add") >> kw("value")) > ident > '{' > (ident % ',') > '}' > refs;
const auto intentional_def = kw("intentional") > ident > str > refs;
const auto item_def =
    plain_item | override_item | remove_entry | remove_item | add_entry | add_values | intentional;

const auto header_def = kw("ruleset") > ruleset_id > str > -(kw("extends") > ruleset_id) >
                        *(kw("source") > str);

BOOST_SPIRIT_DEFINE(plain_item, item, header, override_item, remove_item, add_entry, remove_entry,
                    add_values, intentional)

}  // namespace umpire::rules::parser
