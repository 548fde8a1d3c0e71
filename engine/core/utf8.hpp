#pragma once
// The few UTF-8 facts the front ends and renderers need.
#include <cstddef>
#include <string_view>

namespace umpire {

// U+FEFF in UTF-8. Logs and rules data refuse it at their start, by name
// (log.input.byte-order-mark, rules.syntax.byte-order-mark).
inline constexpr std::string_view byte_order_mark = "\xEF\xBB\xBF";

// Length of the well-formed UTF-8 sequence starting `text`, or 0 when the
// first bytes are not one (overlong forms, surrogates and truncation included).
std::size_t utf8_sequence_length(std::string_view text);

// Offset of the first byte that is not well-formed UTF-8, or npos.
std::size_t first_invalid_utf8(std::string_view text);

}  // namespace umpire
