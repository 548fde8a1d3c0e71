#pragma once
// Turns the text the grammar matched into a value. The grammar has already
// checked the shape, so these only convert; numbers too large for their type
// are reported by the schema through `overflow`.
#include <string_view>

#include "grammar/log/ast.hpp"

namespace umpire::log::detail {

ast::Value make_word(std::string_view text, Span span);
ast::Value make_number(std::string_view text, Span span);
ast::Value make_position(std::string_view text, Span span);
ast::Value make_size(std::string_view text, Span span);
ast::Value make_target(std::string_view text, Span span);
ast::Value make_fraction(std::string_view text, Span span);
ast::Value make_date(std::string_view text, Span span);
// `text` is the whole literal with its quotes.
ast::Value make_text(std::string_view text, Span span);
// `text` is `notation=face,face...`, possibly with blanks round the commas.
ast::Value make_roll(std::string_view text, Span span);

// Lower-cases ASCII letters: keywords and identifiers are case-insensitive.
std::string to_lower(std::string_view text);

// True when an integer of the text overflowed (kept as the largest value).
bool overflowed(const ast::Value& value);

}  // namespace umpire::log::detail
