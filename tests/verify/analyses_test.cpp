// The analyses that report what a rule writer acts on, each on a file of
// tests/verify/defects/ that plants one defect: the finding is there, in its
// category, naming its items, and its witness is re-checked here with the
// evaluator, independently of the verifier's own check.
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

const Finding* finding_with_id(const Verified& r, const std::string& id) {
  for (const Finding& f : r.report.findings) {
    if (f.id == id) return &f;
  }
  ADD_FAILURE() << "no finding " << id << " in:\n" << dump(r.report);
  return nullptr;
}

std::size_t counted_findings(const Report& report) {
  return static_cast<std::size_t>(
      std::count_if(report.findings.begin(), report.findings.end(),
                    [](const Finding& f) { return !is_coverage_notice(f); }));
}

void no_internal_error_in(const Verified& r) {
  EXPECT_TRUE(of_category(r.report, Category::internal_error).empty()) << dump(r.report);
}

TEST(Ambiguities, AReadingThatDecidesIsShownWithBothOddsOnAWitness) {
  const Verified r = verify_defect("ambiguity");
  no_internal_error_in(r);
  const Finding* f = finding_with_id(r, "ambiguity:ambiguity:steps");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->severity, Severity::warning);
  EXPECT_NE(f->action.find("-1 per complete 12 inches"), std::string::npos) << f->action;
  EXPECT_NE(f->action.find("-1 per started 12 inches"), std::string::npos) << f->action;
  // The evaluator, under each reading, on the witness: the scores differ and
  // so do the odds (a score both readings put beyond the dice would not do).
  Situation s = witness_situation(r.rs(), f->witness);
  const std::uint32_t sw = 0, test = testing::index_of(r.rs(), "command_test", ItemKind::test);
  s.set_switch(sw, 0);
  Evaluator complete(r.rs(), s);
  const auto a = complete.test(test);
  s.set_switch(sw, 1);
  Evaluator started(r.rs(), s);
  const auto b = started.test(test);
  ASSERT_TRUE(a && b);
  EXPECT_NE(a->needed, b->needed);
  ASSERT_TRUE(a->probability && b->probability);
  EXPECT_NE(*a->probability, *b->probability);
  // The least extreme witness: the first distance where the readings part
  // (1" to 12": complete gives 0, started gives -1), not a far one.
  const auto distance = s.given(testing::index_of(r.rs(), "distance", ItemKind::given));
  ASSERT_TRUE(distance);
  EXPECT_LE(distance->number, 12) << fmt::format("{}", fmt::join(f->witness, ", "));
  EXPECT_NE(f->message.find("command_test"), std::string::npos) << f->message;
}

TEST(Ambiguities, AReadingThatDecidesNothingIsANote) {
  const Verified r = verify_defect("ambiguity");
  const Finding* f = finding_with_id(r, "ambiguity:ambiguity:moot");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->severity, Severity::note);
  EXPECT_TRUE(f->witness.empty());
  EXPECT_NE(f->message.find("no item of the data decides differently"), std::string::npos)
      << f->message;
}

TEST(TextNotes, NotesAndPartialTablesAreGapsWithTheirCitations) {
  const Verified r = verify_defect("notes");
  no_internal_error_in(r);
  const Finding* gap = finding_with_id(r, "gap:notes:stupidity_effect");
  ASSERT_NE(gap, nullptr);
  EXPECT_EQ(gap->action, "Say what a unit that fails its stupidity test does.");
  ASSERT_FALSE(gap->items.empty());
  ASSERT_FALSE(gap->items.front().refs.empty());
  EXPECT_EQ(gap->items.front().refs.front().section, "Psychology");
  const Finding* erratum = finding_with_id(r, "erratum:notes:missing_count");
  ASSERT_NE(erratum, nullptr);
  EXPECT_NE(erratum->message.find("the number is missing"), std::string::npos);
  // The partial table: the hole a game reaches, on a witness the evaluator
  // finds no row for.
  const Finding* table = finding_with_id(r, "gap:notes:move_rates");
  ASSERT_NE(table, nullptr);
  EXPECT_NE(table->message.find("unit_type = cavalry, formation = column"), std::string::npos)
      << table->message;
  const Situation s = witness_situation(r.rs(), table->witness);
  Evaluator ev(r.rs(), s);
  EXPECT_FALSE(ev.value(testing::index_of(r.rs(), "move_inches", ItemKind::value)));
}

