#include "engine/core/suggest.hpp"

#include <gtest/gtest.h>

namespace umpire {
namespace {

TEST(Suggest, EditDistanceCountsTranspositionsOnce) {
  EXPECT_EQ(edit_distance("charge", "charge"), 0u);
  EXPECT_EQ(edit_distance("chrage", "charge"), 1u);
  EXPECT_EQ(edit_distance("CHARGE", "charge"), 0u);
  EXPECT_EQ(edit_distance("", "abc"), 3u);
  EXPECT_EQ(edit_distance("kitten", "sitting"), 3u);
}

TEST(Suggest, ClosestMatchWithinAThirdOfTheWord) {
  const std::vector<std::string> keywords{"move", "charge", "shoot", "melee", "rally"};
  EXPECT_EQ(closest_match("chrage", keywords), "charge");
  EXPECT_EQ(closest_match("shot", keywords), "shoot");  // one edit is always allowed
  EXPECT_EQ(closest_match("sh", keywords), std::nullopt);
  EXPECT_EQ(closest_match("rallly", keywords), "rally");
  EXPECT_EQ(closest_match("xyzzy", keywords), std::nullopt);
}

}  // namespace
}  // namespace umpire
