// Each file of tests/verify/defects/ plants one defect: the verifier must
// find it, in the right category, naming the right items, with a witness
// that the evaluator reproduces here, independently of the verifier's own
// re-check. clean.rules must give nothing above a note.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>

#include "tests/verify/verify_support.hpp"

namespace umpire::verify {
namespace {

using namespace umpire::rules;
using testing::dump;
using testing::names;
using testing::of_category;
using testing::witness_situation;

using testing::Verified;
using testing::verify_defect;

// The one finding of `c` naming every item of `items`; fails the test when
// there is none.
const Finding* find(const Verified& r, Category c, const std::vector<std::string>& items) {
  for (const Finding* f : of_category(r.report, c)) {
    bool all = true;
    for (const std::string& i : items) all = all && names(*f, i);
    if (all) return f;
  }
  ADD_FAILURE() << "no " << to_string(c) << " finding naming "
                << fmt::format("{}", fmt::join(items, ", ")) << " in:\n"
                << dump(r.report);
  return nullptr;
}

void no_internal_errors(const Verified& r) {
  EXPECT_TRUE(of_category(r.report, Category::internal_error).empty()) << dump(r.report);
}

TEST(Defects, TableGapHasAWitnessWhereTheLookupFails) {
  const Verified r = verify_defect("gap");
  no_internal_errors(r);
  const Finding* f = find(r, Category::table_gap, {"outcome", "result_chart"});
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->severity, Severity::error);
  const Situation s = witness_situation(r.rs(), f->witness);
  Evaluator ev(r.rs(), s);
  EXPECT_FALSE(ev.value(testing::index_of(r.rs(), "outcome", ItemKind::value)));
  ASSERT_TRUE(ev.error());
  EXPECT_TRUE(id_of(ev.error()->id) == "rules.eval.out-of-range" ||
              id_of(ev.error()->id) == "rules.eval.no-row")
      << id_of(ev.error()->id);
}

TEST(Defects, APartialTablesHoleIsThePartAGameReaches) {
  const Verified r = verify_defect("partial_range");
  no_internal_errors(r);
  const Finding* f = find(r, Category::gap, {"order_points_by_size"});
  ASSERT_NE(f, nullptr) << dump(r.report);
  EXPECT_NE(f->message.find("army_points = 100..500"), std::string::npos) << f->message;
  const bool above = std::any_of(
      f->instances.begin(), f->instances.end(),
      [](const std::string& i) { return i.find("army_points = 2001..5000") != std::string::npos; });
  EXPECT_TRUE(above) << dump(r.report);
}

TEST(Defects, RangeBreachNamesTheStackAndBothBonuses) {
  const Verified r = verify_defect("cap_breach");
  no_internal_errors(r);
  const Finding* f = find(r, Category::range_breach, {"combat_mods"});
  ASSERT_NE(f, nullptr);
  const Situation s = witness_situation(r.rs(), f->witness);
  Evaluator ev(r.rs(), s);
  EXPECT_FALSE(ev.apply_stack(testing::index_of(r.rs(), "combat_mods", ItemKind::stack), 2));
  ASSERT_TRUE(ev.error());
  EXPECT_EQ(id_of(ev.error()->id), "rules.eval.out-of-range");
}

TEST(Defects, ImpossibleTestNeedsMoreThanTheDieCanRoll) {
  const Verified r = verify_defect("impossible_test");
  no_internal_errors(r);
  const Finding* f = find(r, Category::impossible_test, {"to_hit"});
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->severity, Severity::warning);
  EXPECT_FALSE(f->probability.empty());
  const Situation s = witness_situation(r.rs(), f->witness);
  Evaluator ev(r.rs(), s);
  auto t = ev.test(testing::index_of(r.rs(), "to_hit", ItemKind::test));
  ASSERT_TRUE(t);
  EXPECT_GT(t->needed, 6);
  ASSERT_TRUE(t->probability);
  EXPECT_EQ(*t->probability, 0);
}

TEST(Defects, RefutedInvariantIsFalseOnTheWitness) {
  const Verified r = verify_defect("invariant");
  no_internal_errors(r);
  const Finding* f = find(r, Category::invariant_refuted, {"cover_at_most_3"});
  ASSERT_NE(f, nullptr);
  const Situation s = witness_situation(r.rs(), f->witness);
  Evaluator ev(r.rs(), s);
  auto holds = ev.invariant(testing::index_of(r.rs(), "cover_at_most_3", ItemKind::invariant));
  ASSERT_TRUE(holds);
  EXPECT_FALSE(*holds);
}

