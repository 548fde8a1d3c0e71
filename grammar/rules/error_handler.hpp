#pragma once
// Positions: every rule id class derives from `annotate`, whose on_success
// stores the byte range of the match in the node's span, relative to the
// buffer start kept in the SpanTagger that the context carries. Errors are
// expectation failures, caught by the driver (rules_parser.cpp) and turned
// into diagnostics there.
#include <cstdint>
#include <type_traits>

#include <boost/spirit/home/x3/support/context.hpp>

#include "engine/core/span.hpp"
#include "grammar/rules/ast.hpp"

namespace umpire::rules::parser {

namespace x3 = boost::spirit::x3;

struct span_tag;

struct SpanTagger {
  const char* base = nullptr;
  FileId file;
  Span span(const char* first, const char* last) const {
    return {file, static_cast<std::uint32_t>(first - base), static_cast<std::uint32_t>(last - base)};
  }
};

// X3 skips white space before trying an optional trailing parser and does
// not give it back when that parser fails, so a match may end with blanks
// and comments; a span should not.
inline const char* trim_end(const char* first, const char* last) {
  while (true) {
    while (last > first && (last[-1] == ' ' || last[-1] == '\t' || last[-1] == '\r' || last[-1] == '\n')) --last;
    const char* line = last;
    while (line > first && line[-1] != '\n') --line;
    bool quoted = false;
    const char* comment = nullptr;
    for (const char* p = line; p < last && !comment; ++p) {
      if (*p == '"') quoted = !quoted;
      else if (*p == '\\' && quoted) ++p;
      else if (*p == '#' && !quoted) comment = p;
    }
    if (!comment) return last;
    last = comment;
  }
}

struct annotate {
  template <typename Iterator, typename T, typename Context>
  void on_success(Iterator const& first, Iterator const& last, T& node, Context const& context) {
    if constexpr (std::is_base_of_v<ast::Node, T>) {
      const SpanTagger& tagger = x3::get<span_tag>(context);
      node.span = tagger.span(first, trim_end(first, last));
    }
  }
};

}  // namespace umpire::rules::parser
