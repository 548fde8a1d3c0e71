#pragma once
// What the X3 line grammar produces before the schema binds it: where the
// values of one line start in the log's value vector (the grammar appends
// them there, in order), where `=>` stood, and the comment. Plain structs;
// the schema (schema.cpp) turns a RawLine into an ast::Statement.
#include <cstdint>

#include "grammar/log/ast.hpp"

namespace umpire::log::detail {

struct RawLine {
  std::uint32_t first_item = 0;  // index in Log::values of the line's first value
  std::uint32_t item_count = 0;
  std::int32_t arrow_index = -1;  // index (from first_item) of the first value after `=>`
  Span arrow_span;
  bool has_comment = false;
  Span comment_span;  // from '#' to the end of the line
};

}  // namespace umpire::log::detail
