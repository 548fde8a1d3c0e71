// Spot checks of corpus/rulesets/sabreur-hex.rules against its text,
// 002_87c3dc452f850204.txt: each expectation is a number or verdict read off
// the cited section, evaluated on a situation written as givens.
#include <gtest/gtest.h>

#include "tests/rules/test_support.hpp"

namespace umpire::rules {
namespace {

using Givens = std::map<std::string, std::string>;
using testing::eval_action;
using testing::eval_test;
using testing::eval_value;

class SabreurHex : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { loaded_ = testing::load_corpus("sabreur-hex").release(); }
  static void TearDownTestSuite() { delete loaded_; }
  void SetUp() override { ASSERT_TRUE(loaded_->rs.has_value()) << loaded_->messages(); }
  static const Ruleset& rs() { return *loaded_->rs; }
  static testing::Loaded* loaded_;
};
testing::Loaded* SabreurHex::loaded_ = nullptr;

using testing::with;

const Givens line_infantry_firing{{"self.type", "line_infantry"},
                                  {"self.formation", "line"},
                                  {"self.panicked", "false"},
                                  {"self.skills", ""},
                                  {"self.strength", "16"},
                                  {"self.quality", "ordinary"},
                                  {"self.hex_terrain", "open_ground"},
                                  {"fire.distance", "2"},
                                  {"fire.kind", "standard_fire"},
                                  {"fire.enfilade", "false"},
                                  {"enemy.formation", "line"},
                                  {"enemy.hex_terrain", "open_ground"}};

const Givens cavalry_charging{{"self.type", "heavy_cavalry"},
                              {"self.formation", "line"},
                              {"self.panicked", "false"},
                              {"self.skills", ""},
                              {"self.charging", "true"},
                              {"self.outflanked", "false"},
                              {"self.is_attack_target", "false"},
                              {"self.hex_terrain", "open_ground"},
                              {"combat.kind", "shock"},
                              {"charge.is_countercharge", "false"},
                              {"charge.path_open", "true"},
                              {"charge.distance_at_declaration", "4"},
                              {"combat.separating_hexside", "no_hexside_terrain"},
                              {"enemy.formation", "line"},
                              {"enemy.hex_terrain", "open_ground"}};

const Givens unit_testing_morale{{"self.type", "line_infantry"},
                                 {"self.formation", "line"},
                                 {"self.panicked", "false"},
                                 {"self.skills", ""},
                                 {"self.command_factor", "7"},
                                 {"self.hex_terrain", "open_ground"},
                                 {"self.charging", "false"},
                                 {"self.strength", "16"},
                                 {"self.quality", "ordinary"},
                                 {"self.outflanked", "false"},
                                 {"self.is_attack_target", "true"},
                                 {"self.reaction", "do_nothing"},
                                 {"enemy.skills", ""},
                                 {"morale.reason", "losses_taken"},
                                 {"self.next_to_elite_leader", "false"}};

TEST_F(SabreurHex, LoadsWithoutAnyDiagnostic) {
  EXPECT_EQ(loaded_->diags.diagnostics().size(), 0u) << loaded_->messages();
}

// § Sauvegarde, worked example: infantry in line at half range or less
// "lance 6 + 1 = 7 dés de tir".
TEST_F(SabreurHex, FireFactorOfTheWorkedExample) {
  EXPECT_EQ(eval_value(rs(), "fire_factor", line_infantry_firing), "7");
  // Beyond half the range of 4 hexes: no bonus.
  EXPECT_EQ(eval_value(rs(), "fire_factor", with(line_infantry_firing, {{"fire.distance", "3"}})),
            "6");
}

// § Précisions: infantry in a wood fires at most 3, even at half range.
TEST_F(SabreurHex, FireFactorCappedInAWood) {
  EXPECT_EQ(eval_value(
                rs(), "fire_factor",
                with(line_infantry_firing, {{"self.hex_terrain", "wood"}, {"fire.distance", "1"}})),
            "3");
}

// § Précisions: -2 at the demoralisation threshold (10 for line infantry).
TEST_F(SabreurHex, FireFactorAtTheThreshold) {
  EXPECT_EQ(
      eval_value(rs(), "fire_factor",
                 with(line_infantry_firing, {{"self.strength", "10"}, {"fire.distance", "3"}})),
      "4");
}

// § Précisions: artillery defensive fire +4; artillery in a village at most 1.
TEST_F(SabreurHex, ArtilleryDefensiveFireAndItsLimit) {
  const Givens battery = with(line_infantry_firing, {{"self.type", "heavy_foot_battery"},
                                                     {"self.strength", "5"},
                                                     {"fire.distance", "8"},
                                                     {"fire.kind", "defensive_fire_kind"}});
  EXPECT_EQ(eval_value(rs(), "fire_factor", battery), "9");  // 5 + 4; 8 > 10 / 2
  EXPECT_EQ(eval_value(rs(), "fire_factor", with(battery, {{"self.hex_terrain", "village"}})), "1");
}

// § FACTEURS DES UNITES ("cuirassier" 5) and § Précisions (doubled when
// charging in open ground from 3 hexes or more).
TEST_F(SabreurHex, CuirassierChargeIsDoubled) {
  EXPECT_EQ(
      eval_value(rs(), "combat_factor", with(cavalry_charging, {{"self.skills", "cuirassier"}})),
      "10");
  // Declared from 2 hexes: no doubling.
  EXPECT_EQ(eval_value(rs(), "combat_factor",
                       with(cavalry_charging, {{"self.skills", "cuirassier"},
                                               {"charge.distance_at_declaration", "2"}})),
            "5");
}

// § Précisions: no doubling against a square.
TEST_F(SabreurHex, NoDoublingAgainstASquare) {
  EXPECT_EQ(
      eval_value(rs(), "combat_factor", with(cavalry_charging, {{"enemy.formation", "square"}})),
      "4");
}

// § Les compétences: "lancier" fights at 3 when charging, 2 otherwise.
TEST_F(SabreurHex, LancerCombatFactor) {
  const Givens lancers =
      with(cavalry_charging, {{"self.type", "light_cavalry"}, {"self.skills", "lancer"}});
  EXPECT_EQ(eval_value(rs(), "combat_factor", lancers), "6");  // 3 doubled
  EXPECT_EQ(eval_value(rs(), "combat_factor",
                       with(lancers, {{"self.charging", "false"},
                                      {"combat.kind", "melee"},
                                      {"self.outflanked_at_assault_declaration", "false"}})),
            "2");
}

// § Précisions: the charged unit's factor loses the losses of the charge;
// the switch reductions_and_limits places that before or after the wood's 3.
TEST_F(SabreurHex, ChargeProcedureLossesAgainstTheWoodLimit) {
  const Givens charged{{"self.type", "line_infantry"},
                       {"self.formation", "line"},
                       {"self.panicked", "false"},
                       {"self.skills", ""},
                       {"self.charging", "false"},
                       {"self.outflanked", "false"},
                       {"self.is_attack_target", "true"},
                       {"self.hex_terrain", "wood"},
                       {"combat.kind", "shock"},
                       {"charge.procedure_losses", "2"},
                       {"enemy.hex_terrain", "open_ground"}};
  EXPECT_EQ(eval_value(rs(), "combat_factor", charged), "3");  // min(6 - 2, 3)
  EXPECT_EQ(
      eval_value(rs(), "combat_factor", with(charged, {{"reductions_and_limits", "limits_first"}})),
      "1");  // min(6, 3) - 2
}

// § Précisions: a panicked unit's factor is always nil.
TEST_F(SabreurHex, PanickedCombatFactorIsNil) {
  EXPECT_EQ(
      eval_value(rs(), "combat_factor",
                 with(cavalry_charging, {{"self.panicked", "true"}, {"self.formation", "horde"}})),
      "0");
}

// § Unités débordées vs § Précisions (switch outflanked_cap_scope): an
// outflanked unit in a wood is capped at 1, or only by the wood's 3.
TEST_F(SabreurHex, OutflankedInAWood) {
  const Givens outflanked{{"self.type", "line_infantry"},     {"self.formation", "line"},
                          {"self.panicked", "false"},         {"self.skills", ""},
                          {"self.charging", "false"},         {"self.outflanked", "true"},
                          {"self.is_attack_target", "false"}, {"self.hex_terrain", "wood"},
                          {"combat.kind", "melee"},           {"enemy.hex_terrain", "open_ground"}};
  EXPECT_EQ(eval_value(rs(), "combat_factor", outflanked), "3");
  EXPECT_EQ(
      eval_value(rs(), "combat_factor", with(outflanked, {{"outflanked_cap_scope", "everywhere"}})),
      "1");
}

// § Test moral: the dice by quality and for an extended line reacting.
TEST_F(SabreurHex, MoraleDice) {
  EXPECT_EQ(eval_value(rs(), "morale_dice_used", unit_testing_morale), "two_d6");
  EXPECT_EQ(
      eval_value(rs(), "morale_dice_used", with(unit_testing_morale, {{"self.quality", "elite"}})),
      "three_d6_drop_highest");
  EXPECT_EQ(eval_value(rs(), "morale_dice_used",
                       with(unit_testing_morale, {{"self.quality", "recruit"}})),
            "three_d6_drop_lowest");
  EXPECT_EQ(eval_value(rs(), "morale_dice_used",
                       with(unit_testing_morale, {{"self.next_to_elite_leader", "true"}})),
            "three_d6_drop_highest");
  EXPECT_EQ(eval_value(rs(), "morale_dice_used",
                       with(unit_testing_morale, {{"self.quality", "elite"},
                                                  {"self.formation", "extended_line"},
                                                  {"morale.reason", "charge_reaction"}})),
            "three_d6_drop_lowest");
}

// § Test moral: charged by lancers, non-dense: Cd 7 - 2 - 3 = 2 on 2D6.
TEST_F(SabreurHex, MoraleTargetChargedByLancers) {
  const TestResult r = eval_test(rs(), "morale_test_2d6",
                                 with(unit_testing_morale, {{"enemy.skills", "lancer"},
                                                            {"morale.reason", "charge_reaction"}}));
  EXPECT_EQ(r.needed, 2);
  EXPECT_FALSE(r.at_least);
}

// § Test moral: +3 in a village, -2 at the threshold; Recruit 3D6 drop lowest
// needs 7 or less: 23 chances in 72.
TEST_F(SabreurHex, RecruitInAVillageAtTheThreshold) {
  const TestResult r = eval_test(rs(), "morale_test_drop_lowest",
                                 with(unit_testing_morale, {{"self.command_factor", "6"},
                                                            {"self.hex_terrain", "village"},
                                                            {"self.strength", "8"},
                                                            {"self.quality", "recruit"}}));
  EXPECT_EQ(r.needed, 7);
  ASSERT_TRUE(r.probability.has_value());
  EXPECT_EQ(*r.probability, dice::Probability(23, 72));
}

// § Test moral: a panicked unit fails every test but the rally test.
TEST_F(SabreurHex, PanickedUnitFailsItsTests) {
  const Givens panicked =
      with(unit_testing_morale, {{"self.panicked", "true"}, {"self.formation", "horde"}});
  EXPECT_EQ(eval_value(rs(), "modified_command_factor", panicked), "0");
  EXPECT_EQ(eval_value(rs(), "modified_command_factor",
                       with(panicked, {{"morale.reason", "rally_attempt"}})),
            "7");
}

// § Détermination des points d'ordre: at 2200 PA, 2 D6 - 4 with a 3 is -1,
// "ramené à 2"; at 800 PA, 1 D3 - 1 with a D6 of 3 (D3 = 2) is 1.
TEST_F(SabreurHex, OrderPointsByArmySize) {
  EXPECT_EQ(
      eval_value(
          rs(), "order_points",
          {{"army.points", "2200"}, {"order.formula", "two_d6_formula"}, {"order.two_d6", "3"}}),
      "2");
  EXPECT_EQ(
      eval_value(rs(), "order_points",
                 {{"army.points", "800"}, {"order.formula", "d3_formula"}, {"order.d6", "3"}}),
      "1");
  EXPECT_EQ(
      eval_value(rs(), "order_points",
                 {{"army.points", "1800"}, {"order.formula", "d3_formula"}, {"order.d6", "6"}}),
      "4");  // § Points d'ordre: D3 + 1
  EXPECT_EQ(eval_action(rs(), "choose_two_d6_order_points", {{"army.points", "1800"}}),
            Verdict::forbidden);
}

// § Points d'ordre: two cavalry units cost 2 PO with an enemy within 6
// hexes, 1 if all have "grande charge" (the example) or the enemy is far.
TEST_F(SabreurHex, GroupActivationCost) {
  const Givens group{{"group.cavalry_count", "2"},
                     {"group.all_cavalry_grand_charge", "false"},
                     {"group.artillery_count", "0"},
                     {"group.all_artillery_grand_battery", "false"},
                     {"group.irregular_count", "0"},
                     {"group.recruit_count", "0"},
                     {"group.linear_order_column_count", "0"},
                     {"group.panicked_count", "0"},
                     {"group.nearest_enemy_distance", "5"}};
  EXPECT_EQ(eval_value(rs(), "group_order_points", group), "2");
  EXPECT_EQ(eval_value(rs(), "group_order_points",
                       with(group, {{"group.all_cavalry_grand_charge", "true"}})),
            "1");
  EXPECT_EQ(
      eval_value(rs(), "group_order_points", with(group, {{"group.nearest_enemy_distance", "8"}})),
      "1");
  // The example's panicked group costs 2 even with "grande charge".
  EXPECT_EQ(eval_value(rs(), "group_order_points",
                       with(group, {{"group.all_cavalry_grand_charge", "true"},
                                    {"group.panicked_count", "3"}})),
            "2");
}

// § Force des unités (10), § Qualité (Elite -1), § Les compétences (suite)
// ("gros bataillon" +2, "irrégulier" +1) and § Les compétences ("tenace" -2).
TEST_F(SabreurHex, DemoralisationThreshold) {
  EXPECT_EQ(eval_value(rs(), "demoralisation_threshold",
                       {{"self.type", "line_infantry"},
                        {"self.quality", "elite"},
                        {"self.skills", "large_battalion"}}),
            "11");
  EXPECT_EQ(eval_value(rs(), "demoralisation_threshold",
                       {{"self.type", "line_infantry"},
                        {"self.quality", "ordinary"},
                        {"self.skills", "tenacious,irregular"}}),
            "9");
}

// § Sauvegarde: "ordre linéaire" in line saves fire on 3+; at the threshold
// 5+; both at once: 4+.
TEST_F(SabreurHex, SaveScore) {
  const Givens g{{"self.type", "line_infantry"}, {"self.quality", "ordinary"},
                 {"self.formation", "line"},     {"self.skills", "linear_order"},
                 {"self.strength", "15"},        {"losses.cause", "fire_losses"},
                 {"losses.count", "3"}};
  EXPECT_EQ(eval_test(rs(), "save_roll", g).needed, 3);
  EXPECT_EQ(
      eval_test(rs(), "save_roll", with(g, {{"self.skills", ""}, {"self.strength", "8"}})).needed,
      5);
  EXPECT_EQ(eval_test(rs(), "save_roll", with(g, {{"self.strength", "8"}})).needed, 4);
}

// § Sauvegarde: a square saves against cavalry, never against lancers; a
// panicked unit never saves.
TEST_F(SabreurHex, SquareSavesExceptAgainstLancers) {
  const Givens g{{"self.panicked", "false"},
                 {"self.type", "line_infantry"},
                 {"self.skills", ""},
                 {"self.formation", "square"},
                 {"self.hex_terrain", "open_ground"},
                 {"self.higher_than_enemy", "false"},
                 {"losses.cause", "shock_losses"},
                 {"losses.by_artillery_fire", "false"},
                 {"losses.self_strength_before", "10"},
                 {"losses.enemy_strength_before", "6"},
                 {"combat.separating_hexside", "no_hexside_terrain"},
                 {"enemy.type", "light_cavalry"},
                 {"enemy.skills", ""},
                 {"self.outflanked", "false"}};
  EXPECT_EQ(eval_action(rs(), "save", g), Verdict::allowed);
  EXPECT_EQ(eval_action(rs(), "save", with(g, {{"enemy.skills", "lancer"}})), Verdict::forbidden);
  EXPECT_EQ(eval_action(rs(), "save", with(g, {{"self.panicked", "true"}})), Verdict::forbidden);
}

// § Actions des unités paniquées: a panicked unit may flee, never charge.
TEST_F(SabreurHex, PanickedUnitActions) {
  const Givens g{{"self.panicked", "true"},           {"self.type", "heavy_cavalry"},
                 {"self.formation", "horde"},         {"self.skills", ""},
                 {"self.engages_enemy", "false"},     {"self.engaged_by_enemy", "false"},
                 {"self.engaged_from_rear", "false"}, {"charge.target_distance", "2"}};
  EXPECT_EQ(eval_action(rs(), "charge", g), Verdict::forbidden);
  EXPECT_EQ(eval_action(rs(), "flee", g), Verdict::allowed);
}

// § Réactions face à une charge: a square only from 3 hexes; a closed column
// ("gros bataillon") from nearer (switch closed_column_reaction).
TEST_F(SabreurHex, SquareAndClosedColumnReactions) {
  const Givens g{{"self.type", "line_infantry"},
                 {"self.formation", "line"},
                 {"self.skills", ""},
                 {"self.is_attack_target", "true"},
                 {"charge.charger_is_cavalry", "true"},
                 {"charge.distance_at_declaration", "2"},
                 {"charge.target_engaged_at_declaration", "false"}};
  EXPECT_EQ(eval_action(rs(), "form_square", g), Verdict::forbidden);
  EXPECT_EQ(eval_action(rs(), "form_square", with(g, {{"charge.distance_at_declaration", "3"}})),
            Verdict::allowed);
  const Givens column = with(g, {{"self.formation", "column"},
                                 {"self.skills", "large_battalion"},
                                 {"charge.distance_at_declaration", "1"}});
  EXPECT_EQ(eval_action(rs(), "form_closed_column", column), Verdict::allowed);
  EXPECT_EQ(eval_action(rs(), "form_closed_column", with(column, {{"self.skills", ""}})),
            Verdict::forbidden);
  EXPECT_EQ(eval_action(rs(), "form_closed_column",
                        with(column, {{"closed_column_reaction", "from_two_hexes"}})),
            Verdict::forbidden);
}

// § Le tir: "un carré ne tire qu'une fois par tour": in the enemy's turn a
// square fires only defensively, so once (square_one_defensive_fire).
TEST_F(SabreurHex, ASquareFiresDefensivelyOnceATurn) {
  const Givens g{{"self.type", "line_infantry"},
                 {"self.formation", "square"},
                 {"self.skills", ""},
                 {"self.panicked", "false"},
                 {"self.is_attack_target", "true"},
                 {"self.defensive_fires_this_turn", "0"},
                 {"charge.charger_is_cavalry", "true"},
                 {"charge.distance_at_declaration", "3"},
                 {"charge.target_engaged_at_declaration", "false"},
                 {"charge.reacting_units", "0"}};
  EXPECT_EQ(eval_action(rs(), "defensive_fire", g), Verdict::allowed);
  EXPECT_EQ(eval_action(rs(), "defensive_fire", with(g, {{"self.defensive_fires_this_turn", "1"}})),
            Verdict::forbidden);
  EXPECT_EQ(
      eval_action(rs(), "defensive_fire",
                  with(g, {{"self.defensive_fires_this_turn", "1"}, {"self.formation", "line"}})),
      Verdict::allowed);
}

// § Manœuvres: pursuit 1 D6 + 2 for light cavalry, 1 D3 for infantry in
// column; flight 1 D6 + 2 for cavalry.
TEST_F(SabreurHex, PursuitAndFlightDistances) {
  EXPECT_EQ(
      eval_value(rs(), "pursuit_distance",
                 {{"self.type", "light_cavalry"}, {"self.formation", "line"}, {"pursuit.d6", "3"}}),
      "5");
  EXPECT_EQ(
      eval_value(
          rs(), "pursuit_distance",
          {{"self.type", "line_infantry"}, {"self.formation", "column"}, {"pursuit.d6", "5"}}),
      "3");
  EXPECT_EQ(eval_value(rs(), "flee_distance", {{"self.type", "medium_cavalry"}, {"flee.d6", "4"}}),
            "6");
}

// § Les compétences / (suite): cost per strength point and who may take it.
TEST_F(SabreurHex, SkillCostsAndHolders) {
  const auto check = [&](const char* skill, const char* type, std::int64_t cost, bool allowed) {
    const auto ref = rs().find(skill);
    ASSERT_TRUE(ref && ref->kind == ItemKind::skill) << skill;
    const Situation s = testing::situation(rs(), {{"self.type", type}});
    Evaluator ev(rs(), s);
    EXPECT_EQ(ev.skill_cost(ref->index), cost) << skill;
    EXPECT_EQ(ev.skill_allowed(ref->index), allowed) << skill << " on " << type;
  };
  check("cuirassier", "heavy_cavalry", 3, true);
  check("cuirassier", "medium_cavalry", 3, false);
  check("harassment", "light_cavalry", -1, true);
  check("bombard", "medium_foot_battery", -2, true);
  check("grand_battery", "light_horse_battery", 3, true);
  check("tactical_sense", "regimental_gun", 2, true);
}

// § Coût du commandement: a Recruit's Cd 8 costs +2 PA per strength point
// (line infantry 6 + 2); an Elite cannot have Cd 6.
TEST_F(SabreurHex, CommandFactorCost) {
  EXPECT_EQ(eval_value(rs(), "base_cost_per_strength_point",
                       {{"self.type", "line_infantry"},
                        {"self.quality", "recruit"},
                        {"self.command_factor", "8"}}),
            "8");
  EXPECT_EQ(eval_action(rs(), "muster_unit",
                        {{"self.type", "line_infantry"},
                         {"self.quality", "elite"},
                         {"self.command_factor", "6"},
                         {"self.initial_strength", "16"},
                         {"self.skills", ""},
                         {"army.elite_units", "0"},
                         {"army.points", "1500"}}),
            Verdict::forbidden);
}

// § Qualité des unités: 2 Elite units per complete 1500 PA.
TEST_F(SabreurHex, EliteUnitsPer1500Points) {
  EXPECT_EQ(eval_value(rs(), "max_elite_units", {{"army.points", "2999"}}), "2");
  EXPECT_EQ(eval_value(rs(), "max_elite_units", {{"army.points", "3000"}}), "4");
}

}  // namespace
}  // namespace umpire::rules