TEST(TextNotes, AnEntryTheTextLeavesOutOnPurposeIsNoGap) {
  const Verified r = verify_defect("absent_rows");
  no_internal_error_in(r);
  // Cavalry in column: written `=> none` with its citation, so neither the
  // table's gap nor a failure of the values that look it up; the one finding
  // is the other table's hole, which the text says nothing about.
  EXPECT_EQ(counted_findings(r.report), 1U) << dump(r.report);
  for (const Finding& f : r.report.findings) {
    const bool cavalry =
        std::find(f.witness.begin(), f.witness.end(), "unit.type = cavalry") != f.witness.end();
    const bool column =
        std::find(f.witness.begin(), f.witness.end(), "unit.formation = column") != f.witness.end();
    EXPECT_FALSE(cavalry && column) << f.id << ": " << f.message;
  }
  const Finding* gap = finding_with_id(r, "gap:absent_rows:charge_bonus");
  ASSERT_NE(gap, nullptr) << dump(r.report);
  EXPECT_NE(gap->message.find("unit_type = infantry, formation = column"), std::string::npos)
      << gap->message;
  // The evaluator finds no row there, as anywhere a table has none.
  const rules::Table& moves =
      r.rs().tables[testing::index_of(r.rs(), "move_rates", ItemKind::table)];
  EXPECT_EQ(moves.rows.size(), 2U);
  EXPECT_EQ(moves.absent.size(), 1U);
}

TEST(Domains, AnAbsurdDomainValueGivesAFindingThatItsDeclaredBoundRemoves) {
  const Verified wide = verify_defect("absurd_domain");
  no_internal_error_in(wide);
  const Finding* f = finding_with_id(wide, "impossible-test:absurd_domain:command_test");
  ASSERT_NE(f, nullptr);
  // The least extreme witness that shows it: the typical Leadership (8, the
  // middle of 7..9) and the nearest distance where the test becomes
  // impossible with it (84": 8 less 7 needs 1 or less).
  const Situation s = witness_situation(wide.rs(), f->witness);
  const auto distance = s.given(testing::index_of(wide.rs(), "distance", ItemKind::given));
  ASSERT_TRUE(distance);
  EXPECT_EQ(distance->number, 84) << fmt::format("{}", fmt::join(f->witness, ", "));
  const auto leadership = s.given(testing::index_of(wide.rs(), "unit.leadership", ItemKind::given));
  ASSERT_TRUE(leadership);
  EXPECT_EQ(leadership->number, 8);

  const Verified bounded = verify_defect("absurd_domain_bounded");
  EXPECT_EQ(counted_findings(bounded.report), 0U) << dump(bounded.report);
}

TEST(Monotonicity, ABetterLeadershipThatMakesTheTestHarderIsFound) {
  const Verified r = verify_defect("monotonicity");
  no_internal_error_in(r);
  const Finding* f = finding_with_id(r, "monotonicity:monotonicity:courage_test:unit.leadership");
  ASSERT_NE(f, nullptr);
  const Situation s = witness_situation(r.rs(), f->witness);
  const std::uint32_t leadership = testing::index_of(r.rs(), "unit.leadership", ItemKind::given);
  ASSERT_TRUE(s.given(leadership));
  EXPECT_EQ(s.given(leadership)->number, 8);
  Situation better = s;
  ASSERT_FALSE(better.set(leadership, Val::integer(9)));
  Evaluator e8(r.rs(), s), e9(r.rs(), better);
  const std::uint32_t test = testing::index_of(r.rs(), "courage_test", ItemKind::test);
  ASSERT_TRUE(e8.test(test) && e9.test(test));
  EXPECT_LT(e9.test(test)->needed, e8.test(test)->needed);
}

