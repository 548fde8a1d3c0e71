// Spot checks of corpus/rulesets/hail-caesar-hyw.rules against the text of
// 004_b7c666874e8df030.txt (Hail Caesar, Hundred Years War adaptation): unit
// profiles and points as printed in the lists (2-c … 2-f), army-list rules,
// special rules, the adaptation's own rules and the base items it changes.
// Each expected value is copied from the passage named in the comment.
#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>

#include "tests/rules/test_support.hpp"

namespace umpire::rules {
namespace {

using testing::eval_action;
using testing::eval_table;
using testing::eval_test;
using testing::eval_value;
using Givens = std::map<std::string, std::string>;

class HywSpot : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { loaded_ = testing::load_corpus("hail-caesar-hyw").release(); }
  static void TearDownTestSuite() {
    delete loaded_;
    loaded_ = nullptr;
  }
  void SetUp() override { ASSERT_TRUE(loaded_->rs.has_value()) << loaded_->messages(); }

  static const Ruleset& rs() { return *loaded_->rs; }

  // A profile's field, written as the rules language writes it ("4+", "none").
  static std::string field(const std::string& profile, const std::string& name) {
    auto ref = rs().find(profile);
    if (!ref || ref->kind != ItemKind::profile) throw std::runtime_error("no profile " + profile);
    const Profile& p = rs().profiles[ref->index];
    const Record& r = rs().records[p.record];
    auto i = r.find(name);
    if (!i) throw std::runtime_error("no field " + name);
    return value_text(rs(), r.fields[*i].type, p.values[*i]);
  }

  // Evaluates constraint `name` of army list `list` with unit counts and a
  // number of divisions; switches may be set too.
  static bool constraint(const std::string& list, const std::string& name, const Givens& counts,
                         std::int64_t divisions) {
    auto ref = rs().find(list);
    if (!ref || ref->kind != ItemKind::army_list) throw std::runtime_error("no list " + list);
    const ArmyList& l = rs().army_lists[ref->index];
    Situation s = testing::situation(rs(), counts);
    s.set_divisions(divisions);
    for (std::size_t c = 0; c < l.constraints.size(); ++c) {
      if (l.constraints[c].name != name) continue;
      Evaluator ev(rs(), s);
      auto r = ev.constraint(ref->index, static_cast<std::uint32_t>(c));
      if (!r) throw std::runtime_error(ev.error() ? ev.error()->message : "constraint failed");
      return *r;
    }
    throw std::runtime_error("no constraint " + name);
  }

