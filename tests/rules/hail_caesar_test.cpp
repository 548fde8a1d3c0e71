// Spot checks of corpus/rulesets/hail-caesar.rules against its text,
// 000_a44b407871cbdad9.txt: each expectation is read off the sheet.
#include <gtest/gtest.h>

#include "tests/rules/test_support.hpp"

namespace umpire::rules {
namespace {

using testing::eval_action;
using testing::eval_table;
using testing::eval_test;
using testing::eval_value;

class HailCaesar : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { loaded_ = testing::load_corpus("hail-caesar").release(); }
  static void TearDownTestSuite() { delete loaded_; }
  void SetUp() override { ASSERT_TRUE(loaded_->rs.has_value()) << loaded_->messages(); }
  static const Ruleset& rs() { return *loaded_->rs; }
  static testing::Loaded* loaded_;
};
testing::Loaded* HailCaesar::loaded_ = nullptr;

TEST_F(HailCaesar, LoadsWithoutAnyDiagnostic) {
  EXPECT_EQ(loaded_->diags.diagnostics().size(), 0u) << loaded_->messages();
}

// § TABLEAU DE PANIQUE: "7 Cav. Retraite / Repli désorganisé".
TEST_F(HailCaesar, BreakChartSevenCavalry) {
  EXPECT_EQ(eval_table(rs(), "break_test_chart", "shooting",
                       {{"score", "7"}, {"troop_class", "cavalry"}}),
            "retire");
  EXPECT_EQ(eval_table(rs(), "break_test_chart", "hand_to_hand",
                       {{"score", "7"}, {"troop_class", "cavalry"}}),
            "give_ground_disordered");
}

// "10+ Tous Indomptable Indomptable".
TEST_F(HailCaesar, BreakChartTenPlusHoldsForAll) {
  for (const char* c : {"infantry", "cavalry", "skirmishers"}) {
    EXPECT_EQ(
        eval_table(rs(), "break_test_chart", "hand_to_hand", {{"score", "12"}, {"troop_class", c}}),
        "hold_ground");
  }
}

// "5 Tir. Retraite désorganisée (*)": or rout if shaken.
TEST_F(HailCaesar, BreakChartFootnotes) {
  EXPECT_EQ(eval_table(rs(), "break_test_chart", "shooting_rider",
                       {{"score", "5"}, {"troop_class", "skirmishers"}}),
            "rout_if_shaken");
  EXPECT_EQ(eval_table(rs(), "break_test_chart", "shooting_rider",
                       {{"score", "2"}, {"troop_class", "infantry"}}),
            "rout_if_casualties");
}

const std::map<std::string, std::string> break_base{{"break_context", "shooting"},
                                                    {"unit.type", "cavalry"},
                                                    {"unit.formation", "close_order"},
                                                    {"unit.terrain", "open_ground"},
                                                    {"unit.shaken", "false"},
                                                    {"unit.casualties", "3"},
                                                    {"unit.engaged", "false"},
                                                    {"excess_casualties", "2"},
                                                    {"enemy_on_higher_ground", "false"},
                                                    {"casualty_difference", "0"}};

// Excess casualties are subtracted from the roll: 9 - 2 = 7, cavalry: retire.
TEST_F(HailCaesar, BreakTestSubtractsExcessCasualties) {
  auto g = break_base;
  g["break_roll"] = "9";
  EXPECT_EQ(eval_value(rs(), "break_test_score", g), "7");
  EXPECT_EQ(eval_value(rs(), "break_test_result", g), "retire");
}

// § Test de panique et situation spéciale: a square turns retire into hold.
TEST_F(HailCaesar, SquareTurnsRetireIntoHold) {
  auto g = break_base;
  g["break_roll"] = "9";
  g["unit.type"] = "infantry";
  g["unit.formation"] = "square";
  g["excess_casualties"] = "3";  // 6, infantry: confusion or retire
  EXPECT_EQ(eval_value(rs(), "break_chart_result", g), "hold_disordered_or_retire");
  g["unit.type"] = "cavalry";  // 9 - 2 = 7, cavalry: retire
  g["excess_casualties"] = "2";
  EXPECT_EQ(eval_value(rs(), "break_test_result", g), "hold_ground");
}

// Artillery counts as infantry, and turns give ground into a rout.
TEST_F(HailCaesar, ArtilleryBreaksInsteadOfGivingGround) {
  auto g = break_base;
  g["break_context"] = "hand_to_hand";
  g["unit.type"] = "light_artillery";
  g["unit.engaged"] = "true";
  g["casualty_difference"] = "2";
  g["break_roll"] = "9";  // 7, infantry, hand to hand: give ground
  EXPECT_EQ(eval_value(rs(), "troop_class_of", g), "infantry");
  EXPECT_EQ(eval_value(rs(), "break_chart_result", g), "give_ground");
  EXPECT_EQ(eval_value(rs(), "break_test_result", g), "rout");
}

// § D6 Fiasco de commandement: 6 = Foncez ! three full moves, may charge.
TEST_F(HailCaesar, BlunderSixChargesThreeMoves) {
  EXPECT_EQ(eval_table(rs(), "blunder_chart", "result", {{"die", "6"}}), "blunder_charge");
  EXPECT_EQ(eval_table(rs(), "blunder_chart", "full_moves", {{"die", "6"}}), "3");
  EXPECT_EQ(eval_table(rs(), "blunder_chart", "casualties", {{"die", "1"}}), "1");
}

// § Mouvements des unités.
TEST_F(HailCaesar, MoveRates) {
  EXPECT_EQ(eval_table(rs(), "move_rates", "inches",
                       {{"formation", "close_order"}, {"unit_type", "cavalry"}}),
            "9");
  EXPECT_EQ(eval_table(rs(), "move_rates", "inches",
                       {{"formation", "open_order"}, {"unit_type", "light_cavalry"}}),
            "12");
  EXPECT_EQ(eval_table(rs(), "move_rates", "inches",
                       {{"formation", "square"}, {"unit_type", "infantry"}}),
            "0");
  EXPECT_EQ(eval_table(rs(), "move_rates", "inches",
                       {{"formation", "close_order"}, {"unit_type", "commander"}}),
            "24");
}

// § Portée des armes de jet.
TEST_F(HailCaesar, MissileRanges) {
  EXPECT_EQ(eval_table(rs(), "missile_range", "inches", {{"weapon", "bows"}}), "18");
  EXPECT_EQ(eval_table(rs(), "missile_range", "inches", {{"weapon", "slings"}}), "12");
  EXPECT_EQ(eval_table(rs(), "missile_range", "inches", {{"weapon", "heavy_artillery_shot"}}),
            "48");
}

const std::map<std::string, std::string> shooting_base{{"unit.shaken", "false"},
                                                       {"unit.disordered", "false"},
                                                       {"target.partially_obscured", "false"},
                                                       {"target.formation", "close_order"},
                                                       {"target.type", "infantry"},
                                                       {"target.facing_hit", "front"},
                                                       {"shot", "normal_shot"},
                                                       {"shot_distance", "10"},
                                                       {"unit.formation", "close_order"},
                                                       {"unit.terrain", "open_ground"},
                                                       {"unit.long_range", "3"}};

// § Modificateurs du jet pour toucher au tir (4+): shaken and long range.
TEST_F(HailCaesar, ShootingToHitNeedsSixWhenShakenAtLongRange) {
  EXPECT_EQ(eval_test(rs(), "shooting_to_hit", shooting_base).needed, 4);
  auto g = shooting_base;
  g["unit.shaken"] = "true";
  g["unit.disordered"] = "true";  // one -1 for shaken and/or disordered
  g["shot_distance"] = "14";
  const TestResult r = eval_test(rs(), "shooting_to_hit", g);
  EXPECT_EQ(r.needed, 6);
  EXPECT_EQ(r.dice_count, 3);
  ASSERT_TRUE(r.probability.has_value());
  EXPECT_EQ(*r.probability, dice::Probability(1, 6));
}

// Heavy infantry shot from the front: -1; a wedge shoots with 1 die.
TEST_F(HailCaesar, ArmouredTargetsAndWedges) {
  auto g = shooting_base;
  g["target.type"] = "heavy_infantry";
  EXPECT_EQ(eval_test(rs(), "shooting_to_hit", g).needed, 5);
  g["target.facing_hit"] = "flank";
  EXPECT_EQ(eval_test(rs(), "shooting_to_hit", g).needed, 4);
  g["unit.formation"] = "wedge";
  EXPECT_EQ(eval_value(rs(), "shooting_dice", g), "1");
}

// § Modificateurs du jet pour toucher au corps à corps: +1 charge, +1 high.
TEST_F(HailCaesar, MeleeToHitCharging) {
  const TestResult r = eval_test(rs(), "melee_to_hit",
                                 {{"unit.charged", "true"},
                                  {"unit.won_last_round", "false"},
                                  {"unit.higher_ground", "true"},
                                  {"unit.shaken", "false"},
                                  {"unit.disordered", "false"},
                                  {"unit.formation", "close_order"},
                                  {"unit.charged_in_flank_or_rear", "false"}});
  EXPECT_EQ(r.needed, 2);
  EXPECT_EQ(r.modifier, 2);
}

// § Modificateurs de sauvegarde de moral: both readings of the +1 line.
TEST_F(HailCaesar, MoraleSaveStackingSwitch) {
  std::map<std::string, std::string> g{{"unit.morale_save", "4"},
                                       {"unit.formation", "square"},
                                       {"unit.terrain", "wood"},
                                       {"shot_weapon", "bows"}};
  EXPECT_EQ(eval_test(rs(), "morale_save", g).needed, 3);
  g["save_bonus_stacking"] = "cumulative";
  EXPECT_EQ(eval_test(rs(), "morale_save", g).needed, 2);
  g["shot_weapon"] = "heavy_artillery_shot";
  EXPECT_EQ(eval_test(rs(), "morale_save", g).needed, 4);
  // Testudo in a fortification, both readings: +3 best only, +5 cumulative.
  g = {{"unit.morale_save", "6"},
       {"unit.formation", "testudo"},
       {"unit.terrain", "fortification"},
       {"shot_weapon", "bows"}};
  EXPECT_EQ(eval_test(rs(), "morale_save", g).needed, 3);
  g["save_bonus_stacking"] = "cumulative";
  EXPECT_EQ(eval_test(rs(), "morale_save", g).needed, 1);
}

// § Test d'ordre: -1 per full 12"; open-order skirmishers ignore it.
TEST_F(HailCaesar, CommandTestDistancePenalty) {
  std::map<std::string, std::string> g{{"unit.leadership", "8"},
                                       {"commander_distance", "30"},
                                       {"unit.type", "cavalry"},
                                       {"unit.formation", "close_order"}};
  const TestResult r = eval_test(rs(), "command_test", g);
  EXPECT_EQ(r.needed, 6);
  EXPECT_FALSE(r.at_least);
  EXPECT_EQ(*r.probability, dice::Probability(15, 36));
  g["unit.type"] = "skirmishers";
  g["unit.formation"] = "open_order";
  EXPECT_EQ(eval_test(rs(), "command_test", g).needed, 8);
}

// § Unité ébranlée / brisée: thresholds at stamina and twice stamina.
TEST_F(HailCaesar, ShakenAndBroken) {
  EXPECT_EQ(eval_value(rs(), "unit_shaken", {{"unit.casualties", "6"}, {"unit.stamina", "6"}}),
            "true");
  EXPECT_EQ(eval_value(rs(), "unit_shaken", {{"unit.casualties", "5"}, {"unit.stamina", "6"}}),
            "false");
  EXPECT_EQ(eval_value(rs(), "unit_broken", {{"unit.casualties", "12"}, {"unit.stamina", "6"}}),
            "true");
  EXPECT_EQ(eval_value(rs(), "unit_broken", {{"unit.casualties", "11"}, {"unit.stamina", "6"}}),
            "false");
}

// § Unité désorganisée and § Unité d'une division démoralisée.
TEST_F(HailCaesar, StatePermissions) {
  const std::map<std::string, std::string> calm{{"unit.disordered", "false"},
                                                {"unit.engaged", "false"},
                                                {"unit.shaken", "false"},
                                                {"unit.in_broken_division", "false"},
                                                {"unit.commander_failed_order", "false"},
                                                {"unit.made_initiative_move", "false"}};
  EXPECT_EQ(eval_action(rs(), "receive_order", calm), Verdict::allowed);
  // "l'un de ses trois mouvements": no order after a move by initiative.
  auto moved = calm;
  moved["unit.made_initiative_move"] = "true";
  EXPECT_EQ(eval_action(rs(), "receive_order", moved), Verdict::forbidden);
  auto disordered = calm;
  disordered["unit.disordered"] = "true";
  EXPECT_EQ(eval_action(rs(), "receive_order", disordered), Verdict::forbidden);
  // A commander whose order failed gives no more (switch failed_order_scope).
  auto after_failure = calm;
  after_failure["unit.commander_failed_order"] = "true";
  EXPECT_EQ(eval_action(rs(), "receive_order", after_failure), Verdict::forbidden);
  auto broken = calm;
  broken["unit.in_broken_division"] = "true";
  // The charges a blunder or closing shots cannot stop (their own rules).
  broken["unit.blundered"] = "false";
  broken["unit.charging"] = "false";
  broken["unit.sees_target"] = "true";
  EXPECT_EQ(eval_action(rs(), "charge", broken), Verdict::forbidden);
  broken["unit.type"] = "cavalry";
  broken["unit.charged_from"] = "front";
  EXPECT_EQ(eval_action(rs(), "countercharge", broken), Verdict::allowed);
  EXPECT_EQ(
      eval_value(rs(), "division_broken", {{"division.units", "6"}, {"division.lost_units", "4"}}),
      "true");
  EXPECT_EQ(
      eval_value(rs(), "division_broken", {{"division.units", "6"}, {"division.lost_units", "3"}}),
      "false");
}

// § Réponses de charge, as the data reads it where the sheet stops
// (switches engaged_response and evade_distance).
TEST_F(HailCaesar, ChargeResponseReadings) {
  const std::map<std::string, std::string> evader{{"unit.formation", "open_order"},
                                                  {"unit.disordered", "false"},
                                                  {"unit.engaged", "false"},
                                                  {"unit.moves_away_from_charger", "true"}};
  EXPECT_EQ(eval_action(rs(), "evade", evader), Verdict::allowed);
  auto engaged = evader;
  engaged["unit.engaged"] = "true";
  EXPECT_EQ(eval_action(rs(), "evade", engaged), Verdict::forbidden);
  auto towards = evader;
  towards["unit.moves_away_from_charger"] = "false";
  EXPECT_EQ(eval_action(rs(), "evade", towards), Verdict::forbidden);
  EXPECT_EQ(eval_value(rs(), "evade_moves", std::map<std::string, std::string>{}), "1");
  EXPECT_EQ(eval_value(rs(), "responses_per_charge", std::map<std::string, std::string>{}), "1");
}

// § Risque du capitaine (p. 82a): 1-2 killed, 3-4 wounded, 5-6 unharmed.
TEST_F(HailCaesar, CommanderRisk) {
  EXPECT_EQ(eval_table(rs(), "commander_risk_chart", "fate", {{"die", "2"}}), "killed");
  EXPECT_EQ(eval_table(rs(), "commander_risk_chart", "fate", {{"die", "4"}}), "wounded");
  EXPECT_EQ(eval_table(rs(), "commander_risk_chart", "fate", {{"die", "5"}}), "unharmed");
  EXPECT_EQ(eval_table(rs(), "commander_wound_chart", "fate", {{"die", "3"}}), "killed");
  const TestResult r = eval_test(rs(), "commander_hit_in_melee",
                                 {{"extra_casualties_on_unit", "2"}, {"commander_attacks", "1"}});
  EXPECT_EQ(r.needed, 10);
}

// § Le test à lieu quand: two natural 6s when the to-hit needs 6+.
TEST_F(HailCaesar, BreakTestTriggers) {
  auto g = shooting_base;
  g["break_context"] = "shooting";
  g["excess_casualties"] = "0";
  g["natural_sixes"] = "1";
  g["casualty_difference"] = "0";
  g["unit.engaged"] = "false";
  EXPECT_EQ(eval_value(rs(), "break_test_due", g), "true");  // needs 4+, one natural 6
  g["shot_distance"] = "14";
  g["target.formation"] = "open_order";  // open order: needs 6+
  EXPECT_EQ(eval_value(rs(), "break_test_due", g), "false");
  g["natural_sixes"] = "2";
  EXPECT_EQ(eval_value(rs(), "break_test_due", g), "true");
}

// § Modificateur de movement: cavalry moves at half rate in a wood.
TEST_F(HailCaesar, CavalryHalvedInWood) {
  EXPECT_EQ(testing::eval_stack(rs(), "move_distance_mods", 9,
                                {{"unit.terrain", "wood"}, {"unit.type", "cavalry"}}),
            4);
  EXPECT_EQ(eval_action(rs(), "enter_wood",
                        {{"unit.formation", "close_order"}, {"unit.type", "cavalry"}}),
            Verdict::forbidden);
}

}  // namespace
}  // namespace umpire::rules
