#pragma once
// Turns the text the grammar matched into a value. The grammar has already
// checked the shape, so these only convert; numbers too large for their type
// are reported by the schema through `overflowed`. Texts are views into the
// source where they can be; faces and parts go to the log's shared vectors.
// Each fills `out`, a value-initialized Value already in its place in the
// log's vector: a Value returned by value would be written field by field,
// then copied into the vector with wider loads, which stall on store
// forwarding at every value of a log.
#include <string_view>

#include "grammar/log/ast.hpp"

namespace umpire::log::detail {

void make_word(ast::Log& log, std::string_view text, Span span, ast::Value& out);
// A word already known to have no capital letter (the scanner sees them as
// it reads the word): no second pass to lower-case it.
void make_lower_word(ast::Log& log, std::string_view text, Span span, ast::Value& out);
void make_number(ast::Log& log, std::string_view text, Span span, ast::Value& out);
void make_position(ast::Log& log, std::string_view text, Span span, ast::Value& out);
void make_size(ast::Log& log, std::string_view text, Span span, ast::Value& out);
void make_length(ast::Log& log, std::string_view text, Span span, ast::Value& out);
void make_target(ast::Log& log, std::string_view text, Span span, ast::Value& out);
void make_fraction(ast::Log& log, std::string_view text, Span span, ast::Value& out);
void make_date(ast::Log& log, std::string_view text, Span span, ast::Value& out);
// `text` is the whole literal with its quotes.
void make_text(ast::Log& log, std::string_view text, Span span, ast::Value& out);
// `text` is `notation=face,face...`, possibly with blanks round the commas.
void make_roll(ast::Log& log, std::string_view text, Span span, ast::Value& out);

// Lower-cases ASCII letters (keywords and identifiers are case-insensitive):
// the text itself when it has no capital, else a copy in the log's arena.
std::string_view lower_case(ast::Log& log, std::string_view text);

// True when an integer of the value overflowed (kept as the largest value).
bool overflowed(const ast::Log& log, const ast::Value& value);

}  // namespace umpire::log::detail
