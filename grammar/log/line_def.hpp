#pragma once
// A statement line: values separated by blanks, `=>` before stated outcomes,
// and a trailing `# comment`. Anything else stops the values, and the
// expectation of the end of the line reports where.
#include "grammar/log/error_handler.hpp"
#include "grammar/log/line.hpp"
#include "grammar/log/value.hpp"

namespace umpire::log::parser {

// The top rule of a line: a failed expectation of the end of the line is
// reported there, unless a value already reported the line's error.
struct line_class : report_on_error {};

x3::rule<struct end_of_line_class> const end_of_line = "end of line";
line_type const line = "a statement";

namespace line_actions {

auto const push_item = [](auto& ctx) {
  log_of(ctx).values.push_back(x3::_attr(ctx));
  ++x3::_val(ctx).item_count;
};
// raw[] gives the matched `=>`; an action's `_where` is not that range.
auto const mark_arrow = [](auto& ctx) {
  auto& raw = x3::_val(ctx);
  const char* at = &*x3::_attr(ctx).begin();
  if (raw.arrow_index == -1) {
    raw.arrow_index = static_cast<std::int32_t>(raw.item_count);
  } else if (raw.arrow_index >= 0) {
    // A second arrow is kept as an index past the end; the schema reports it.
    raw.arrow_index = -2 - static_cast<std::int32_t>(raw.item_count);
  } else {
    return;  // a third arrow: the second is reported
  }
  raw.arrow_span = span_of(ctx, at, at + 2);
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
auto const line_def = (*line_blank >> *((x3::raw[x3::lit("=>")][line_actions::mark_arrow] |
                                         value_parser()[line_actions::push_item]) >>
                                        *line_blank) >>
                       -x3::raw['#' >> *x3::char_][line_actions::mark_comment]) > end_of_line;

BOOST_SPIRIT_DEFINE(end_of_line, line)

line_type const& line_parser() {
  return line;
}

}  // namespace umpire::log::parser
