// Army-list constraints over a whole roster (docs/rules-format.md § Army
// lists): `per division` checked on each division, quotas per complete or
// per started block, and the HYW reading of "1 pièce d'artillerie pour deux
// corps d'armée" behind its switch.
#include <gtest/gtest.h>

#include <algorithm>

#include "engine/core/source_manager.hpp"
#include "grammar/rules/printer.hpp"
#include "grammar/rules/rules_parser.hpp"
#include "tests/rules/test_support.hpp"

namespace umpire::rules {
namespace {

const std::string list_rules =
    "ruleset demo \"Demo\"\nsource \"004_b7c666874e8df030.txt\"\n"
    "record unit_profile ref \"2-b) Profil des unités\" {\n  points : int 0..100\n}\n"
    "profile knights : unit_profile ref \"2-c) Liste française\" {\n  points = 30\n}\n"
    "profile gun : unit_profile ref \"2-c) Liste française\" {\n  points = 20\n}\n"
    "profile kerns : unit_profile ref \"2-e) Liste anglaise\" {\n  points = 10\n}\n"
    "army_list demo ref \"2-c) Liste française\" {\n  units {knights, gun, kerns}\n"
    "  constraint four_units: per division count(*) >= 4\n"
    "  constraint one_kern: per division count({kerns}) <= 1\n"
    "  constraint guns_complete: count({gun}) <= 1 per 2 divisions\n"
    "  constraint guns_started: count({gun}) <= 1 per started 2 divisions\n"
    "  constraint knights_half: points({knights}) >= 50% total_points\n}\n";

class ArmyLists : public ::testing::Test {
 protected:
  void SetUp() override {
    loaded_ = testing::load_text(list_rules);
    ASSERT_TRUE(loaded_->rs.has_value()) << loaded_->messages();
    ASSERT_EQ(loaded_->diags.diagnostics().size(), 0u) << loaded_->messages();
  }
  const Ruleset& rs() { return *loaded_->rs; }
  std::uint32_t profile(const std::string& name) { return rs().find(name)->index; }
  // One vector of counts per division, from {profile, count} pairs.
  std::vector<std::int64_t> division(const std::map<std::string, std::int64_t>& counts) {
    std::vector<std::int64_t> out(rs().profiles.size(), 0);
    for (const auto& [name, n] : counts) out[profile(name)] = n;
    return out;
  }
  // Evaluates constraint `name` on the situation; the breakdown in `steps`.
  bool check(const Situation& s, const std::string& name, std::vector<Step>* steps = nullptr) {
    const ArmyList& list = rs().army_lists[0];
    for (std::size_t c = 0; c < list.constraints.size(); ++c) {
      if (list.constraints[c].name != name) continue;
      Evaluator ev(rs(), s);
      auto r = ev.constraint(0, static_cast<std::uint32_t>(c));
      EXPECT_TRUE(r.has_value()) << (ev.error() ? ev.error()->message : "");
      if (steps) *steps = ev.breakdown();
      return r.value_or(false);
    }
    ADD_FAILURE() << "no constraint " << name;
    return false;
  }
  std::unique_ptr<testing::Loaded> loaded_;
};

// Two divisions of one kern each: the army has two, yet each division keeps
// to "1 unité de Kerns maximum par corps d'armée".
TEST_F(ArmyLists, PerDivisionReadsEachDivision) {
  Situation s(rs());
  s.set_roster(
      {division({{"knights", 3}, {"kerns", 1}}), division({{"knights", 3}, {"kerns", 1}})});
  EXPECT_EQ(s.count(profile("kerns")), 2);
  EXPECT_EQ(s.divisions(), 2);
  EXPECT_TRUE(check(s, "one_kern"));
  // The same counts given as one division break it.
  Situation flat(rs());
  flat.set_count(profile("kerns"), 2);
  flat.set_count(profile("knights"), 6);
  EXPECT_FALSE(check(flat, "one_kern"));
}

// Eight units in all, but one division of three: "entre 4 & 9 unités" fails
// there, and the breakdown says which division.
TEST_F(ArmyLists, PerDivisionFailureNamesTheDivision) {
  Situation s(rs());
  s.set_roster({division({{"knights", 5}}), division({{"knights", 2}, {"kerns", 1}})});
  std::vector<Step> steps;
  EXPECT_FALSE(check(s, "four_units", &steps));
  EXPECT_TRUE(std::any_of(steps.begin(), steps.end(), [](const Step& st) {
    return st.text == "constraint four_units in division 1: 5 >= 4: met";
  }));
  EXPECT_TRUE(std::any_of(steps.begin(), steps.end(), [](const Step& st) {
    return st.text == "constraint four_units in division 2: 3 >= 4: NOT MET";
  }));
  s.set_roster({division({{"knights", 5}}), division({{"knights", 3}, {"kerns", 1}})});
  EXPECT_TRUE(check(s, "four_units"));
}

// Whole-army constraints read the roster's totals.
TEST_F(ArmyLists, ArmyConstraintsReadTheTotals) {
  Situation s(rs());
  s.set_roster({division({{"knights", 1}, {"gun", 1}}), division({{"kerns", 3}})});
  // 30 of 30 + 20 + 30 = 80 points: 3000 < 4000.
  EXPECT_FALSE(check(s, "knights_half"));
  s.set_roster({division({{"knights", 2}, {"gun", 1}}), division({{"kerns", 3}})});
  EXPECT_TRUE(check(s, "knights_half"));  // 60 of 110
}

// "1 per 2 divisions" rounds the pairs down, "1 per started 2 divisions" up.
TEST_F(ArmyLists, CompleteAndStartedBlocks) {
  Situation s(rs());
  s.set_count(profile("gun"), 2);
  s.set_divisions(3);
  EXPECT_FALSE(check(s, "guns_complete"));  // 2 > 1 * floor(3 / 2)
  EXPECT_TRUE(check(s, "guns_started"));    // 2 <= 1 * ceil(3 / 2)
  s.set_count(profile("gun"), 1);
  s.set_divisions(1);
  EXPECT_FALSE(check(s, "guns_complete"));  // no complete pair
  EXPECT_TRUE(check(s, "guns_started"));    // one started pair
  s.set_divisions(4);
  s.set_count(profile("gun"), 3);
  std::vector<Step> steps;
  EXPECT_FALSE(check(s, "guns_started", &steps));
  EXPECT_TRUE(std::any_of(steps.begin(), steps.end(), [](const Step& st) {
    return st.text == "constraint guns_started: 3 <= 1 per started 2 of 4 = 2: NOT MET";
  }));
}

// The printer keeps `started`, so `rules show --source` loses nothing.
TEST_F(ArmyLists, PrinterKeepsStarted) {
  SourceManager sources;
  DiagnosticEngine diags(0);
  const ParsedFile p = parse_rules(sources, sources.add("t.rules", list_rules), diags);
  ASSERT_FALSE(diags.has_errors());
  const std::string printed = print(p.file);
  EXPECT_NE(printed.find("count({gun}) <= 1 per started 2 divisions"), std::string::npos)
      << printed;
  EXPECT_NE(printed.find("count({gun}) <= 1 per 2 divisions"), std::string::npos) << printed;
}

// HYW 2-d "1 pièce d'artillerie pour deux corps d'armée maximum": 2 pieces
// with 3 divisions break the complete-pair reading, keep the started one.
TEST(ArmyListCorpus, HywArtilleryPairReadings) {
  auto loaded = testing::load_corpus("hail-caesar-hyw");
  ASSERT_TRUE(loaded->rs) << loaded->messages();
  const Ruleset& rs = *loaded->rs;
  const auto list = rs.find("burgundian")->index;
  auto holds = [&](const std::string& reading) {
    Situation s = testing::situation(rs, {{"artillery_pair_reading", reading}});
    s.set_count(rs.find("burgundian_bombard")->index, 1);
    s.set_count(rs.find("burgundian_ribauldequin")->index, 1);
    s.set_divisions(3);
    bool all = true;
    for (std::size_t c = 0; c < rs.army_lists[list].constraints.size(); ++c) {
      const std::string& name = rs.army_lists[list].constraints[c].name;
      if (name.find("artillery_piece") == std::string::npos) continue;
      Evaluator ev(rs, s);
      auto r = ev.constraint(list, static_cast<std::uint32_t>(c));
      EXPECT_TRUE(r.has_value());
      all = all && r.value_or(false);
    }
    return all;
  };
  EXPECT_FALSE(holds("per_complete_pair"));
  EXPECT_TRUE(holds("per_started_pair"));
}

}  // namespace
}  // namespace umpire::rules
