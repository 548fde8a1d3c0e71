// Spot checks of corpus/rulesets/wab.rules against its text, the Warhammer
// Ancient Battles quick reference 003_54822f0a7c7b7ce7.txt: each expectation
// is read off the sheet, cited above its test (§ heading as in the file).
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "tests/rules/test_support.hpp"

namespace umpire::rules {
namespace {

using testing::eval_action;
using testing::eval_table;
using testing::eval_test;
using testing::eval_value;
using Givens = std::map<std::string, std::string>;

class Wab : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { loaded_ = testing::load_corpus("wab").release(); }
  static void TearDownTestSuite() { delete loaded_; }
  void SetUp() override { ASSERT_TRUE(loaded_->rs.has_value()) << loaded_->messages(); }
  static const Ruleset& rs() { return *loaded_->rs; }
  static testing::Loaded* loaded_;
};
testing::Loaded* Wab::loaded_ = nullptr;

using testing::with;

// A shot at a plain target in the open: no modifier applies unless a test
// adds one.
Givens shot(const std::string& bs, const std::string& weapon, const std::string& distance,
            bool moved) {
  return {{"self.ballistic_skill", bs},     {"self.weapon", weapon},
          {"shot.distance", distance},      {"self.moved", moved ? "true" : "false"},
          {"self.shooting_models", "10"},   {"target.charging", "false"},
          {"target.single_model", "false"}, {"target.skirmishers", "false"},
          {"target.cover", "no_cover"},     {"target.size", "normal_size"},
          {"target.type", "infantry"},      {"target.moved_in_its_turn", "false"},
          {"target.toughness", "3"}};
}

// One side of a combat with nothing but its wounds and its deepest unit.
Givens side(const std::string& wounds, const std::string& ranks_of_four, const std::string& type) {
  return {{"side.wounds_inflicted", wounds},
          {"side.deepest_unit.type", type},
          {"side.deepest_unit.ranks_of_four", ranks_of_four},
          {"side.deepest_unit.terrain", "open_ground"},
          {"side.deepest_unit.behind", "no_obstacle"},
          {"side.deepest_unit.special", ""},
          {"side.deepest_unit.fleeing", "false"},
          {"side.deepest_unit.skirmishers", "false"},
          {"side.charged_in_flank_or_rear_by_5_plus", "false"},
          {"side.unit_standard", "false"},
          {"side.army_standard", "false"},
          {"side.high_ground", "false"},
          {"side.flank_attack_by_5_plus_non_skirmishers", "false"},
          {"side.rear_attack", "false"},
          {"side.light_or_scythed_chariots_destroyed", "0"},
          {"side.heavy_chariots_destroyed", "0"},
          {"combat.any_unit_in_rough_ground_or_behind_obstacle", "false"}};
}

TEST_F(Wab, LoadsWithoutAnyDiagnostic) {
  EXPECT_EQ(loaded_->diags.diagnostics().size(), 0u) << loaded_->messages();
}

// § Résultat pour blesser: Strength 4 against Toughness 3 wounds on 3+;
// Strength 3 cannot wound Toughness 7 ("-").
TEST_F(Wab, ToWoundChartCells) {
  EXPECT_EQ(eval_table(rs(), "to_wound_chart", "score", {{"strength", "4"}, {"toughness", "3"}}),
            "3+");
  EXPECT_EQ(eval_table(rs(), "to_wound_chart", "score", {{"strength", "1"}, {"toughness", "4"}}),
            "6+");
  EXPECT_EQ(eval_table(rs(), "to_wound_chart", "score", {{"strength", "3"}, {"toughness", "7"}}),
            "none");
  EXPECT_EQ(eval_value(rs(), "close_combat_to_wound_score",
                       {{"self.strength", "2"}, {"target.toughness", "1"}}),
            "3+");
}

// § Résultat pour blesser: the row and column printed "0" are 10: 0 vs 0 is
// 4, 0 vs 9 is 3, 6 vs 0 is "-", 7 vs 0 is 6.
TEST_F(Wab, ToWoundZeroMeansTen) {
  EXPECT_EQ(eval_table(rs(), "to_wound_chart", "score", {{"strength", "10"}, {"toughness", "10"}}),
            "4+");
  EXPECT_EQ(eval_table(rs(), "to_wound_chart", "score", {{"strength", "10"}, {"toughness", "9"}}),
            "3+");
  EXPECT_EQ(eval_table(rs(), "to_wound_chart", "score", {{"strength", "6"}, {"toughness", "10"}}),
            "none");
  EXPECT_EQ(eval_table(rs(), "to_wound_chart", "score", {{"strength", "7"}, {"toughness", "10"}}),
            "6+");
}

// § Résultat pour toucher (shooting): "BS 3 → D6 4", "BS 6 → 1", "BS 0 → -3".
TEST_F(Wab, ToHitByBallisticSkill) {
  const TestResult bs3 = eval_test(rs(), "shooting_to_hit", shot("3", "short_bow", "8", false));
  EXPECT_EQ(bs3.target, 4);
  EXPECT_EQ(bs3.needed, 4);
  EXPECT_EQ(bs3.dice_count, 10);
  EXPECT_EQ(eval_test(rs(), "shooting_to_hit", shot("6", "short_bow", "8", false)).needed, 1);
  EXPECT_EQ(eval_table(rs(), "ballistic_skill_chart", "score", {{"ballistic_skill", "10"}}), "-3");
}

// § Résultat pour toucher: long range (-1), after moving (-1) and soft cover
// (-1) stack; BS 3 then needs 7, and 7+ takes 1 off the Strength (F-1). The
// roll itself hits on a 6, at that reduced Strength.
TEST_F(Wab, ShootingModifiersStackToSevenPlus) {
  const Givens g = with(shot("3", "short_bow", "10", true), {{"target.cover", "soft_cover"}});
  EXPECT_EQ(eval_value(rs(), "shooting_score_needed", g), "7");
  const TestResult r = eval_test(rs(), "shooting_to_hit", g);
  EXPECT_EQ(r.needed, 6);
  EXPECT_EQ(eval_value(rs(), "shooting_strength", g), "2");
}

// § Résultat pour toucher: "11+ → F-5". BS 1 at a charging skirmish target
// in hard cover at long range needs 11: a crossbow (F 4) is left with -1,
// which cannot wound.
TEST_F(Wab, ElevenPlusReducesStrengthByFive) {
  const Givens g = with(shot("1", "crossbow", "20", false), {{"target.cover", "hard_cover"},
                                                             {"target.charging", "true"},
                                                             {"target.skirmishers", "true"}});
  EXPECT_EQ(eval_value(rs(), "shooting_score_needed", g), "11");
  EXPECT_EQ(eval_value(rs(), "shooting_strength", g), "-1");
  EXPECT_EQ(eval_value(rs(), "shooting_to_wound_score", g), "none");
}

// § Table des armes de tirs: darts are "toujours à courte portée" with "pas
// de malus si Mou.": at 11" after moving, BS 3 still needs 4.
TEST_F(Wab, DartsIgnoreLongRangeAndMoving) {
  EXPECT_EQ(eval_test(rs(), "shooting_to_hit", shot("3", "darts", "11", true)).needed, 4);
  EXPECT_EQ(eval_test(rs(), "shooting_to_hit", shot("3", "short_bow", "11", true)).needed, 6);
}

// § Table des armes de tirs: the sling's 9" row, "2 tirs si pas de mov.";
// the crossbow, "Pas de tir si mov.".
TEST_F(Wab, SlingDoubleShotAndCrossbowAfterMoving) {
  EXPECT_EQ(eval_test(rs(), "shooting_to_hit", shot("3", "sling", "9", false)).dice_count, 20);
  EXPECT_EQ(eval_test(rs(), "shooting_to_hit", shot("3", "sling", "10", false)).dice_count, 10);
  EXPECT_EQ(eval_test(rs(), "shooting_to_hit", shot("3", "sling", "9", true)).dice_count, 10);
  const Givens crossbow =
      with(shot("3", "crossbow", "10", true), {{"shot.in_fire_arc", "true"},
                                               {"shot.wood_inches_crossed", "0"},
                                               {"self.marching", "false"},
                                               {"self.reformed", "false"}});
  EXPECT_EQ(eval_action(rs(), "shoot", crossbow), Verdict::forbidden);
  EXPECT_EQ(eval_action(rs(), "shoot", with(crossbow, {{"self.moved", "false"}})),
            Verdict::allowed);
}

// § Résultat pour toucher (close combat): WS 3 against WS 7 needs 5, WS 0
// (10) against WS 1 needs 3, WS 1 against WS 2 needs 4; "Un 6 est
// nécessaire pour toucher un troupe derrière un obstacle".
TEST_F(Wab, WeaponSkillChartAndObstacle) {
  const Givens base = {{"self.attack_dice", "4"},           {"self.special", ""},
                       {"self.type", "infantry"},           {"target.behind", "no_obstacle"},
                       {"target.charged_striker", "false"}, {"target.skirmishers", "false"},
                       {"combat.first_round", "false"}};
  auto needed = [&](const std::string& ws, const std::string& enemy_ws, const Givens& more = {}) {
    return eval_test(
               rs(), "close_combat_to_hit",
               with(with(base, {{"self.weapon_skill", ws}, {"target.weapon_skill", enemy_ws}}),
                    more))
        .needed;
  };
  EXPECT_EQ(needed("3", "7"), 5);
  EXPECT_EQ(needed("10", "1"), 3);
  EXPECT_EQ(needed("1", "2"), 4);
  EXPECT_EQ(needed("10", "1", {{"target.behind", "other_obstacle"}}), 6);
  // A unit that charged across the obstacle is not sheltered by it (switch
  // obstacle_sides, default defended_side), unless both sides are read.
  EXPECT_EQ(
      needed("10", "1", {{"target.behind", "other_obstacle"}, {"target.charged_striker", "true"}}),
      3);
  EXPECT_EQ(needed("10", "1",
                   {{"target.behind", "other_obstacle"},
                    {"target.charged_striker", "true"},
                    {"obstacle_sides", "both_sides"}}),
            6);
  // "Un éléphant doit faire 6 pour toucher un tirailleur."
  EXPECT_EQ(needed("4", "3", {{"self.type", "elephants"}, {"target.skirmishers", "true"}}), 6);
}

// § Frénésie (Frenzy): "le nombre de leurs attaques multipliée par 2".
TEST_F(Wab, FrenzyDoublesAttacks) {
  const Givens g = {{"self.weapon_skill", "4"},       {"target.weapon_skill", "4"},
                    {"self.attack_dice", "6"},        {"self.special", "frenzy"},
                    {"self.frenzy_lost", "false"},    {"self.type", "infantry"},
                    {"target.behind", "no_obstacle"}, {"target.skirmishers", "false"},
                    {"combat.first_round", "false"},  {"self.fell_back_last_turn", "false"}};
  EXPECT_EQ(eval_test(rs(), "close_combat_to_hit", g).dice_count, 12);
  EXPECT_EQ(
      eval_test(rs(), "close_combat_to_hit", with(g, {{"self.frenzy_lost", "true"}})).dice_count,
      6);
}

// § Repli en Bon Ordre item 4 against § Frénésie's "doivent toujours
// charger": each reading of frenzy_after_fall_back gives one verdict.
TEST_F(Wab, FrenzyAfterAFallBackFollowsTheReading) {
  const Givens g = {{"self.special", "frenzy"},
                    {"self.frenzy_lost", "false"},
                    {"self.fell_back_last_turn", "true"},
                    {"self.enemy_in_charge_range", "true"},
                    {"self.failed_fear_test", "false"},
                    {"self.moved_this_phase", "false"},
                    {"move.turns", "0"},
                    {"move.at_start_of_move", "false"}};
  EXPECT_EQ(eval_action(rs(), "charge", g), Verdict::forbidden);
  EXPECT_EQ(eval_action(rs(), "charge", with(g, {{"frenzy_after_fall_back", "frenzy_wins"}})),
            Verdict::required);
  EXPECT_EQ(
      eval_action(rs(), "charge", with(g, {{"frenzy_after_fall_back", "fall_back_ends_frenzy"}})),
      Verdict::forbidden);
  EXPECT_EQ(eval_value(rs(), "frenzy_kept",
                       with(g, {{"frenzy_after_fall_back", "fall_back_ends_frenzy"}})),
            "false");
}

// § Phase 2 : Mouvement: the charges are declared before the other moves;
// § Troupes entraînées (Drilled): "Au début de leur mouvement elles peuvent
// tourner … Après ces manœuvres elles peuvent … charger".
TEST_F(Wab, ChargeAfterATurnOnlyForDrilledTroops) {
  const Givens g = {{"self.special", ""},
                    {"self.frenzy_lost", "false"},
                    {"self.fell_back_last_turn", "false"},
                    {"self.enemy_in_charge_range", "true"},
                    {"self.failed_fear_test", "false"},
                    {"self.moved_this_phase", "false"},
                    {"move.turns", "1"},
                    {"move.at_start_of_move", "true"}};
  EXPECT_EQ(eval_action(rs(), "charge", g), Verdict::forbidden);
  EXPECT_EQ(eval_action(rs(), "charge", with(g, {{"self.special", "drilled"}})), Verdict::allowed);
  EXPECT_EQ(eval_action(rs(), "charge",
                        with(g, {{"self.special", "drilled"}, {"self.moved_this_phase", "true"}})),
            Verdict::forbidden);
  EXPECT_EQ(eval_action(rs(), "charge", with(g, {{"move.turns", "0"}})), Verdict::allowed);
}

// § Jet de sauvegarde and § Modificateur de force: heavy armour and shield
// save on 4+; "Monté sur monture caparaçonnée (Barding) : +2"; Strength 5
// is -2.
TEST_F(Wab, SaveWithBardingAgainstStrengthFive) {
  const TestResult r = eval_test(rs(), "armour_save",
                                 {{"target.armour", "heavy_armour"},
                                  {"target.shield", "shield"},
                                  {"target.skirmishers", "false"},
                                  {"target.mount", "barded_horse"},
                                  {"save.in_close_combat", "true"},
                                  {"self.strength", "5"},
                                  {"save.wounds", "3"}});
  EXPECT_EQ(r.target, 4);
  EXPECT_EQ(r.modifier, 0);
  EXPECT_EQ(r.needed, 4);
  EXPECT_EQ(r.dice_count, 3);
}

// § Jet de sauvegarde: heavy armour and a large shield save on 3+, a barded
// mount adds 2. The `mod` a log writes is that +2 whatever the die does;
// under natural_one_fails the roll itself is capped at 2+ (+1).
TEST_F(Wab, SaveListedModifierIsTheSheetsSum) {
  const Givens g = {{"target.armour", "heavy_armour"},
                    {"target.shield", "large_shield"},
                    {"target.skirmishers", "false"},
                    {"target.mount", "barded_horse"},
                    {"save.in_close_combat", "true"},
                    {"self.strength", "3"},
                    {"save.wounds", "2"},
                    {"natural_one", "natural_one_fails"}};
  EXPECT_EQ(eval_value(rs(), "armour_save_listed_modifier", g), "2");
  const TestResult r = eval_test(rs(), "armour_save", g);
  EXPECT_EQ(r.target, 3);
  EXPECT_EQ(r.modifier, 1);
  EXPECT_EQ(r.needed, 2);
  EXPECT_EQ(
      eval_value(rs(), "armour_save_listed_modifier", with(g, {{"natural_one", "as_printed"}})),
      "2");
}

// § Table des armes de tirs: the crossbow (F 4, M -1) against light armour
// and shield (5+): 6 needed when M is the whole modifier (the default, switch
// weapon_save_modifier), 7 when M adds to the Strength modifier.
TEST_F(Wab, CrossbowSaveModifierBothReadings) {
  const Givens g = with(shot("3", "crossbow", "10", false), {{"target.armour", "light_armour"},
                                                             {"target.shield", "shield"},
                                                             {"target.mount", "on_foot"},
                                                             {"save.in_close_combat", "false"},
                                                             {"save.wounds", "1"}});
  EXPECT_EQ(eval_test(rs(), "armour_save", g).needed, 6);
  EXPECT_EQ(eval_test(rs(), "armour_save", with(g, {{"weapon_save_modifier", "adds_to_strength"}}))
                .needed,
            7);
}

// § Jet de sauvegarde: "Le Buckler compte comme bouclier uniquement au corps
// à corps": unarmoured, 6+ in close combat, no save against shooting.
TEST_F(Wab, BucklerOnlyInCloseCombat) {
  const Givens g = {{"target.armour", "no_armour"},
                    {"target.shield", "buckler"},
                    {"target.skirmishers", "false"},
                    {"save.in_close_combat", "true"}};
  EXPECT_EQ(eval_value(rs(), "armour_save_base", g), "6+");
  EXPECT_EQ(eval_value(rs(), "armour_save_allowed", with(g, {{"save.in_close_combat", "false"}})),
            "false");
}

// § Résultat du combat: 3 wounds, 6 ranks of 4 infantry (+3, the maximum), a
// standard (+1), flank (+1) and rear (+2) together, one light chariot (+1)
// and one heavy chariot (+2) destroyed: 13.
TEST_F(Wab, CombatResolutionTotal) {
  const Givens g =
      with(side("3", "6", "infantry"), {{"side.unit_standard", "true"},
                                        {"side.army_standard", "true"},
                                        {"side.flank_attack_by_5_plus_non_skirmishers", "true"},
                                        {"side.rear_attack", "true"},
                                        {"side.light_or_scythed_chariots_destroyed", "1"},
                                        {"side.heavy_chariots_destroyed", "1"}});
  EXPECT_EQ(eval_value(rs(), "combat_resolution", g), "13");
  EXPECT_EQ(eval_value(rs(), "combat_resolution", with(g, {{"standard_bonus_stacking", "each"}})),
            "14");
}

// § Résultat du combat: "+2 pour l'infanterie légère" at most; ranks lost
// when charged in the flank by 5 or more models.
TEST_F(Wab, RankBonusMaximaAndFlankCharge) {
  EXPECT_EQ(eval_value(rs(), "rank_bonus", side("0", "5", "light_infantry")), "2");
  EXPECT_EQ(eval_value(rs(), "rank_bonus", side("0", "3", "infantry")), "2");
  EXPECT_EQ(eval_value(rs(), "rank_bonus",
                       with(side("0", "5", "infantry"),
                            {{"side.charged_in_flank_or_rear_by_5_plus", "true"}})),
            "0");
}

// § Tests de Moral and § Haine (Hatred): Leadership 8 beaten by 1 tests on 7
// (switch break_test_margin, default), on 8 unmodified; Hatred on 10.
TEST_F(Wab, BreakTestTarget) {
  const Givens g = with(side("2", "1", "infantry"), {{"combat.opponent_resolution", "3"},
                                                     {"self.leadership", "8"},
                                                     {"self.special", ""},
                                                     {"enemy.hated", "false"}});
  EXPECT_EQ(eval_test(rs(), "break_test", g).needed, 7);
  EXPECT_EQ(eval_test(rs(), "break_test", with(g, {{"break_test_margin", "unmodified"}})).needed,
            8);
  EXPECT_EQ(
      eval_test(rs(), "break_test", with(g, {{"self.special", "hatred"}, {"enemy.hated", "true"}}))
          .needed,
      10);
}

// § Warbands: "ajoutent leur bonus de rang à leur leadership (maximum 10)",
// and none when skirmishing.
TEST_F(Wab, WarbandLeadershipCappedAtTen) {
  const Givens g = {{"self.leadership", "8"},
                    {"self.special", "warband"},
                    {"self.rank_bonus", "3"},
                    {"self.fleeing", "false"},
                    {"self.skirmishers", "false"}};
  EXPECT_EQ(eval_value(rs(), "leadership", g), "10");
  EXPECT_EQ(eval_value(rs(), "leadership", with(g, {{"self.rank_bonus", "1"}})), "9");
  EXPECT_EQ(eval_value(rs(), "leadership", with(g, {{"self.skirmishers", "true"}})), "8");
}

// § Phase 2 : Mouvement: "'Fuir' (2D6 pour M ≤ 6 / 3D6 pour M > 6), 'Tirer
// et Fuir' (1D6 pour M ≤ 6 / 2D6 pour M > 6)".
TEST_F(Wab, FleeDice) {
  EXPECT_EQ(
      eval_value(rs(), "flee_dice", {{"self.charge_response", "flee"}, {"self.movement", "6"}}),
      "2");
  EXPECT_EQ(
      eval_value(rs(), "flee_dice", {{"self.charge_response", "flee"}, {"self.movement", "7"}}),
      "3");
  EXPECT_EQ(eval_value(rs(), "flee_dice",
                       {{"self.charge_response", "fire_and_flee"}, {"self.movement", "6"}}),
            "1");
}

// § Panique: a friend fleeing within 4"; "Les unités 2 fois plus nombreuses
// que l'unité en fuite ne testent pas".
TEST_F(Wab, PanicFromFleeingFriend) {
  const Givens g = {{"panic.cause", "fleeing_friend_nearby"},
                    {"panic.distance", "4"},
                    {"panic.friend_models", "10"},
                    {"self.models", "20"},
                    {"self.special", ""},
                    {"panic.phase", "start_of_turn"}};
  EXPECT_EQ(eval_value(rs(), "panic_test_required", g), "false");
  EXPECT_EQ(eval_value(rs(), "panic_test_required", with(g, {{"self.models", "19"}})), "true");
  EXPECT_EQ(eval_value(rs(), "panic_test_required",
                       with(g, {{"self.models", "19"}, {"panic.distance", "5"}})),
            "false");
}

// § Marche: marching only "à plus de 8 pas (20cm) d'un ennemi au début du
// tour".
TEST_F(Wab, MarchForbiddenWithinEightInches) {
  const Givens g = {{"self.enemy_within_at_turn_start", "8"},
                    {"self.distance_to_enemy", "9"},
                    {"self.type", "infantry"},
                    {"self.column_width", "5"},
                    {"self.has_musician", "false"}};
  EXPECT_EQ(eval_action(rs(), "march", g), Verdict::forbidden);
  EXPECT_EQ(eval_action(rs(), "march", with(g, {{"self.enemy_within_at_turn_start", "9"}})),
            Verdict::allowed);
  EXPECT_EQ(eval_action(
                rs(), "march",
                with(g, {{"self.enemy_within_at_turn_start", "9"}, {"self.type", "war_machine"}})),
            Verdict::forbidden);
}

// § Raté d'allumage "3-4 Elle ne peut plus tirer ce tour et le prochain
// tour"; § Tirer sur un éléphant ou une machine "5-6 Equipage/Servant".
TEST_F(Wab, MisfireAndHitAllocationCharts) {
  EXPECT_EQ(eval_table(rs(), "misfire", "result", {{"roll", "3"}}), "no_fire_this_turn_and_next");
  EXPECT_EQ(eval_table(rs(), "misfire", "result", {{"roll", "2"}}), "machine_and_crew_destroyed");
  EXPECT_EQ(eval_table(rs(), "hit_allocation_elephant_machine", "hits", {{"roll", "5"}}), "crew");
  EXPECT_EQ(eval_table(rs(), "hit_allocation_elephant_machine", "hits", {{"roll", "4"}}),
            "beast_or_machine");
}

// § Modificateur de force: "Force 4 … 0 / Mod. -1 … -7"; below 4 nothing.
TEST_F(Wab, StrengthSaveModifier) {
  EXPECT_EQ(eval_table(rs(), "strength_save_modifier", "modifier", {{"strength", "3"}}), "0");
  EXPECT_EQ(eval_table(rs(), "strength_save_modifier", "modifier", {{"strength", "4"}}), "-1");
  EXPECT_EQ(eval_table(rs(), "strength_save_modifier", "modifier", {{"strength", "10"}}), "-7");
}

}  // namespace
}  // namespace umpire::rules
