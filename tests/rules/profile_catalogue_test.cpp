// The unit profiles the rules data offers battle-log lowering
// (docs/log-format.md § Unit profiles): data names, list-local names, a
// ruleset's unit types, and the did-you-mean candidates.
#include "engine/rules/profile_catalogue.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "engine/core/suggest.hpp"
#include "tests/rules/test_support.hpp"

namespace umpire::rules {
namespace {

TEST(ProfileCatalogue, HywDataAndListLocalNames) {
  auto loaded = testing::load_corpus("hail-caesar-hyw");
  ASSERT_TRUE(loaded->rs) << loaded->messages();
  const RulesProfileCatalogue catalogue(*loaded->rs);
  EXPECT_TRUE(catalogue.has_profile("french_mounted_knights"));
  EXPECT_TRUE(catalogue.has_profile("mounted_knights"));
  EXPECT_TRUE(catalogue.has_profile("english_archers"));      // english_english_archers
  EXPECT_TRUE(catalogue.has_profile("genoese_crossbowmen"));  // french_genoese_crossbowmen
  EXPECT_TRUE(catalogue.has_profile("kerns"));
  EXPECT_FALSE(catalogue.has_profile("mounted_knight"));
  EXPECT_FALSE(catalogue.has_profile("darts"));  // a weapon profile, in no army list
  const auto knights = catalogue.data_names("mounted_knights");
  EXPECT_EQ(knights,
            (std::vector<std::string>{"french_mounted_knights", "burgundian_mounted_knights",
                                      "english_mounted_knights", "free_company_mounted_knights"}));
  EXPECT_EQ(catalogue.data_names("english_archers"),
            (std::vector<std::string>{"burgundian_english_archers", "english_english_archers"}));
  const auto known = catalogue.known_profiles();
  EXPECT_TRUE(std::is_sorted(known.begin(), known.end()));
  EXPECT_EQ(closest_match("mounted_knight", known), std::optional<std::string>("mounted_knights"));
}

TEST(ProfileCatalogue, ListPrefixes) {
  auto loaded = testing::load_corpus("hail-caesar-hyw");
  ASSERT_TRUE(loaded->rs) << loaded->messages();
  const Ruleset& rs = *loaded->rs;
  EXPECT_EQ(list_prefix(rs, rs.army_lists[rs.find("french")->index]), "french_");
  EXPECT_EQ(list_prefix(rs, rs.army_lists[rs.find("english")->index]), "english_");
  EXPECT_EQ(list_prefix(rs, rs.army_lists[rs.find("free_companies")->index]), "free_company_");
}

// Sabreur-hex has no profile items: its units are typed by `unit_type`,
// which keys its factor tables.
TEST(ProfileCatalogue, SabreurUnitTypes) {
  auto loaded = testing::load_corpus("sabreur-hex");
  ASSERT_TRUE(loaded->rs) << loaded->messages();
  const RulesProfileCatalogue catalogue(*loaded->rs);
  EXPECT_TRUE(catalogue.has_profile("line_infantry"));
  EXPECT_TRUE(catalogue.has_profile("medium_foot_battery"));
  EXPECT_FALSE(catalogue.has_profile("line_infantery"));
  EXPECT_EQ(closest_match("line_infantery", catalogue.known_profiles()),
            std::optional<std::string>("line_infantry"));
}

}  // namespace
}  // namespace umpire::rules
