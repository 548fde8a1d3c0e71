#pragma once
// Turns the text the grammar matched into a value. The grammar has already
// checked the shape, so these only convert; numbers too large for their type
// are reported by the schema through `overflowed`. Texts are views into the
// source where they can be; faces and parts go to the log's shared vectors.
#include <string_view>

#include "grammar/log/ast.hpp"

namespace umpire::log::detail {

ast::Value make_word(ast::Log& log, std::string_view text, Span span);
ast::Value make_number(ast::Log& log, std::string_view text, Span span);
ast::Value make_position(ast::Log& log, std::string_view text, Span span);
ast::Value make_size(ast::Log& log, std::string_view text, Span span);
ast::Value make_target(ast::Log& log, std::string_view text, Span span);
ast::Value make_fraction(ast::Log& log, std::string_view text, Span span);
ast::Value make_date(ast::Log& log, std::string_view text, Span span);
// `text` is the whole literal with its quotes.
ast::Value make_text(ast::Log& log, std::string_view text, Span span);
// `text` is `notation=face,face...`, possibly with blanks round the commas.
ast::Value make_roll(ast::Log& log, std::string_view text, Span span);

// Lower-cases ASCII letters (keywords and identifiers are case-insensitive):
// the text itself when it has no capital, else a copy in the log's arena.
std::string_view lower_case(ast::Log& log, std::string_view text);

// True when an integer of the value overflowed (kept as the largest value).
bool overflowed(const ast::Log& log, const ast::Value& value);

}  // namespace umpire::log::detail
