// The ruleset-neutral replay core: canonical bytes and their hash, the
// event checker's outcomes and modes, agreed rulings, not-checked counts,
// the driver's stop mode, and the dice source.
#include <gtest/gtest.h>

#include "engine/core/replay/dice_source.hpp"
#include "engine/core/replay/replay.hpp"

namespace umpire::replay {
namespace {

constexpr CheckInfo kChecks[] = {{"toy.rule", "toy.txt", "Section", "a toy rule"}};
// A toy ruleset's check names: what a ruleset's enum does to name its
// table's rows as CheckIds.
enum class ToyCheck : std::uint8_t { rule };
constexpr const CheckInfo& check_info(ToyCheck check) {
  return kChecks[static_cast<std::size_t>(check)];
}

// The state hash's vectors, computed from the definition in docs/engine-internals.md § State hash
// § State hash by a separate implementation (Python): the empty string, a
// short tail, exactly one word, one word and a byte.
TEST(StateHash, Hash64Vectors) {
  EXPECT_EQ(hash64(""), 0xe9e0033e3badaf36ULL);
  EXPECT_EQ(hash64("a"), 0x237feed483443c46ULL);
  EXPECT_EQ(hash64("foobar"), 0x27da4748eba60676ULL);
  EXPECT_EQ(hash64("abcdefgh"), 0xe266f17ba6477e11ULL);
  EXPECT_EQ(hash64("abcdefghi"), 0xbb4d511448a64830ULL);
  // A trailing zero byte is not padding: the length enters the hash.
  EXPECT_NE(hash64(std::string_view("a\0", 2)), hash64("a"));
}

TEST(StateHash, WriterIsLittleEndianAndFixedWidth) {
  StateWriter w;
  w.u16(0x0102);
  w.i32(-2);
  w.str("ab");
  const std::string expected{'\x02', '\x01', '\xfe', '\xff', '\xff', '\xff',
                             '\x02', '\x00', '\x00', '\x00', 'a',    'b'};
  EXPECT_EQ(w.bytes(), expected);
  EXPECT_EQ(w.hash(), hash64(expected));
  EXPECT_EQ(w.hash(), 0x60c7e2485858e534ULL);
  EXPECT_EQ(hash_text(0x1f), "0x000000000000001f");
}

// The writer folds whole words as values fill them: values of every width
// straddling a word's end, in either mode and in a bare Hasher, hash as
// their bytes do.
TEST(StateHash, WriterHashesValuesAcrossWordsAsTheirBytes) {
  for (int lead = 0; lead < 9; ++lead) {
    SCOPED_TRACE(lead);
    StateWriter kept;
    StateWriter quick(StateWriter::Mode::hash_only);
    for (StateWriter* w : {&kept, &quick}) {
      for (int i = 0; i < lead; ++i) w->u8(static_cast<std::uint8_t>(0x80 + i));
      w->u64(0x0123456789abcdefULL);
      w->u32(0xfedcba98U);
      w->u16(0x7f01);
      w->i64(-3);
      w->boolean(true);
      w->i32(-1);
    }
    Hasher alone;
    for (int i = 0; i < lead; ++i) alone.u8(static_cast<std::uint8_t>(0x80 + i));
    alone.u64(0x0123456789abcdefULL);
    alone.u32(0xfedcba98U);
    alone.u16(0x7f01);
    alone.i64(-3);
    alone.boolean(true);
    alone.i32(-1);
    EXPECT_EQ(kept.bytes().size(), static_cast<std::size_t>(lead) + 27U);
    EXPECT_EQ(kept.hash(), hash64(kept.bytes()));
    EXPECT_EQ(quick.hash(), kept.hash());
    EXPECT_EQ(alone.hash(), kept.hash());
    quick.clear();
    EXPECT_EQ(quick.hash(), hash64(""));
  }
}

struct Harness {
  DiagnosticEngine diags{0};
  CheckTable table{kChecks};
  NotCheckedLog unchecked;
  EventChecker make(ReplayMode mode, bool agreed = false) {
    return EventChecker(diags, table, unchecked, mode, {}, agreed, agreed ? "we agreed" : "");
  }
};

TEST(EventChecker, OutcomeFollowsTheLogOrTheRules) {
  Harness h;
  auto log = h.make(ReplayMode::follow_log);
  EXPECT_EQ(log.outcome(ToyCheck::rule, {}, "losses", 3, 2), 3);
  auto rules = h.make(ReplayMode::follow_rules);
  EXPECT_EQ(rules.outcome(ToyCheck::rule, {}, "losses", 3, 2), 2);
  ASSERT_EQ(h.diags.diagnostics().size(), 2u);
  EXPECT_EQ(h.diags.diagnostics()[0].message, "log says 3 losses, rules give 2");
  ASSERT_TRUE(h.diags.diagnostics()[0].rule.has_value());
  EXPECT_EQ(h.diags.diagnostics()[0].rule->section, "Section");
  // Agreement or nothing stated: no diagnostic.
  EXPECT_EQ(rules.outcome(ToyCheck::rule, {}, "losses", 2, 2), 2);
  EXPECT_EQ(rules.outcome(ToyCheck::rule, {}, "losses", std::nullopt, 5), 5);
  EXPECT_EQ(h.diags.diagnostics().size(), 2u);
}

// A breakdown given as a function is made only for a diagnostic written:
// the agreeing outcomes of a replay cost no formatting.
TEST(EventChecker, NotesAreMadeOnlyForADiagnostic) {
  Harness h;
  auto rules = h.make(ReplayMode::follow_rules);
  int made = 0;
  const auto notes = [&] {
    ++made;
    return std::vector<std::string>{"factor 4", "  +1 charging"};
  };
  EXPECT_EQ(rules.outcome(ToyCheck::rule, {}, "losses", 2, 2, notes), 2);
  EXPECT_EQ(rules.outcome(ToyCheck::rule, {}, "losses", std::nullopt, 2, notes), 2);
  EXPECT_EQ(made, 0);
  EXPECT_EQ(rules.outcome(ToyCheck::rule, {}, "losses", 3, 2, notes), 2);
  EXPECT_EQ(made, 1);
  ASSERT_EQ(h.diags.diagnostics().size(), 1u);
  const auto& d = h.diags.diagnostics()[0];
  ASSERT_GE(d.notes.size(), 2u);
  EXPECT_EQ(d.notes[0], "factor 4");
  EXPECT_EQ(d.notes[1], "  +1 charging");
  // Lines ready made and a braced list read the same.
  const std::vector<std::string> ready{"a"};
  EXPECT_EQ(Notes(ready).lines(), ready);
  EXPECT_EQ(Notes({"a"}).lines(), ready);
  EXPECT_TRUE(Notes().lines().empty());
}

// A check named by its enum reports its row's id, severity and citation;
// a check of the core cites the ruleset's row of the same id, if any.
TEST(EventChecker, ACheckIdIsItsTablesRow) {
  Harness h;
  auto c = h.make(ReplayMode::follow_log);
  EXPECT_EQ(CheckId(ToyCheck::rule), CheckId(kChecks[0]));
  EXPECT_EQ(CheckId(ToyCheck::rule).id(), "toy.rule");
  c.violation(ToyCheck::rule, {}, "a breach");
  EXPECT_TRUE(c.reported(ToyCheck::rule));
  EXPECT_FALSE(c.reported(c.core(CoreCheck::dice_missing)));
  c.violation(c.core(CoreCheck::dice_missing), {}, "no dice");
  ASSERT_EQ(h.diags.diagnostics().size(), 2u);
  EXPECT_EQ(h.diags.diagnostics()[0].severity, Severity::error);
  ASSERT_TRUE(h.diags.diagnostics()[0].rule.has_value());
  EXPECT_EQ(h.diags.diagnostics()[0].rule->file, "toy.txt");
  EXPECT_EQ(h.diags.diagnostics()[1].id, "replay.dice.missing");
  EXPECT_FALSE(h.diags.diagnostics()[1].rule.has_value());

  constexpr CheckInfo cited[] = {{"replay.dice.missing", "toy.txt", "Dice", "dice written"}};
  const CheckTable table{cited};
  EXPECT_EQ(table.core(CoreCheck::dice_missing), CheckId(cited[0]));
  EXPECT_EQ(table.core(CoreCheck::dice_seeded_mismatch).id(), "replay.dice.seeded-mismatch");
}

TEST(EventChecker, AgreedRulingIsAWarningNotAViolation) {
  Harness h;
  auto c = h.make(ReplayMode::follow_log, true);
  c.violation(ToyCheck::rule, {}, "a breach");
  EXPECT_EQ(c.violations(), 0u);
  EXPECT_EQ(c.agreed_breaches(), 1u);
  ASSERT_EQ(h.diags.diagnostics().size(), 1u);
  EXPECT_EQ(h.diags.diagnostics()[0].id, "replay.agreed");
  EXPECT_EQ(h.diags.diagnostics()[0].severity, Severity::warning);
}

// A trial stops at its first violation, a mismatched outcome or a problem,
// and writes nothing; with `unchecked`, an aspect not checked stops it too.
TEST(EventChecker, ATrialIsRefusedAtItsFirstViolation) {
  Harness h;
  auto c = h.make(ReplayMode::follow_log);
  c.refuse_at_first();
  EXPECT_EQ(c.outcome(ToyCheck::rule, {}, "losses", 2, 2), 2);  // agreeing: goes on
  c.not_checked("combat");                                      // counted, goes on
  EXPECT_EQ(h.unchecked.total(), 1u);
  EXPECT_THROW(c.violation(ToyCheck::rule, {}, "a breach"), Refused);
  EXPECT_THROW(c.outcome(ToyCheck::rule, {}, "losses", 3, 2), Refused);
  EXPECT_THROW(c.problem("toy.problem", {}, "data missing"), Refused);
  EXPECT_TRUE(h.diags.diagnostics().empty());

  auto clean = h.make(ReplayMode::follow_log);
  clean.refuse_at_first(true);
  EXPECT_THROW(clean.not_checked("pursuit"), Refused);
  EXPECT_EQ(h.unchecked.total(), 1u);

  // An agreed ruling is not a breach: a trial under it goes on.
  auto agreed = h.make(ReplayMode::follow_log, true);
  agreed.refuse_at_first();
  EXPECT_NO_THROW(agreed.violation(ToyCheck::rule, {}, "a breach"));
  EXPECT_EQ(agreed.agreed_breaches(), 1u);
}

// Deferred, a trial's breach marks it refused instead of throwing and
// writes nothing; once the scope ends, breaches throw again. Outside a
// trial a deferral changes nothing.
TEST(EventChecker, ADeferredRefusalIsMarkedNotThrown) {
  Harness h;
  auto c = h.make(ReplayMode::follow_log);
  c.refuse_at_first(true);
  EXPECT_TRUE(c.refusing());
  {
    EventChecker::DeferRefusal deferred(c);
    EXPECT_FALSE(c.refused());
    EXPECT_NO_THROW(c.violation(ToyCheck::rule, {}, "a breach").note("dropped"));
    EXPECT_TRUE(c.refused());
    EXPECT_NO_THROW(c.problem("toy.problem", {}, "data missing"));
    EXPECT_NO_THROW(c.not_checked("pursuit"));
    {
      EventChecker::DeferRefusal inner(c);  // nested: the outer one still defers after it
    }
    EXPECT_NO_THROW(c.outcome(ToyCheck::rule, {}, "losses", 3, 2));
  }
  EXPECT_TRUE(c.refused());
  EXPECT_THROW(c.violation(ToyCheck::rule, {}, "a breach"), Refused);
  EXPECT_TRUE(h.diags.diagnostics().empty());
  EXPECT_EQ(c.violations(), 0u);
  EXPECT_EQ(h.unchecked.total(), 0u);

  auto replay = h.make(ReplayMode::follow_log);
  EXPECT_FALSE(replay.refusing());
  {
    EventChecker::DeferRefusal deferred(replay);
    replay.violation(ToyCheck::rule, {}, "a breach");
  }
  EXPECT_FALSE(replay.refused());
  EXPECT_EQ(replay.violations(), 1u);
  EXPECT_EQ(h.diags.diagnostics().size(), 1u);
}
TEST(NotCheckedLog, OneDiagnosticPerAspectWithItsCount) {
  Harness h;
  auto c = h.make(ReplayMode::follow_log);
  c.not_checked("combat");
  c.not_checked("pursuit");
  c.not_checked("combat");
  EXPECT_EQ(h.unchecked.total(), 3u);
  EXPECT_EQ(h.unchecked.aspects(), 2u);
  h.unchecked.report(h.diags);
  ASSERT_EQ(h.diags.count(Severity::not_checked), 2u);
  EXPECT_EQ(h.diags.diagnostics()[0].message, "combat");
  EXPECT_EQ(h.diags.diagnostics()[0].notes.at(0), "2 occurrences in this log");
}

// A toy engine: its state is a counter; event i breaks the rule when i is odd.
class Toy final : public ReplayEngine {
 public:
  std::size_t event_count() const override { return 4; }
  Span event_span(std::size_t) const override { return {}; }
  std::string describe_event(std::size_t i) const override { return "event " + std::to_string(i); }
  bool event_agreed(std::size_t) const override { return false; }
  std::string_view agreed_note(std::size_t) const override { return {}; }
  void apply(std::size_t i, EventChecker& c) override {
    counter_ += static_cast<std::uint32_t>(i + 1);
    if (i % 2 == 1) c.violation(ToyCheck::rule, {}, "odd event");
  }
  void finish(EventChecker&) override {}
  void write_state(StateWriter& out) const override { out.u32(counter_); }
  const CheckTable& checks() const override { return table_; }

