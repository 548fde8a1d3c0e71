#pragma once
// The values of a statement line. Each rule matches characters only (inside
// raw[]) and converts the matched text in one action, so no attribute
// machinery is instantiated and the TU stays small.
#include "grammar/log/error_handler.hpp"
#include "grammar/log/lexeme.hpp"
#include "grammar/log/roll.hpp"
#include "grammar/log/value.hpp"

namespace umpire::log::parser {

using x3::char_;
using x3::lit;
using x3::raw;

// Characters that may continue an identifier; a number or a keyword must not
// be followed by one (`12ab` is not `12` then `ab`).
// ASCII classes as character sets: a set is a table lookup, while X3's
// alpha and alnum call the C library's locale functions for every character.
auto const id_char = char_("a-zA-Z0-9_-");
auto const id_start = char_("a-zA-Z_");
auto const digit = char_('0', '9');
auto const blank = char_(" \t");

// Builds a value from the matched text with one of the lexeme converters.
template <void (*Make)(ast::Log&, std::string_view, Span, ast::Value&)>
struct convert {
  template <typename Context>
  void operator()(const Context& ctx) const {
    const auto& range = x3::_attr(ctx);
    const char* b = &*range.begin();
    const char* e = b + (range.end() - range.begin());
    ast::Value& v = x3::_val(ctx);
    v = ast::Value{};
    Make(log_of(ctx), std::string_view(b, static_cast<std::size_t>(e - b)), span_of(ctx, b, e), v);
  }
};

// The top rule of a value: an expectation failure anywhere in it is reported
// there (error_handler.hpp).
struct value_class : report_on_error {};

x3::rule<struct closing_quote_class> const closing_quote = "a closing '\"'";
// After a backslash in a quoted text, only the format's two escapes, \" and
// \\. Any other is an error (error_handler.cpp): a formatter that dropped
// the backslash of "C:\notes" would change what the text says.
x3::rule<struct text_escape_class> const text_escape = "an escape '\\\"' or '\\\\'";
x3::rule<struct closing_paren_class> const closing_paren = "')' to close the list";
x3::rule<struct entry_value_class, ast::Value> const entry_value = "a value";

x3::rule<struct word_class, ast::Value> const word = "a word";
x3::rule<struct number_class, ast::Value> const number = "a number";
x3::rule<struct position_class, ast::Value> const position = "a position";
x3::rule<struct size_class, ast::Value> const size = "a size";
x3::rule<struct length_class, ast::Value> const length = "a length";
x3::rule<struct target_class, ast::Value> const target = "a target";
x3::rule<struct fraction_class, ast::Value> const fraction = "numbers joined by '/'";
x3::rule<struct date_class, ast::Value> const date = "a date";
x3::rule<struct text_class, ast::Value> const text = "a quoted text";
x3::rule<struct scalar_class, ast::Value> const scalar = "a value";
x3::rule<struct entry_class, ast::ListEntry> const entry = "a list entry";
x3::rule<struct list_class, ast::Value> const list = "a list";
value_type const value = "a value";

auto const unsigned_int = +digit;
auto const signed_decimal = -char_("+-") >> +digit >> -('.' >> +digit);

auto const closing_quote_def = lit('"');
auto const text_escape_def = char_("\"\\");
auto const closing_paren_def = lit(')');

auto const word_def =
    raw[id_start >> *id_char >> *('+' >> id_start >> *id_char)][convert<log::detail::make_word>{}];
auto const number_def =
    raw[signed_decimal >> !(id_char | '.')][convert<log::detail::make_number>{}];
auto const position_def = raw[signed_decimal >> ',' >> signed_decimal >> !(id_char | '.')]
                             [convert<log::detail::make_position>{}];
auto const size_def =
    raw[signed_decimal >> char_("xX") >> signed_decimal >>
        -(char_("mM") >> char_("mM") | char_("cC") >> char_("mM") | char_("iI") >> char_("nN")) >>
        !id_char][convert<log::detail::make_size>{}];
// A length and its unit, written without a blank: `0.5"` (the inch mark),
// `2in`, `1.5cm`, `12mm`.
auto const length_def =
    raw[signed_decimal >> (lit('"') | (char_("mM") >> char_("mM")) | (char_("cC") >> char_("mM")) |
                           (char_("iI") >> char_("nN"))) >>
        !id_char][convert<log::detail::make_length>{}];
auto const target_def =
    raw[unsigned_int >> '+' >> !(id_char | '.')][convert<log::detail::make_target>{}];
auto const fraction_def =
    raw[unsigned_int >> +('/' >> unsigned_int) >> !id_char][convert<log::detail::make_fraction>{}];
auto const date_def = raw[x3::repeat(4)[digit] >> '-' >> x3::repeat(2)[digit] >> '-' >>
                          x3::repeat(2)[digit] >> !id_char][convert<log::detail::make_date>{}];
auto const text_def = raw[('"' >> *(('\\' > text_escape) | ~char_("\"\\\r\n"))) > closing_quote]
                         [convert<log::detail::make_text>{}];
// The kinds are tried in this order; the first character rules most of them
// out, so each branch tries only those that can start with it.
auto const scalar_def =
    (&lit('"') >> text) |
    (&digit >> (roll_parser() | date | size | target | fraction | position | length | number)) |
    (&char_("+-") >> (size | position | length | number)) |
    (&char_("dD") >> (roll_parser() | word)) | word;

// Entries and their values go straight to the log's shared vectors: lists
// do not nest, so the values of an entry are contiguous there.
auto const push_entry_value = [](auto& ctx) {
  auto& values = log_of(ctx).entry_values;
  auto& e = x3::_val(ctx);
  if (e.values.count == 0) e.values.first = static_cast<std::uint32_t>(values.size());
  values.push_back(x3::_attr(ctx));
  ++e.values.count;
};
auto const mark_entry = [](auto& ctx) {
  auto& e = x3::_val(ctx);
  const auto& values = log_of(ctx).entry_values;
  e.span = merge(values[e.values.first].span, values[e.values.end() - 1].span);
};
auto const entry_value_def = scalar;
auto const entry_def =
    (entry_value[push_entry_value] >> *(+blank >> entry_value[push_entry_value]))[mark_entry];

auto const push_entry = [](auto& ctx) {
  auto& entries = log_of(ctx).entries;
  auto& v = x3::_val(ctx);
  if (v.items.count == 0) v.items.first = static_cast<std::uint32_t>(entries.size());
  entries.push_back(x3::_attr(ctx));
  ++v.items.count;
};
auto const mark_list = [](auto& ctx) {
  auto& v = x3::_val(ctx);
  v.kind = ast::ValueKind::list;
  if (v.items.count == 0) v.items.first = static_cast<std::uint32_t>(log_of(ctx).entries.size());
  // raw[] gives the matched text; an action's `_where` is not that range.
  const auto& range = x3::_attr(ctx);
  const char* b = &*range.begin();
  v.span = span_of(ctx, b, b + (range.end() - range.begin()));
};
// A ',' not followed by an entry ends the entries; the closing ')' is then
// expected there, and the error handler words what went wrong.
auto const list_def = raw[('(' >> *blank >> -(entry[push_entry] % (*blank >> ',' >> *blank)) >>
                           *blank) > closing_paren][mark_list];

auto const value_def = list | scalar;

BOOST_SPIRIT_DEFINE(closing_quote, text_escape, closing_paren, entry_value, word, number, position,
                    size, length, target, fraction, date, text, scalar, entry, list, value)

value_type const& value_parser() {
  return value;
}

}  // namespace umpire::log::parser
