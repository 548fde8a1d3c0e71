// Golden replays of replays/sabreur-hex: every recorded game checks clean and
// keeps its state-hash sequence (first divergent event reported); replaying
// twice gives the same hashes; every `fail_` log gives exactly the
// diagnostics written inside it; docs/checks.md is the check table.
//
// UMPIRE_UPDATE_GOLDEN=1 rewrites the .hashes files after an intended change.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "engine/core/diagnostic_render.hpp"
#include "engine/core/dice/roll.hpp"
#include "engine/core/write_file.hpp"
#include "engine/events/lower.hpp"
#include "engine/rules/native/native.hpp"
#include "engine/rulesets/sabreur_hex/checks.hpp"
#include "engine/rulesets/sabreur_hex/diagnostics.hpp"
#include "engine/rulesets/sabreur_hex/run.hpp"
#include "tests/engine/sabreur_fixture.hpp"
#include "tests/log/expectations.hpp"
#include "tests/support/paths.hpp"

namespace umpire::sabreur {
namespace {

using umpire::test::source_dir;

std::string read(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

struct Replayed {
  SourceManager sources;
  DiagnosticEngine diags{0};
  RunResult result;
};

std::unique_ptr<Replayed> replay_file(const std::filesystem::path& p,
                                      replay::ReplayMode mode = replay::ReplayMode::follow_log,
                                      bool hash_every_event = true) {
  auto out = std::make_unique<Replayed>();
  std::string error;
  auto file = out->sources.load(p, error);
  if (!file) throw std::runtime_error(p.string() + ": " + error);
  RunOptions options;
  options.mode = mode;
  options.hash_every_event = hash_every_event;
  out->result = run_log(out->sources, *file, out->diags, options);
  return out;
}

// "deployment HASH" then one "N HASH  event" line per event.
std::string hash_lines(const RunResult& r) {
  std::string out = fmt::format("deployment {}\n", replay::hash_text(r.replay.initial_hash));
  for (const replay::EventRecord& e : r.replay.events)
    out += fmt::format("{} {}  {}\n", e.index + 1, replay::hash_text(e.hash.value()),
                       r.events.at(e.index));
  return out;
}

const std::filesystem::path kGame = "replays/sabreur-hex/essling-village.ulog";

// The recorded games: every log at the top of replays/sabreur-hex that has a
// golden .hashes file next to it (fail_ logs live in fail/).
std::vector<std::filesystem::path> recorded_games() {
  std::vector<std::filesystem::path> games;
  for (const auto& entry : std::filesystem::directory_iterator(source_dir() / "replays/sabreur-hex")) {
    const std::filesystem::path& p = entry.path();
    if (p.extension() != ".ulog") continue;
    std::filesystem::path hashes = p;
    hashes.replace_extension(".hashes");
    if (std::filesystem::exists(hashes)) games.push_back(p);
  }
  std::sort(games.begin(), games.end());
  return games;
}

TEST(SabreurGolden, BundledGameFollowsTheRules) {
  auto r = replay_file(source_dir() / kGame);
  ASSERT_TRUE(r->result.replayed) << render_text(r->sources, r->diags);
  EXPECT_EQ(r->diags.count(Severity::error), 0u) << render_text(r->sources, r->diags);
  EXPECT_EQ(r->result.replay.violations, 0u);
  EXPECT_GE(r->result.replay.agreed, 1u);  // the rally agreed by both players
  // Every aspect of the bundled game is checked now (its last, whether a
  // morale test was called for, is sabreur.morale.not-called-for).
  EXPECT_EQ(r->result.replay.not_checked, 0u) << render_text(r->sources, r->diags);
  EXPECT_GT(r->result.replay.events.size(), 40u);
}

TEST(SabreurGolden, EveryRecordedGameFollowsTheRules) {
  const auto games = recorded_games();
  ASSERT_FALSE(games.empty());
  for (const auto& game : games) {
    SCOPED_TRACE(game.filename().string());
    auto r = replay_file(game);
    ASSERT_TRUE(r->result.replayed) << render_text(r->sources, r->diags);
    EXPECT_EQ(r->diags.count(Severity::error), 0u) << render_text(r->sources, r->diags);
    EXPECT_EQ(r->result.replay.violations, 0u);
  }
}

// Each recorded game keeps its state-hash sequence; the first line that
// differs names the event an engine change altered.
TEST(SabreurGolden, HashSequenceIsStable) {
  const bool update = [] {
    const char* v = std::getenv("UMPIRE_UPDATE_GOLDEN");
    return v && std::string(v) == "1";
  }();
  for (const auto& game : recorded_games()) {
    SCOPED_TRACE(game.filename().string());
    auto r = replay_file(game);
    ASSERT_TRUE(r->result.replayed);
    const std::string actual = hash_lines(r->result);
    std::filesystem::path golden = game;
    golden.replace_extension(".hashes");
    if (update) {
      ASSERT_TRUE(write_file(golden, actual).empty());
    }
    const std::string expected = read(golden);
    ASSERT_FALSE(expected.empty()) << golden << " is empty; run with UMPIRE_UPDATE_GOLDEN=1";
    std::istringstream a(actual), e(expected);
    std::string la, le;
    int line = 0;
    bool diverged = false;
    while (!diverged && std::getline(e, le)) {
      ++line;
      if (!std::getline(a, la)) {
        ADD_FAILURE() << "the replay ends before golden line " << line << ": " << le;
        diverged = true;
      } else if (la != le) {
        ADD_FAILURE() << "first divergent event at golden line " << line << "\n  golden: " << le
                      << "\n  now:    " << la
                      << "\n(an engine change alters this replay; if intended, UMPIRE_UPDATE_GOLDEN=1)";
        diverged = true;
      }
    }
    if (!diverged) {
      EXPECT_FALSE(std::getline(a, la)) << "the replay has more events than the golden file: " << la;
    }
  }
}

TEST(SabreurGolden, ReplayingTwiceGivesTheSameHashes) {
  for (const auto& game : recorded_games()) {
    SCOPED_TRACE(game.filename().string());
    auto first = replay_file(game);
    auto second = replay_file(game);
    ASSERT_EQ(first->result.replay.events.size(), second->result.replay.events.size());
    for (std::size_t i = 0; i < first->result.replay.events.size(); ++i)
      EXPECT_EQ(first->result.replay.events[i].hash, second->result.replay.events[i].hash)
          << "event " << i + 1;
    EXPECT_EQ(render_text(first->sources, first->diags), render_text(second->sources, second->diags));
  }
}

std::vector<std::filesystem::path> fail_logs();

// `umpire check` hashes the final state only: the stamps the unit table
// gave since deployment, compared once, give the hash the sequence ends on.
TEST(SabreurGolden, AVerdictEndsOnTheSequencesLastHash) {
  std::vector<std::filesystem::path> logs = recorded_games();
  const std::vector<std::filesystem::path> fails = fail_logs();
  logs.insert(logs.end(), fails.begin(),
              fails.begin() + std::min<std::ptrdiff_t>(std::ssize(fails), 20));
  for (const auto& game : logs) {
    SCOPED_TRACE(game.filename().string());
    auto every = replay_file(game);
    auto verdict = replay_file(game, replay::ReplayMode::follow_log, false);
    const auto& events = every->result.replay.events;
    ASSERT_EQ(verdict->result.replay.events.size(), events.size());
    for (const replay::EventRecord& e : verdict->result.replay.events)
      EXPECT_FALSE(e.hash.has_value());
    ASSERT_FALSE(events.empty());
    EXPECT_EQ(every->result.replay.final_hash, events.back().hash.value());
    EXPECT_EQ(verdict->result.replay.final_hash, events.back().hash.value());
    EXPECT_EQ(verdict->result.replay.violations, every->result.replay.violations);
    EXPECT_EQ(render_text(verdict->sources, verdict->diags),
              render_text(every->sources, every->diags));
  }
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
        case events::EventKind::move: kind = std::string(e.detail()) + " march"; break;
        case events::EventKind::shoot: kind = own_turn ? "fire" : "return fire"; break;
        case events::EventKind::formation_change: kind = "change of formation"; break;
        case events::EventKind::charge: kind = "charge"; break;
        case events::EventKind::assault: kind = "assault"; break;
        case events::EventKind::rally: kind = "rally"; break;
        case events::EventKind::evade: kind = "evade"; break;
        case events::EventKind::flee: kind = "flight"; break;
        case events::EventKind::charge_response: seen.insert("reaction " + std::string(e.detail())); continue;
        default: continue;
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
      if (e.kind() == events::EventKind::charge || e.kind() == events::EventKind::assault) part = "charge or assault";
      std::vector<std::string>& before = turn_of_unit[unit];
      for (const std::string& first : before) seen.insert(first + " then " + part);
      before.push_back(part);
    }
  }
  const char* const expected[] = {
      // The 14 actions.
      "frontal march", "indirect march", "evade", "flight", "charge", "assault", "fire",
      "march then fire", "fire then fire", "change of formation then fire", "fire then charge or assault",
      "change of formation", "march then change of formation", "rally",
      // The 7 reactions.
      "reaction form-square", "reaction defensive-fire", "reaction rotate", "reaction countercharge",
      "reaction evade", "reaction flee", "reaction return fire",
      // A forced march.
      "forced march"};
  for (const char* kind : expected) EXPECT_TRUE(seen.count(kind)) << kind << " appears in no recorded game";
}

TEST(SabreurGolden, FailLogsGiveTheirExpectedDiagnostics) {
  const std::filesystem::path dir = source_dir() / "replays/sabreur-hex/fail";
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(dir))
    if (entry.path().extension() == ".ulog") files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  ASSERT_GE(files.size(), 8u);
  // One SourceManager and one load of the rules data for all of them, as
  // `umpire check fail/*.ulog` does; each log has its own diagnostics.
  SourceManager sources;
  RulesCache cache;
  for (const auto& p : files) {
    SCOPED_TRACE(p.filename().string());
    EXPECT_EQ(p.filename().string().rfind("fail_", 0), 0u) << "files here are named fail_*.ulog";
    std::string error;
    auto file = sources.load(p, error);
    ASSERT_TRUE(file) << error;
    DiagnosticEngine diags(0);
    RunOptions options;
    options.rules_cache = &cache;
    run_log(sources, *file, diags, options);
    const auto expected = log::testing::read_expectations(read(p));
    ASSERT_FALSE(expected.empty()) << "a fail_ log writes the diagnostics it expects";
    EXPECT_EQ(log::testing::compare(expected, sources, diags), "") << render_text(sources, diags);
  }
}