 private:
  std::uint32_t counter_ = 0;
  CheckTable table_{kChecks};
};

TEST(Driver, HashesEveryEventAndStopsWhenAsked) {
  DiagnosticEngine diags(0);
  Toy toy;
  const ReplayResult all = run_replay(toy, {}, diags);
  ASSERT_EQ(all.events.size(), 4u);
  EXPECT_EQ(all.violations, 2u);
  StateWriter w;
  w.u32(1 + 2);
  EXPECT_EQ(all.events[1].hash, w.hash());
  EXPECT_FALSE(all.stopped);

  DiagnosticEngine diags2(0);
  Toy toy2;
  const ReplayResult stopped = run_replay(toy2, {ReplayMode::stop_at_first}, diags2);
  EXPECT_TRUE(stopped.stopped);
  EXPECT_EQ(stopped.events.size(), 2u);
  EXPECT_EQ(stopped.events[1].hash, all.events[1].hash);
  EXPECT_EQ(stopped.final_hash, *all.events[1].hash);
  EXPECT_EQ(all.final_hash, *all.events[3].hash);
}

TEST(Driver, AVerdictHashesTheFinalStateOnly) {
  DiagnosticEngine diags(0);
  Toy toy;
  const ReplayResult all = run_replay(toy, {}, diags);
  DiagnosticEngine diags2(0);
  Toy toy2;
  ReplayOptions final_only;
  final_only.hash_every_event = false;
  const ReplayResult verdict = run_replay(toy2, final_only, diags2);
  ASSERT_EQ(verdict.events.size(), 4u);
  for (const EventRecord& e : verdict.events) EXPECT_FALSE(e.hash.has_value());
  EXPECT_EQ(verdict.violations, all.violations);
  EXPECT_EQ(verdict.final_hash, all.final_hash);
  StateWriter w;
  w.u32(1 + 2 + 3 + 4);
  EXPECT_EQ(verdict.final_hash, w.hash());
}

dice::Expr two_d6() {
  dice::Expr e;
  e.terms.push_back(dice::dice_term(dice::make_dice(2, 6)));
  return e;
}

TEST(DiceSource, RecordedRollMustBeTheOneTheRulesCallFor) {
  Harness h;
  auto c = h.make(ReplayMode::follow_log);
  DiceSource source(DiceMode::recorded, 0);
  dice::Expr three;
  three.terms.push_back(dice::dice_term(dice::make_dice(3, 6)));
  const std::vector<dice::Throw> faces{{5, 0}, {2, 0}, {6, 0}};
  WrittenRoll written{{}, "", three, dice::evaluate(three, faces)};
  auto roll = source.take(two_d6(), &written, c, ToyCheck::rule, "toy roll");
  ASSERT_TRUE(roll.has_value());
  EXPECT_EQ(roll->total, 13);  // the log's dice are used as played
  ASSERT_EQ(h.diags.diagnostics().size(), 1u);
  EXPECT_EQ(h.diags.diagnostics()[0].message,
            "log throws 3d6 for the toy roll, rules call for 2d6");
  EXPECT_FALSE(source.take(two_d6(), nullptr, c, ToyCheck::rule, "toy roll").has_value());
  EXPECT_EQ(h.diags.diagnostics().back().id, "replay.dice.missing");
}

TEST(DiceSource, SeededRollsFollowTheRngInOrder) {
  Harness h;
  auto c = h.make(ReplayMode::follow_log);
  DiceSource a(DiceMode::seeded, 42), b(DiceMode::seeded, 42);
  dice::Rng rng(42);
  for (int i = 0; i < 5; ++i) {
    auto ra = a.take(two_d6(), nullptr, c, ToyCheck::rule, "toy roll");
    auto rb = b.take(two_d6(), nullptr, c, ToyCheck::rule, "toy roll");
    const dice::Roll expected = dice::draw(two_d6(), rng);
    ASSERT_TRUE(ra && rb);
    EXPECT_EQ(ra->dice, expected.dice);
    EXPECT_EQ(rb->dice, expected.dice);
  }
  // Faces written in a seeded log are compared with the draw.
  dice::Rng peek(7);
  DiceSource s(DiceMode::seeded, 7);
  dice::Roll next = dice::draw(two_d6(), peek);
  std::vector<dice::Throw> wrong{{static_cast<std::uint16_t>(next.dice[0].faces.first % 6 + 1), 0},
                                 next.dice[1].faces};
  WrittenRoll written{{}, "", two_d6(), dice::evaluate(two_d6(), wrong)};
  (void)s.take(two_d6(), &written, c, ToyCheck::rule, "toy roll");
  EXPECT_EQ(h.diags.diagnostics().back().id, "replay.dice.seeded-mismatch");
  EXPECT_TRUE(h.diags.diagnostics().empty() == false);
}

}  // namespace
}  // namespace umpire::replay