TEST(Defects, MustThatACannotForbidsIsAnImpossibleObligation) {
  const Verified r = verify_defect("contradiction");
  no_internal_errors(r);
  const Finding* f = find(r, Category::impossible_obligation,
                          {"frenzied_must_charge", "disordered_cannot_charge"});
  ASSERT_NE(f, nullptr);
  const Situation s = witness_situation(r.rs(), f->witness);
  Evaluator ev(r.rs(), s);
  const Ruleset& rs = r.rs();
  auto verdict = ev.action(*rs.domains[*rs.action_domain].find("charge"));
  ASSERT_TRUE(verdict);
  EXPECT_EQ(verdict->verdict, Verdict::conflict);
}

TEST(Defects, TwoSetsInOneStageAreAPrecedenceQuestion) {
  const Verified r = verify_defect("two_values");
  no_internal_errors(r);
  const Finding* f = find(r, Category::precedence, {"morale_mods.panic", "morale_mods.rout"});
  ASSERT_NE(f, nullptr);
  const Situation s = witness_situation(r.rs(), f->witness);
  const Ruleset& rs = r.rs();
  const Stage& stage =
      rs.stacks[testing::index_of(rs, "morale_mods", ItemKind::stack)].stages.at(0);
  Evaluator ev(rs, s);
  for (const Entry& e : stage.entries) {
    auto when = ev.eval(*e.when);
    ASSERT_TRUE(when);
    EXPECT_EQ(when->number, 1) << e.name << " does not apply on the witness";
  }
}

TEST(Defects, DeadEntryNeverAppliesInAnySituation) {
  const Verified r = verify_defect("dead_rule");
  no_internal_errors(r);
  const Finding* f = find(r, Category::dead_rule, {"move_mods.impossible_drill"});
  ASSERT_NE(f, nullptr);
  for (const Finding* g : of_category(r.report, Category::dead_rule)) {
    EXPECT_FALSE(names(*g, "move_mods.column_march")) << "the live entry is reported dead";
  }
  // The proof, checked by brute force: every formation and charge state.
  const Ruleset& rs = r.rs();
  const std::uint32_t formation = testing::index_of(rs, "unit.formation", ItemKind::given);
  const std::uint32_t charging = testing::index_of(rs, "charging", ItemKind::given);
  const Stack& st = rs.stacks[testing::index_of(rs, "move_mods", ItemKind::stack)];
  const std::size_t formations = rs.domains[rs.givens[formation].type.ref].values.size();
  int live = 0;
  for (std::uint32_t v = 0; v < formations; ++v) {
    for (bool c : {false, true}) {
      Situation s(rs);
      ASSERT_FALSE(s.set(formation, Val::enumeration(v)));
      ASSERT_FALSE(s.set(charging, Val::boolean(c)));
      Evaluator ev(rs, s);
      auto dead = ev.eval(*st.stages[0].entries[1].when);
      auto alive = ev.eval(*st.stages[0].entries[0].when);
      ASSERT_TRUE(dead && alive);
      EXPECT_EQ(dead->number, 0);
      live += static_cast<int>(alive->number);
    }
  }
  EXPECT_GT(live, 0);
}

TEST(Defects, ASkillOverriddenByEitherOfTwoIsOneCauseListingBoth) {
  const Verified r = verify_defect("skill_redundant");
  no_internal_errors(r);
  std::size_t about_drilled = 0;
  const Finding* lead = nullptr;
  for (const Finding* f : of_category(r.report, Category::skill_interaction)) {
    if (f->message.find("'drilled' changes nothing") == std::string::npos) continue;
    ++about_drilled;
    lead = f;
  }
  ASSERT_EQ(about_drilled, 1U) << dump(r.report);
  EXPECT_NE(lead->action.find("'berserk' or 'frenzied'"), std::string::npos) << lead->action;
  const bool lists_other =
      std::any_of(lead->instances.begin(), lead->instances.end(), [](const std::string& i) {
        return i.find("same cause") != std::string::npos && i.find("drilled") != std::string::npos;
      });
  EXPECT_TRUE(lists_other) << dump(r.report);
}

