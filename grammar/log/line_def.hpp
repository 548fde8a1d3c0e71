#pragma once
// A statement line: values separated by blanks, `=>` before stated outcomes,
// and a trailing `# comment`. Anything else stops the values, and the
// expectation of the end of the line reports where.
#include "grammar/log/line.hpp"
#include "grammar/log/value.hpp"

namespace umpire::log::parser {

x3::rule<struct end_of_line_class> const end_of_line = "end of line";
line_type const line = "a statement";

namespace line_actions {

auto const push_item = [](auto& ctx) { x3::_val(ctx).items.push_back(std::move(x3::_attr(ctx))); };
auto const mark_arrow = [](auto& ctx) {
  auto& raw = x3::_val(ctx);
  const auto& where = x3::_where(ctx);
  if (raw.arrow_index < 0) {
    raw.arrow_index = static_cast<std::int32_t>(raw.items.size());
    raw.arrow_span = span_of(ctx, &*where.begin(), &*where.begin() + 2);
  } else {
    // A second arrow is kept as an index past the end; the schema reports it.
    raw.arrow_index = -2 - static_cast<std::int32_t>(raw.items.size());
    raw.arrow_span = span_of(ctx, &*where.begin(), &*where.begin() + 2);
  }
};
auto const mark_comment = [](auto& ctx) {
  auto& raw = x3::_val(ctx);
  const auto& range = x3::_attr(ctx);
  const char* b = &*range.begin();
  raw.has_comment = true;
  raw.comment_span = span_of(ctx, b, b + (range.end() - range.begin()));
};

}  // namespace line_actions

auto const line_blank = x3::char_(" \t");
auto const end_of_line_def = x3::eoi;
auto const line_def = (*line_blank >>
                       *((x3::lit("=>")[line_actions::mark_arrow] | value_parser()[line_actions::push_item]) >>
                         *line_blank) >>
                       -x3::raw['#' >> *x3::char_][line_actions::mark_comment]) > end_of_line;

BOOST_SPIRIT_DEFINE(end_of_line, line)

line_type const& line_parser() { return line; }

}  // namespace umpire::log::parser