std::vector<std::filesystem::path> fail_logs() {
  std::vector<std::filesystem::path> files;
  for (const auto& entry :
       std::filesystem::directory_iterator(source_dir() / "replays/sabreur-hex/fail"))
    if (entry.path().extension() == ".ulog") files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  return files;
}

// Issue 5: at least 40 fail_ logs, each breaking one named rule (one check id
// of docs/checks.md among its expected errors), and every id of docs/checks.md
// exercised by some fail_ log.
TEST(SabreurGolden, EveryCheckIsExercisedByAFailLog) {
  const auto files = fail_logs();
  EXPECT_GE(files.size(), 40u);
  std::set<std::string> exercised;
  for (const auto& p : files) {
    SCOPED_TRACE(p.filename().string());
    std::set<std::string> named;
    for (const auto& e : log::testing::read_expectations(read(p)))
      if (e.severity == Severity::error && check_table().find(e.id)) named.insert(e.id);
    EXPECT_EQ(named.size(), 1u) << "a fail_ log breaks exactly one named rule";
    exercised.insert(named.begin(), named.end());
  }
  for (const replay::CheckInfo& c : check_table().all())
    EXPECT_TRUE(exercised.count(std::string(c.id)))
        << c.id << " is exercised by no fail_ log in replays/sabreur-hex/fail";
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

// A seeded log writes no dice: the engine draws them from Rng(seed) in the
// documented order (docs/engine.md § Dice): the order-point roll, then the
// fire dice.
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
  phase victory
)",
                     seed);
}

