#pragma once
// The one iterator and context type every battle-log rule is instantiated
// with (BOOST_SPIRIT_INSTANTIATE in value.cpp and line.cpp). Grammar-internal.
#include <boost/spirit/home/x3.hpp>

#include "engine/core/span.hpp"
#include "grammar/log/ast.hpp"

namespace umpire::log::parser {
namespace x3 = boost::spirit::x3;

class ErrorHandler;

// Where the text of the file starts, so that actions can turn iterators into
// the byte offsets of a Span, the log whose shared vectors the actions fill
// (faces, parts, list entries, arena texts), and where the top rules report
// an expectation failure (error_handler.hpp).
struct ParseState {
  const char* base = nullptr;
  FileId file;
  ast::Log* log = nullptr;
  ErrorHandler* errors = nullptr;
};
struct state_tag;

using iterator_type = const char*;
using context_type = x3::context<state_tag, ParseState, x3::unused_type>;

template <typename Context>
ast::Log& log_of(const Context& ctx) {
  return *x3::get<state_tag>(ctx).log;
}

template <typename Context>
Span span_of(const Context& ctx, iterator_type begin, iterator_type end) {
  const ParseState& state = x3::get<state_tag>(ctx);
  return {state.file, static_cast<std::uint32_t>(begin - state.base),
          static_cast<std::uint32_t>(end - state.base)};
}

}  // namespace umpire::log::parser
