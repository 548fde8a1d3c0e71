// The UTF-8 check of a log: the first byte that is not well-formed UTF-8,
// wherever it falls against the eight-byte steps over ASCII.
#include "engine/core/utf8.hpp"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <string>

namespace umpire {
namespace {

// One sequence at a time: what first_invalid_utf8 computes, without steps.
std::size_t first_invalid_slowly(std::string_view text) {
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t len = utf8_sequence_length(text.substr(i));
    if (len == 0) return i;
    i += len;
  }
  return std::string_view::npos;
}

TEST(Utf8, FirstInvalidByteAtEveryOffset) {
  for (std::size_t at = 0; at < 40; ++at) {
    std::string text(40, 'a');
    text[at] = '\xff';
    EXPECT_EQ(first_invalid_utf8(text), at);
  }
  EXPECT_EQ(first_invalid_utf8(std::string(41, 'a')), std::string_view::npos);
  EXPECT_EQ(first_invalid_utf8(""), std::string_view::npos);
}

TEST(Utf8, SequencesAcrossTheEightByteSteps) {
  for (std::size_t at = 0; at < 20; ++at) {
    std::string text = std::string(at, 'a') + "caf\u00e9 \u20ac \U0001F600" + std::string(9, 'b');
    EXPECT_EQ(first_invalid_utf8(text), std::string_view::npos) << at;
    text.resize(at + 4);  // "caf" and the first byte of "é": truncated
    EXPECT_EQ(first_invalid_utf8(text), at + 3) << at;
  }
}

RC_GTEST_PROP(Utf8, StepsAgreeWithOneSequenceAtATime, ()) {
  // Mostly ASCII with some high bytes, as in a log with a bad byte or two.
  const auto bytes = *rc::gen::container<std::string>(
      rc::gen::weightedOneOf<char>({{8, rc::gen::inRange<char>(0x20, 0x7f)},
                                    {1, rc::gen::map(rc::gen::inRange<int>(0x80, 0x100), [](int b) {
                                       return static_cast<char>(b);
                                     })}}));
  RC_ASSERT(first_invalid_utf8(bytes) == first_invalid_slowly(bytes));
}

}  // namespace
}  // namespace umpire
