#pragma once
// Where the parsed text sits in its source: maps offsets in the text to spans
// in the file, so carets land in the log or rules file the text came from.
#include <cstdint>
#include <string_view>

#include "engine/core/span.hpp"

namespace umpire::dice::grammar {

class Origin {
 public:
  Origin(std::string_view text, Span where) : text_(text), where_(where) {}

  std::string_view text() const { return text_; }
  std::uint32_t offset(const char* at) const {
    return static_cast<std::uint32_t>(at - text_.data());
  }

  // The character at `offset`, or an empty span at the end of the text.
  Span at(std::uint32_t offset) const {
    const std::uint32_t end = offset < text_.size() ? offset + 1 : offset;
    return span(offset, end);
  }
  Span span(std::uint32_t begin, std::uint32_t end) const {
    return {where_.file, where_.begin + begin, where_.begin + end};
  }
  template <typename Node>
  Span span(const Node& node) const {
    return span(node.begin, node.end);
  }

 private:
  std::string_view text_;
  Span where_;
};

}  // namespace umpire::dice::grammar