std::unique_ptr<Replayed> replay_text(const std::string& text) {
  auto out = std::make_unique<Replayed>();
  const FileId file = out->sources.add("seeded.ulog", text);
  out->result = run_log(out->sources, file, out->diags);
  return out;
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
  RunResult results[2];
  const std::filesystem::path files[2] = {
      source_dir() / "replays/sabreur-hex/fail/fail_fire_range.ulog", source_dir() / kGame};
  for (int i = 0; i < 2; ++i) {
    auto file = r.sources.load(files[i], error);
    ASSERT_TRUE(file) << error;
    results[i] = run_log(r.sources, *file, r.diags);
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

// The engine's other diagnostics (diagnostics.def) are its own and none is
// a check: a check is only ever reported as a breach of the rule it cites.
TEST(SabreurGolden, EngineDiagnosticsAreNoChecks) {
  for (const DiagnosticKind& d : kDiags) {
    EXPECT_TRUE(d.id.starts_with("sabreur.")) << d.id;
    EXPECT_EQ(check_table().find(d.id), nullptr) << d.id << " is also a check";
  }
}

TEST(SabreurGolden, ChecksDocumentIsTheCheckTable) {
  EXPECT_EQ(read(source_dir() / "docs/checks.md"), checks_markdown())
      << "regenerate with: umpire check --list-checks > docs/checks.md";
}

TEST(SabreurGolden, EveryCheckCitesASectionOfTheRuleText) {
  const auto texts = umpire::test::rule_texts();
  if (!texts) GTEST_SKIP() << umpire::test::no_rule_texts;
  const std::string text = read(*texts / rules_file);
  ASSERT_FALSE(text.empty()) << (*texts / rules_file);
  for (const replay::CheckInfo& c : check_table().all())
    EXPECT_NE(text.find(std::string(c.section)), std::string::npos)
        << c.id << " cites a missing section";
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
