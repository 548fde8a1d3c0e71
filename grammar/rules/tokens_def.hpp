#pragma once
// Tokens shared by every rules-grammar translation unit: identifiers,
// keywords, paths, strings, integers and roll literals. Defined inline so
// each TU gets the same definitions (they are small and cheap to compile).
#include <boost/spirit/home/x3.hpp>

#include "grammar/rules/ast.hpp"
#include "grammar/rules/ast_adapted.hpp"
#include "grammar/rules/error_handler.hpp"

namespace umpire::rules::parser {

namespace x3 = boost::spirit::x3;

// `as<T>[p]` parses `p` into a T first. Needed where a one-member AST struct
// is filled from a sequence: X3 would otherwise try to treat the struct
// itself as the sequence's container.
template <typename T>
struct as_gen {
  template <typename Parser>
  constexpr auto operator[](Parser const& p) const {
    return x3::rule<struct as_class, T>{"as"} = x3::as_parser(p);
  }
};
template <typename T>
inline constexpr as_gen<T> as{};

// Words that can never be identifiers: they continue or end expressions.
inline const auto reserved_word =
    x3::lexeme[(x3::lit("and") | "or" | "not" | "implies" | "in" | "with" | "when" | "else" |
                "cases" | "true" | "false" | "none" | "ref" | "min" | "max" | "div") >>
               !(x3::alnum | '_' | '-')];

// A keyword matches a whole word only: `in` does not match the start of `infantry`.
inline auto kw(char const* word) {
  return x3::lexeme[x3::lit(word) >> !(x3::alnum | '_')];
}
// The same, exposing the word as a string attribute.
inline auto kw_s(char const* word) {
  return x3::lexeme[x3::string(word) >> !(x3::alnum | '_')];
}

inline const auto ident_chars = x3::lexeme[x3::char_("a-z_") >> *x3::char_("a-z0-9_")];

struct ident_class : annotate {};
struct path_class : annotate {};
struct str_class : annotate {};
struct int_lit_class : annotate {};
struct roll_lit_class : annotate {};
struct bool_lit_class : annotate {};
struct none_lit_class : annotate {};
struct set_lit_class : annotate {};
struct ruleset_id_class : annotate {};

inline const x3::rule<ident_class, ast::Ident> ident = "identifier";
inline const x3::rule<path_class, ast::Path> path = "name";
inline const x3::rule<str_class, ast::Str> str = "string";
inline const x3::rule<int_lit_class, ast::IntLit> int_lit = "integer";
inline const x3::rule<roll_lit_class, ast::RollLit> roll_lit = "roll like 4+";
inline const x3::rule<bool_lit_class, ast::BoolLit> bool_lit = "true or false";
inline const x3::rule<none_lit_class, ast::NoneLit> none_lit = "none";
inline const x3::rule<set_lit_class, ast::SetLit> set_lit = "set like {a, b}";
inline const x3::rule<ruleset_id_class, ast::RulesetId> ruleset_id = "ruleset id";

inline const auto ident_def = as<std::string>[!reserved_word >> ident_chars];
inline const auto path_def =
    as<std::vector<std::string>>[x3::lexeme[as<std::string>[!reserved_word >> ident_chars] %
                                            ('.' >> !reserved_word)]];
inline const auto str_def =
    as<std::string>[x3::lexeme[('"' >> *(('\\' >> x3::char_("\"\\")) |
                                         (x3::char_ - '"' - '\\' - x3::eol))) > '"']];
inline const auto int_lit_def = as<int>[x3::lexeme[x3::int_ >> !(x3::alpha | '_')]];
inline const auto roll_lit_def = as<int>[x3::lexeme[x3::int_ >> '+' >> !(x3::alnum | '_')]];
inline const auto bool_lit_def =
    as<bool>[(kw("true") >> x3::attr(true)) | (kw("false") >> x3::attr(false))];
inline const auto none_lit_def = as<bool>[kw("none") >> x3::attr(true)];
inline const auto set_lit_def = as<std::vector<ast::Ident>>[('{' >> -(ident % ',')) > '}'];
inline const auto ruleset_id_def =
    as<std::string>[x3::lexeme[x3::char_("a-z") >> *x3::char_("a-z0-9_-")]];

BOOST_SPIRIT_DEFINE(ident, path, str, int_lit, roll_lit, bool_lit, none_lit, set_lit, ruleset_id)

}  // namespace umpire::rules::parser