  static testing::Loaded* loaded_;
};
testing::Loaded* HywSpot::loaded_ = nullptr;

// 2-c: "Chevaliers montés 10 6 0/3 0 4+ 6 Montjoie !, lance, tough fight. 32"
TEST_F(HywSpot, FrenchMountedKnightsProfile) {
  EXPECT_EQ(field("french_mounted_knights", "clash"), "10");
  EXPECT_EQ(field("french_mounted_knights", "sustained"), "6");
  EXPECT_EQ(field("french_mounted_knights", "short_range"), "0");
  EXPECT_EQ(field("french_mounted_knights", "support"), "3");
  EXPECT_EQ(field("french_mounted_knights", "long_range"), "0");
  EXPECT_EQ(field("french_mounted_knights", "morale_save"), "4+");
  EXPECT_EQ(field("french_mounted_knights", "stamina"), "6");
  EXPECT_EQ(field("french_mounted_knights", "special"), "{montjoie, lance, tough_fighter}");
  EXPECT_EQ(field("french_mounted_knights", "points"), "32");
}

// 2-e: the English knights have no Montjoie ! and cost 36.
TEST_F(HywSpot, EnglishMountedKnightsDiffer) {
  EXPECT_EQ(field("english_mounted_knights", "special"), "{lance, tough_fighter}");
  EXPECT_EQ(field("english_mounted_knights", "points"), "36");
}

// 2-c: "Paysans 5 3 0/3 0 0 6 Militia, levy 10": Mor. 0 is no save.
TEST_F(HywSpot, PeasantsHaveNoSave) {
  EXPECT_EQ(field("french_peasants", "morale_save"), "none");
  EXPECT_EQ(field("french_peasants", "sustained"), "3");
  EXPECT_EQ(field("french_peasants", "points"), "10");
  EXPECT_EQ(field("burgundian_peasants", "special"), "{militia, levy, warband}");
}

// 2-e: "Kerns 3 3 2 0 6+ 6 Javelot, skirmish, marauders 15".
TEST_F(HywSpot, KernsProfile) {
  EXPECT_EQ(field("english_kerns", "short_range"), "2");
  EXPECT_EQ(field("english_kerns", "long_range"), "0");
  EXPECT_EQ(field("english_kerns", "morale_save"), "6+");
  EXPECT_EQ(field("english_kerns", "weapon"), "javelins");
  EXPECT_EQ(field("english_kerns", "points"), "15");
}

// 2-c: "Bombarde 1 1 0 3/2/1 5+ 3 Bombarde 23"; "Ribaudequin … 0/3/2 … 15".
TEST_F(HywSpot, ArtilleryBandsAsPrinted) {
  EXPECT_EQ(field("french_bombard", "long_range"), "3");
  EXPECT_EQ(field("french_bombard", "long_range_second"), "2");
  EXPECT_EQ(field("french_bombard", "long_range_third"), "1");
  EXPECT_EQ(field("french_bombard", "stamina"), "3");
  EXPECT_EQ(field("french_bombard", "points"), "23");
  EXPECT_EQ(field("english_ribauldequin", "long_range"), "0");
  EXPECT_EQ(field("english_ribauldequin", "long_range_second"), "3");
  EXPECT_EQ(field("english_ribauldequin", "points"), "15");
}

// 2-f: Free Companies' mounted sergeants cost 27; 2-c: 23.
TEST_F(HywSpot, SergeantsCostPerList) {
  EXPECT_EQ(field("free_company_mounted_sergeants", "points"), "27");
  EXPECT_EQ(field("french_mounted_sergeants", "points"), "23");
}

// 2-c: "Arbalétriers … 18", "(Pavise option+2pts)".
TEST_F(HywSpot, CrossbowPaviseOption) {
  EXPECT_EQ(field("french_crossbowmen", "points"), "18");
  EXPECT_EQ(field("french_crossbowmen_with_pavise", "points"), "20");
  EXPECT_EQ(field("french_crossbowmen_with_pavise", "special"), "{militia, pavise}");
}

// 1-b: longbow 24", and the Longbow rule "Portée 30pcs au lieu de 24pcs";
// crossbow 18". 2-e: dismounted mounted archers "deviennent archers de base":
// the Archers anglais' 30" by default, the bow's 18" under the other reading.
TEST_F(HywSpot, LongbowRuleExtendsRange) {
  EXPECT_EQ(eval_value(rs(), "weapon_max_range",
                       {{"unit.profile", "english_english_archers"},
                        {"unit.special", "stakes,longbow,marksmen"}}),
            "30");
  const Givens dismounted = {{"unit.profile", "english_mounted_archers"},
                             {"unit.special", "light_cavalry,may_dismount"},
                             {"unit.dismounted", "true"}};
  EXPECT_EQ(eval_value(rs(), "weapon_max_range", dismounted), "30");
  Givens bow = dismounted;
  bow["dismounted_archers_reading"] = "basic_bow_archers";
  EXPECT_EQ(eval_value(rs(), "weapon_max_range", bow), "18");
  EXPECT_EQ(eval_value(rs(), "weapon_max_range",
                       {{"unit.profile", "french_crossbowmen"}, {"unit.special", "militia"}}),
            "18");
  EXPECT_EQ(eval_table(rs(), "weapon_ranges", "first_band", {{"weapon", "bombard_shot"}}), "36");
}

// 1-b / lists: the bombard's dice by range band, under each reading.
TEST_F(HywSpot, BombardDiceByBand) {
  const Givens at30 = {{"unit.profile", "french_bombard"},
                       {"unit.special", "bombard_misfire"},
                       {"shot_distance", "30"}};
  EXPECT_EQ(eval_value(rs(), "long_range_dice", at30), "1");
  Givens printed = at30;
  printed["artillery_band_reading"] = "printed_order";
  EXPECT_EQ(eval_value(rs(), "long_range_dice", printed), "3");
  Givens beyond = at30;
  beyond["shot_distance"] = "37";
  EXPECT_EQ(eval_value(rs(), "long_range_dice", beyond), "0");
}

// 2-c: "Au moins 50% de l'armée doit être composée de chevaliers dont plus
// de la moitié doivent être montés."
TEST_F(HywSpot, FrenchKnightsHalfOfThePoints) {
  // 2 x 32 knights + 4 x 18 crossbowmen = 136 points: 64 < 68.
  EXPECT_FALSE(
      constraint("french", "knights_half_by_points",
                 {{"count.french_mounted_knights", "2"}, {"count.french_crossbowmen", "4"}}, 1));
  // 3 x 32 + 4 x 18 = 168 points: 96 >= 84.
  EXPECT_TRUE(constraint("french", "knights_half_by_points",
                         {{"count.french_mounted_knights", "3"}, {"count.french_crossbowmen", "4"}},
                         1));
  // One mounted (32) and one foot (36) knight: 32 is not more than half of 68.
  EXPECT_FALSE(
      constraint("french", "mounted_knights_majority_by_points",
                 {{"count.french_mounted_knights", "1"}, {"count.french_foot_knights", "1"}}, 1));
}

// 2-d: "1 pièce d'artillerie pour deux corps d'armée maximum".
TEST_F(HywSpot, BurgundianArtilleryPerTwoCorps) {
  const Givens two_guns = {{"count.burgundian_bombard", "1"},
                           {"count.burgundian_ribauldequin", "1"}};
  EXPECT_FALSE(constraint("burgundian", "one_artillery_piece_per_two_corps", two_guns, 3));
  EXPECT_TRUE(constraint("burgundian", "one_artillery_piece_per_two_corps", two_guns, 4));
}

// 1-b crossbow "-1 au moral ennemi", handgun "6+ au moral ennemi maximum";
// 1-c Pavise "+1 au moral contre des tirs de face". A 4+ save needs:
TEST_F(HywSpot, WeaponsAndPaviseChangeTheSave) {
  Givens g = {{"unit.morale_save", "4+"},
              {"unit.formation", "close_order"},
              {"unit.terrain", "open_ground"},
              {"unit.special", ""},
              {"attacker.special", ""},
              {"attacker.charged", "false"},
              {"save.against_shooting", "true"},
              {"shot.from_front", "true"},
              {"combat.round", "1"},
              {"shot_weapon", "crossbows"}};
  EXPECT_EQ(eval_test(rs(), "morale_save", g).needed, 5);
  g["shot_weapon"] = "handguns";
  EXPECT_EQ(eval_test(rs(), "morale_save", g).needed, 6);
  g["shot_weapon"] = "crossbows";
  g["unit.special"] = "pavise";
  EXPECT_EQ(eval_test(rs(), "morale_save", g).needed, 4);
  g["shot_weapon"] = "bows";
  EXPECT_EQ(eval_test(rs(), "morale_save", g).needed, 3);
}

// 1-c Lance: "-1 au moral ennemi si charge ou contre charge".
TEST_F(HywSpot, LanceWorsensTheEnemySave) {
  Givens g = {{"unit.morale_save", "5+"},
              {"unit.formation", "close_order"},
              {"unit.terrain", "open_ground"},
              {"unit.special", ""},
              {"attacker.special", "lance,tough_fighter"},
              {"attacker.charged", "true"},
              {"save.against_shooting", "false"},
              {"shot.from_front", "false"},
              {"combat.round", "2"},
              {"shot_weapon", "javelins"}};
  EXPECT_EQ(eval_test(rs(), "morale_save", g).needed, 6);
  g["attacker.charged"] = "false";
  EXPECT_EQ(eval_test(rs(), "morale_save", g).needed, 5);
}

// 5-f against the base sheet: no penalty at 12" (base: −1 per full 12"),
// −2 at 24"; Marauders (1-c): none.
TEST_F(HywSpot, CommandDistancePenaltyOverride) {
  // commander_distance counts whole inches, commander_distance_up inches
  // begun: the same 12" and 24" measured exactly.
  Givens g = {{"commander_distance", "12"}, {"commander_distance_up", "12"}, {"unit.special", ""}};
  EXPECT_EQ(eval_value(rs(), "command_distance_penalty", g), "0");
  g["commander_distance"] = "24";
  g["commander_distance_up"] = "24";
  EXPECT_EQ(eval_value(rs(), "command_distance_penalty", g), "2");
  g["unit.special"] = "marauders";
  EXPECT_EQ(eval_value(rs(), "command_distance_penalty", g), "0");
}

// 5-e: 3 or more below the leadership: three moves; 1-c Militia: no move
// when the roll equals the leadership.
TEST_F(HywSpot, CommandOutcomes) {
  Givens g = {{"general.rank", "division_general"},
              {"commander_distance", "6"},
              {"commander_distance_up", "6"},
              {"command.rolled_before_order", "false"},
              {"unit.special", ""},
              {"command.roll", "5"}};
  EXPECT_EQ(eval_value(rs(), "command_outcome_hyw", g), "three_moves");
  g["command.roll"] = "8";
  EXPECT_EQ(eval_value(rs(), "command_outcome_hyw", g), "one_move");
  g["unit.special"] = "militia";
  EXPECT_EQ(eval_value(rs(), "command_outcome_hyw", g), "no_move");
  g["command.roll"] = "12";
  EXPECT_EQ(eval_value(rs(), "command_outcome_hyw", g), "blunder");
}

// 2-a / 5-b: generals move 27" (base sheet: 24").
TEST_F(HywSpot, CommanderMovesTwentySeven) {
  EXPECT_EQ(eval_value(rs(), "unit_move_inches", {{"unit.type", "commander"}}), "27");
  EXPECT_EQ(eval_value(rs(), "unit_move_inches", {{"unit.type", "light_cavalry"}}), "12");
  EXPECT_EQ(eval_value(rs(), "general_move_inches", {}), "27");
}

// 2-b: removed at 10 casualties; 8-e: broken at twice the stamina.
TEST_F(HywSpot, RemovalThresholds) {
  Givens g = {{"unit.casualties", "10"}, {"unit.stamina", "6"}};
  EXPECT_EQ(eval_value(rs(), "unit_removed", g), "true");
  g["unit_removal_threshold"] = "double_stamina";
  EXPECT_EQ(eval_value(rs(), "unit_removed", g), "false");
}

// 2-a: a division general costs 25 points, the commander-in-chief is
// "(gratuit)".
TEST_F(HywSpot, GeneralCosts) {
  EXPECT_EQ(eval_value(rs(), "general_points", {{"general.rank", "division_general"}}), "25");
  EXPECT_EQ(eval_value(rs(), "general_points", {{"general.rank", "commander_in_chief"}}), "0");
  EXPECT_EQ(eval_value(rs(), "general_points",
                       {{"general.rank", "commander_in_chief"},
                        {"commander_in_chief_cost", "free_upgrade"}}),
            "25");
}

// 3-b: a general who joined the combat dies on 11 or 12 on 2D6.
TEST_F(HywSpot, GeneralDeathRoll) {
  const TestResult r = eval_test(rs(), "commander_hit_in_melee", {});
  EXPECT_EQ(r.needed, 11);
  EXPECT_TRUE(r.at_least);
}

// 5-b: a unit that made an initiative move cannot receive an order.
TEST_F(HywSpot, NoOrderAfterInitiativeMove) {
  Givens g = {{"unit.disordered", "false"},         {"unit.engaged", "false"},
              {"unit.supporting", "false"},         {"unit.made_initiative_move", "true"},
              {"unit.ordered_this_phase", "false"}, {"unit.commander_failed_order", "false"}};
  EXPECT_EQ(eval_action(rs(), "receive_order", g), Verdict::forbidden);
  g["unit.made_initiative_move"] = "false";
  EXPECT_EQ(eval_action(rs(), "receive_order", g), Verdict::allowed);
}

}  // namespace
}  // namespace umpire::rules
