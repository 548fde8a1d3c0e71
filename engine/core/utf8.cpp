#include "engine/core/utf8.hpp"

#include <cstdint>
#include <cstring>

namespace umpire {

std::size_t utf8_sequence_length(std::string_view text) {
  if (text.empty()) return 0;
  const auto b = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
  const unsigned char c = b(0);
  if (c < 0x80) return 1;
  std::size_t len = 0;
  unsigned char lo = 0x80, hi = 0xBF;  // bounds of the second byte (RFC 3629 table 3-7)
  if (c >= 0xC2 && c <= 0xDF)
    len = 2;
  else if (c == 0xE0) {
    len = 3;
    lo = 0xA0;
  } else if (c >= 0xE1 && c <= 0xEC)
    len = 3;
  else if (c == 0xED) {
    len = 3;
    hi = 0x9F;
  } else if (c >= 0xEE && c <= 0xEF)
    len = 3;
  else if (c == 0xF0) {
    len = 4;
    lo = 0x90;
  } else if (c >= 0xF1 && c <= 0xF3)
    len = 4;
  else if (c == 0xF4) {
    len = 4;
    hi = 0x8F;
  } else
    return 0;
  if (text.size() < len) return 0;
  if (b(1) < lo || b(1) > hi) return 0;
  for (std::size_t i = 2; i < len; ++i) {
    if (b(i) < 0x80 || b(i) > 0xBF) return 0;
  }
  return len;
}

std::size_t first_invalid_utf8(std::string_view text) {
  std::size_t i = 0;
  while (i < text.size()) {
    // Logs are mostly ASCII: skip eight such bytes at a time.
    while (i + 8 <= text.size()) {
      std::uint64_t word = 0;
      std::memcpy(&word, text.data() + i, 8);
      if ((word & 0x8080808080808080ULL) != 0) break;
      i += 8;
    }
    if (i == text.size()) break;
    const std::size_t len = utf8_sequence_length(text.substr(i));
    if (len == 0) return i;
    i += len;
  }
  return std::string_view::npos;
}

}  // namespace umpire