TEST(Defects, SkillOverriddenByAnotherIsReportedAndReproduced) {
  const Verified r = verify_defect("skill_clash");
  no_internal_errors(r);
  const Finding* f = find(r, Category::skill_interaction, {"drilled", "berserk"});
  ASSERT_NE(f, nullptr);
  EXPECT_NE(f->message.find("'drilled' changes nothing"), std::string::npos) << f->message;
  const Ruleset& rs = r.rs();
  const std::uint32_t skills = testing::index_of(rs, "self.skills", ItemKind::given);
  const std::uint32_t stack = testing::index_of(rs, "attack_mods", ItemKind::stack);
  const Situation both = witness_situation(rs, f->witness);
  ASSERT_TRUE(both.given(skills));
  const std::uint64_t bits = both.given(skills)->bits;
  EXPECT_EQ(bits, 3u) << "the witness unit holds both skills";
  auto attack = [&](std::uint64_t held) {
    Situation s(rs);
    EXPECT_FALSE(s.set(skills, Val::set(held)));
    Evaluator ev(rs, s);
    return ev.apply_stack(stack, 3);
  };
  const std::uint64_t drilled = std::uint64_t{1}
                                << *rs.domains[rs.givens[skills].type.ref].find("drilled");
  EXPECT_EQ(attack(bits), attack(bits & ~drilled));  // drilled buys nothing next to berserk
  EXPECT_NE(attack(drilled), attack(0));             // but it matters alone
}

TEST(Defects, ClashNewAtThreeSkillsIsATripleAndNoPair) {
  const Verified r = verify_defect("skill_triple");
  no_internal_errors(r);
  const Finding* f = find(r, Category::skill_interaction, {"zealous", "pious", "sworn"});
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->severity, Severity::error);
  // No pair is reported: the clash needs all three.
  for (const Finding* g : of_category(r.report, Category::skill_interaction)) {
    EXPECT_EQ(g->items.size(), 3U) << g->id << ": " << g->message;
  }
  // The evaluator: a conflict with the three, none with any two.
  const Ruleset& rs = r.rs();
  const std::uint32_t skills = testing::index_of(rs, "self.skills", ItemKind::given);
  const auto& names = rs.domains[rs.givens[skills].type.ref];
  const std::uint32_t charge = *rs.domains[*rs.action_domain].find("charge");
  auto verdict = [&](std::uint64_t held) {
    Situation s(rs);
    EXPECT_FALSE(s.set(skills, Val::set(held)));
    Evaluator ev(rs, s);
    auto out = ev.action(charge);
    EXPECT_TRUE(out);
    return out ? out->verdict : Verdict::allowed;
  };
  const std::uint64_t z = std::uint64_t{1} << *names.find("zealous"),
                      p = std::uint64_t{1} << *names.find("pious"),
                      w = std::uint64_t{1} << *names.find("sworn");
  EXPECT_EQ(verdict(z | p | w), Verdict::conflict);
  EXPECT_NE(verdict(z | p), Verdict::conflict);
  EXPECT_NE(verdict(z | w), Verdict::conflict);
  EXPECT_NE(verdict(p | w), Verdict::conflict);
  EXPECT_EQ(testing::witness_situation(rs, f->witness).given(skills)->bits, z | p | w);
}

TEST(Defects, ABaseRuleTheVariantsListsLeaveWithoutACaseIsItsScopeNotADeadRule) {
  const Verified r = verify_defect("scope");
  no_internal_errors(r);
  // The base's chariot bonus: only the variant's assumption excludes it.
  for (const Finding* f : of_category(r.report, Category::dead_rule)) {
    EXPECT_FALSE(names(*f, "attack_mods.chariot_charge")) << dump(r.report);
  }
  // The variant's own lance bonus, excluded by the variant's own
  // assumption: a dead rule, and the assumption is named as its reason.
  const Finding* own = find(r, Category::dead_rule, {"attack_mods.lance_charge"});
  ASSERT_NE(own, nullptr) << dump(r.report);
  EXPECT_NE(own->explanation.find("assumption 'cavalry_never_charges'"), std::string::npos)
      << own->explanation;
}

TEST(Defects, UndeclaredOverrideIsADifferenceAndADrift) {
  const Verified r = verify_defect("drift");
  no_internal_errors(r);
  // The undeclared difference and the drift it causes are one cause: the
  // drift (with its witness) leads, the difference is listed in it.
  const Finding* f = find(r, Category::variant_drift, {"attack_dice"});
  ASSERT_NE(f, nullptr);
  const bool lists_difference =
      std::any_of(f->instances.begin(), f->instances.end(), [](const std::string& i) {
        return i.find("variant-difference:drift:attack_dice:override") != std::string::npos;
      });
  EXPECT_TRUE(lists_difference) << dump(r.report);
  const Ruleset& rs = r.rs();
  const Ruleset& base = *r.loaded->base;
  const Situation sv = witness_situation(rs, f->witness);
  const Situation sb = witness_situation(base, f->witness);
  Evaluator ev(rs, sv), eb(base, sb);
  auto v = ev.value(testing::index_of(rs, "attack_dice", ItemKind::value));
  auto b = eb.value(testing::index_of(base, "attack_dice", ItemKind::value));
  ASSERT_TRUE(v && b);
  EXPECT_NE(v->number, b->number);
}