TEST(Monotonicity, ABetterProfileThatCostsLessIsFound) {
  const Verified r = verify_defect("monotonicity");
  const Finding* f = finding_with_id(r, "monotonicity:monotonicity:unit_profile:points");
  ASSERT_NE(f, nullptr);
  EXPECT_NE(f->message.find("'veterans' is better than 'recruits' (fighting)"), std::string::npos)
      << f->message;
  EXPECT_NE(f->message.find("costs 10 points against 12"), std::string::npos) << f->message;
  // The militia are worse and cheaper: no finding names them.
  EXPECT_FALSE(names(*f, "militia")) << dump(r.report);
}

TEST(OrderDependence, AHalvingListedWithABonusIsFoundWithBothResults) {
  const Verified r = verify_defect("order");
  no_internal_error_in(r);
  const Finding* f = finding_with_id(r, "order-dependence:order:attack_dice.situation");
  ASSERT_NE(f, nullptr);
  const Situation s = witness_situation(r.rs(), f->witness);
  const std::uint32_t stack = testing::index_of(r.rs(), "attack_dice", ItemKind::stack);
  const auto dice = s.given(testing::index_of(r.rs(), "unit.dice", ItemKind::given));
  ASSERT_TRUE(dice);
  Evaluator written(r.rs(), s);
  Ruleset flipped = r.rs();
  std::reverse(flipped.stacks[stack].stages[0].entries.begin(),
               flipped.stacks[stack].stages[0].entries.end());
  const Situation sf = witness_situation(flipped, f->witness);
  Evaluator reversed(flipped, sf);
  const auto a = written.apply_stack(stack, dice->number),
             b = reversed.apply_stack(stack, dice->number);
  ASSERT_TRUE(a && b);
  EXPECT_NE(*a, *b);
}

TEST(Precedence, AnExceptionThatDoesNotReachAnotherProhibitionIsFound) {
  const Verified r = verify_defect("precedence");
  no_internal_error_in(r);
  const Finding* f =
      finding_with_id(r, "precedence:precedence:fanatics_charge_disordered:shaken_no_charge");
  ASSERT_NE(f, nullptr);
  const Situation s = witness_situation(r.rs(), f->witness);
  Evaluator ev(r.rs(), s);
  const auto shaken =
      ev.permission(testing::index_of(r.rs(), "shaken_no_charge", ItemKind::permission));
  const auto fanatic =
      ev.permission(testing::index_of(r.rs(), "fanatics_charge_disordered", ItemKind::permission));
  ASSERT_TRUE(shaken && fanatic);
  EXPECT_TRUE(*shaken && *fanatic);
  // The prohibition the exception lifts is no precedence question.
  for (const Finding* g : of_category(r.report, Category::precedence)) {
    EXPECT_FALSE(names(*g, "disordered_no_charge")) << g->id;
  }
}

TEST(UnusableRows, AProfileInNoListIsFound) {
  const Verified r = verify_defect("unusable");
  const Finding* f = finding_with_id(r, "unusable-row:unusable:mercenaries");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(of_category(r.report, Category::unusable_row).size(), 1U) << dump(r.report);
}

TEST(Grouping, TestsOfOneCauseAreOneFindingListingTheOthers) {
  const Verified r = verify_defect("grouped");
  no_internal_error_in(r);
  const auto impossible = of_category(r.report, Category::impossible_test);
  ASSERT_EQ(impossible.size(), 1U) << dump(r.report);
  const Finding& f = *impossible.front();
  ASSERT_EQ(f.instances.size(), 1U) << dump(r.report);
  const std::string other =
      f.id.find("morale_2d6") != std::string::npos ? "morale_drop_highest" : "morale_2d6";
  EXPECT_NE(f.instances.front().find(other), std::string::npos) << f.instances.front();
  EXPECT_EQ(f.fingerprint, fingerprint_of(f));
}

}  // namespace
}  // namespace umpire::verify
