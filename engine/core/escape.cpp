#include "engine/core/escape.hpp"

#include <fmt/format.h>

#include "engine/core/utf8.hpp"

namespace umpire {
namespace {

bool kept(unsigned char c, bool keep_layout) {
  return keep_layout && (c == '\n' || c == '\t');
}

}  // namespace

std::size_t c1_control_length(std::string_view text) {
  if (text.size() < 2 || static_cast<unsigned char>(text[0]) != 0xC2) return 0;
  const auto second = static_cast<unsigned char>(text[1]);
  return second >= 0x80 && second <= 0x9F ? 2 : 0;
}

bool has_controls(std::string_view text, bool keep_layout) {
  for (std::size_t i = 0; i < text.size();) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c < 0x80) {
      if ((c < 0x20 || c == 0x7F) && !kept(c, keep_layout)) return true;
      ++i;
      continue;
    }
    const std::size_t len = utf8_sequence_length(text.substr(i));
    if (len == 0 || c1_control_length(text.substr(i)) != 0) return true;
    i += len;
  }
  return false;
}

std::string escape_controls(std::string_view text, bool keep_layout) {
  if (!has_controls(text, keep_layout)) return std::string(text);
  std::string out;
  out.reserve(text.size() + 16);
  for (std::size_t i = 0; i < text.size();) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c < 0x80) {
      if ((c < 0x20 || c == 0x7F) && !kept(c, keep_layout))
        out += fmt::format("<{:02X}>", c);
      else
        out += static_cast<char>(c);
      ++i;
      continue;
    }
    const std::size_t len = utf8_sequence_length(text.substr(i));
    if (len == 0) {
      out += fmt::format("<{:02X}>", c);
      ++i;
    } else if (c1_control_length(text.substr(i)) != 0) {
      out += fmt::format("<U+{:04X}>", static_cast<unsigned char>(text[i + 1]));
      i += 2;
    } else {
      out.append(text.substr(i, len));
      i += len;
    }
  }
  return out;
}

}  // namespace umpire