TEST(Defects, AChangeOneReadingOfTheVariantsSwitchUndoesIsThatAmbiguity) {
  const Verified r = verify_defect("drift_switch");
  no_internal_errors(r);
  // Under 'as_base' the variant gives the base's dice: the difference is the
  // switch's ambiguity, reported once, with no drift and no difference.
  EXPECT_NE(find(r, Category::ambiguity, {"charge_dice_reading"}), nullptr) << dump(r.report);
  EXPECT_TRUE(of_category(r.report, Category::variant_drift).empty()) << dump(r.report);
  EXPECT_TRUE(of_category(r.report, Category::variant_difference).empty()) << dump(r.report);
  const bool proved =
      std::any_of(r.report.proofs.begin(), r.report.proofs.end(), [](const Proof& p) {
        return p.what.find("'attack_dice' differs from base 'drift_base'") != std::string::npos &&
               p.what.find("'charge_dice_reading'") != std::string::npos;
      });
  EXPECT_TRUE(proved) << dump(r.report);
}

TEST(Defects, ASwitchThatFillsAGapIsThatGapsCauseNotAnAmbiguity) {
  const Verified r = verify_defect("gap_switch");
  no_internal_errors(r);
  // The text is silent, not two-way: no ambiguity, one gap finding led by
  // the note, with the data's reading and its witness folded in.
  EXPECT_TRUE(of_category(r.report, Category::ambiguity).empty()) << dump(r.report);
  const auto gaps = of_category(r.report, Category::gap);
  ASSERT_EQ(gaps.size(), 1u) << dump(r.report);
  const Finding& f = *gaps.front();
  EXPECT_EQ(f.id, "gap:gap_switch:evade_move");
  EXPECT_EQ(f.severity, Severity::warning);
  EXPECT_EQ(f.action, "Say how far an evading unit moves.");
  EXPECT_TRUE(names(f, "evade_distance")) << dump(r.report);
  const bool reading = std::any_of(f.instances.begin(), f.instances.end(), [](const auto& i) {
    return i.find(
               "the data's reading, switch 'evade_distance' (default 'one_move'), decides "
               "differently") != std::string::npos &&
           i.find("value 'evade_inches'") != std::string::npos;
  });
  EXPECT_TRUE(reading) << dump(r.report);
  // The witness is the switch's: the readings give different distances.
  ASSERT_FALSE(f.witness.empty()) << dump(r.report);
  Situation s = witness_situation(r.rs(), f.witness);
  const std::uint32_t sw = testing::index_of(r.rs(), "evade_distance", ItemKind::switch_);
  const std::uint32_t v = testing::index_of(r.rs(), "evade_inches", ItemKind::value);
  s.set_switch(sw, 0);
  const auto one = Evaluator(r.rs(), s).value(v);
  s.set_switch(sw, 1);
  const auto two = Evaluator(r.rs(), s).value(v);
  ASSERT_TRUE(one && two);
  EXPECT_NE(one->number, two->number);
}

TEST(Defects, ASwitchThatFillsAnErratumIsThatErratumsCause) {
  const Verified r = verify_defect("erratum_switch");
  no_internal_errors(r);
  // A misprint read one way: one erratum finding led by the note, with the
  // data's reading folded in, and no ambiguity.
  EXPECT_TRUE(of_category(r.report, Category::ambiguity).empty()) << dump(r.report);
  const auto errata = of_category(r.report, Category::erratum);
  ASSERT_EQ(errata.size(), 1u) << dump(r.report);
  const Finding& f = *errata.front();
  EXPECT_EQ(f.id, "erratum:erratum_switch:five_or_more");
  EXPECT_TRUE(names(f, "trigger_reading")) << dump(r.report);
  const bool reading = std::any_of(f.instances.begin(), f.instances.end(), [](const auto& i) {
    return i.find("the data's reading, switch 'trigger_reading' (default 'as_meant')") !=
           std::string::npos;
  });
  EXPECT_TRUE(reading) << dump(r.report);
  EXPECT_NE(f.explanation.find("a reading of the misprint"), std::string::npos) << f.explanation;
}

