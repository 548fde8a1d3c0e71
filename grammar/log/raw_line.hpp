#pragma once
// What the X3 line grammar produces before the schema binds it: the values of
// one line in order, where `=>` stood, and the comment. Plain structs; the
// schema (schema.cpp) turns a RawLine into an ast::Statement.
#include <cstdint>
#include <vector>

#include "grammar/log/ast.hpp"

namespace umpire::log::detail {

struct RawLine {
  std::vector<ast::Value> items;
  std::int32_t arrow_index = -1;  // index in `items` of the first value after `=>`
  Span arrow_span;
  bool has_comment = false;
  Span comment_span;  // from '#' to the end of the line
};

}  // namespace umpire::log::detail
