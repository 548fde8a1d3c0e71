// Golden replays of Sabreur-hex beyond what every engine's show
// (golden_test.cpp): the bundled game, every action kind in the recorded
// games, the generated code of the shipped data, a check for every
// permission, seeded dice, several files in one session, stop mode.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <set>

#include "engine/core/diagnostic_render.hpp"
#include "engine/core/dice/roll.hpp"
#include "engine/events/lower.hpp"
#include "engine/rules/native/native.hpp"
#include "engine/rulesets/registry.hpp"
#include "engine/rulesets/sabreur_hex/checks.hpp"
#include "engine/rulesets/sabreur_hex/diagnostics.hpp"
#include "engine/run/run.hpp"
#include "tests/engine/golden_replay.hpp"
#include "tests/engine/sabreur_fixture.hpp"
#include "tests/support/paths.hpp"

namespace umpire::sabreur {
namespace {

using umpire::test::source_dir;

using umpire::test::replay_file;
using umpire::test::Replayed;

const std::filesystem::path kGame = "replays/sabreur-hex/essling-village.ulog";

std::vector<std::filesystem::path> recorded_games() {
  return umpire::test::recorded_games(*rulesets::find("sabreur-hex"));
}

// Issue 5: at least 40 fail_ logs, each breaking one named rule
// (EngineGolden.EveryCheckIsExercisedByAFailLog).
TEST(SabreurGolden, AtLeastFortyFailLogs) {
  EXPECT_GE(umpire::test::fail_logs(*rulesets::find("sabreur-hex")).size(), 40u);
}

TEST(SabreurGolden, BundledGameFollowsTheRules) {
  auto r = replay_file(source_dir() / kGame);
  ASSERT_TRUE(r->result.replayed) << render_text(r->sources, r->diags);
  EXPECT_EQ(r->diags.count(Severity::error), 0u) << render_text(r->sources, r->diags);
  EXPECT_EQ(r->result.replay.violations, 0u);
  EXPECT_GE(r->result.replay.agreed, 1u);  // the rally agreed by both players
  // Every aspect of the bundled game is checked, down to whether a morale
  // test was called for (sabreur.morale.not-called-for).
  EXPECT_EQ(r->result.replay.not_checked, 0u) << render_text(r->sources, r->diags);
  EXPECT_GT(r->result.replay.events.size(), 40u);
}

// Issue 5: the recorded games together show every action kind: the 14
// actions a unit chooses among and the 7 reactions of 002 § Déroulement d'un
// tour de jeu. A unit's choice is read from its statements in its own turn
// (the combined actions are two of them in order); a reaction from a
// `respond` statement, return fire from a `shoot` by the side whose turn it
// is not.
TEST(SabreurGolden, TheRecordedGamesShowEveryActionKind) {
  std::set<std::string> seen;
  for (const auto& game : recorded_games()) {
    SourceManager sources;
    std::string error;
    const auto file = sources.load(game, error);
    ASSERT_TRUE(file) << error;
    DiagnosticEngine diags(0);
    const auto battle = events::parse_and_lower(sources.text(*file), *file, {}, diags);
    ASSERT_TRUE(battle) << game;
    // The choice statements of each unit in the turn under way.
    std::map<std::uint32_t, std::vector<std::string>> turn_of_unit;
    std::uint32_t turn = 0, side = UINT32_MAX;
    for (const events::Event e : battle->events()) {
      if (e.turn() != turn || e.side() != side) {
        turn_of_unit.clear();
        turn = e.turn();
        side = e.side();
      }
      if (e.actors().empty() || e.actors()[0].kind != events::ForceKind::unit) continue;
      const std::uint32_t unit = e.actors()[0].index;
      const bool own_turn = battle->units[unit].side == e.side();
      std::string kind;
      switch (e.kind()) {
        case events::EventKind::move:
          kind = std::string(e.detail()) + " march";
          break;
        case events::EventKind::shoot:
          kind = own_turn ? "fire" : "return fire";
          break;
        case events::EventKind::formation_change:
          kind = "change of formation";
          break;
        case events::EventKind::charge:
          kind = "charge";
          break;
        case events::EventKind::assault:
          kind = "assault";
          break;
        case events::EventKind::rally:
          kind = "rally";
          break;
        case events::EventKind::evade:
          kind = "evade";
          break;
        case events::EventKind::flee:
          kind = "flight";
          break;
        case events::EventKind::charge_response:
          seen.insert("reaction " + std::string(e.detail()));
          continue;
        default:
          continue;
      }
      if (!own_turn) {
        if (kind == "return fire") seen.insert("reaction return fire");
        continue;
      }
      seen.insert(kind);
      // The combined actions name a march of any kind, and a charge or an
      // assault alike.
      std::string part = kind;
      if (e.kind() == events::EventKind::move) part = "march";
      if (e.kind() == events::EventKind::charge || e.kind() == events::EventKind::assault)
        part = "charge or assault";
      std::vector<std::string>& before = turn_of_unit[unit];
      for (const std::string& first : before) seen.insert(first + " then " + part);
      before.push_back(part);
    }
  }
  const char* const expected[] = {// The 14 actions.
                                  "frontal march", "indirect march", "evade", "flight", "charge",
                                  "assault", "fire", "march then fire", "fire then fire",
                                  "change of formation then fire", "fire then charge or assault",
                                  "change of formation", "march then change of formation", "rally",
                                  // The 7 reactions.
                                  "reaction form-square", "reaction defensive-fire",
                                  "reaction rotate", "reaction countercharge", "reaction evade",
                                  "reaction flee", "reaction return fire",
                                  // A forced march.
                                  "forced march"};
  for (const char* kind : expected)
    EXPECT_TRUE(seen.count(kind)) << kind << " appears in no recorded game";
}

// The shipped data runs the C++ the build generated from it
// (engine/rules/native/): a binding that fell back to interpreting its nodes
// would give the same verdicts, only slower, so this is where it shows.
TEST(SabreurGolden, TheShippedDataRunsItsGeneratedCode) {
  const rules::Program* program = testing::binding().program();
  ASSERT_NE(program, nullptr);
  ASSERT_NE(program->native(), nullptr);
  EXPECT_EQ(program->native()->ruleset, "sabreur-hex");
}

// A prohibition of the rules data that no check names is reported as a
// problem of the engine: with the shipped data, none is.
TEST(SabreurGolden, EveryPermissionTheEngineAsksHasACheck) {
  const RulesBinding& rules = testing::binding();
  const RuleAction asked[] = {RuleAction::rally,          RuleAction::frontal_march,
                              RuleAction::indirect_march, RuleAction::manoeuvre,
                              RuleAction::charge,         RuleAction::attack,
                              RuleAction::activate_group, RuleAction::join_group};
  std::size_t seen = 0;
  for (const rules::Permission& p : rules.rs().permissions) {
    if (p.modality != rules::Modality::cannot) continue;
    // The engine states self.tenacious_test_failed false and reports the
    // tenacious unit's manoeuvres `not checked`.
    if (p.name == "tenacious.cannot.manoeuvre") continue;
    for (RuleAction a : asked) {
      if (p.action != rules.action(a)) continue;
      ++seen;
      EXPECT_TRUE(check_for_permission(p.name, std::nullopt)) << p.name << " maps to no check";
    }
  }
  EXPECT_GT(seen, 10u);
}

// The engine's other diagnostics (diagnostics.def) are its own and none is
// a check: a check is only ever reported as a breach of the rule it cites.
TEST(SabreurGolden, EngineDiagnosticsAreNoChecks) {
  for (const DiagnosticKind& d : kDiags) {
    EXPECT_TRUE(d.id.starts_with("sabreur.")) << d.id;
    EXPECT_EQ(check_table().find(d.id), nullptr) << d.id << " is also a check";
  }
}

// A seeded log writes no dice: the engine draws them from Rng(seed) in the
// documented order (docs/engine.md § Dice): the order-point roll, then the
// fire dice (then the target's morale test: seed 7's fire costs it 3).
std::string seeded_log(int seed) {
  return fmt::format(R"(ulog 1
ruleset sabreur-hex
side blue points 1600
side red points 1600
dice seeded {}
map hex 12x10
army blue points 1600
  unit b1 profile line_infantry quality ordinary strength 18 command 7 formation line
army red points 1600
  unit r1 profile line_infantry quality ordinary strength 18 command 7 formation column
deploy b1 at 5,2 facing n formation line
deploy r1 at 5,5 facing s formation column
turn 1 blue
  phase orders
    order-points
  phase actions
    activate b1 cost 1
    shoot b1 r1 range 3
    test r1 morale
  phase victory
)",
                     seed);
}

std::unique_ptr<Replayed> replay_text(const std::string& text) {
  return umpire::test::replay_text("seeded.ulog", text);
}

TEST(SabreurGolden, SeededLogsDrawInTheDocumentedOrder) {
  auto a = replay_text(seeded_log(7));
  ASSERT_TRUE(a->result.replayed) << render_text(a->sources, a->diags);
  EXPECT_EQ(a->diags.count(Severity::error), 0u) << render_text(a->sources, a->diags);
  // The same draws by hand: d3+1 for the order points, then 6d6 of fire
  // (line infantry, 3 hexes: no half-range die), hits on 5 or 6.
  dice::Rng rng(7);
  dice::Expr order;
  order.terms.push_back(dice::dice_term(dice::make_dice(1, 3)));
  order.terms.push_back(dice::constant_term(1));
  (void)dice::draw(order, rng);
  dice::Expr fire;
  fire.terms.push_back(dice::dice_term(dice::make_dice(6, 6)));
  const dice::Roll shots = dice::draw(fire, rng);
  int hits = 0;
  for (const dice::RolledDie& d : shots.dice) hits += d.value >= 5 ? 1 : 0;
  auto again = replay_text(seeded_log(7));
  auto other = replay_text(seeded_log(8));
  ASSERT_EQ(a->result.replay.events.size(), again->result.replay.events.size());
  EXPECT_EQ(a->result.replay.events.back().hash, again->result.replay.events.back().hash);
  EXPECT_NE(a->result.replay.events.back().hash, other->result.replay.events.back().hash);
  // Stating the hits drawn by hand checks clean; one more is a violation.
  const std::string stated = seeded_log(7);
  std::string with_hits = stated;
  with_hits.replace(with_hits.find("shoot b1 r1 range 3"), 19,
                    fmt::format("shoot b1 r1 range 3 => hits {}", hits));
  auto check = replay_text(with_hits);
  EXPECT_EQ(check->diags.count(Severity::error), 0u) << render_text(check->sources, check->diags);
  std::string wrong = stated;
  wrong.replace(wrong.find("shoot b1 r1 range 3"), 19,
                fmt::format("shoot b1 r1 range 3 => hits {}", hits + 1));
  auto bad = replay_text(wrong);
  EXPECT_EQ(bad->diags.count(Severity::error), 1u) << render_text(bad->sources, bad->diags);
}

TEST(SabreurGolden, SeveralFilesInOneSession) {
  // Findings of one file never make the next one look unreadable.
  Replayed r;
  std::string error;
  run::RunResult results[2];
  const std::filesystem::path files[2] = {
      source_dir() / "replays/sabreur-hex/fail/fail_fire_range.ulog", source_dir() / kGame};
  for (int i = 0; i < 2; ++i) {
    auto file = r.sources.load(files[i], error);
    ASSERT_TRUE(file) << error;
    results[i] = run::run_log(r.sources, *file, r.diags);
  }
  EXPECT_TRUE(results[0].replayed);
  EXPECT_TRUE(results[1].replayed);
  EXPECT_FALSE(results[1].syntax_errors);
  EXPECT_EQ(results[1].replay.violations, 0u);
}

TEST(SabreurGolden, StopModeEndsAtTheFirstViolation) {
  auto r = replay_file(source_dir() / "replays/sabreur-hex/fail/fail_fire_range.ulog",
                       replay::ReplayMode::stop_at_first);
  ASSERT_TRUE(r->result.replayed);
  EXPECT_TRUE(r->result.replay.stopped);
  EXPECT_EQ(r->result.replay.violations, 1u);
  EXPECT_EQ(r->result.replay.events.back().violations, 1u);
}

// § Ralliement, "Lorsqu'on rallie une unité paniquée,
// celle-ci peut adopter n'importe quelle formation et n'importe quelle
// orientation": `rally` states them (docs/log-format.md).
std::string rally_log(bool panicked) {
  return fmt::format(R"(ulog 1
ruleset sabreur-hex
side blue points 1600
side red points 1600
dice recorded
map hex 12x10
army blue points 1600
  unit b1 profile line_infantry quality ordinary strength 14 command 7 formation line
army red points 1600
  unit r1 profile line_infantry quality ordinary strength 18 command 7 formation line
deploy b1 at 5,2 facing n formation line
deploy r1 at 5,9 facing s formation line
turn 1 blue
  phase orders
    order-points d3+1=6 => points 4
  phase actions
{}    activate b1 cost 1
    rally b1 2d6=2,3 formation column facing ne
  phase victory
)",
                     panicked ? "    state b1 panicked\n" : "");
}

TEST(SabreurFromFullGames, ARalliedPanickedUnitTakesTheFormationAndFacingStated) {
  auto rallied = replay_text(rally_log(true));
  ASSERT_TRUE(rallied->result.replayed) << render_text(rallied->sources, rallied->diags);
  EXPECT_EQ(rallied->diags.count(Severity::error), 0u)
      << render_text(rallied->sources, rallied->diags);
  auto steady = replay_text(rally_log(false));
  ASSERT_TRUE(steady->result.replayed) << render_text(steady->sources, steady->diags);
  EXPECT_EQ(steady->diags.count(Severity::error), 1u)
      << render_text(steady->sources, steady->diags);
  EXPECT_NE(render_text(steady->sources, steady->diags).find("sabreur.rally.formation"),
            std::string::npos);
}

}  // namespace
}  // namespace umpire::sabreur