TEST(Defects, GivenOnlyInTheVariantIsComparedAndARetypedGivenIsNamedWithBothTypes) {
  const Verified r = verify_defect("drift_given");
  no_internal_errors(r);
  // 'veteran' exists only in the variant: the drift is found, with a
  // witness both evaluators replay (the base ignores 'veteran').
  const Finding* f = find(r, Category::variant_drift, {"attack_dice"});
  ASSERT_NE(f, nullptr);
  EXPECT_NE(f->explanation.find("no given 'veteran'"), std::string::npos) << f->explanation;
  const Ruleset& rs = r.rs();
  const Ruleset& base = *r.loaded->base;
  std::vector<std::string> base_witness;
  for (const std::string& line : f->witness) {
    if (!line.starts_with("veteran")) base_witness.push_back(line);
  }
  const Situation sv = witness_situation(rs, f->witness);
  const Situation sb = witness_situation(base, base_witness);
  Evaluator ev(rs, sv), eb(base, sb);
  auto v = ev.value(testing::index_of(rs, "attack_dice", ItemKind::value));
  auto b = eb.value(testing::index_of(base, "attack_dice", ItemKind::value));
  ASSERT_TRUE(v && b);
  EXPECT_NE(v->number, b->number);
  // 'ranks' is int 0..6 in the variant, int 0..3 in the base: not compared,
  // and the finding says exactly why.
  const Finding* g = find(r, Category::not_encoded, {"rank_bonus"});
  ASSERT_NE(g, nullptr);
  EXPECT_NE(g->message.find("'ranks', int 0..6 here but int 0..3 there"), std::string::npos)
      << g->message;
  EXPECT_TRUE(of_category(r.report, Category::variant_drift).size() == 1U) << dump(r.report);
}

TEST(Defects, AnIntendedChangeIsWitnessedWithTheBasesOwnValueOfARetypedGiven) {
  const Verified r = verify_defect("intended_retyped");
  // The variant widens 'weapon', so its 'shot_weapon' is not the base's
  // variable. The base's range reads its own weapon: the witness names the
  // base's value, and the two evaluators give the two values of the note.
  no_internal_errors(r);
  const Finding* f = find(r, Category::variant_intended, {"weapon_range"});
  ASSERT_NE(f, nullptr) << dump(r.report);
  EXPECT_NE(f->message.find("gives 18 where base 'intended_retyped_base' gives 12"),
            std::string::npos)
      << f->message;
  const bool names_base_weapon =
      std::any_of(f->witness.begin(), f->witness.end(), [](const std::string& l) {
        return l == "shot_weapon = slings (in base 'intended_retyped_base')";
      });
  EXPECT_TRUE(names_base_weapon) << dump(r.report);
}

TEST(Defects, UnsatisfiableListIsProvedWithTheConstraintsThatClash) {
  const Verified r = verify_defect("unsatisfiable_list");
  no_internal_errors(r);
  const Finding* f = find(r, Category::army_list, {"small_list"});
  ASSERT_NE(f, nullptr);
  EXPECT_NE(f->id.find("unsatisfiable"), std::string::npos) << f->id;
  for (const char* k : {"at_least_four", "one_knight", "two_archers"}) {
    EXPECT_NE(f->explanation.find(k), std::string::npos)
        << k << " missing from: " << f->explanation;
  }
  // Brute force on the evaluator: no one-division army of up to 8 of each
  // unit meets every constraint.
  const Ruleset& rs = r.rs();
  const std::uint32_t list = testing::index_of(rs, "small_list", ItemKind::army_list);
  const ArmyList& al = rs.army_lists[list];
  for (std::int64_t k = 0; k <= 8; ++k) {
    for (std::int64_t a = 0; a <= 8; ++a) {
      Situation s(rs);
      std::vector<std::int64_t> counts(rs.profiles.size(), 0);
      counts[al.units[0]] = k;
      counts[al.units[1]] = a;
      s.set_roster({counts});
      Evaluator ev(rs, s);
      bool all = true;
      for (std::uint32_t c = 0; c < al.constraints.size(); ++c) {
        auto ok = ev.constraint(list, c);
        ASSERT_TRUE(ok);
        all = all && *ok;
      }
      EXPECT_FALSE(all) << k << " knights and " << a << " archers meet every constraint";
    }
  }
}

TEST(Defects, CleanRulesetGivesNothingAboveANote) {
  const Verified r = verify_defect("clean");
  for (const Finding& f : r.report.findings) {
    EXPECT_LE(f.severity, Severity::note) << f.id << ": " << f.message;
  }
  EXPECT_FALSE(r.report.proofs.empty()) << "the invariant and the army list are proved";
}

}  // namespace
}  // namespace umpire::verify
