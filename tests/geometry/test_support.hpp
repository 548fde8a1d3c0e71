#pragma once
// Helpers shared by the geometry tests: hexes written as the log writes them.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engine/geometry/hex/hex.hpp"
#include "engine/geometry/hex/offset.hpp"
#include "engine/geometry/hex/text.hpp"

namespace umpire::hex::testing {

// "5,7" -> Hex; a malformed literal fails the test that wrote it.
inline Hex at(const char* text) {
  const auto c = parse_offset(text);
  EXPECT_TRUE(c.has_value()) << "bad hex literal in test: " << text;
  return c ? from_offset(*c) : Hex{};
}

inline std::vector<std::string> names(const std::vector<Hex>& hexes) {
  std::vector<std::string> out;
  for (Hex h : hexes) out.push_back(to_string(h));
  return out;
}

}  // namespace umpire::hex::testing
