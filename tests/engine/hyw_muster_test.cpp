// The muster of Hail Caesar: Hundred Years War (engine/rulesets/
// hail_caesar_hyw/muster.hpp), which runs before its replay engine: the
// bundled game passes it; every muster fail_ log of
// replays/hail-caesar-hyw/fail/ gives exactly the diagnostics written
// inside it and breaks one check of the muster's table, and every check is
// broken by one; a list's
// percentages hold at their boundary (exactly 40% passes) and follow the
// data's switches (by points or by units, 33% or a third).
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "engine/core/diagnostic_render.hpp"
#include "engine/events/lower.hpp"
#include "engine/rules/loader.hpp"
#include "engine/rulesets/hail_caesar_hyw/checks.hpp"
#include "engine/rulesets/hail_caesar_hyw/muster.hpp"
#include "engine/rulesets/registry.hpp"
#include "engine/run/run.hpp"
#include "tests/engine/golden_replay.hpp"
#include "tests/log/expectations.hpp"
#include "tests/support/paths.hpp"

namespace umpire::hyw {
namespace {

using test::read_file;
using test::source_dir;

const rulesets::RulesetEntry& hyw_entry() {
  return *rulesets::find("hail-caesar-hyw");
}

// A log of two one-division armies: the English one with `english_units`
// (list-local names, at their entries' points), a French one that passes.
std::string english_log(const std::vector<std::string>& english_units) {
  std::string text =
      "ulog 1\nruleset hail-caesar-hyw\nside english \"E\" points 400\n"
      "side french \"F\" points 400\ndice recorded\ntable 72x48\n"
      "army english points 400 list \"english\"\n  division d1\n  general g1 command 9 points 0\n";
  int n = 0;
  for (const std::string& u : english_units)
    text += "  unit e" + std::to_string(++n) + " profile " + u + "\n";
  text +=
      "army french points 400 list \"french\"\n  division d2\n  general g2 command 9 points 0\n"
      "  unit f1 profile mounted_knights\n  unit f2 profile mounted_knights\n"
      "  unit f3 profile foot_knights\n  unit f4 profile vougiers\n";
  return text;
}

// The ids of the errors a muster of `text` reports, on the data with the
// switch `name` set to `option` (its default when empty).
std::multiset<std::string> muster_errors(const std::string& text, const std::string& name = "",
                                         const std::string& option = "") {
  SourceManager sources;
  DiagnosticEngine diags(0);
  auto rs = rules::load_ruleset(sources, test::corpus_dir() / "hail-caesar-hyw.rules", diags);
  EXPECT_TRUE(rs.has_value()) << render_text(sources, diags);
  if (!rs) return {};
  if (!name.empty()) {
    const auto sw = rs->find(name);
    EXPECT_TRUE(sw && sw->kind == rules::ItemKind::switch_) << name;
    rules::Switch& s = rs->switches[sw->index];
    bool found = false;
    for (std::uint32_t i = 0; i < s.options.size(); ++i)
      if (s.options[i].name == option) {
        s.default_option = i;
        found = true;
      }
    EXPECT_TRUE(found) << option;
  }
  DiagnosticEngine log_diags(0);
  const FileId file = sources.add("<muster>", text);
  const auto battle = events::parse_and_lower(sources.text(file), file, {}, log_diags);
  EXPECT_TRUE(battle && !log_diags.has_errors()) << render_text(sources, log_diags);
  if (!battle) return {};
  muster().check(*battle, *rs, log_diags);
  std::multiset<std::string> out;
  for (const Diagnostic& d : log_diags.diagnostics())
    if (d.severity == Severity::error) out.insert(d.id);
  return out;
}

TEST(HywMuster, TheRegistryMustersHywBeforeItsEngine) {
  const rulesets::RulesetEntry& e = hyw_entry();
  EXPECT_NE(e.engine, nullptr);
  EXPECT_NE(e.muster, nullptr);
  ASSERT_NE(e.checks, nullptr);
  EXPECT_NE(e.checks_markdown, nullptr);
  // The muster's checks and the movement phase's sequence, then the Hail
  // Caesar engine's.
  for (const replay::CheckInfo& c : e.checks->all())
    EXPECT_TRUE(c.id.starts_with("hyw.") || c.id.starts_with("hc.")) << c.id;
  EXPECT_NE(e.checks->find("hc.shoot.hits"), nullptr);
}

TEST(HywMuster, TheBundledGamePassesMusterAndIsReplayed) {
  auto r = test::replay_file(source_dir() / "replays/hail-caesar-hyw/azincourt-lane.ulog");
  EXPECT_FALSE(r->result.no_engine);
  EXPECT_TRUE(r->result.mustered);
  EXPECT_EQ(r->result.muster.armies, 2u);
  EXPECT_EQ(r->result.muster.breaches, 0u);
  EXPECT_EQ(r->diags.count(Severity::error), 0u) << render_text(r->sources, r->diags);
  EXPECT_TRUE(r->result.replayed);
}

TEST(HywMuster, FailLogsGiveTheirExpectedDiagnostics) {
  const auto fails = test::fail_logs(hyw_entry());
  ASSERT_FALSE(fails.empty());
  SourceManager sources;
  run::RulesCache cache;
  std::set<std::string> exercised;
  for (const auto& p : fails) {
    SCOPED_TRACE(p.filename().string());
    EXPECT_EQ(p.filename().string().rfind("fail_", 0), 0u);
    std::string error;
    auto file = sources.load(p, error);
    ASSERT_TRUE(file) << error;
    DiagnosticEngine diags(0);
    run::RunOptions options;
    options.rules_cache = &cache;
    const run::RunResult r = run::run_log(sources, *file, diags, options);
    EXPECT_TRUE(r.mustered);
    const auto expected = log::testing::read_expectations(read_file(p));
    EXPECT_EQ(log::testing::compare(expected, sources, diags), "") << render_text(sources, diags);
    std::set<std::string> named;
    for (const auto& e : expected)
      if (e.severity == Severity::error && e.id.starts_with("hyw.muster.")) named.insert(e.id);
    // The engine's fail logs (hc.*) pass muster: golden_test.cpp takes them.
    if (named.empty()) {
      EXPECT_EQ(r.muster.breaches, 0u);
      continue;
    }
    EXPECT_EQ(r.muster.breaches, 1u) << "a fail_ log breaks one rule once";
    EXPECT_EQ(named.size(), 1u) << "a fail_ log breaks exactly one named rule";
    exercised.insert(named.begin(), named.end());
  }
  // The sequence's checks (hyw.order.*, ...) are the engine's: golden_test.cpp.
  for (const replay::CheckInfo& c : hyw::check_table().all())
    if (c.id.starts_with("hyw.muster.")) {
      EXPECT_TRUE(exercised.count(std::string(c.id))) << c.id << " is exercised by no fail_ log";
    }
}

TEST(HywMuster, EveryConstraintOfTheListsHasItsCheck) {
  SourceManager sources;
  DiagnosticEngine diags(0);
  const auto rs = rules::load_ruleset(sources, test::corpus_dir() / "hail-caesar-hyw.rules", diags);
  ASSERT_TRUE(rs);
  ASSERT_EQ(rs->army_lists.size(), 4u);
  for (const rules::ArmyList& l : rs->army_lists)
    for (const rules::Constraint& c : l.constraints)
      EXPECT_TRUE(check_for_constraint(l.name, c.name)) << l.name << "." << c.name;
}

TEST(HywMuster, EveryCheckCitesASectionOfTheRuleText) {
  const auto texts = test::rule_texts();
  if (!texts) GTEST_SKIP() << test::no_rule_texts;
  const std::string text = read_file(*texts / std::string(rules_file));
  ASSERT_FALSE(text.empty());
  for (const replay::CheckInfo& c : hyw::check_table().all())
    EXPECT_NE(text.find(std::string(c.section)), std::string::npos) << c.id;
}

// 2-e "Au moins 40% de l'armée doit être composée d'archers": 90 points of
// archers in 225 is exactly 40%, and passes; one archer unit fewer fails.
TEST(HywMuster, ExactlyFortyPercentOfArchersPasses) {
  EXPECT_TRUE(
      muster_errors(english_log({"mounted_knights", "foot_knights", "foot_knights", "hobilars",
                                 "english_archers", "english_archers", "english_archers"}))
          .empty());
  EXPECT_EQ(
      muster_errors(english_log({"mounted_knights", "foot_knights", "foot_knights", "hobilars",
                                 "english_archers", "english_archers", "billmen"})),
      std::multiset<std::string>{"hyw.muster.english.archers"});
}

// The switch army_share_basis decides what a percentage counts: two archer
// units of five are 40% of the units (passes) but 60 of 160 points (fails).
TEST(HywMuster, ThePercentagesCountWhatTheSwitchSays) {
  const std::string log = english_log(
      {"foot_knights", "english_archers", "english_archers", "billmen", "mounted_knights"});
  EXPECT_EQ(muster_errors(log), std::multiset<std::string>{"hyw.muster.english.archers"});
  EXPECT_TRUE(muster_errors(log, "army_share_basis", "by_unit_count").empty());
}

// 2-e "33% maximum de cavalerie": a cavalry of exactly a third (63 of 189
// points) is over 33% as printed, within a third under the other reading.
TEST(HywMuster, ACavalryOfExactlyAThirdFollowsThirdReading) {
  const std::string log = english_log({"mounted_knights", "foot_knights", "hobilars",
                                       "english_archers", "english_archers", "english_archers"});
  EXPECT_EQ(muster_errors(log), std::multiset<std::string>{"hyw.muster.english.cavalry"});
  EXPECT_TRUE(muster_errors(log, "third_reading", "one_third").empty());
}

// 2-c: the French knights' half, at exactly 50% (mounted 64 and foot 36 of
// 200 points) passes.
TEST(HywMuster, ExactlyHalfOfKnightsPassesInTheFrenchList) {
  const std::string log =
      "ulog 1\nruleset hail-caesar-hyw\nside french \"F\"\nside english \"E\"\ndice recorded\n"
      "table 72x48\narmy french list \"french\"\n  division d1\n  general g1 command 9\n"
      "  unit f1 profile mounted_knights\n  unit f2 profile mounted_knights\n"
      "  unit f3 profile foot_knights\n  unit f4 profile vougiers\n  unit f5 profile vougiers\n"
      "  unit f6 profile pavisiers\n  unit f7 profile pavisiers\n"
      "army english list \"english\"\n  division d2\n  general g2 command 9\n"
      "  unit e1 profile foot_knights\n  unit e2 profile english_archers\n"
      "  unit e3 profile english_archers\n  unit e4 profile billmen\n";
  EXPECT_TRUE(muster_errors(log).empty());
}

// Divisions of 4 to 9 units (2-a): the tenth unit of a division is the
// line that breaks it.
TEST(HywMuster, TheTenthUnitOfADivisionIsReportedAtItsLine) {
  std::vector<std::string> units(10, "english_archers");
  units[0] = units[1] = units[2] = "foot_knights";
  EXPECT_EQ(muster_errors(english_log(units)),
            std::multiset<std::string>{"hyw.muster.division-size"});
}

// A breach states the written and the required amounts, the constraint of
// the data and the switches it was read under, and cites the list's section.
TEST(HywMuster, ABreachStatesTheWrittenAndTheRequiredValues) {
  auto r = test::replay_text(
      "<archers>", english_log({"foot_knights", "english_archers", "billmen", "billmen"}));
  const Diagnostic* breach = nullptr;
  for (const Diagnostic& d : r->diags.diagnostics())
    if (d.id == "hyw.muster.english.archers") breach = &d;
  ASSERT_NE(breach, nullptr) << render_text(r->sources, r->diags);
  EXPECT_NE(breach->message.find("30 points of (english_archers, mounted_archers)"),
            std::string::npos)
      << breach->message;
  EXPECT_NE(breach->message.find("24.6% of 122 points"), std::string::npos) << breach->message;
  EXPECT_NE(breach->message.find("at least 40% of 122 points in the army, that is at least 49"),
            std::string::npos)
      << breach->message;
  ASSERT_TRUE(breach->rule);
  EXPECT_EQ(breach->rule->to_string(), "004_b7c666874e8df030.txt § 2-e) Liste anglaise");
  const std::string notes = fmt::format("{}", fmt::join(breach->notes, "\n"));
  EXPECT_NE(notes.find("archers_40_percent_by_points"), std::string::npos) << notes;
  EXPECT_NE(notes.find("army_share_basis = by_points"), std::string::npos) << notes;
  EXPECT_FALSE(breach->hint.empty());
  EXPECT_EQ(r->sources.line_column(breach->span.file, breach->span.begin).line, 7u);
}

TEST(HywMuster, AnUnknownListIsNamedWithTheNearestOne) {
  std::string log = english_log({"foot_knights", "english_archers", "english_archers", "billmen"});
  log.replace(log.find("list \"english\""), 14, "list \"englsh\"");
  auto r = test::replay_text("<unknown list>", log);
  const std::string text = render_text(r->sources, r->diags);
  EXPECT_NE(text.find("did you mean 'english'?"), std::string::npos) << text;
  EXPECT_EQ(r->result.muster.breaches, 1u);
}

}  // namespace
}  // namespace umpire::hyw
